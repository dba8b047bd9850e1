package ui

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// ScoreTable is the table of P, R and F1 per system and facet, sortable by
// any column, with TP/FP/FN in each cell's tooltip or as columns.
//
// It is built again only when what it shows changed (tableShown), and
// otherwise returns its last output, whose nodes the renderer then skips
// (wasm/app/dom): the page's renders for progress, the statistics or the
// options build no cell (the table was a third to a half of every build).
// The model keeps that output (Model.scoreTable), not the component: any
// ScoreTable of the model returns it, so that the page builds the table
// in a turn of its own before the first build of the view that holds it
// (wasm/app, the takeover). It goes with the last table that returned it:
// another view keeps no cell in Go's heap, which the collector marks.
type ScoreTable struct {
	M *Model
}

// builtTable is the table's last output, what it shows and the table that
// last returned it.
type builtTable struct {
	shown tableShown
	out   *vugu.BuildOut
	by    *ScoreTable
}

// ScoreTableBody is the table's markup (score-table-body.vugu); its
// handlers reach the ScoreTable, so a kept output still acts on the model.
type ScoreTableBody struct{ *ScoreTable }

// tableShown is everything the table's cells, headings and rows read.
type tableShown struct {
	eval *evaluate.Evaluation
	// The report's systems and CaRB columns, in case they change in place.
	systems     *report.System
	n, carb     int
	carbGold    *report.Gold
	intervals   uintptr // the map's identity: it is replaced, never changed
	noIntervals bool
	sort        report.SortKey
	desc        bool
	counts      bool
	showCI      bool
	custom      bool
	users       []string // the systems of the user's files
	newRows     []string
}

// shownNow is what the table would show now.
func (c *ScoreTable) shownNow() tableShown {
	p := &c.M.Prefs
	s := tableShown{
		eval:      c.M.Eval,
		intervals: reflect.ValueOf(c.M.Analyses.Intervals).Pointer(), noIntervals: c.M.Analyses.Intervals == nil,
		sort: p.Sort, desc: p.SortDesc, counts: p.ShowCounts, showCI: p.Analysis.ShowIntervals,
		custom: c.M.Source == CustomSource, newRows: c.M.NewRows,
	}
	if ev := c.M.Eval; ev != nil {
		r := &ev.Report
		s.n, s.carbGold = len(r.Systems), r.CaRBGold
		if s.n > 0 {
			s.systems = &r.Systems[0]
		}
		for _, sys := range r.Systems {
			if sys.CaRB != nil {
				s.carb++
			}
		}
	}
	for _, f := range c.M.Files {
		if f.Role == RoleSystem {
			s.users = append(s.users, f.System)
		}
	}
	return s
}

func (s tableShown) same(o tableShown) bool {
	return s.eval == o.eval && s.systems == o.systems && s.n == o.n && s.carb == o.carb && s.carbGold == o.carbGold &&
		s.intervals == o.intervals && s.noIntervals == o.noIntervals && s.sort == o.sort && s.desc == o.desc &&
		s.counts == o.counts && s.showCI == o.showCI && s.custom == o.custom &&
		slices.Equal(s.users, o.users) && slices.Equal(s.newRows, o.newRows)
}

// Build returns the last output while the table shows the same.
func (c *ScoreTable) Build(in *vugu.BuildIn) *vugu.BuildOut {
	shown, last := c.shownNow(), &c.M.scoreTable
	if last.out == nil || !shown.same(last.shown) {
		shown.newRows = slices.Clone(shown.newRows) // the model's slice may be changed in place
		last.shown, last.out = shown, (&ScoreTableBody{c}).Build(in)
	}
	last.by = c
	return last.out
}

// Destroy drops the output when the table that last returned it leaves
// the page (Vugu calls it once a build no longer holds the table).
func (c *ScoreTable) Destroy() {
	if c.M.scoreTable.by == c {
		c.M.scoreTable = builtTable{}
	}
}

// groups are the report's columns (report.Report.Columns, which every
// export renders too), with the counts when shown.
func (c *ScoreTable) groups() []report.FacetGroup {
	return c.M.Eval.Report.Columns(c.M.Prefs.ShowCounts)
}

// Facets lists the column groups, in the report's order.
func (c *ScoreTable) Facets() []report.Group {
	var fs []report.Group
	for _, g := range c.groups() {
		fs = append(fs, g.Facet)
	}
	return fs
}

