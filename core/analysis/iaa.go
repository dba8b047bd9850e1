package analysis

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// formBudget bounds the surface forms taken from one gold triple, and
// goldFormBudget plus goldFormsPerByte per byte of the gold's slots those
// taken from the whole gold: the bundled golds stay far below them, a
// user's slot with dozens of optional units does not (the agreement is
// then a lower bound, and says so).
const (
	formBudget       = 1 << 14
	goldFormBudget   = 1 << 17
	goldFormsPerByte = 2
)

// Recall scores the surface triples of gold a, as a system, against gold b
// compiled for a facet, and returns the share of b's synsets they cover
// (see the package doc) with warnings for anything that bends the number.
func Recall(a *benchie.Gold, b *benchie.Compiled) (float64, []string) {
	sys, cut := GoldAsSystem(a)
	res := b.Score(sys, benchie.Options{})
	var ws []string
	if cut > 0 {
		ws = append(ws, fmt.Sprintf("%s: %d triple(s) have more surface forms than the budget (%d a triple, %d in all for this gold) and were left out, so the recall against %s is a lower bound",
			a.Path, cut, formBudget, goldBudget(a), b.Gold.Path))
	}
	return res.Recall, ws
}

// goldBudget is the surface forms GoldAsSystem may take from g.
func goldBudget(g *benchie.Gold) int {
	n := goldFormBudget
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for _, t := range syn.Triples {
				n += goldFormsPerByte * (len(t.Subject) + len(t.Relation) + len(t.Object) + 3)
			}
		}
	}
	return n
}

// GoldAsSystem turns every surface form of every triple of a gold into an
// extraction of its sentence (a form shared by two triples comes twice: the
// scorer counts it once). cut counts the triples left out because they
// have more forms than the budgets.
func GoldAsSystem(g *benchie.Gold) (sys *oie.System, cut int) {
	left := goldBudget(g)
	type triple struct {
		id    string
		line  int
		forms []oie.Triple
	}
	var all []triple
	n := 0
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for _, t := range syn.Triples {
				forms, ok := benchie.SurfaceForms(t.Triple, benchie.Regular, min(formBudget, left))
				if !ok {
					cut++
				}
				left -= len(forms)
				all = append(all, triple{s.ID, t.Line, forms})
				n += len(forms)
			}
		}
	}
	sys = &oie.System{Path: g.Path, Extractions: make([]oie.Extraction, 0, n)}
	for _, t := range all {
		for _, f := range t.forms {
			sys.Extractions = append(sys.Extractions, oie.Extraction{SentID: t.id, Triple: f, Line: t.line})
		}
	}
	return sys, cut
}
