package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// requestScore asks the scoring loop for a new evaluation.
func (a *app) requestScore() {
	a.requested.Add(1)
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// scoreLoop answers score requests one at a time, for the page's life.
func (a *app) scoreLoop() {
	for range a.wake {
		a.rescore()
	}
}

// rescore evaluates the current source with the current options and shows
// the result, unless something changed meanwhile (a newer request waits).
func (a *app) rescore() {
	defer a.scored.Store(a.requested.Load())
	a.env.Lock()
	src := a.source
	key := a.bundleKey(src) // a studio work scores the systems of the gold it copies
	need := key != "" && a.bundles[key] == nil
	a.env.UnlockOnly()
	if need {
		l := a.loading(key)
		<-l.done
		b, err := l.b, l.err
		a.fetchMu.Lock()
		delete(a.loads, key) // a failed load may be tried again
		a.fetchMu.Unlock()
		a.env.Lock()
		if err != nil {
			a.m.Progress = nil
			a.m.Fatal = err.Error()
			a.env.UnlockRender()
			releaseCollector(loadHold)
			return
		}
		a.bundles[key] = b
		a.env.UnlockOnly()
	}

	a.env.Lock()
	if a.source != src {
		a.env.UnlockOnly()
		return
	}
	a.syncModel() // the gold is read now: the user's files it covers are known
	ws, systems := a.inputs()
	opt := a.options
	var coveredBy []string // "covered": the user's files, when there are any
	if users := a.m.UserSystems(); len(users) > 0 {
		coveredBy = users
	}
	if ws == nil { // no gold: no table to wait for
		a.m.SetEvaluation(nil)
		a.env.UnlockRender()
		releaseCollector(loadHold)
		return
	}
	label := fmt.Sprintf("Scoring %d system(s) on %d facet(s)…", len(systems), len(opt.Facets))
	a.m.Progress = &ui.Progress{Label: label}
	a.env.UnlockRender()
	a.br.Yield()

	// Counting the gold's surface forms takes longer than scoring: the first
	// evaluation of a gold shows its scores first and counts after.
	preview := !ws.HasStats()
	start := time.Now()
	a.br.Mark("oiebench-score-start")
	eopt := evaluate.Options{Facets: opt.Facets, ReferenceCompat: opt.ReferenceCompat, Progress: a.progress(label), Pause: a.pause(nil),
		Sentences: opt.Sentences, CoveredBy: coveredBy}
	if d, ok := benchmarks.DatasetByKey(src); (ok && d.FL()) || opt.FL {
		releaseCollector(startHold) // BenchIE^FL's live heap is near startLimit
		var err error
		if eopt.FLGold, err = a.flGold(src, ws); err == nil {
			err = checkFLSystems(eopt.FLGold, systems, eopt.Pause)
		}
		if err != nil {
			eopt.FLGold = nil
			a.env.Lock()
			a.m.Notice = "BenchIE^FL is not shown: " + err.Error()
			a.env.UnlockRender()
		}
	}
	var ev *evaluate.Evaluation
	if preview {
		ev = ws.Preview(systems, eopt)
	} else {
		ev = ws.Evaluate(systems, eopt)
	}
	took := time.Since(start)
	a.br.Mark("oiebench-scored")
	// The Scores view's note on files that cover few sentences, counted
	// here in paced steps, not in the table's build (195 ms at 100×).
	var covered, of int
	if ev.Subset == nil && len(coveredBy) > 0 {
		covered, of = ev.CoveredSentencesPaced(coveredBy, eopt.Pause)
	}

	a.env.Lock()
	if a.source != src || len(a.wake) > 0 {
		a.env.UnlockRender()
		return // outdated: the next run shows the current state
	}
	a.m.Fatal = ""
	a.m.SetEvaluation(ev)
	if ev.Subset == nil && len(coveredBy) > 0 {
		a.m.SetCovered(ev, coveredBy, covered, of)
	}
	a.evaluated(ev) // CaRB, analyses and tests follow (analyses.go)
	a.shown = ws
	a.m.ScoreTime = took.Round(time.Millisecond).String()
	if preview {
		a.m.Progress = &ui.Progress{Label: "Counting the gold's surface forms…", Background: true}
	} else {
		a.settled()
		a.m.Progress = nil
	}
	a.env.UnlockRender()
	if collectorHeld(loadHold) {
		// The collector comes back once the table is painted: its first
		// collection after a large load holds the page for a while.
		go func() {
			a.br.Paint()
			releaseCollector(loadHold)
		}()
	}
	if preview {
		a.countLater(ws) // in the background, pausing for the browser
	}
}

// completeShown adds the gold statistics to the report on screen, counting
// them if needed (the EventEnv lock must be held).
func (a *app) completeShown() {
	if a.m.Eval != nil && a.shown != nil && a.m.Eval.Report.Gold.Stats == nil {
		a.shown.Complete(a.m.Eval)
	}
}

// Complete implements ui.App: the report on screen gets its statistics
// before it is exported.
func (a *app) Complete() { a.completeShown() }

// progress reports scoring steps to the page and lets it paint, at most
// every 40 ms so that yielding costs little.
func (a *app) progress(label string) func(done, total int) {
	last := time.Now()
	return func(done, total int) {
		if time.Since(last) < 40*time.Millisecond || done == total {
			return
		}
		a.env.Lock()
		a.m.Progress = &ui.Progress{Label: label, Done: done, Total: total}
		a.env.UnlockRender()
		a.br.Yield()
		last = time.Now()
	}
}

// inputs returns the workspace and the systems of the current source.
func (a *app) inputs() (*evaluate.Workspace, []*evaluate.System) {
	var ws *evaluate.Workspace
	var systems []*evaluate.System
	if b := a.bundles[a.source]; b != nil {
		ws, systems = b.ws, append(systems, b.systems...)
	} else if a.source == ui.CustomSource {
		ws = a.custom
	} else if w := a.workOf(a.source); w != nil {
		ws, systems = a.workInputs(w)
	}
	if ws == nil {
		return nil, nil
	}
	var eGold *evaluate.Gold
	for _, f := range a.files {
		switch {
		case !a.scoredOn(f, a.source):
		case f.Role == ui.RoleEGold:
			eGold = f.loaded.Gold
		case f.Role == ui.RoleSystem:
			systems = append(systems, f.loaded.System)
		}
	}
	ws.SetEGold(eGold)
	return ws, systems
}

// pageFLBudget is BenchIE^FL's budget on the page: the command line's,
// past which the page refuses rather than freezes.
var pageFLBudget = func() benchiefl.Budget {
	b := benchiefl.DefaultBudget
	b.Raise = "score it with the command line (oiebench score --scorer benchie-fl, whose --fl-max-forms and --fl-max-comparisons raise it)"
	return b
}()

// checkFLSystems refuses BenchIE^FL for systems past the page's budget.
// Counting compiles the gold, pausing for the browser.
func checkFLSystems(fl *evaluate.FLGold, systems []*evaluate.System, pause func()) error {
	for _, s := range systems {
		if s.System != nil {
			if err := fl.CheckSystem(s.System, pageFLBudget, pause); err != nil {
				return err
			}
		}
	}
	return nil
}

// flGold is the gold of a source read for BenchIE^FL, read once and kept
// with its workspace: a bundled gold is fetched again (its bytes are not
// kept), the user's is read from its stored bytes; a studio work has none.
func (a *app) flGold(src string, ws *evaluate.Workspace) (*evaluate.FLGold, error) {
	if ws.FL != nil {
		return ws.FL, nil
	}
	var in evaluate.Input
	if d, ok := benchmarks.DatasetByKey(src); ok {
		f := a.asset("data/" + d.Gold)
		<-f.done
		a.fetchMu.Lock()
		delete(a.fetches, "data/"+d.Gold)
		a.fetchMu.Unlock()
		if f.err != nil {
			return nil, f.err
		}
		in = evaluate.Input{Path: d.Gold, Data: f.data}
	} else {
		a.env.Lock()
		g := a.customGold()
		a.env.UnlockOnly()
		if src != ui.CustomSource || g == nil {
			return nil, errors.New("BenchIE^FL scores a bundled gold or your own gold file, not an edited copy")
		}
		in = evaluate.Input{Path: g.Name, Data: g.Data, Shared: true}
	}
	in.SHA256 = ws.Gold.SHA256
	fl, err := evaluate.ReadFLGold(in, false, pageFLBudget)
	if err != nil {
		return nil, err
	}
	ws.FL = fl
	return fl, nil
}