// Columns lists the metric columns, facet by facet. (Markup inside a table
// cannot loop twice: the HTML parser moves unknown elements out of tables.)
func (c *ScoreTable) Columns() []report.Metric {
	return c.M.Eval.Report.Metrics(c.M.Prefs.ShowCounts)
}

// Span is the number of columns under a facet heading.
func (c *ScoreTable) Span(facet report.Group) int {
	for _, g := range c.groups() {
		if g.Facet == facet {
			return len(g.Metrics)
		}
	}
	return 0
}

// Rows returns the systems in the order on screen.
func (c *ScoreTable) Rows() []report.System {
	r := c.M.Eval.Report
	return report.Reorder(r, report.Order(r, c.M.Prefs.Sort, c.M.Prefs.SortDesc)).Systems
}

// FacetLabel names a facet as the paper does.
func (c *ScoreTable) FacetLabel(f report.Group) string { return f.Label() }

// FacetTitle is a column group's tooltip: for CaRB and its Δ, the gold it
// was computed on and on how many of the table's sentences ("CaRB on
// BenchIE's 291 sentences"), since a CaRB gold may cover only part of them.
func (c *ScoreTable) FacetTitle(f report.Group) string {
	r := c.M.Eval.Report
	if !f.IsCaRBBeside() || r.CaRBGold == nil {
		return f.Label()
	}
	of := "BenchIE's"
	if c.M.Source == CustomSource {
		of = baseName(r.Gold.Path) + "'s"
	}
	shared := r.CaRBGold.Sentences // the CaRB gold's; fewer when the golds differ
	for _, s := range r.Systems {
		if s.CaRB != nil && s.CaRB.Delta != nil && s.CaRB.Delta.Sentences > 0 {
			shared = s.CaRB.Delta.Sentences
			break
		}
	}
	t := fmt.Sprintf("CaRB on %s %s, against CaRB's gold %s (%s)", of, Count(shared, "sentence"),
		baseName(r.CaRBGold.Path), Count(r.CaRBGold.Extractions, "tuple"))
	if f == report.GroupCaRBDelta {
		t = "Δ = CaRB − BenchIE per metric, with " + t
	}
	return t
}

// shortLabel is a metric's column heading.
func shortLabel(m report.Metric) string { return m.Short() }

// longLabel names a metric in words, for screen readers and tooltips.
func longLabel(m report.Metric) string { return m.Facet.Label() + " " + metricWords[m.Name] }

// metricWords names the metrics in words (made once: longLabel is asked
// for twice per heading).
var metricWords = map[string]string{
	"precision": "precision", "recall": "recall", "f1": "F1",
	"auc": "AUC (area under the precision-recall curve)", "tp": "true positives (synsets covered)", "fp": "false positives (incorrect extractions)", "fn": "false negatives (synsets missed)",
}

// noResult tells a precision over no counted extraction: CaRB's, when
// none of the system's extractions was scored (all on sentences the CaRB
// gold lacks, say). Its value is a convention, not a result: the cell shows
// "–" and is never the best of its column.
func noResult(s report.System, m report.Metric) bool {
	return m.Facet == report.GroupCaRB && m.Name == "precision" && s.CaRB != nil && s.CaRB.PrecDen == 0
}

// Text is a cell's text. (Text and Full are asked for apart: each writes
// only its own, full precision being the dearer to write.)
func (c *ScoreTable) Text(s report.System, m report.Metric) string {
	v, ok := m.Value(s)
	switch {
	case !ok || noResult(s, m):
		return "–"
	case m.IsCount():
		return strconv.Itoa(int(v))
	case m.IsDelta():
		return signed(v)
	}
	return decimals(v, 3)
}

// Full is a cell's value at full precision (the data-value attribute), ""
// where Text shows "–".
func (c *ScoreTable) Full(s report.System, m report.Metric) string {
	v, ok := m.Value(s)
	switch {
	case !ok || noResult(s, m):
		return ""
	case m.IsCount():
		return strconv.Itoa(int(v))
	}
	return Exact(v)
}

