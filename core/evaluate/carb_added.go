package evaluate

import (
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// carbScored is a system's CaRB score computed ahead of its report.
type carbScored struct {
	score    *report.CaRB
	warnings []oie.Warning
}

// carbFor returns system i's CaRB score: the one WithCaRB computed ahead,
// or a new one.
func (opt Options) carbFor(i int, s *System, g *benchie.Gold, regular *report.Score, reg *benchie.Result) (*report.CaRB, []oie.Warning) {
	if i < len(opt.carbAhead) {
		return opt.carbAhead[i].score, opt.carbAhead[i].warnings
	}
	return carbScore(s, g, opt.CaRBGold, regular, reg, opt.Pause)
}

// WithCaRB returns the evaluation with CaRB scores beside BenchIE against
// cg: the same results, and the report Evaluate builds with
// Options.CaRBGold. CaRB costs more than BenchIE, so a page shows BenchIE
// first and adds CaRB after; step, when set, is called after each system's
// CaRB score, so that the page can let the browser work in between. The
// evaluation itself is not changed.
func (ev *Evaluation) WithCaRB(cg *CaRBGold, step func(done, total int)) *Evaluation {
	return ev.WithCaRBPaced(cg, step, nil)
}

// WithCaRBPaced is WithCaRB calling pause, when set, within each system's
// CaRB score too (carb.Options.Pause): one system's score takes a tenth of
// a second or more in a browser, too long a task for a page to wait.
func (ev *Evaluation) WithCaRBPaced(cg *CaRBGold, step func(done, total int), pause func()) *Evaluation {
	cg = restrictCaRB(cg, ev.Gold.Gold)
	ro := ev.Report.Options
	opt := Options{ReferenceCompat: ro.ReferenceCompat, StrictGold: ro.StrictGold, StatsLater: true, CaRBGold: cg}
	for _, f := range ro.Facets {
		if f != Entity {
			opt.Facets = append(opt.Facets, benchie.Facet(f))
		}
	}
	for i, s := range ev.Systems {
		c, ws := carbScore(s, ev.Gold.Gold, cg, ev.Report.Systems[i].BenchIE.Regular, ev.Results[i][string(benchie.Regular)], pause)
		opt.carbAhead = append(opt.carbAhead, carbScored{c, ws})
		if step != nil {
			step(i+1, len(ev.Systems))
		}
	}
	cp := *ev
	cp.Report = ev.buildReport(opt.Facets, opt)
	return &cp
}
