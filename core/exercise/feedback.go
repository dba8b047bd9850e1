package exercise

import (
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// Feedback is what a student sees about their extractions: per sentence,
// the explorer's view of their extractions (explain.SentenceView), and
// their score so far.
type Feedback struct {
	Sentences []explain.SentenceView
	Score     report.Score // the regular facet, as the class table scores it
}

// Student is the name a student's extractions are scored under.
const Student = "you"

// Check scores a student's extractions against the exercise's gold, as
// the class table will. With the gold hidden (sp.ShowGold false) the views
// are stripped of everything that would show gold text (see Hide).
func Check(sp Spec, gold *evaluate.Gold, exts []Extraction) Feedback {
	sys := &oie.System{Path: Student, Format: oie.FormatJSONL}
	for i, e := range exts {
		sys.Extractions.Append(oie.Extraction{SentID: e.SentID, Triple: e.Triple, Line: i + 1})
	}
	ev := evaluate.Evaluate(gold, nil, []*evaluate.System{{Name: Student, System: sys}}, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
	x := explain.NewExplorer(ev)
	fb := Feedback{Score: *ev.Report.Systems[0].BenchIE.Regular}
	for si := range gold.Sentences {
		v := x.Sentence(si, benchie.Regular, nil)
		if !sp.ShowGold {
			v = Hide(v)
		}
		fb.Sentences = append(fb.Sentences, v)
	}
	return fb
}

// Hide strips a sentence view of the gold's text, for an exercise whose
// gold is not shown. What stays: the number of facts (synsets) of the
// sentence and which of them the student covered (by number), each
// extraction's verdict and the synset a correct one states (by number), and
// for an incorrect one, which slots agree with the closest gold triple (the
// first of the explorer's) and how many tokens differ, but not the tokens.
func Hide(v explain.SentenceView) explain.SentenceView {
	syns := make([]explain.SynsetView, len(v.Synsets))
	for k, s := range v.Synsets {
		syns[k] = explain.SynsetView{Index: s.Index, CoveredBy: s.CoveredBy}
	}
	v.Synsets = syns
	systems := make([]explain.SystemView, len(v.Systems))
	for i, s := range v.Systems {
		s.Extractions = append([]explain.ExtractionView(nil), s.Extractions...)
		for j, e := range s.Extractions {
			e.Triple = -1
			var closest []explain.ClosestView
			if len(e.Closest) > 0 {
				c := e.Closest[0]
				closest = []explain.ClosestView{{Synset: -1, Triple: -1, Agree: c.Agree, Differing: c.Differing}}
			}
			e.Closest, e.MoreClosest = closest, 0
			s.Extractions[j] = e
		}
		systems[i] = s
	}
	v.Systems = systems
	return v
}