// Tooltip gives the counts behind a cell, and its interval when computed.
func (c *ScoreTable) Tooltip(s report.System, m report.Metric) string {
	facet := m.Facet
	if facet.IsCaRBBeside() {
		return carbTooltip(s, facet)
	}
	if facet.IsFL() {
		return flTooltip(s, facet)
	}
	sc := s.BenchIE.Facet(string(facet))
	if sc == nil {
		return ""
	}
	t := fmt.Sprintf("%s · TP %d · FP %d · FN %d · duplicates %d", facet.Label(), sc.TP, sc.FP, sc.FN, sc.Duplicates)
	if sc.Other != nil {
		t += fmt.Sprintf(" · under the %s mode: P %.4f R %.4f F1 %.4f", sc.Other.Mode, sc.Other.Precision, sc.Other.Recall, sc.Other.F1)
	}
	if ci, ok := c.M.Interval(s.Name, m); ok {
		t += fmt.Sprintf(" · 95%% interval of %s %.3f–%.3f", shortLabel(m), ci[0], ci[1])
	}
	return t
}

// IsBest reports whether the cell holds the best value of its column
// (highest; lowest for FP and FN), shown in bold.
func (c *ScoreTable) IsBest(s report.System, m report.Metric) bool {
	v, ok := m.Value(s)
	if !ok || noResult(s, m) || len(c.M.Eval.Report.Systems) < 2 || m.IsDelta() { // a larger Δ is no better
		return false
	}
	lower := m.Name == "fp" || m.Name == "fn"
	for _, o := range c.M.Eval.Report.Systems {
		if w, ok := m.Value(o); ok && !noResult(o, m) && ((!lower && w > v) || (lower && w < v)) {
			return false
		}
	}
	return true
}

// CellClass styles a cell.
func (c *ScoreTable) CellClass(s report.System, m report.Metric) string {
	cls := "num"
	if m.Name == "precision" {
		cls += " group-start"
	}
	if c.IsBest(s, m) {
		cls += " best"
	}
	return cls
}

// HeadClass styles a metric heading.
func (c *ScoreTable) HeadClass(m report.Metric) string {
	if m.Name == "precision" {
		return "num group-start"
	}
	return "num"
}

// SortBy sorts by a column: scores high-first at the first click, names
// A-first; the second click reverses, the third restores the file order.
func (c *ScoreTable) SortBy(facet report.Group, metric string) {
	key := report.SortKey{Facet: facet, Metric: metric}
	firstDesc := facet != ""
	p := &c.M.Prefs
	switch {
	case p.Sort != key:
		p.Sort, p.SortDesc = key, firstDesc
	case p.SortDesc == firstDesc:
		p.SortDesc = !firstDesc
	default:
		p.Sort, p.SortDesc = report.SortKey{}, false
	}
	c.M.App.SavePrefs()
}

// AriaSort tells screen readers how a column is sorted.
func (c *ScoreTable) AriaSort(facet report.Group, metric string) string {
	if c.M.Prefs.Sort != (report.SortKey{Facet: facet, Metric: metric}) {
		return "none"
	}
	if c.M.Prefs.SortDesc {
		return "descending"
	}
	return "ascending"
}

// SortMark is the arrow beside a sorted column's heading.
func (c *ScoreTable) SortMark(facet report.Group, metric string) string {
	switch c.AriaSort(facet, metric) {
	case "descending":
		return "▼"
	case "ascending":
		return "▲"
	}
	return ""
}

// NameKey is the sort key of the system column.
func (c *ScoreTable) NameKey() string { return report.ByName.Metric }

// ToggleCounts shows or hides the TP, FP and FN columns.
func (c *ScoreTable) ToggleCounts() {
	c.M.Prefs.ShowCounts = !c.M.Prefs.ShowCounts
	c.M.App.SavePrefs()
}

// IsUser reports whether a system comes from the user's files.
func (c *ScoreTable) IsUser(s report.System) bool {
	for _, f := range c.M.Files {
		if f.Role == RoleSystem && f.System == s.Name {
			return true
		}
	}
	return false
}

// FileName is the base name of a system's file.
func (c *ScoreTable) FileName(s report.System) string {
	p := s.Path
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return p
}

// RowClass marks the rows of the files added last.
func (c *ScoreTable) RowClass(s report.System) string {
	if slices.Contains(c.M.NewRows, s.Name) {
		return "new-row"
	}
	return ""
}
