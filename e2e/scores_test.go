//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// expected is testdata/expected/benchie.json: the official script's numbers.
type expected struct {
	Stats map[string]struct{ Sentences, Synsets, Extractions int } `json:"stats"`
	EN    map[string]expectedSystem                                `json:"en"`
	DE    map[string]expectedSystem                                `json:"de"`
	ZH    map[string]expectedSystem                                `json:"zh"`
}

type expectedSystem struct {
	File   string                        `json:"file"`
	Facets map[string]map[string]float64 `json:"-"`
}

func (e *expectedSystem) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	e.Facets = map[string]map[string]float64{}
	for k, v := range raw {
		if k == "file" {
			json.Unmarshal(v, &e.File)
			continue
		}
		var m map[string]float64
		if err := json.Unmarshal(v, &m); err != nil {
			return err
		}
		e.Facets[k] = m
	}
	return nil
}

func loadExpected(t *testing.T) expected {
	t.Helper()
	var e expected
	if err := dataset.Expected("benchie", &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// paperName is the name the page shows for a bundled system file.
func paperName(t *testing.T, lang, file string) string {
	t.Helper()
	d, _ := benchmarks.DatasetByKey(lang)
	for _, s := range d.Systems {
		if s.File == "benchie/"+file {
			return s.Label
		}
	}
	t.Fatalf("%s: no bundled system for %s", lang, file)
	return ""
}

// cells reads every score cell of the table: system -> facet -> metric -> value.
func cells(p *page) map[string]map[string]map[string]string {
	return tableOf(eval[[][4]string](p, tableJS))
}

// checkPublished compares the table with the official script's numbers.
func checkPublished(t *testing.T, p *page, lang string, want map[string]expectedSystem) {
	t.Helper()
	got := cells(p)
	if len(got) != len(want) {
		t.Errorf("%s: %d systems in the table, want %d", lang, len(got), len(want))
	}
	checked, total := 0, 0
	for _, es := range want {
		for _, metrics := range es.Facets {
			total += len(metrics)
		}
	}
	for _, es := range want {
		name := paperName(t, lang, es.File)
		for facet, metrics := range es.Facets {
			for metric, w := range metrics {
				s, ok := got[name][facet][metric]
				if !ok {
					t.Errorf("%s %s %s %s: no cell", lang, name, facet, metric)
					continue
				}
				var v float64
				if _, err := fmt.Sscan(s, &v); err != nil || math.Abs(v-w) > 1e-12 {
					t.Errorf("%s %s %s %s = %s, want %.17g", lang, name, facet, metric, s, w)
				}
				checked++
			}
		}
	}
	if checked != total || total == 0 {
		t.Errorf("%s: %d of %d published values checked", lang, checked, total)
	}
}

// switchSource clicks a gold of the switch and waits for its table.
func switchSource(p *page, key string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(`.sources button[data-source="` + key + `"]`)))
	p.waitFor(key+" table", `document.querySelector('.sources button[data-source="`+key+`"]').getAttribute('aria-pressed') === 'true' && document.querySelector('#app[data-ready="table"] #scores') !== null`)
}

// The first screen shows BenchIE English with every published number, the
// gold statistics, and German and Chinese one click away, in both modes.
func TestDefaultTableShowsPublishedNumbers(t *testing.T) {
	exp := loadExpected(t)
	p := newPage(t)
	p.open("")
	p.screenshot("scores-en")
	if got := eval[string](p, `document.querySelector('.sources button[aria-pressed="true"]').dataset.source`); got != "en" {
		t.Fatalf("the page opens on %q, want en", got)
	}
	for _, lang := range []string{"en", "de", "zh"} {
		want := map[string]map[string]expectedSystem{"en": exp.EN, "de": exp.DE, "zh": exp.ZH}[lang]
		if lang != "en" {
			switchSource(p, lang)
		}
		checkPublished(t, p, lang, want)
		// The statistics card shows the gold's size once counted.
		p.waitFor("gold statistics", `document.querySelector('[data-stat="Surface triples"]').textContent.trim() !== 'counting…'`)
		st := exp.Stats[lang]
		stats := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('[data-stat]')].map(d => [d.dataset.stat, d.textContent.replace(/\s/g, '')]))`)
		for label, n := range map[string]int{"Sentences": st.Sentences, "Fact synsets": st.Synsets, "Surface triples": st.Extractions} {
			if !strings.HasPrefix(stats[label], fmt.Sprint(n)) {
				t.Errorf("%s %s = %q, want %d", lang, label, stats[label], n)
			}
		}
	}
	// On ZH the paper's rule and the script credit one extraction differently
	// with the same totals: the page says so.
	if txt := eval[string](p, `(document.querySelector('#credits-notice') || {}).textContent || ''`); !strings.Contains(txt, "M2OIE") || !strings.Contains(txt, "totals agree") {
		t.Errorf("ZH: no notice that the modes credit differently; got %q", txt)
	}
	p.screenshot("scores-zh")

	// The reference-compatible mode reproduces the script: the same numbers here.
	p.do(chromedp.Click(chromedp.CSS("#reference-compat")))
	p.waitFor("reference mode", `document.querySelector('#signature').textContent.includes('mode:reference') && document.querySelector('#app[data-ready="table"]') !== null`)
	checkPublished(t, p, "zh", exp.ZH)
}

// window.oiebench.score gives the command line's JSON report.
func TestJavaScriptAPI(t *testing.T) {
	p := newPage(t)
	p.open("")
	gold := readData(t, "benchie_gold_annotations_de.txt")
	sys := readData(t, "systems/m2oie_de_explicit.txt")
	args, _ := json.Marshal(map[string]any{"gold": string(gold), "systems": map[string]string{"m2oie": string(sys)}, "facets": []string{"regular", "minimal"}, "referenceCompat": true})
	sameAsCommandLine(t, p, args, evaluate.Request{
		Gold:    evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "m2oie", Path: "systems/m2oie", Data: sys}},
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular, benchie.Minimal}, ReferenceCompat: true},
	})
	// A bad file rejects the promise with its position.
	msg := eval[string](p, `oiebench.score({gold: "sent_id:1\tx\n", systems: {s: "1\tonly\tthree\n"}}).then(() => 'resolved', e => e.message)`)
	if !strings.Contains(msg, "systems/s:1:") {
		t.Errorf("a malformed system gave %q, want an error at s:1:column", msg)
	}
}

// readData reads a file of the BenchIE release by its path there.
func readData(t *testing.T, name string) []byte { t.Helper(); return readCatalogue(t, "benchie/"+name) }

// writeTemp writes a file for the file picker.
func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := t.TempDir() + "/" + name
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readCatalogue reads a shipped file by its catalogue path (core/benchmarks).
func readCatalogue(t *testing.T, path string) []byte {
	t.Helper()
	b, err := dataset.ReadData(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameAsCommandLine calls window.oiebench.score with args (JSON) and checks
// that it answers the JSON report the command line writes for req.
func sameAsCommandLine(t *testing.T, p *page, args []byte, req evaluate.Request) {
	t.Helper()
	got := eval[json.RawMessage](p, `oiebenchReady.then(api => api.score(`+string(args)+`))`)
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ev.Report.Render("json")
	var g, w any
	json.Unmarshal(got, &g)
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("oiebench.score differs from the command line's JSON:\n%.600s\nwant\n%.600s", got, want)
	}
}
