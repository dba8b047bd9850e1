package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/ui"
)

// The work done after the score table is on screen (ui.Analyses): CaRB
// beside BenchIE, the paired test of the systems compared, the analyses
// behind the charts, bootstrap intervals for the table, and WiRe57 scores.
// CaRB and the analyses cost a few hundred milliseconds in the browser, more
// than scoring BenchIE, so the table never waits for them. One goroutine
// does one job at a time, letting the browser work between systems, and
// drops what a newer evaluation made out of date.

// Settings of the page's statistics, as the command line's defaults.
const (
	intervalSamples = analysis.DefaultSamples     // bootstrap samples per interval
	testRounds      = analysis.DefaultTestSamples // randomisation rounds of the paired test
	statsSeed       = 1
)

// wire57Source is where WiRe57 files are kept: they are scored against each
// other, whatever gold is on screen.
const wire57Source = "wire57"

// extras is the state of the work after the table.
type extras struct {
	once sync.Once
	wake chan struct{}
	// asked counts the wakes, done the wakes answered: the extras are idle
	// when they are equal.
	asked, done atomic.Int64

	// guarded by the EventEnv lock:
	gen int // counts evaluations shown; work for an older one is dropped
	// The WiRe57 files last scored, and those to score: files added or
	// removed are scored once the page has rescored (so that data-ready
	// covers them).
	wire57Key, wire57Want string
	// The same for the files of a CaRB gold of its own (carbown.go);
	// carbTestWanted is set once the user asked for CaRB's test set, and
	// carbTest is that gold, read (for aligning the user's files with it).
	carbOwnKey, carbOwnWant string
	carbTestWanted          bool
	carbTest                *evaluate.CaRBGold
	// Files of the bundled data sets, read once: CaRB golds and tags.
	carbGolds map[string]*evaluate.CaRBGold
	// carbHeld lists the CaRB golds the scorer Worker holds (carbGoldKey):
	// a CaRB job posts its gold only once.
	carbHeld map[string]bool
	// noScorer is set once the browser refused a job (no scorer Worker, or
	// it stopped: for good), so that no later job is written for nothing.
	noScorer atomic.Bool
	tags     map[string]*nlp.Tags
	failed   map[string]string // bundled files that did not load: why
	// The human match judgements and their golds, read once (judge).
	judged, judgeGolds map[string]*judged
}

// evaluated is told of every evaluation rescore puts on screen (the
// EventEnv lock is held): what was computed for the last one is dropped,
// and CaRB is due when the source has a CaRB gold.
func (a *app) evaluated(ev *evaluate.Evaluation) {
	a.x.gen++
	a.x.wire57Want, _ = a.wire57Files()
	a.x.carbOwnWant, _ = a.carbOwnFiles()
	m := &a.m.Analyses
	*m = ui.Analyses{WiRe57: m.WiRe57, WiRe57Note: m.WiRe57Note, CaRBOwn: m.CaRBOwn, CaRBOwnNote: m.CaRBOwnNote,
		Samples: intervalSamples, Rounds: testRounds, Seed: statsSeed}
	user, bundled := a.carbGoldOf(a.source)
	m.CaRBPending = ev != nil && (user != nil || bundled != "")
	if d, ok := benchmarks.DatasetByKey(a.source); ok && ev != nil {
		_, _, m.JudgePending = d.Judgements()
	}
	a.wakeExtras()
}

// wakeExtras asks the extras loop to look for work (starting it once).
func (a *app) wakeExtras() {
	a.x.once.Do(func() {
		a.x.wake = make(chan struct{}, 1)
		go a.extrasLoop()
	})
	a.x.asked.Add(1)
	select {
	case a.x.wake <- struct{}{}:
	default:
	}
}

func (a *app) extrasLoop() {
	for range a.x.wake {
		n := a.x.asked.Load()
		for a.nextExtra() {
		}
		a.x.done.Store(n)
		a.checkFirst() // the work after the first table may be the last of it
		a.env.Lock()
		a.settleStart()
		a.env.UnlockOnly()
	}
}

// extrasIdle tells whether the work after the table is done.
func (a *app) extrasIdle() bool { return a.x.done.Load() == a.x.asked.Load() }

