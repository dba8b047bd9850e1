package analysis

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// formBudget bounds the surface forms taken from one gold triple: the
// bundled golds stay far below it, a user's slot with dozens of optional
// units does not (the agreement is then a lower bound, and says so).
const formBudget = 1 << 14

// Recall scores the surface triples of gold a, as a system, against gold b
// compiled for a facet, and returns the share of b's synsets they cover
// (see the package doc) with warnings for anything that bends the number.
func Recall(a *benchie.Gold, b *benchie.Compiled) (float64, []string) {
	sys, cut := GoldAsSystem(a)
	res := b.Score(sys, benchie.Options{})
	var ws []string
	if cut > 0 {
		ws = append(ws, fmt.Sprintf("%s: %d triple(s) have more than %d surface forms; only the first %d of each were used, so the recall against %s is a lower bound",
			a.Path, cut, formBudget, formBudget, b.Gold.Path))
	}
	return res.Recall, ws
}

// GoldAsSystem turns every surface form of every triple of a gold into an
// extraction of its sentence (a form shared by two triples comes twice: the
// scorer counts it once). cut counts the triples whose forms were cut at
// the budget.
func GoldAsSystem(g *benchie.Gold) (sys *oie.System, cut int) {
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
				forms, ok := SurfaceForms(t.Triple, formBudget)
				if !ok {
					cut++
				}
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

// SurfaceForms lists the surface triples a gold triple stands for
// (benchie.md section 2): each slot trimmed, split on single spaces into
// units, every subset of optional units deleted, and the brackets deleted.
// It stops at limit forms and then reports false.
//
// benchie matches gold slots without listing their forms and does not
// export the expansion; this is the one place that lists them, and a test
// checks it against benchie's matcher and its form counts on the bundled
// golds.
func SurfaceForms(t oie.Triple, limit int) ([]oie.Triple, bool) {
	var slots [3][]string
	for k, slot := range t.Slots() {
		var ok bool
		if slots[k], ok = slotForms(slot, limit); !ok {
			return nil, false
		}
	}
	var out []oie.Triple
	for _, s := range slots[0] {
		for _, r := range slots[1] {
			for _, o := range slots[2] {
				if len(out) == limit {
					return out, false
				}
				out = append(out, oie.Triple{Subject: s, Relation: r, Object: o})
			}
		}
	}
	return out, true
}

var bracketDeleter = strings.NewReplacer("[", "", "]", "")

// formUnit is a run of slot tokens kept or deleted as a whole.
type formUnit struct {
	text     string
	optional bool
}

func slotForms(slot string, limit int) ([]string, bool) {
	toks := strings.Split(oie.TrimSpace(slot), " ")
	var units []formUnit
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		open, close := strings.Contains(t, "["), strings.Contains(t, "]")
		switch {
		case open && close:
			units = append(units, formUnit{t, true})
		case open:
			j := i + 1
			for j < len(toks) && !strings.Contains(toks[j], "]") {
				j++
			}
			if j < len(toks) { // an unclosed '[' token is dropped
				units = append(units, formUnit{strings.Join(toks[i:j+1], " "), true})
				i = j
			}
		case close: // a ']' outside a unit is dropped
		default:
			units = append(units, formUnit{t, false})
		}
	}
	// Every subset of the optional units, built left to right; a unit after
	// an earlier kept one is joined with a space.
	forms, started := []string{""}, []bool{false}
	for _, u := range units {
		text := bracketDeleter.Replace(u.text)
		n := len(forms)
		for i := range n {
			f := text
			if started[i] {
				f = forms[i] + " " + text
			}
			if u.optional {
				forms, started = append(forms, f), append(started, true)
			} else {
				forms[i], started[i] = f, true
			}
		}
		if len(forms) > limit {
			return nil, false
		}
	}
	seen := make(map[string]bool, len(forms))
	out := forms[:0]
	for _, f := range forms {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	forms = out
	return forms, true
}
