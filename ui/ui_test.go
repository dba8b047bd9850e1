package ui

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
	"github.com/vugu/vugu/staticrender"
)

// fakeApp records what the components ask of the browser side.
type fakeApp struct {
	calls []string
	opts  Options
}

func (f *fakeApp) SwitchSource(key string)           { f.calls = append(f.calls, "source "+key) }
func (f *fakeApp) AddFiles(js.Value, bool)           { f.calls = append(f.calls, "add") }
func (f *fakeApp) Reread(id string, k evaluate.Kind) { f.calls = append(f.calls, "reread "+id) }
func (f *fakeApp) RemoveFile(id string)              { f.calls = append(f.calls, "remove "+id) }
func (f *fakeApp) SetOptions(o Options)              { f.opts = o; f.calls = append(f.calls, "options") }
func (f *fakeApp) SetReadAs(k evaluate.Kind)         { f.calls = append(f.calls, "read as "+string(k)) }
func (f *fakeApp) Complete()                         {}
func (f *fakeApp) SavePrefs()                        { f.calls = append(f.calls, "prefs") }
func (f *fakeApp) Download(name, mime, text string)  { f.calls = append(f.calls, "download "+name) }
func (f *fakeApp) Mark(string)                       {}
func (f *fakeApp) Focus(id string, _ bool)           { f.calls = append(f.calls, "focus "+id) }
func (f *fakeApp) ScrollIntoView(sel, b string)      { f.calls = append(f.calls, "scroll "+sel) }
func (f *fakeApp) Copy(text string)                  { f.calls = append(f.calls, "copy") }
func (f *fakeApp) RetryStored()                      { f.calls = append(f.calls, "retry") }
func (f *fakeApp) DiscardStored()                    { f.calls = append(f.calls, "discard") }
func (f *fakeApp) AnswerCaRBGold(a CaRBAnswer)       { f.calls = append(f.calls, "carb gold "+string(a)) }
func (f *fakeApp) ScoreCaRBTest()                    { f.calls = append(f.calls, "carb test") }
func (f *fakeApp) Later(fn func())                   { f.calls = append(f.calls, "later"); fn() }
func (f *fakeApp) MakeExercise(list, title string, show bool) {
	f.calls = append(f.calls, "exercise "+list)
}
func (f *fakeApp) ExportChart(c chart.Figure, format string) {
	f.calls = append(f.calls, "export "+c.Key+"."+format)
}

// model scores a bundled data set as the page does.
func model(t testing.TB, key string) (*Model, *fakeApp) {
	t.Helper()
	d, _ := benchmarks.DatasetByKey(key)
	read := func(name string) []byte {
		b, err := dataset.ReadData(name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	gold, err := evaluate.ReadGold(evaluate.Input{Path: d.Gold, Data: read(d.Gold)}, false)
	if err != nil {
		t.Fatal(err)
	}
	var systems []*evaluate.System
	for _, s := range d.Systems {
		sys, err := evaluate.ReadSystem(evaluate.Input{Name: s.Label, Path: s.File, Data: read(s.File)}, "")
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, sys)
	}
	app := &fakeApp{}
	m := &Model{App: app, Source: key, Options: Options{Facets: benchie.Facets}}
	for _, d := range benchmarks.BenchIE {
		m.Sources = append(m.Sources, Source{Key: d.Key, Label: d.Label})
	}
	m.SetEvaluation(evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{}))
	return m, app
}