// nextExtra does the most needed job, if any, and reports whether it did.
func (a *app) nextExtra() bool {
	a.env.Lock()
	m := a.m
	ev, gen := m.Eval, a.x.gen
	switch {
	case a.x.wire57Want != a.x.wire57Key:
		var wFiles []*userFile
		a.x.wire57Key, wFiles = a.wire57Files()
		a.x.wire57Want = a.x.wire57Key
		a.env.UnlockOnly()
		a.scoreWiRe57(wFiles)
	case a.x.carbOwnWant != a.x.carbOwnKey || (a.x.carbTestWanted && !strings.Contains(a.x.carbOwnKey, carbTestSet)):
		var cFiles []*userFile
		a.x.carbOwnKey, cFiles = a.carbOwnFiles()
		a.x.carbOwnWant = a.x.carbOwnKey
		testSet := a.x.carbTestWanted
		a.env.UnlockOnly()
		a.scoreCaRBOwn(cFiles, testSet)
	case ev == nil:
		a.env.UnlockOnly()
		return false
	case m.SentenceListDue():
		x, f := m.Explorer, m.SentenceFilter()
		a.env.UnlockOnly()
		a.listSentences(ev, gen, x, f)
	case m.Analyses.CaRBPending:
		user, bundled := a.carbGoldOf(a.source)
		a.env.UnlockOnly()
		a.addCaRB(ev, gen, user, bundled)
	case m.Analyses.JudgePending:
		d, _ := benchmarks.DatasetByKey(a.source)
		a.env.UnlockOnly()
		a.judge(ev, gen, d)
	case a.testDue() != nil:
		key := *a.testDue()
		ia, ib := m.SystemIndex(key.A), m.SystemIndex(key.B)
		a.env.UnlockOnly()
		a.pairedTest(ev, gen, key, ia, ib)
	case (m.Analyses.Report == nil || m.Analyses.Facet != m.AnalysisFacet()) && (small(ev) || m.Prefs.View == ui.ViewCharts):
		lang, tags := a.languageOf(a.source)
		facet := m.AnalysisFacet()
		a.env.UnlockOnly()
		a.analyse(ev, gen, facet, lang, tags)
	case m.Analyses.Intervals == nil && (small(ev) || m.Prefs.Analysis.ShowIntervals):
		a.env.UnlockOnly()
		a.intervals(ev, gen)
	default:
		a.env.UnlockOnly()
		return false
	}
	return true
}

// small reports whether an evaluation is analysed as soon as its table is
// shown. A large one (ten times BenchIE English, say) is analysed when its
// charts or intervals are asked for, so that it does not keep the browser
// busy for nothing.
func small(ev *evaluate.Evaluation) bool {
	return len(ev.Gold.Sentences)*len(ev.Systems) <= 10000
}

// unlockShowing releases the lock, and renders the page only when it shows
// the given view: rendering the whole page costs more than a step of the
// work, and the other views do not show it.
func (a *app) unlockShowing(v ui.View) {
	if a.m.Prefs.View == v {
		a.env.UnlockRender()
	} else {
		a.env.UnlockOnly()
	}
}

// current reports, under the lock, whether work for (ev, gen) is still
// what the page shows.
func (a *app) current(ev *evaluate.Evaluation, gen int) bool {
	return a.x.gen == gen && a.m.Eval == ev
}

// carbGoldOf is the CaRB gold of a source: the user's (read), or the
// bundled data set's (a path, read on first use).
func (a *app) carbGoldOf(source string) (*evaluate.CaRBGold, string) {
	for _, f := range a.files {
		if f.Role == ui.RoleCaRBGold && f.Source == source {
			return f.loaded.CaRBGold, ""
		}
	}
	if d, ok := benchmarks.DatasetByKey(source); ok {
		return nil, d.CaRBGold
	}
	return nil, ""
}

// bundledFile fetches and reads a bundled data file once; read turns its
// bytes into the value kept. It waits for the browser: call it unlocked.
func bundledFile[T any](a *app, path string, kept map[string]T, read func([]byte) (T, error)) (T, error) {
	a.env.Lock()
	v, ok := kept[path]
	why, failed := a.x.failed[path]
	a.env.UnlockOnly()
	if ok {
		return v, nil
	}
	if failed {
		return v, fmt.Errorf("%s", why)
	}
	f := a.asset("data/" + path)
	<-f.done
	a.fetchMu.Lock()
	delete(a.fetches, "data/"+path) // kept below, read
	a.fetchMu.Unlock()
	err := f.err
	if err == nil {
		v, err = read(f.data)
	}
	a.env.Lock()
	defer a.env.UnlockOnly()
	if err != nil {
		if a.x.failed == nil {
			a.x.failed = map[string]string{}
		}
		a.x.failed[path] = fmt.Sprintf("%s: %v", path, err)
		return v, err
	}
	kept[path] = v
	return v, nil
}

