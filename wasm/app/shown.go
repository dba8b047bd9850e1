package main

import (
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/oiebench/oiebench/core/report"
)

// window.oiebench's report() and exportText(format) answer at once from
// values Go gives the page (browser.ShowReport) whenever the report on
// screen or its order changes, so that the page never asks Go.

// shownKey is what the report on screen, as exported, depends on.
type shownKey struct {
	ev    *evaluate.Evaluation
	stats bool         // the gold statistics are in it (counted after the table)
	egold *report.Gold // the E gold's, likewise
	sort  report.SortKey
	desc  bool
}

// shownAPI is the report last given to the page, by its key.
type shownAPI struct {
	given bool
	key   shownKey
}

// showReport gives the page the report on screen in every export format
// when it differs from what was given last. Call it with the EventEnv lock
// (read or write) held, after a build and before its render, so that the
// page has the values of what it is about to show.
func (a *app) showReport() {
	key := shownKey{ev: a.m.Eval, sort: a.m.Prefs.Sort, desc: a.m.Prefs.SortDesc}
	if ev := a.m.Eval; ev != nil {
		key.stats, key.egold = ev.Report.Gold.Stats != nil, ev.Report.EGold
	}
	if a.api.given && key == a.api.key {
		return
	}
	a.api = shownAPI{given: true, key: key}
	a.br.ShowReport(a.shownExports())
}

// shownExports is the report on screen rendered in each of report.Formats,
// in the order on screen, as a JSON object by format; "" when no report is
// on screen. The report is put in that order once, for every format.
func (a *app) shownExports() string {
	if a.m.Eval == nil {
		return ""
	}
	r := a.m.Eval.Report
	r = report.Reorder(r, report.Order(r, a.m.Prefs.Sort, a.m.Prefs.SortDesc))
	b := []byte{'{'}
	for _, f := range report.Formats {
		out, err := r.Render(f)
		if err != nil {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = jsonwrite.AppendString(b, f)
		b = append(b, ':')
		b = jsonwrite.AppendString(b, string(out))
	}
	return string(append(b, '}'))
}
