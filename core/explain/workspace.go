package explain

import (
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// Workspace is a gold that many evaluations share: the page rescores on every
// option change and every added file, and compiling a gold (and counting its
// surface forms) costs far more than scoring a system, so both are done once
// per gold and kept here.
//
// Evaluate returns exactly what evaluate.Evaluate returns for the same input
// (TestWorkspaceMatchesEvaluate holds it to that); it exists because
// evaluate.Evaluate compiles the gold and counts its forms on every call.
type Workspace struct {
	Gold  *evaluate.Gold
	EGold *evaluate.Gold // BenchIE-E gold, or nil

	compiled  map[benchie.Facet]*benchie.Compiled
	compiledE *benchie.Compiled
	info      *report.Gold
	eInfo     *report.Gold
}

// NewWorkspace prepares a workspace for a gold; nothing is compiled yet.
func NewWorkspace(gold *evaluate.Gold) *Workspace {
	return &Workspace{Gold: gold, compiled: map[benchie.Facet]*benchie.Compiled{}}
}

// SetEGold sets (or with nil, removes) the BenchIE-E gold.
func (w *Workspace) SetEGold(e *evaluate.Gold) {
	if e != w.EGold {
		w.EGold, w.compiledE, w.eInfo = e, nil, nil
	}
}

// Steps is the number of progress steps Evaluate will report for these
// systems and options: one per facet still to compile, one for the gold
// statistics when not yet counted, one per system and facet.
func (w *Workspace) Steps(systems int, opt evaluate.Options) int {
	n := w.previewSteps(systems, opt)
	if w.info == nil {
		n++
	}
	return n
}

func (w *Workspace) previewSteps(systems int, opt evaluate.Options) int {
	n := 0
	facets := facetsOf(opt)
	for _, f := range facets {
		if w.compiled[f] == nil {
			n++
		}
	}
	scored := len(facets)
	if w.EGold != nil {
		scored++
		if w.compiledE == nil {
			n++
		}
	}
	return n + systems*scored
}

func facetsOf(opt evaluate.Options) []benchie.Facet {
	if len(opt.Facets) == 0 {
		return benchie.Facets
	}
	return opt.Facets
}

// Evaluate scores every system on the facets of opt, compiling what is not
// compiled yet. opt.Progress, when set, is called after every step (see
// Steps), so that a page can show progress and let the browser paint.
func (w *Workspace) Evaluate(systems []*evaluate.System, opt evaluate.Options) *evaluate.Evaluation {
	total := w.Steps(len(systems), opt)
	ev := w.evaluate(systems, opt, total)
	w.Complete(ev)
	if opt.Progress != nil && total > w.previewSteps(len(systems), opt) {
		opt.Progress(total, total)
	}
	return ev
}

// HasStats reports whether the gold statistics are counted. Counting the
// surface forms of a large gold takes longer than scoring it, so a page
// shows scores first (Preview) and counts them after (Complete).
func (w *Workspace) HasStats() bool { return w.info != nil && (w.EGold == nil || w.eInfo != nil) }

// Preview is Evaluate without counting the gold statistics when they are not
// counted yet: the report's gold then carries no Stats and no Extractions
// until Complete adds them. Progress counts the previewSteps only.
func (w *Workspace) Preview(systems []*evaluate.System, opt evaluate.Options) *evaluate.Evaluation {
	return w.evaluate(systems, opt, w.previewSteps(len(systems), opt))
}

// Complete counts the gold statistics if needed and puts them in the report
// of an evaluation made by this workspace.
func (w *Workspace) Complete(ev *evaluate.Evaluation) {
	if w.info == nil {
		info := goldInfo(w.Gold)
		w.info = &info
	}
	ev.Report.Gold = *w.info
	if ev.EGold != nil {
		if w.eInfo == nil {
			info := goldInfo(w.EGold)
			w.eInfo = &info
		}
		e := *w.eInfo
		ev.Report.EGold = &e
	}
}

// evaluate scores and builds the report, with the gold statistics when
// counted; progress counts to total.
func (w *Workspace) evaluate(systems []*evaluate.System, opt evaluate.Options, total int) *evaluate.Evaluation {
	facets := facetsOf(opt)
	done := 0
	step := func() {
		done++
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	ev := &evaluate.Evaluation{Gold: w.Gold, EGold: w.EGold, Systems: systems, Compiled: map[benchie.Facet]*benchie.Compiled{}}
	for _, f := range facets {
		if w.compiled[f] == nil {
			w.compiled[f] = benchie.Compile(w.Gold.Gold, f)
			step()
		}
		ev.Compiled[f] = w.compiled[f]
	}
	if w.EGold != nil {
		if w.compiledE == nil {
			w.compiledE = benchie.Compile(w.EGold.Gold, benchie.Regular)
			step()
		}
		ev.CompiledE = w.compiledE
	}
	sopt := benchie.Options{ReferenceCompat: opt.ReferenceCompat}
	for _, s := range systems {
		rs := map[string]*benchie.Result{}
		for _, f := range facets {
			rs[string(f)] = ev.Compiled[f].Score(s.System, sopt)
			step()
		}
		if w.EGold != nil {
			rs[evaluate.Entity] = ev.CompiledE.Score(s.System, sopt)
			step()
		}
		ev.Results = append(ev.Results, rs)
	}
	ev.Report = w.buildReport(ev, facets, opt)
	return ev
}

// buildReport mirrors evaluate's report building (the CLI's JSON schema).
func (w *Workspace) buildReport(ev *evaluate.Evaluation, facets []benchie.Facet, opt evaluate.Options) report.Report {
	ro := report.Options{Scorers: []string{"benchie"}, ReferenceCompat: opt.ReferenceCompat, StrictGold: opt.StrictGold}
	for _, f := range facets {
		ro.Facets = append(ro.Facets, string(f))
	}
	eSHA := ""
	if ev.EGold != nil {
		ro.Facets = append(ro.Facets, evaluate.Entity)
		eSHA = ev.EGold.SHA256
	}
	r := report.Report{
		Signature: report.Signature(ro, ev.Gold.SHA256, eSHA),
		Version:   report.Version,
		Options:   ro,
		Gold:      w.goldInfo(ev.Gold, w.info),
		Systems:   []report.System{},
	}
	if ev.EGold != nil {
		e := w.goldInfo(ev.EGold, w.eInfo)
		r.EGold = &e
	}
	for i, s := range ev.Systems {
		rs := report.System{
			Name: s.Name, Path: s.Path, Format: string(s.Format),
			Extractions: len(s.Extractions), Warnings: warningStrings(s.Warnings),
			BenchIE: &report.BenchIE{},
		}
		seen := map[string]bool{}
		for _, f := range ro.Facets {
			res := ev.Results[i][f]
			rs.Ignored = res.Ignored
			rs.BenchIE.SetFacet(f, score(res))
			for _, w := range res.Warnings {
				if msg := w.String(); !seen[msg] {
					seen[msg] = true
					rs.Warnings = append(rs.Warnings, msg)
				}
			}
		}
		r.Systems = append(r.Systems, rs)
	}
	return r
}

// goldInfo is the counted gold description, or one without statistics.
func (w *Workspace) goldInfo(g *evaluate.Gold, counted *report.Gold) report.Gold {
	if counted != nil {
		return *counted
	}
	return report.Gold{Path: g.Path, SHA256: g.SHA256, Sentences: len(g.Sentences), Synsets: g.SynsetCount(), Warnings: warningStrings(g.Warnings)}
}

func goldInfo(g *evaluate.Gold) report.Gold {
	st := g.Stats()
	return report.Gold{
		Path: g.Path, SHA256: g.SHA256, Sentences: st.Sentences, Synsets: st.Synsets,
		Extractions: st.Extractions, Warnings: warningStrings(g.Warnings), Stats: st,
	}
}

func score(res *benchie.Result) *report.Score {
	mode, other := "paper", "reference"
	if res.ReferenceCompat {
		mode, other = other, mode
	}
	s := counts(res.Counts, mode)
	for _, j := range res.Judgements {
		if j.Verdict == benchie.Duplicate {
			s.Duplicates++
		}
	}
	if res.ModesDisagree {
		s.Other = counts(res.Other, other)
	}
	s.CreditsDiffer = res.CreditsDiffer
	return s
}

func counts(c benchie.Counts, mode string) *report.Score {
	return &report.Score{Precision: c.Precision, Recall: c.Recall, F1: c.F1, TP: c.TP, FP: c.FP, FN: c.FN, Mode: mode}
}

func warningStrings(ws []oie.Warning) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, w.String())
	}
	return out
}