// addCaRB scores the table's systems with CaRB (evaluate.WithCaRB: CaRB's
// scores in the scorer Worker or on the page's thread, CaRB − BenchIE
// here) and puts the result on screen in place of the BenchIE-only
// evaluation.
func (a *app) addCaRB(ev *evaluate.Evaluation, gen int, user *evaluate.CaRBGold, bundled string) {
	cg := user
	var err error
	if cg == nil {
		a.env.Lock()
		if a.x.carbGolds == nil {
			a.x.carbGolds = map[string]*evaluate.CaRBGold{}
		}
		a.env.UnlockOnly()
		cg, err = bundledFile(a, bundled, a.x.carbGolds, func(b []byte) (*evaluate.CaRBGold, error) {
			return evaluate.ReadCaRBGold(evaluate.Input{Path: bundled, Data: b, Pause: a.pause(nil)})
		})
	}
	var withCaRB *evaluate.Evaluation
	if err == nil {
		a.br.Yield()
		var scores []evaluate.CaRBScores
		if scores, err = a.carbScores(ev, gen, cg); scores == nil && err == nil {
			return // outdated
		}
		if err == nil {
			withCaRB = ev.WithCaRBScores(cg, scores)
		}
	}
	a.env.Lock()
	defer a.env.UnlockRender()
	if !a.current(ev, gen) {
		return
	}
	a.m.Analyses.CaRBPending = false
	if err != nil {
		a.m.Analyses.CaRBProblem = "CaRB is not shown: " + err.Error()
		return
	}
	if ev.Report.Gold.Stats != nil { // counted meanwhile: counted once, kept with the gold
		withCaRB.CountStats()
	}
	// The same BenchIE results: the intervals and tests stay; the charts
	// are drawn again, with CaRB's PR curves.
	a.m.SetEvaluation(withCaRB)
	a.m.Analyses.Report, a.m.Analyses.Figures = nil, nil
	a.br.Mark("oiebench-carb")
}

// testDue is the paired test the Compare view waits for, or nil (the lock
// is held).
func (a *app) testDue() *ui.TestKey {
	m := a.m
	if m.Prefs.View != ui.ViewCompare || len(m.SystemNames()) < 2 {
		return nil
	}
	ia, ib := m.ComparedSystems()
	key := ui.TestKey{A: m.SystemNames()[ia], B: m.SystemNames()[ib], Facet: m.ExploreFacet()}
	if _, done := m.Analyses.Tests[key]; done || ia == ib {
		return nil
	}
	return &key
}

// pairedTest runs analysis.Compare for the systems the Compare view shows.
func (a *app) pairedTest(ev *evaluate.Evaluation, gen int, key ui.TestKey, ia, ib int) {
	a.br.Yield()
	c := analysis.Compare(ev, ia, ib, analysis.CompareOptions{Facet: key.Facet, Samples: testRounds, Seed: statsSeed})
	a.env.Lock()
	defer a.env.UnlockRender()
	if !a.current(ev, gen) {
		return
	}
	if a.m.Analyses.Tests == nil {
		a.m.Analyses.Tests = map[ui.TestKey]*report.Comparison{}
	}
	a.m.Analyses.Tests[key] = &c
}

// languageOf is the language of a source's sentences for the sentence
// buckets, and the bundled tags file for them ("" when none).
func (a *app) languageOf(source string) (lang, tags string) {
	if d, ok := benchmarks.DatasetByKey(source); ok {
		return d.Lang, d.Tags
	}
	if a.m.Eval == nil {
		return "", ""
	}
	texts := make([]string, len(a.m.Eval.Gold.Sentences))
	for i, s := range a.m.Eval.Gold.Sentences {
		texts[i] = s.Text
	}
	lang = nlp.DetectLanguage(texts)
	if lang == "en" { // the user's sentences may be BenchIE's: their tags serve
		d, _ := benchmarks.DatasetByKey("en")
		tags = d.Tags
	}
	return lang, tags
}

