package explain

import (
	"github.com/oiebench/oiebench/core/evaluate"
)

// Workspace is a gold that many evaluations share: the page rescores on every
// option change and every added file. Compiled slots and statistics are kept
// with the gold itself (benchie), so rescoring costs only the scoring; the
// workspace adds the page's order of work: scores first (Preview), the
// costly gold statistics after (Complete).
type Workspace struct {
	Gold  *evaluate.Gold
	EGold *evaluate.Gold // BenchIE-E gold, or nil
	// FL is the same gold read for BenchIE^FL, once read (the caller sets
	// Options.FLGold to score with it).
	FL *evaluate.FLGold
}

// NewWorkspace prepares a workspace for a gold.
func NewWorkspace(gold *evaluate.Gold) *Workspace { return &Workspace{Gold: gold} }

// SetEGold sets (or with nil, removes) the BenchIE-E gold.
func (w *Workspace) SetEGold(e *evaluate.Gold) { w.EGold = e }

// Steps is the number of progress steps Evaluate reports for these systems
// and options: one per system and facet scored, one for the gold statistics
// when they are not counted yet.
func (w *Workspace) Steps(systems int, opt evaluate.Options) int {
	n := w.previewSteps(systems, opt)
	if !w.HasStats() {
		n++
	}
	return n
}

func (w *Workspace) previewSteps(systems int, opt evaluate.Options) int {
	scored := len(opt.Facets)
	if scored == 0 {
		scored = 3
	}
	if w.EGold != nil {
		scored++
	}
	if opt.FLGold != nil {
		scored++
	}
	return systems * scored
}

// Evaluate scores every system and counts the gold statistics: exactly
// evaluate.Evaluate, with progress counted over Steps.
func (w *Workspace) Evaluate(systems []*evaluate.System, opt evaluate.Options) *evaluate.Evaluation {
	total := w.Steps(len(systems), opt)
	ev := w.Preview(systems, withTotal(opt, total))
	w.Complete(ev)
	if opt.Progress != nil && total > w.previewSteps(len(systems), opt) {
		opt.Progress(total, total)
	}
	return ev
}

// HasStats reports whether the gold statistics are counted.
func (w *Workspace) HasStats() bool {
	return w.Gold.StatsCounted() && (w.EGold == nil || w.EGold.StatsCounted())
}

// Preview scores every system, leaving the gold statistics out of the
// report when they are not counted yet (Complete adds them).
func (w *Workspace) Preview(systems []*evaluate.System, opt evaluate.Options) *evaluate.Evaluation {
	opt.StatsLater = true
	return evaluate.Evaluate(w.Gold, w.EGold, systems, opt)
}

// Complete counts the gold statistics if needed and puts them in the report.
func (w *Workspace) Complete(ev *evaluate.Evaluation) { ev.CountStats() }

// withTotal reports progress against total instead of evaluate's own count.
func withTotal(opt evaluate.Options, total int) evaluate.Options {
	if p := opt.Progress; p != nil {
		opt.Progress = func(done, _ int) { p(done, total) }
	}
	return opt
}
