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

// WiRe57Columns are the WiRe57 table's columns: heading, meaning, extra
// class, metric key.
func (c *Wire57Table) WiRe57Columns() [][4]string {
	return [][4]string{
		{"P", "precision: matched tokens over predicted tokens", " group-start", "precision"},
		{"R", "recall: matched tokens over gold tokens", "", "recall"},
		{"F1", "F1", "", "f1"},
		{"Matches", "gold tuples matched one to one", " group-start", "matches"},
		{"Exact P", "exact matches over predictions", "", "exact_prec"},
		{"Exact R", "exact matches over gold tuples", "", "exact_rec"},
	}
}

// WiRe57Value is a WiRe57 cell: its text, or (full) its data-value.
func (c *Wire57Table) WiRe57Value(s report.System, metric string, full bool) string {
	w := s.WiRe57
	if w == nil {
		return ""
	}
	var v float64
	switch metric {
	case "matches":
		return strconv.Itoa(w.Matches)
	case "exact_prec":
		v = w.ExactPrec
	case "exact_rec":
		v = w.ExactRec
	default:
		v, _ = report.Metric{Facet: "wire57", Name: metric}.Value(s)
	}
	if full {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return fmt.Sprintf("%.3f", v)
}

// WiRe57File says where a WiRe57 system comes from.
func (c *Wire57Table) WiRe57File(s report.System) string {
	t := baseName(s.Path) + " · " + Count(s.Extractions, "extraction")
	if s.Ignored > 0 {
		t += fmt.Sprintf(" (%d on sentences the gold lacks: left out)", s.Ignored)
	}
	return t
}
