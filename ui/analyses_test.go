package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
)

// withCaRB adds CaRB against the bundled CaRB gold, as the page does.
func withCaRB(t *testing.T, m *Model) {
	t.Helper()
	b, err := dataset.ReadFile("carb_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	cg, err := evaluate.ReadCaRBGold(evaluate.Input{Path: "carb_explicit.txt", Data: b})
	if err != nil {
		t.Fatal(err)
	}
	m.SetEvaluation(m.Eval.WithCaRB(cg, nil))
}

// CaRB and Δ are column groups of the score table, Δ signed and never
// "best"; intervals show under the BenchIE scores when asked for.
func TestScoreTableTokenLevel(t *testing.T) {
	m, _ := model(t, "en")
	withCaRB(t, m)
	html := render(t, &ScoreTable{M: m})
	cells := scoreCells(html)
	if want := len(m.Eval.Report.Systems) * (3*3 + 4 + 3); len(cells) != want {
		t.Fatalf("%d cells, want 9 systems × (3 facets × 3, CaRB with its AUC, Δ × 3)", len(cells))
	}
	// The screen's columns are the exports' (report.Metrics): with the
	// counts shown, the CSV's header.
	for _, counts := range []bool{false, true} {
		m.Prefs.ShowCounts = counts
		var screen []string
		for _, c := range scoreCells(render(t, &ScoreTable{M: m})) {
			if c[1] == "ClausIE" {
				screen = append(screen, c[2]+"_"+c[3])
			}
		}
		var export []string
		for _, m := range m.Eval.Report.Metrics(counts) {
			export = append(export, string(m.Facet)+"_"+m.Name)
		}
		csv, err := m.Eval.Report.Render("csv")
		if err != nil {
			t.Fatal(err)
		}
		if header := strings.Split(string(csv), "\n")[1]; counts && !strings.HasSuffix(header, ","+strings.Join(export, ",")) {
			t.Errorf("the CSV's header %q lacks %q", header, export)
		}
		if strings.Join(screen, " ") != strings.Join(export, " ") {
			t.Errorf("counts %v: the screen's columns %q, the report's %q", counts, screen, export)
		}
	}
	m.Prefs.ShowCounts = false
	for _, c := range cells {
		if c[1] == "ClausIE" && c[2] == "carb-delta" && c[3] == "f1" && c[5] != "+0.217" {
			t.Errorf("ClausIE Δ F1 shows %q", c[5])
		}
	}
	for _, td := range regexp.MustCompile(`<td[^>]*>`).FindAllString(html, -1) {
		if strings.Contains(td, `data-facet="carb-delta"`) && strings.Contains(td, "best") {
			t.Errorf("a Δ cell is marked best: %s", td)
		}
	}
	if !strings.Contains(html, ">Δ CaRB−BenchIE<") {
		t.Error("no Δ heading")
	}
	m.Analyses.Intervals = map[string]map[string]report.Intervals{"ClausIE": {"regular": {F1: [2]float64{0.304, 0.3751}}}}
	if strings.Contains(render(t, &ScoreTable{M: m}), `class="ci"`) {
		t.Error("intervals shown before they are asked for")
	}
	(&ScoreTable{M: m}).ToggleIntervals()
	html = render(t, &ScoreTable{M: m})
	if !strings.Contains(html, `<span class="ci">.30–.38</span>`) || !strings.Contains(html, `data-ci95="0.304 0.3751"`) {
		t.Error("the interval is not under ClausIE's F1")
	}
	if notes := render(t, &TableNotes{M: m}); !strings.Contains(notes, "carb_explicit.txt") || !strings.Contains(notes, "bootstrap 95% interval") {
		t.Errorf("notes: %s", notes)
	}
}

// The WiRe57 table appears only with WiRe57 files; the paired test shows
// its verdict once computed; the charts wait for their analysis.
func TestAnalysisComponents(t *testing.T) {
	m, app := model(t, "en")
	if html := render(t, &Wire57Table{M: m}); strings.Contains(html, "wire57") {
		t.Errorf("a WiRe57 table without WiRe57 files: %s", html)
	}
	m.Analyses.WiRe57Note = "Add the WiRe57 gold"
	if html := render(t, &Wire57Table{M: m}); !strings.Contains(html, "not comparable") || !strings.Contains(html, "Add the WiRe57 gold") {
		t.Errorf("WiRe57 note: %s", html)
	}

	if html := render(t, &PairedTest{M: m}); !strings.Contains(html, "Testing whether") {
		t.Errorf("no waiting message: %s", html)
	}
	c := analysis.Compare(m.Eval, 0, 1, analysis.CompareOptions{Samples: 200, Seed: 1})
	m.Analyses.Tests = map[TestKey]*report.Comparison{{A: "ClausIE", B: "MinIE", Facet: benchie.Regular}: &c}
	if html := render(t, &PairedTest{M: m}); !strings.Contains(html, "ClausIE and MinIE do not differ significantly") {
		t.Errorf("verdict: %s", html)
	}

	if html := render(t, &ChartsView{M: m}); !strings.Contains(html, "Analysing") || strings.Contains(html, "<svg") {
		t.Errorf("charts before the analysis: %s", html)
	}
	cp := *m.Eval
	cp.Report.Systems = append([]report.System(nil), m.Eval.Report.Systems...)
	if err := analysis.Analyze(&cp, analysis.Options{Samples: -1}); err != nil {
		t.Fatal(err)
	}
	m.Analyses.Report, m.Analyses.Facet, m.Analyses.Figures = &cp.Report, benchie.Regular, chart.Figures(&cp.Report)
	html := render(t, &ChartsView{M: m})
	if n := strings.Count(html, `<figure class="chart"`); n != 4 || !strings.Contains(html, `id="no-pr-curve"`) {
		t.Errorf("%d charts", n)
	}
	(&ChartsView{M: m}).Export(m.Analyses.Figures[1], "png")
	if got := app.calls[len(app.calls)-1]; got != "export error-buckets.png" {
		t.Errorf("export asked %q", got)
	}
}
