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
	w := ev.CaRBWork(cg, nil)
	kept := RestrictCaRBGold(cg.Gold, w.Keep)
	scores := make([]CaRBScores, len(w.Tasks))
	for i, t := range w.Tasks {
		scores[i] = ScoreCaRB(kept, t, pause)
		if step != nil {
			step(i+1, len(w.Tasks))
		}
	}
	return ev.WithCaRBScores(cg, scores)
}

// CaRBWork is an evaluation's CaRB scoring as plain data
// (Evaluation.CaRBWork): each system's ScoreCaRB against the CaRB gold
// restricted to Keep.
type CaRBWork struct {
	// Keep lists, by index, the CaRB gold's sentences scored when the
	// evaluation's gold is a subset (RestrictCaRBGold); nil: all.
	Keep []int
	// Tasks holds one task per system, in the evaluation's order.
	Tasks []CaRBTask
}

// CaRBWork is the CaRB scoring WithCaRB does against cg, as plain data, to
// be done elsewhere (ScoreCaRB on RestrictCaRBGold(cg.Gold, Keep), for
// each task) and handed back to WithCaRBScores. pause, when set, is
// called after each system's task.
func (ev *Evaluation) CaRBWork(cg *CaRBGold, pause func()) CaRBWork {
	w := CaRBWork{Keep: carbKeep(cg.Gold, ev.Gold.Gold)}
	both := newCaRBOverlap(ev.Gold.Gold, RestrictCaRBGold(cg.Gold, w.Keep))
	for i, s := range ev.Systems {
		w.Tasks = append(w.Tasks, both.task(s, ev.Report.Systems[i].BenchIE.Regular != nil && ev.Results[i][string(benchie.Regular)] != nil))
		if pause != nil {
			pause()
		}
	}
	return w
}

// WithCaRBScores is WithCaRB with the CaRB scores of CaRBWork(cg)'s tasks
// computed elsewhere, one per system in order: the report and warnings
// are built as WithCaRB builds them, with CaRB − BenchIE from the
// evaluation's judgements.
func (ev *Evaluation) WithCaRBScores(cg *CaRBGold, scores []CaRBScores) *Evaluation {
	cg = restrictCaRB(cg, ev.Gold.Gold)
	ro := ev.Report.Options
	opt := Options{ReferenceCompat: ro.ReferenceCompat, StrictGold: ro.StrictGold, StatsLater: true, CaRBGold: cg}
	for _, f := range ro.Facets {
		if f != Entity {
			opt.Facets = append(opt.Facets, benchie.Facet(f))
		}
	}
	both := newCaRBOverlap(ev.Gold.Gold, cg.Gold)
	for i, s := range ev.Systems {
		c, ws := both.fromScores(s, cg, scores[i], ev.Report.Systems[i].BenchIE.Regular, ev.Results[i][string(benchie.Regular)])
		opt.carbAhead = append(opt.carbAhead, carbScored{c, ws})
	}
	cp := *ev
	cp.Report = ev.buildReport(opt.Facets, opt)
	return &cp
}
