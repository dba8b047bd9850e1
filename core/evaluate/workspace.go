package evaluate

// Workspace is a gold that many evaluations share: the page rescores on every
// option change and every added file. Compiled slots and statistics are kept
// with the gold itself (benchie), so rescoring costs only the scoring; the
// workspace adds the page's order of work: scores first (Preview), the
// costly gold statistics after (Complete).
type Workspace struct {
	Gold  *Gold
	EGold *Gold // BenchIE-E gold, or nil
	// FL is the same gold read for BenchIE^FL, once read (the caller sets
	// Options.FLGold to score with it).
	FL *FLGold
}

// NewWorkspace prepares a workspace for a gold.
func NewWorkspace(gold *Gold) *Workspace { return &Workspace{Gold: gold} }

// SetEGold sets (or with nil, removes) the BenchIE-E gold.
func (w *Workspace) SetEGold(e *Gold) { w.EGold = e }

// Steps is the number of progress steps Evaluate reports for these systems
// and options: one per system and facet scored, one for the gold statistics
// when they are not counted yet.
func (w *Workspace) Steps(systems int, opt Options) int {
	n := w.previewSteps(systems, opt)
	if !w.HasStats() {
		n++
	}
	return n
}

func (w *Workspace) previewSteps(systems int, opt Options) int {
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
// Evaluate, with progress counted over Steps.
func (w *Workspace) Evaluate(systems []*System, opt Options) *Evaluation {
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
func (w *Workspace) Preview(systems []*System, opt Options) *Evaluation {
	opt.StatsLater = true
	return Evaluate(w.Gold, w.EGold, systems, opt)
}

// Complete counts the gold statistics if needed and puts them in the report.
func (w *Workspace) Complete(ev *Evaluation) { ev.CountStats() }

// withTotal reports progress against total instead of evaluate's own count.
func withTotal(opt Options, total int) Options {
	if p := opt.Progress; p != nil {
		opt.Progress = func(done, _ int) { p(done, total) }
	}
	return opt
}
