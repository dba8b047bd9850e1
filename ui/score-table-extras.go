package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// The score table's token-level columns (CaRB beside BenchIE, BenchIE's
// Table 5) and its bootstrap intervals.

// signed writes a difference with its sign, e.g. "+0.217", "−0.012".
func signed(v float64) string {
	s := fmt.Sprintf("%+.3f", v)
	if s == "-0.000" || s == "+0.000" {
		return "0.000"
	}
	return strings.Replace(s, "-", "−", 1)
}

// carbTooltip gives the numerators and denominators behind a CaRB cell.
func carbTooltip(s report.System, facet report.Group) string {
	c := s.CaRB
	if c == nil {
		return ""
	}
	if facet == report.GroupCaRBDelta {
		return "CaRB minus BenchIE (regular facet): how much token overlap rates this system above fact-level matching"
	}
	t := fmt.Sprintf("CaRB, token-level · P %.1f / %.0f · R %.1f / %.0f · AUC %.3f", c.PrecNum, c.PrecDen, c.RecNum, c.RecDen, c.AUC)
	if c.PrecDen == 0 {
		t = "No CaRB precision: no extraction of this system was scored (a precision over none is no result) · " + t
	}
	if c.PredictionsWithoutGold > 0 {
		t += " · " + Count(c.PredictionsWithoutGold, "extraction") + " of sentences the CaRB gold lacks left out"
	}
	return t
}

// Cell is a cell's content: the value, and under it its 95% interval when
// intervals are shown.
func (c *ScoreTable) Cell(s report.System, m report.Metric) vugu.HTML {
	text := c.Text(s, m)
	if ci, ok := c.M.Interval(s.Name, m); ok && c.M.Prefs.Analysis.ShowIntervals {
		return vugu.HTML(text + `<span class="ci">` + short(ci[0]) + "–" + short(ci[1]) + `</span>`)
	}
	return vugu.HTML(text)
}

// short writes a score in an interval: two decimals without the leading
// zero (".45"), so that an interval fits under its score.
func short(v float64) string {
	s := Fixed(v)
	if strings.HasPrefix(s, "0.") {
		return s[1:]
	}
	return s
}

// CIData is a cell's data-ci95 attribute: "low high" at full precision,
// or empty.
func (c *ScoreTable) CIData(s report.System, m report.Metric) string {
	ci, ok := c.M.Interval(s.Name, m)
	if !ok {
		return ""
	}
	return Exact(ci[0]) + " " + Exact(ci[1])
}

// ToggleIntervals shows or hides the intervals in the cells.
func (c *ScoreTable) ToggleIntervals() {
	c.M.Prefs.Analysis.ShowIntervals = !c.M.Prefs.Analysis.ShowIntervals
	c.M.App.SavePrefs()
}

// IntervalsLabel is the text of the intervals switch.
func (c *ScoreTable) IntervalsLabel() string {
	switch {
	case !c.M.Prefs.Analysis.ShowIntervals:
		return "Show 95% intervals"
	case c.M.Analyses.Intervals == nil:
		return "Hide 95% intervals (computing…)"
	}
	return "Hide 95% intervals"
}
