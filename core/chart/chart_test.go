package chart

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/report"
)

// element is one SVG element as parsed back.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

// parse reads an SVG document with encoding/xml, failing on anything that
// is not well-formed XML, and returns its elements in document order.
func parse(t *testing.T, svg string) []element {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	d.Strict = true
	var out []element
	var stack []int
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			e := element{name: x.Name.Local, attrs: map[string]string{}}
			for _, a := range x.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
			stack = append(stack, len(out)-1)
		case xml.CharData:
			if len(stack) > 0 {
				out[stack[len(stack)-1]].text += string(x)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(out) == 0 || out[0].name != "svg" || out[0].attrs["xmlns"] != "" && !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Fatalf("not an SVG document:\n%s", svg)
	}
	return out
}

// marks returns the data-value of every mark, by system and key.
func marks(els []element) map[[2]string]string {
	out := map[[2]string]string{}
	for _, e := range els {
		if v, ok := e.attrs["data-value"]; ok && e.attrs["data-system"] != "" {
			out[[2]string{e.attrs["data-system"], e.attrs["data-key"]}] = v
		}
	}
	return out
}

func intp(n int) *int { return &n }

// sample is a small report with every kind of number the charts draw, and a
// system name that needs escaping.
func sample() *report.Report {
	an := func(inc int, slots report.SlotErrors, b report.ErrorBuckets, total int, f1s [3]float64, pr *report.PRCurve) *report.Analysis {
		bucket := func(label string, f1 float64, n int) report.SentenceBucket {
			return report.SentenceBucket{Bucket: label, Sentences: n, F1: f1, Precision: f1, Recall: f1}
		}
		return &report.Analysis{
			Facet: "regular", Incorrect: inc, SlotErrors: slots, ErrorBuckets: b, BucketTotal: total,
			SentenceBuckets: report.SentenceBuckets{
				Length:       []report.SentenceBucket{bucket("<=20", f1s[0], 10), bucket("21-30", f1s[1], 5), {Bucket: ">30", Min: 31}},
				Conjunctions: []report.SentenceBucket{bucket("0", f1s[2], 8), bucket(">=1", f1s[1], 7)},
				CaseMarkers:  []report.SentenceBucket{{Bucket: "<=1", Max: intp(1)}, bucket("2", f1s[0], 15)},
				Markers:      "en-pos-rules-v1 (approximation; tags: test)", Approximate: true, Untagged: 3,
			},
			PRCurve: pr,
		}
	}
	return &report.Report{
		Gold:    report.Gold{Path: "data/gold.txt", SHA256: "a5107265bd81e53e87952e3202ca366fe43b7f0f8ec8de4f8e047f7bf44bd916"},
		Options: report.Options{Facets: []string{"regular", "concat"}},
		Systems: []report.System{
			{Name: "A&B <sys>", BenchIE: &report.BenchIE{
				Regular: &report.Score{Precision: 0.5, Recall: 0.25, F1: 1.0 / 3},
				Concat:  &report.Score{Precision: 0.6, Recall: 0.3, F1: 0.4}},
				Analysis: an(4, report.SlotErrors{Subject: 1, Relation: 2, Object: 3},
					report.ErrorBuckets{B000: 1, B110: 2, B011: 2}, 5, [3]float64{0.4, 0.3, 0.2},
					&report.PRCurve{AUC: 0.21, Points: []report.PRPoint{{Threshold: 0.9, Precision: 0.8, Recall: 0.1}, {Threshold: 0.5, Precision: 0.5, Recall: 0.25}}}),
				CaRB: &report.CaRB{AUC: 0.3, PRPoints: [][3]float64{{0.2, 0.9, 0.9}, {0.4, 0.6, 0.5}}}},
			{Name: "Second", BenchIE: &report.BenchIE{
				Regular: &report.Score{Precision: 0.2, Recall: 0.1, F1: 0.2 / 1.5}},
				Analysis: an(0, report.SlotErrors{}, report.ErrorBuckets{}, 0, [3]float64{0.1, 0, 0.05}, nil)},
		},
	}
}

