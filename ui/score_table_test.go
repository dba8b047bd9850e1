package ui

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// The score table builds again only when what it shows changed: a render
// for anything else returns its last output (the renderer then skips its
// nodes), and each change of a score, the sort, the facets, the counts,
// the intervals, the user's rows or the new rows is shown.
func TestScoreTableKeepsItsOutput(t *testing.T) {
	m, _ := model(t, "en")
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	tab := &ScoreTable{M: m}
	build := func() (*vugu.BuildOut, string) {
		br := env.RunBuild(tab)
		var buf bytes.Buffer
		if err := staticrender.New(&buf).Render(br); err != nil {
			t.Fatal(err)
		}
		return br.Out, buf.String()
	}
	out, _ := build()
	// What the table does not show.
	m.Progress = &Progress{Label: "Counting the gold statistics", Background: true}
	m.Notice, m.Prefs.View, m.Prefs.Sentence = "a notice", ViewSentences, "34"
	m.NewRows = nil
	if again, _ := build(); again != out {
		t.Error("a table showing the same was built again")
	}
	firstRow := func(html string) string {
		_, after, _ := strings.Cut(html, ` data-row="`)
		name, _, _ := strings.Cut(after, `"`)
		return name
	}
	cp := *m.Eval
	cp.Report.Systems = slices.Clone(m.Eval.Report.Systems[:3])
	for _, c := range []struct {
		name   string
		change func()
		shown  func(html string) bool
	}{
		{"sorted by BenchIE-M F1", func() { tab.SortBy("minimal", "f1") }, func(h string) bool { return firstRow(h) == "MinIE" }},
		{"the counts shown", tab.ToggleCounts, func(h string) bool { return strings.Contains(h, `data-metric="tp"`) }},
		{"intervals computed", func() {
			m.Prefs.Analysis.ShowIntervals = true
			m.Analyses.Intervals = map[string]map[string]report.Intervals{"MinIE": {"minimal": {F1: [2]float64{0.25, 0.5}}}}
		}, func(h string) bool { return strings.Contains(h, `<span class="ci">.25–.50</span>`) }},
		{"other intervals", func() {
			m.Analyses.Intervals = map[string]map[string]report.Intervals{"MinIE": {"minimal": {F1: [2]float64{0.3, 0.7}}}}
		}, func(h string) bool { return strings.Contains(h, `<span class="ci">.30–.70</span>`) }},
		{"a new row", func() { m.NewRows = []string{"MinIE"} }, func(h string) bool { return strings.Contains(h, `class="new-row" data-row="MinIE"`) }},
		{"a user's file", func() { m.Files = []FileEntry{{Role: RoleSystem, System: "MinIE"}} }, func(h string) bool { return strings.Contains(h, `class="badge">yours`) }},
		{"a new evaluation (three systems)", func() { m.SetEvaluation(&cp) }, func(h string) bool { return strings.Count(h, " data-row=") == 3 }},
		{"a score changed in place", func() {
			s := &cp.Report.Systems[0]
			s.CaRB = &report.CaRB{Precision: 0.5, PrecNum: 1, PrecDen: 2}
		}, nil},
	} {
		c.change()
		next, html := build()
		if next == out {
			t.Errorf("%s: the table kept its last output", c.name)
		} else if c.shown != nil && !c.shown(html) {
			t.Errorf("%s: not shown", c.name)
		}
		out = next
	}
}

// The page's takeover builds the score table in a turn of its own, then
// the Scores view around it (wasm/app, main_js.go), so that neither is a
// long task: the model keeps the table's output, the view's build returns
// that very output and builds no cell, and the two turns together cost
// what one build did (allocations, which do not vary between runs; the
// figures are logged: go test -run TestScoreTableBuiltAhead -v ./ui).
func TestScoreTableBuiltAhead(t *testing.T) {
	m, _ := model(t, "en")
	m.Prefs.View = ViewScores
	build := func(b vugu.Builder) *vugu.BuildResults {
		env, err := vugu.NewBuildEnv()
		if err != nil {
			t.Fatal(err)
		}
		return env.RunBuild(b)
	}
	oneTurn := testing.AllocsPerRun(3, func() {
		m.scoreTable = builtTable{}
		build(&Root{M: m})
	})
	var table *vugu.BuildOut
	tableTurn := testing.AllocsPerRun(3, func() {
		m.scoreTable = builtTable{}
		table = build(&ScoreTable{M: m}).Out
	})
	pageTurn := testing.AllocsPerRun(3, func() { build(&Root{M: m}) })
	t.Logf("the Scores view's first build: %.0f allocations in one turn; %.0f (the table) + %.0f (the page) in two", oneTurn, tableTurn, pageTurn)
	if m.scoreTable.out != table {
		t.Error("the page's build built the table again")
	}
	if tableTurn+pageTurn > 1.05*oneTurn {
		t.Errorf("the two turns cost %.0f allocations, one build %.0f", tableTurn+pageTurn, oneTurn)
	}
	if most := max(tableTurn, pageTurn); most > 0.75*oneTurn {
		t.Errorf("the longer turn costs %.0f allocations of the one build's %.0f, want at most three quarters", most, oneTurn)
	}
	// In the page both turns share the build environment: the table built
	// ahead leaves it after the page's build, its output stays; another
	// view drops it.
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	m.scoreTable = builtTable{}
	env.RunBuild(&ScoreTable{M: m})
	table = m.scoreTable.out
	env.RunBuild(&Root{M: m})
	if m.scoreTable.out != table {
		t.Error("the table built ahead was built again or dropped by the page's build")
	}
	m.Prefs.View = ViewSentences
	env.RunBuild(&Root{M: m})
	if m.scoreTable.out != nil {
		t.Error("the Sentences view keeps the score table's output")
	}
}
