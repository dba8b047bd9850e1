package ui

import (
	"fmt"
	"strconv"

	"github.com/oiebench/oiebench/core/benchiefl"
)

// JudgeView shows how each matcher (BenchIE's exact match, BenchIE^FL in
// both modes) agrees with the human match judgements published with the
// data set on screen: what `oiebench judge` prints.
type JudgeView struct {
	M *Model
	// PerSystem shows a row per matcher and system, not only the totals.
	PerSystem bool
}

// Intro says what was judged.
func (c *JudgeView) Intro() string {
	r := c.M.Analyses.Judge
	return fmt.Sprintf("People judged which synset each of %d extractions of the seven systems on sentences 1–50 matches (%d matched), against %s. Each matcher scores the same extractions; the figures compare its decisions with theirs.",
		r.Rows, r.Human, baseName(r.Gold))
}

// Columns are the table's columns: heading, meaning, metric key.
func (c *JudgeView) Columns() [][3]string {
	return [][3]string{
		{"Rows", "judged extractions", "rows"},
		{"Agreement", "matcher and person agree on matched or not, over rows", "agreement"},
		{"Precision", "both match, over rows the matcher matches", "precision"},
		{"Recall", "both match, over rows the person matches", "recall"},
		{"F1", "F1 of that precision and recall", "f1"},
		{"κ", "Cohen's kappa of matcher and person", "kappa"},
		{"Synsets", "both match with exactly the person's synsets, over rows both match", "synset_agreement"},
	}
}

// Rows are the agreements shown: the totals, or every row.
func (c *JudgeView) Rows() []benchiefl.Agreement {
	var out []benchiefl.Agreement
	for _, a := range c.M.Analyses.Judge.Agreements {
		if c.PerSystem || a.System == "" {
			out = append(out, a)
		}
	}
	return out
}

// SystemOf names the systems of a row.
func (c *JudgeView) SystemOf(a benchiefl.Agreement) string {
	if a.System == "" {
		return "all seven systems"
	}
	return a.System
}

// Value is a cell: its text, or (full) its data-value.
func (c *JudgeView) Value(a benchiefl.Agreement, metric string, full bool) string {
	if metric == "rows" {
		return strconv.Itoa(a.Rows)
	}
	v := map[string]float64{"agreement": a.Agreement, "precision": a.Precision, "recall": a.Recall, "f1": a.F1,
		"kappa": a.Kappa, "synset_agreement": a.SynsetAgreement}[metric]
	if full {
		return Exact(v)
	}
	return decimals(v, 3)
}

// Toggle shows or hides the rows per system.
func (c *JudgeView) Toggle() { c.PerSystem = !c.PerSystem }

// ToggleLabel is the text of the per-system switch.
func (c *JudgeView) ToggleLabel() string {
	if c.PerSystem {
		return "Show the totals only"
	}
	return "Show each system"
}