func TestFiguresWellFormedWithTheReportsNumbers(t *testing.T) {
	r := sample()
	figs := Figures(r)
	var keys []string
	for _, f := range figs {
		keys = append(keys, f.Key)
	}
	if got := strings.Join(keys, " "); got != "slot-errors error-buckets sentence-buckets profile pr-curves" {
		t.Fatalf("figures %q", got)
	}
	for _, f := range figs {
		els := parse(t, f.SVG)
		if els[0].attrs["data-chart"] != f.Key || els[0].attrs["role"] != "img" {
			t.Errorf("%s: root attributes %v", f.Key, els[0].attrs)
		}
		if els[1].name != "title" || els[1].text != f.Title || els[2].name != "desc" || els[2].text != f.Caption {
			t.Errorf("%s: title/desc %q %q", f.Key, els[1].text, els[2].text)
		}
		// A white background, so that a PNG of it is not transparent.
		if els[3].name != "rect" || els[3].attrs["fill"] != paper {
			t.Errorf("%s: no background first", f.Key)
		}
		if !strings.Contains(f.SVG, "A&amp;B &lt;sys&gt;") {
			t.Errorf("%s: the system name is not escaped", f.Key)
		}
	}
	a := r.Systems[0].Analysis
	want := map[string]map[[2]string]string{
		"slot-errors": {
			{"A&B <sys>", "subject"}: full(0.25), {"A&B <sys>", "relation"}: full(0.5), {"A&B <sys>", "object"}: full(0.75),
			{"Second", "subject"}: "0",
		},
		"error-buckets": {
			{"A&B <sys>", "000"}: full(0.2), {"A&B <sys>", "110"}: full(0.4), {"A&B <sys>", "011"}: full(0.4), {"A&B <sys>", "101"}: "0",
		},
		"sentence-buckets": {
			{"A&B <sys>", "length:<=20"}: full(0.4), {"A&B <sys>", "conjunctions:0"}: full(0.2), {"Second", "case_markers:2"}: full(0.1),
		},
		"profile": {
			{"A&B <sys>", "regular:f1"}: full(1.0 / 3), {"A&B <sys>", "concat:precision"}: full(0.6), {"Second", "regular:recall"}: full(0.1),
		},
		"pr-curves": {{"A&B <sys>", "benchie"}: full(a.PRCurve.AUC), {"A&B <sys>", "carb"}: full(0.3)},
	}
	for _, f := range figs {
		got := marks(parse(t, f.SVG))
		for k, v := range want[f.Key] {
			if got[k] != v {
				t.Errorf("%s %v: data-value %q, want %q", f.Key, k, got[k], v)
			}
		}
	}
	// Every bucket of every system is drawn: 7 per system in Fig. 2.
	n := 0
	for k := range marks(parse(t, figs[1].SVG)) {
		if len(k[1]) == 3 {
			n++
		}
	}
	if n != 14 {
		t.Errorf("Fig. 2 has %d bucket marks, want 14", n)
	}
	// An empty bucket has no number; Fig. 3 says the markers are approximate.
	if _, ok := marks(parse(t, figs[2].SVG))[[2]string{"A&B <sys>", "length:>30"}]; ok {
		t.Error("an empty bucket carries a value")
	}
	if !strings.Contains(figs[2].SVG, "Conjunctions ≈") || !strings.Contains(figs[2].Caption, "approximations") || !strings.Contains(figs[2].Caption, "3 sentences without tags") {
		t.Errorf("Fig. 3 does not say what is approximate: %s", figs[2].Caption)
	}
	// Only the system with confidences has curves.
	if strings.Contains(figs[4].SVG, `data-system="Second"`) {
		t.Error("a system without confidences has a PR curve")
	}
}

func TestDeterministic(t *testing.T) {
	a, b := Figures(sample()), Figures(sample())
	for i := range a {
		if a[i].SVG != b[i].SVG {
			t.Errorf("%s differs between two renderings", a[i].Key)
		}
	}
}

// The page's paced drawing draws the same figures and pauses after each
// of the five, drawn or not.
func TestFiguresPaced(t *testing.T) {
	pauses := 0
	a, b := Figures(sample()), FiguresPaced(sample(), func() { pauses++ })
	if !reflect.DeepEqual(a, b) || len(a) == 0 {
		t.Errorf("paced: %d figures, unpaced %d, or different", len(b), len(a))
	}
	if pauses != 5 {
		t.Errorf("%d pauses, want 5 (one per chart)", pauses)
	}
}

// Without analyses only the profile can be drawn; without confidences there
// is no PR chart; without BenchIE scores nothing.
func TestWhatIsDrawn(t *testing.T) {
	r := sample()
	for i := range r.Systems {
		r.Systems[i].Analysis = nil
		r.Systems[i].CaRB = nil
	}
	figs := Figures(r)
	if len(figs) != 1 || figs[0].Key != "profile" {
		t.Errorf("without analyses: %d figures", len(figs))
	}
	if _, ok := PRCurves(&report.Report{Systems: []report.System{{Name: "x", CaRB: &report.CaRB{PRPoints: [][3]float64{{0.5, 0.5, 1}}}}}}); ok {
		t.Error("a single confidence gave a PR curve")
	}
	if figs := Figures(&report.Report{}); len(figs) != 0 {
		t.Errorf("an empty report gave %d figures", len(figs))
	}
}

func TestColours(t *testing.T) {
	// Labels on dark fills are white, on light fills dark.
	for fill, want := range map[string]string{Blue: paper, Black: paper, Vermillion: ink, Yellow: ink, SkyBlue: ink, Orange: ink, "#f3f7fa": ink} {
		if got := contrastText(fill); got != want {
			t.Errorf("text on %s: %s, want %s", fill, got, want)
		}
	}
	if got := mix("#000000", "#ffffff", 0.5); got != "#808080" {
		t.Errorf("mix = %s", got)
	}
	for key, want := range map[string]string{"110": "object wrong", "000": "all three wrong", "001": "subject, relation wrong"} {
		if got := BucketLabel(key); got != want {
			t.Errorf("BucketLabel(%s) = %q, want %q", key, got, want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1.006: "1.01", -0.001: "0", 12.5: "12.5", 3: "3"} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
	if percent(0.4946) != "49%" || score(0.3389) != "0.34" {
		t.Error("labels")
	}
}

// When OIEBENCH_CHARTS names a folder, the sample charts are written there
// to look at.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("OIEBENCH_CHARTS")
	if dir == "" {
		return
	}
	for _, f := range Figures(sample()) {
		if err := os.WriteFile(filepath.Join(dir, "sample-"+f.Key+".svg"), []byte(f.SVG), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
