package main

import (
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
)

// listSentences computes the Sentences view's list ahead, among the work
// after the table (ui.Model.SentenceListDue), so that the view's first
// render does not: first the coverage of each result the list reads (made
// on first use, benchie.Result.Credits), one result per turn, then the
// list. It is dropped when a newer evaluation or another filter came.
func (a *app) listSentences(ev *evaluate.Evaluation, gen int, x *explain.Explorer, f explain.Filter) {
	pause := a.pause(nil)
	for i, results := range ev.Results {
		if res := results[string(f.Facet)]; res != nil && (f.System < 0 || f.System == i) {
			res.Credits()
			pause()
		}
	}
	l := x.Sentences(f)
	a.env.Lock()
	defer a.env.UnlockOnly()
	if a.x.gen == gen {
		a.m.KeepSentenceList(x, f, l)
	}
}
