package ui

import (
	"fmt"

	"github.com/oiebench/oiebench/core/report"
)

// CarbOwnTable shows a CaRB or OIE2016 gold scored on its own: the user's
// gold that shares no sentence with the gold on screen, or CaRB's test set
// with its published systems, with OpenIE6's four columns (CaRB(s,s),
// CaRB(s,m), OIE16-C, WiRe57-C; F1 and AUC ×100), as `oiebench score
// --scorer openie6 --gold CARB_GOLD` prints them. It stands apart from the
// BenchIE table: the golds differ.
type CarbOwnTable struct {
	M *Model
}

// Caveat says which gold the table scores and that it is not the table
// above's.
func (c *CarbOwnTable) Caveat() string {
	t := "These columns score system files against a CaRB gold of its own, as OpenIE6-lineage papers report them (F1 at the optimal threshold and AUC, ×100); the BenchIE table above scores a different gold, so the two are not comparable."
	if r := c.M.Analyses.CaRBOwn; r != nil {
		t += fmt.Sprintf(" Gold: %s (%s, %s).", baseName(r.Gold.Path), Count(r.Gold.Sentences, "sentence"), Count(r.Gold.Extractions, "tuple"))
	}
	return t
}

// Columns are the table's columns, from the report (every export renders
// the same).
func (c *CarbOwnTable) Columns() []report.Metric {
	return c.M.Analyses.CaRBOwn.Metrics(false)
}

// Heading is a column's heading: "CaRB(s,s) F1".
func (c *CarbOwnTable) Heading(m report.Metric) string {
	return m.Facet.PaperLabel() + " " + shortLabel(m)
}

// Value is a cell: ×100 with two decimals, or (full) its exact data-value;
// "–" where the reference script cannot score the file.
func (c *CarbOwnTable) Value(s report.System, m report.Metric, full bool) string {
	v, ok := m.Value(s)
	if !ok {
		return "–"
	}
	if full {
		return Exact(v)
	}
	return Fixed(100 * v)
}

// File says where a system comes from and how it was read.
func (c *CarbOwnTable) File(s report.System) string {
	t := baseName(s.Path) + " · " + Count(s.Extractions, "extraction")
	if s.Reader != "" {
		t += " · read as " + s.Reader
	}
	return t
}

// ScoreTest scores CaRB's test set with its published systems.
func (c *CarbOwnTable) ScoreTest() { c.M.App.ScoreCaRBTest() }
