package ui

import (
	"fmt"
	"strconv"

	"github.com/oiebench/oiebench/core/report"
)

// Wire57Table shows the user's WiRe57 files scored against each other
// (evaluate.RunWiRe57). WiRe57 has its own gold, so its table stands apart
// from the BenchIE table, under it, and says that the two do not compare.
type Wire57Table struct {
	M *Model
}

// WiRe57Caveat says that the WiRe57 numbers are not comparable with the
// table above.
func (c *Wire57Table) WiRe57Caveat() string {
	t := "WiRe57 scores your WiRe57 system files against the WiRe57 gold you added, with its own token-level matching; the BenchIE table above scores a different gold, so the two are not comparable."
	if r := c.M.Analyses.WiRe57; r != nil {
		t += fmt.Sprintf(" Gold: %s (%s, %s).", baseName(r.Gold.Path), Count(r.Gold.Sentences, "sentence"), Count(r.Gold.Extractions, "tuple"))
	}
	return t
}

// WiRe57Columns are the WiRe57 table's columns (report.WiRe57Metrics).
func (c *Wire57Table) WiRe57Columns() []report.Metric { return report.WiRe57Metrics }

// WiRe57Meaning says what a column measures, for its heading's tooltip.
func (c *Wire57Table) WiRe57Meaning(m report.Metric) string {
	return map[string]string{
		"precision": "precision: matched tokens over predicted tokens", "recall": "recall: matched tokens over gold tokens", "f1": "F1",
		"matches": "gold tuples matched one to one", "exact_prec": "exact matches over predictions", "exact_rec": "exact matches over gold tuples",
	}[m.Name]
}

// WiRe57Class is a column's class: the token scores and the exact matches
// each start a group.
func (c *Wire57Table) WiRe57Class(m report.Metric) string {
	if m.Name == "precision" || m.Name == "matches" {
		return "num group-start"
	}
	return "num"
}

// WiRe57Value is a WiRe57 cell: its text, or (full) its data-value.
func (c *Wire57Table) WiRe57Value(s report.System, m report.Metric, full bool) string {
	if s.WiRe57 == nil {
		return ""
	}
	v, _ := m.Value(s)
	switch {
	case m.IsCount():
		return strconv.Itoa(int(v))
	case full:
		return Exact(v)
	}
	return decimals(v, 3)
}

// WiRe57File says where a WiRe57 system comes from.
func (c *Wire57Table) WiRe57File(s report.System) string {
	t := baseName(s.Path) + " · " + Count(s.Extractions, "extraction")
	if s.Ignored > 0 {
		t += fmt.Sprintf(" (%d on sentences the gold lacks: left out)", s.Ignored)
	}
	return t
}