// analyse computes the paper's analyses of every system (analysis.Analyze)
// on a copy of the report on screen, then draws the charts. English
// conjunctions and case markers come from the tags computed at build time:
// the page does not load the tagger.
func (a *app) analyse(ev *evaluate.Evaluation, gen int, facet benchie.Facet, lang, tagsPath string) {
	start := time.Now()
	fz := &nlp.Featurizer{Lang: lang}
	if tagsPath != "" {
		a.env.Lock()
		if a.x.tags == nil {
			a.x.tags = map[string]*nlp.Tags{}
		}
		a.env.UnlockOnly()
		// Without the tags file the buckets are by length only, as the
		// command line's are without a tagger. The file (65 KB of JSON, one
		// json.Unmarshal: 25 ms at 1×, 90 ms at 4× CPU) is read in a task of
		// its own, so that it lengthens no other; a reader paced within the
		// file cost 1.5 KB of evaluator for those 25 ms.
		fz.Tags, _ = bundledFile(a, tagsPath, a.x.tags, func(b []byte) (*nlp.Tags, error) {
			a.br.Yield()
			return nlp.ReadTags(tagsPath, b)
		})
	}
	progress := func(done, total int) {
		a.env.Lock()
		if a.current(ev, gen) {
			a.m.Analyses.Progress = &ui.Progress{Label: fmt.Sprintf("Analysing %d of %s…", min(done+1, total), ui.Count(total, "system")), Done: done, Total: total}
		}
		a.unlockShowing(ui.ViewCharts)
		a.br.Yield()
	}
	progress(0, len(ev.Systems))
	// Analyze fills the systems of its report: fill a copy, taken under the
	// lock, since counting the gold's statistics completes the report.
	a.env.Lock()
	cp := *ev
	cp.Report.Systems = slices.Clone(ev.Report.Systems)
	a.env.UnlockOnly()
	err := analysis.Analyze(&cp, analysis.Options{Facet: facet, Samples: intervalSamples, Seed: statsSeed, Featurizer: fz, Progress: progress, Pause: a.pause(nil)})
	var figs []chart.Figure
	if err == nil {
		figs = chart.FiguresPaced(&cp.Report, a.pause(nil))
	}
	took := time.Since(start)
	a.env.Lock()
	defer a.unlockShowing(ui.ViewCharts)
	if !a.current(ev, gen) {
		return
	}
	m := &a.m.Analyses
	m.Report, m.Figures, m.Facet, m.Progress = &cp.Report, figs, facet, nil
	m.Took = took.Round(10 * time.Millisecond).String()
	a.br.Mark("oiebench-analysed")
}

// intervals computes bootstrap 95% intervals of every score of the table:
// each system on each facet, the same draws for all (analysis.Intervals).
func (a *app) intervals(ev *evaluate.Evaluation, gen int) {
	req := intervalsRequest(uint64(gen), ev)
	rep, _ := a.scoreJob(req, a.br.Yield) // in the scorer Worker, or here (scorerjob.go)
	out := req.Intervals.intervalsByCell(rep.Intervals)
	a.env.Lock()
	if a.current(ev, gen) {
		a.m.Analyses.Intervals = out
	}
	if a.m.Prefs.Analysis.ShowIntervals {
		a.env.UnlockRender()
	} else {
		a.env.UnlockOnly()
	}
}

// wire57Files lists the user's WiRe57 files and a key that changes when
// they do (the lock is held).
func (a *app) wire57Files() (string, []*userFile) {
	var key []string
	var files []*userFile
	for _, f := range a.files {
		if f.Role == ui.RoleWiRe57Gold || f.Role == ui.RoleWiRe57 {
			key = append(key, f.ID)
			files = append(files, f)
		}
	}
	return strings.Join(key, ","), files
}