// render builds and renders the page as static HTML.
func render(t *testing.T, root vugu.Builder) string {
	t.Helper()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := staticrender.New(&buf).Render(env.RunBuild(root)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// rendered is a component's case: what its HTML must hold and must not.
type rendered struct {
	name      string
	c         vugu.Builder
	want, not []string
}

// checkRendered renders each case's component and checks its HTML.
func checkRendered(t *testing.T, cases []rendered) {
	t.Helper()
	for _, tc := range cases {
		html := render(t, tc.c)
		for _, w := range tc.want {
			if !strings.Contains(html, w) {
				t.Errorf("%s: lacks %q in %s", tc.name, w, html)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(html, w) {
				t.Errorf("%s: has %q in %s", tc.name, w, html)
			}
		}
	}
}

var (
	cellPattern = regexp.MustCompile(`<td ([^>]*data-value[^>]*)>([^<]*)</td>`)
	attrPattern = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
)

// scoreCells lists the score cells: system, facet, metric, value, text.
func scoreCells(html string) [][6]string {
	var out [][6]string
	for _, m := range cellPattern.FindAllStringSubmatch(html, -1) {
		attrs := map[string]string{}
		for _, a := range attrPattern.FindAllStringSubmatch(m[1], -1) {
			attrs[a[1]] = a[2]
		}
		out = append(out, [6]string{"", attrs["data-system"], attrs["data-facet"], attrs["data-metric"], attrs["data-value"], m[2]})
	}
	return out
}

// Every score cell carries its system, facet, metric and the report's value
// at full precision; the text shows it rounded.
func TestScoreCells(t *testing.T) {
	m, _ := model(t, "en")
	html := render(t, &Root{M: m})
	got := scoreCells(html)
	if want := len(m.Eval.Report.Systems) * 3 * 3; len(got) != want {
		t.Fatalf("%d score cells, want %d", len(got), want)
	}
	bySystem := map[string]int{}
	for i, s := range m.Eval.Report.Systems {
		bySystem[s.Name] = i
	}
	for _, c := range got {
		s := m.Eval.Report.Systems[bySystem[c[1]]]
		sc := s.BenchIE.Facet(c[2])
		want := map[string]float64{"precision": sc.Precision, "recall": sc.Recall, "f1": sc.F1}[c[3]]
		if v, err := strconv.ParseFloat(c[4], 64); err != nil || v != want {
			t.Errorf("%s %s %s: data-value %s, report %.17g", c[1], c[2], c[3], c[4], want)
		}
		if c[5] != strconv.FormatFloat(want, 'f', 3, 64) {
			t.Errorf("%s %s %s shows %q", c[1], c[2], c[3], c[5])
		}
	}
	for _, want := range []string{m.Eval.Report.Signature, `data-ready="table"`, "ClausIE", "Gold statistics"} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The counts columns come with the toggle.
	(&ScoreTable{M: m}).ToggleCounts()
	if n := len(scoreCells(render(t, &Root{M: m}))); n != len(m.Eval.Report.Systems)*3*6 {
		t.Errorf("%d cells with counts shown, want P R F1 TP FP FN per facet", n)
	}
}

func TestSortCycle(t *testing.T) {
	m, app := model(t, "en")
	st := &ScoreTable{M: m}
	first := func() string { return st.Rows()[0].Name }
	if first() != "ClausIE" {
		t.Fatalf("file order starts with %s", first())
	}
	st.SortBy("minimal", "f1")
	if first() != "MinIE" || st.AriaSort("minimal", "f1") != "descending" {
		t.Errorf("BenchIE-M F1 high-first starts with %s", first())
	}
	st.SortBy("minimal", "f1")
	if st.AriaSort("minimal", "f1") != "ascending" || st.Rows()[len(st.Rows())-1].Name != "MinIE" {
		t.Error("the second click does not reverse")
	}
	st.SortBy("minimal", "f1")
	if first() != "ClausIE" || st.AriaSort("minimal", "f1") != "none" {
		t.Error("the third click does not restore the file order")
	}
	st.SortBy("", "name")
	if first() != "ClausIE" || st.Rows()[1].Name != "Graphene" {
		t.Errorf("by name: %s, %s", first(), st.Rows()[1].Name)
	}
	if len(app.calls) != 4 {
		t.Errorf("sorting saved the view %d times, want 4", len(app.calls))
	}
}

// The explorer marks optional units, the verdicts, and the differing tokens
// of the closest gold triple (sentence 2: ClausIE's "him there").
func TestSentenceDetailMarks(t *testing.T) {
	m, _ := model(t, "en")
	m.Prefs = Prefs{View: ViewSentences, System: "ClausIE", Query: "#2"}
	html := render(t, &Root{M: m})
	for _, want := range []string{
		`data-sentence="2"`,
		`class="tok extra" title="not in this gold form">there</span>`,
		`class="tok opt opt-start opt-end"`,
		`○ missed by ClausIE`,
		`✗ incorrect`,
		`aria-activedescendant="s-1"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("explorer lacks %s", want)
		}
	}
	// Compare view: both systems in columns.
	m.Prefs = Prefs{View: ViewCompare, CompareA: "MinIE", CompareB: "Stanford"}
	html = render(t, &Root{M: m})
	if !strings.Contains(html, `systems side-by-side`) || !strings.Contains(html, `data-system="Stanford"`) {
		t.Error("compare view does not set the two systems side by side")
	}
}

func TestProblemShowsLine(t *testing.T) {
	m, _ := model(t, "zh")
	data := []byte("1\ta\tb\tc\n2\tonly\tthree\n")
	_, err := evaluate.Load(evaluate.Input{Path: "bad.tsv", Data: data}, evaluate.KindAuto, false)
	ex, _ := explain.ExcerptAt(data, 2, 13)
	m.Problems = []Problem{{File: "bad.tsv", Message: err.Error(), Excerpt: &ex, Kept: "Nothing changed."}}
	html := render(t, &Root{M: m})
	for _, want := range []string{"bad.tsv was not added", "bad.tsv:2:13:", "2 only three\n            ^", "Nothing changed."} {
		if !strings.Contains(html, want) {
			t.Errorf("problem lacks %q", want)
		}
	}
}

func TestOptions(t *testing.T) {
	o := Options{Facets: []benchie.Facet{benchie.Minimal, benchie.Regular}}
	if v := o.Valid(); len(v.Facets) != 2 || v.Facets[0] != benchie.Regular {
		t.Errorf("Valid = %v, want canonical order", v.Facets)
	}
	if v := (Options{Facets: []benchie.Facet{"bogus"}}).Valid(); len(v.Facets) != 3 {
		t.Errorf("unknown facets: %v, want all three", v.Facets)
	}
	one := Options{Facets: []benchie.Facet{benchie.Concat}}
	if got := one.WithFacet(benchie.Concat, false); len(got.Facets) != 1 {
		t.Error("the last facet can be switched off")
	}
	if got := one.WithFacet(benchie.Regular, true); len(got.Facets) != 2 || got.Facets[0] != benchie.Regular {
		t.Errorf("WithFacet = %v", got.Facets)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 9999: "9999", 136357: "136\u202f357", 1234567: "1\u202f234\u202f567", -12345: "-12\u202f345"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// Sizes read in the unit that fits, up to gigabytes.
func TestSize(t *testing.T) {
	for n, want := range map[int]string{512: "512 bytes", 3 << 10: "3 kB", 77 << 20: "77.0 MB", 1 << 30: "1.0 GB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

// A CaRB precision over no scored extraction (a file whose only sentence
// the CaRB gold lacks) is no result: "–" with the reason, never bold.
func TestCaRBPrecisionOverNone(t *testing.T) {
	m, _ := model(t, "en")
	r := m.Eval.Report
	tab := &ScoreTable{M: m}
	p := report.Metric{Facet: "carb", Name: "precision"}
	a, b := r.Systems[0], r.Systems[1]
	a.CaRB = &report.CaRB{Precision: 1, PrecNum: 0, PrecDen: 0, PredictionsWithoutGold: 1}
	b.CaRB = &report.CaRB{Precision: 0.5, PrecNum: 1, PrecDen: 2}
	r.Systems[0], r.Systems[1] = a, b
	if text, full := tab.Text(a, p), tab.Full(a, p); text != "–" || full != "" {
		t.Errorf("precision over none shows %q (data-value %q), want –", text, full)
	}
	if tab.IsBest(a, p) {
		t.Error("precision over none is bold")
	}
	if !tab.IsBest(b, p) {
		t.Error("the only real CaRB precision is not the column's best")
	}
	if tip := tab.Tooltip(a, p); !strings.Contains(tip, "No CaRB precision") {
		t.Errorf("tooltip %q does not say why", tip)
	}
	if text := tab.Text(b, p); text != "0.500" {
		t.Errorf("a real precision shows %q", text)
	}
}
