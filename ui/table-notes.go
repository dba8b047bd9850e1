package ui

import "fmt"

// TableNotes sits under the score table: what the CaRB columns and the
// intervals in the cells are.
type TableNotes struct {
	M *Model
}

// CaRBNote says what the CaRB columns compare, when the table has them.
func (c *TableNotes) CaRBNote() string {
	g := c.M.Eval.Report.CaRBGold
	if g == nil {
		return ""
	}
	return fmt.Sprintf("CaRB: token-level precision and recall of the same extractions against %s (CaRB's gold for these sentences: %s, %s). "+
		"Δ = CaRB − BenchIE per metric, as in the BenchIE paper's Table 5: a positive Δ is how much token overlap rates a system above fact-level matching.",
		baseName(g.Path), Count(g.Sentences, "sentence"), Count(g.Extractions, "tuple"))
}

// IntervalsNote says how the intervals in the cells were computed.
func (c *TableNotes) IntervalsNote() string {
	a := c.M.Analyses
	if !c.M.Prefs.Analysis.ShowIntervals || a.Intervals == nil {
		return ""
	}
	return fmt.Sprintf("Under each BenchIE score, its bootstrap 95%% interval: %s resamples of the gold sentences (with their synsets and extractions), seed %d, the same draws for every system. CaRB has none.",
		Thousands(a.Samples), a.Seed)
}

// baseName is the last element of a path.
func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' || p[i] == '\\' {
			return p[i+1:]
		}
	}
	return p
}