// scoreWiRe57 scores the WiRe57 system files against the WiRe57 gold
// (evaluate.RunWiRe57), or says which file is missing.
func (a *app) scoreWiRe57(files []*userFile) {
	var gold *evaluate.Input
	var systems []evaluate.Input
	for _, f := range files {
		if f.Role == ui.RoleWiRe57Gold {
			gold = f.loaded.WiRe57
		} else {
			systems = append(systems, *f.loaded.WiRe57)
		}
	}
	var r *report.Report
	note := ""
	switch {
	case len(files) == 0:
	case gold == nil:
		note = "Add the WiRe57 gold (its JSON with \"tuples\") to score these WiRe57 extractions."
	case len(systems) == 0:
		note = "Add WiRe57 system files (JSON: sentence id → extractions) to score them against this gold."
	default:
		a.br.Yield()
		var err error
		if r, err = evaluate.RunWiRe57(*gold, systems); err != nil {
			note = "WiRe57 could not score these files: " + err.Error()
		}
	}
	a.env.Lock()
	defer a.env.UnlockRender()
	a.m.Analyses.WiRe57, a.m.Analyses.WiRe57Note = r, note
}

// tokenLevelRole is the role of a token-level scorer's file, or "".
func tokenLevelRole(k evaluate.Kind) ui.Role {
	switch k {
	case evaluate.KindCaRBGold, evaluate.KindOIE2016:
		return ui.RoleCaRBGold
	case evaluate.KindWiRe57Gold:
		return ui.RoleWiRe57Gold
	case evaluate.KindWiRe57:
		return ui.RoleWiRe57
	}
	return ""
}

// isWiRe57Role reports whether files of the role are WiRe57's.
func isWiRe57Role(r ui.Role) bool { return r == ui.RoleWiRe57Gold || r == ui.RoleWiRe57 }

// ExportChart implements ui.App: SVG as it is drawn, PNG drawn from it by
// the browser at twice the size (sharp on high-density screens).
func (a *app) ExportChart(f chart.Figure, format string) {
	name := "oiebench-" + a.source + "-" + f.Key
	switch format {
	case "svg":
		a.br.Download(name+".svg", "image/svg+xml;charset=utf-8", f.SVG)
	case "png":
		if p, ok := a.br.(pngMaker); ok && pngDrawn {
			go p.SavePNG(name+".png", f.SVG, 2)
		}
	}
}

// pngMaker is a browser that can draw an SVG into a PNG file (the page's;
// the tests' fake browser cannot).
type pngMaker interface {
	SavePNG(name, svg string, scale float64) error
}

// pngDrawn is false where the browser has no document to draw a PNG in
// (the evaluator Worker, main_js.go).
var pngDrawn = true

var errPNG = errors.New("the browser could not draw the chart as a PNG")

// judged is a data set's human match judgements with the gold they refer
// to, read once.
type judged struct {
	gold  *evaluate.Gold
	fl    *evaluate.FLGold
	rows  []benchiefl.Judged
	files [2]string
}

// judge measures the matchers' agreement with the human match judgements
// of the data set on screen (benchiefl.Judge, as oiebench judge does).
func (a *app) judge(ev *evaluate.Evaluation, gen int, d benchmarks.Dataset) {
	matches, goldPath, _ := d.Judgements()
	a.env.Lock()
	if a.x.judged == nil {
		a.x.judged = map[string]*judged{}
		a.x.judgeGolds = map[string]*judged{}
	}
	a.env.UnlockOnly()
	j, err := bundledFile(a, goldPath, a.x.judgeGolds, func(b []byte) (*judged, error) {
		in := evaluate.Input{Path: goldPath, Data: b}
		g, err := evaluate.ReadGold(in, false)
		if err != nil {
			return nil, err
		}
		in.SHA256 = g.SHA256
		fl, err := evaluate.ReadFLGold(in, false, pageFLBudget)
		return &judged{gold: g, fl: fl}, err
	})
	var rows *judged
	if err == nil {
		rows, err = bundledFile(a, matches, a.x.judged, func(b []byte) (*judged, error) {
			r, err := benchiefl.ReadMatches(matches, b)
			return &judged{rows: r}, err
		})
	}
	var rep *benchiefl.JudgeReport
	if err == nil {
		a.br.Yield()
		var ags []benchiefl.Agreement
		if ags, err = benchiefl.Judge(j.fl.Gold, j.gold.Gold, rows.rows); err == nil {
			rep = benchiefl.NewJudgeReport(goldPath, j.fl.SHA256, matches, rows.rows, ags)
		}
	}
	a.env.Lock()
	defer a.env.UnlockRender()
	if !a.current(ev, gen) {
		return
	}
	a.m.Analyses.JudgePending = false
	if err != nil {
		a.m.Analyses.JudgeProblem = "The agreement with people is not shown: " + err.Error()
		return
	}
	a.m.Analyses.Judge = rep
}
