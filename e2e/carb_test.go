//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// carbOwnCells reads the table of a CaRB gold of its own: system → facet →
// metric → data-value.
func carbOwnCells(p *page) map[string]map[string]map[string]string {
	return tableOf(eval[[][4]string](p, `Array.from(document.querySelectorAll('#carb-own-scores td[data-system]')).map(td => [td.dataset.system, td.dataset.facet, td.dataset.metric, td.dataset.value])`))
}

// checkCaRBOwn compares the page's own-gold table with the core's report.
func checkCaRBOwn(t *testing.T, p *page, want *report.Report) {
	t.Helper()
	got := carbOwnCells(p)
	if len(got) != len(want.Systems) {
		t.Errorf("%d systems in the CaRB table, want %d", len(got), len(want.Systems))
	}
	for _, s := range want.Systems {
		for _, m := range want.Metrics(false) {
			w, ok := m.Value(s)
			g := got[s.Name][string(m.Facet)][m.Name]
			if (ok && g != formatFull(w)) || (!ok && g != "–") {
				t.Errorf("%s %s %s = %q, the command line gives %v (ok %v)", s.Name, m.Facet, m.Name, g, w, ok)
			}
		}
	}
}

// The CaRB column says which gold it was computed on; a CaRB gold that
// shares no sentence with the gold on screen (LSOIE's case) is scored on its
// own, leaving the rows' CaRB columns alone; one that shares sentences asks
// first; CaRB's test set is scored with its published systems as the
// command line scores it.
func TestCaRBGoldOnItsOwn(t *testing.T) {
	p := newPage(t)
	p.open("")
	if title := eval[string](p, `document.querySelector('#scores th.group[colspan="4"]').title`); !strings.Contains(title, "CaRB on BenchIE's 291 sentences") {
		t.Errorf("the CaRB heading's tooltip is %q", title)
	}
	before := cells(p)

	gold := "Zebras graze on the wide savanna at dawn .\tgraze on\tZebras\tthe wide savanna\nThe old ferry crossed the river twice .\tcrossed\tThe old ferry\tthe river\n"
	system := "Zebras graze on the wide savanna at dawn .\t0.9\tgraze on\tZebras\tthe savanna\nThe old ferry crossed the river twice .\t0.6\tcrossed\tThe ferry\tthe river twice\n"
	pick(p, "#file-input", writeTemp(t, "own_carb_gold.tsv", []byte(gold)), writeTemp(t, "own_carb_system.txt", []byte(system)))
	p.waitFor("the CaRB table of its own", `document.querySelector('#carb-own-scores td[data-system="own_carb_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	want, err := evaluate.RunCaRBColumns(evaluate.Input{Path: "own_carb_gold.tsv", Data: []byte(gold)},
		[]evaluate.Input{{Name: "own_carb_system", Path: "own_carb_system.txt", Data: []byte(system)}}, oie.FormatAuto, evaluate.OpenIE6Columns())
	if err != nil {
		t.Fatal(err)
	}
	checkCaRBOwn(t, p, want)
	if after := cells(p); !equalCells(after["ClausIE"], before["ClausIE"]) || len(after) != len(before) {
		t.Errorf("a CaRB gold of its own changed the BenchIE table: ClausIE %v, was %v", after["ClausIE"], before["ClausIE"])
	}
	if role := eval[string](p, `document.querySelector('.files li[data-file="own_carb_gold.tsv"]').textContent`); !strings.Contains(role, "CaRB gold of its own") {
		t.Errorf("the gold is listed as %q", role)
	}
	p.screenshot("carb-own-gold")

	// CaRB's gold for BenchIE's sentences, dropped: the page asks first.
	pick(p, "#file-input", writeTemp(t, "carb_again.txt", readData(t, "carb_explicit.txt")))
	p.waitFor("the question", `document.querySelector('#carb-ask') !== null`)
	if q := eval[string](p, `document.querySelector('#carb-ask').textContent`); !strings.Contains(q, "291 sentences") || !strings.Contains(q, "every row") {
		t.Errorf("the question says %q", q)
	}
	p.do(chromedp.Click(chromedp.CSS(`#carb-ask-cancel`)))
	p.waitFor("the question gone", `document.querySelector('#carb-ask') === null`)
	if n := eval[int](p, `document.querySelectorAll('.files li[data-file="carb_again.txt"]').length`); n != 0 {
		t.Errorf("the cancelled CaRB gold was added")
	}

	// Dropped again and scored on its own: it replaces the gold of its own,
	// and the rows keep the published CaRB gold.
	pick(p, "#file-input", writeTemp(t, "carb_again.txt", readData(t, "carb_explicit.txt")))
	p.waitFor("the question", `document.querySelector('#carb-ask') !== null`)
	p.do(chromedp.Click(chromedp.CSS(`#carb-ask-own`)))
	p.waitFor("the gold of its own", `(document.querySelector('.files li[data-file="carb_again.txt"]') || {textContent: ''}).textContent.includes('CaRB gold of its own') && document.querySelector('#app[data-ready="table"]') !== null`)
	if after := cells(p); !equalCells(after["ClausIE"], before["ClausIE"]) {
		t.Errorf("a CaRB gold scored on its own changed the BenchIE table: ClausIE %v, was %v", after["ClausIE"], before["ClausIE"])
	}

	// CaRB's test set with its published systems (the user's gold of its
	// own is removed first: it would be scored instead).
	p.do(chromedp.Click(chromedp.CSS(`.files li[data-file="carb_again.txt"] button`)))
	p.do(chromedp.Click(chromedp.CSS(`.files li[data-file="own_carb_system.txt"] button`)))
	p.waitFor("the own files gone", `document.querySelector('#carb-test-score') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	p.do(chromedp.Click(chromedp.CSS(`#carb-test-score`)))
	p.waitFor("CaRB's test set scored", `document.querySelector('#carb-own-scores td[data-system="OpenIE 4"]') !== null`)
	var d benchmarks.Dataset
	for _, x := range benchmarks.CaRB {
		if x.Name == "carb:test" {
			d = x
		}
	}
	var systems []evaluate.Input
	for _, s := range d.Systems {
		systems = append(systems, evaluate.Input{Name: s.Label, Path: "carb:test/" + s.ID(), Data: readCatalogue(t, s.File)})
	}
	want, err = evaluate.RunCaRBColumns(evaluate.Input{Path: "carb:test", Data: readCatalogue(t, d.Gold)}, systems, oie.FormatAuto, evaluate.OpenIE6Columns())
	if err != nil {
		t.Fatal(err)
	}
	checkCaRBOwn(t, p, want)
	if got := carbOwnCells(p)["OpenIE 4"]["carb"]["f1"]; !strings.HasPrefix(got, "0.48818") {
		t.Errorf("OpenIE 4's CaRB(s,m) F1 on CaRB's test set is %s, CaRB published .488180", got)
	}
	p.screenshot("carb-test-set")
}
