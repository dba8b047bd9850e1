//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// The BenchIE^FL gold is one click away: BenchIE^FL's published numbers
// beside BenchIE's, their difference, and in the explorer each
// extraction's FL synset and route beside BenchIE's verdict.
func TestFLDataset(t *testing.T) {
	var exp struct {
		Benchie300 map[string][3]float64 `json:"benchie300"`
	}
	if err := dataset.Expected("benchie_fl", &exp); err != nil {
		t.Fatal(err)
	}
	p := newPage(t)
	p.open("")
	switchSource(p, "fl-en")
	p.waitFor("BenchIE^FL columns", `document.querySelector('#scores td[data-facet="benchie-fl"]') !== null`)
	got := cells(p)
	d, _ := benchmarks.DatasetByKey("fl-en")
	if len(got) != len(d.Systems) {
		t.Errorf("%d systems in the table, want %d", len(got), len(d.Systems))
	}
	for _, s := range d.Systems {
		want := exp.Benchie300[s.ID()]
		for k, metric := range []string{"precision", "recall", "f1"} {
			var v, reg, delta float64
			fmt.Sscan(got[s.Label]["benchie-fl"][metric], &v)
			fmt.Sscan(got[s.Label]["regular"][metric], &reg)
			fmt.Sscan(got[s.Label]["benchie-fl-delta"][metric], &delta)
			if math.Abs(v-want[k]) > 1e-12 || math.Abs(delta-(v-reg)) > 1e-12 {
				t.Errorf("%s %s: FL %v (want %v), BenchIE %v, delta %v", s.Label, metric, v, want[k], reg, delta)
			}
		}
	}
	tip := eval[string](p, `document.querySelector('#scores td[data-system="ClausIE"][data-facet="benchie-fl"][data-metric="f1"]').title`)
	if !strings.Contains(tip, "corrected mode: P 0.1478") || !strings.Contains(tip, "moved by last-character, phantom-synsets") {
		t.Errorf("ClausIE's FL tooltip %q", tip)
	}
	p.screenshot("scores-fl")
	t.Logf("%s", eval[string](p, `[...document.querySelectorAll('footer, .footer, p')].map(e => e.textContent).find(t => t.includes('Last scoring took')) || ''`))

	// Under the table, the matchers' agreement with people, as oiebench judge computes it.
	p.waitFor("the agreement with people", `document.querySelector('#judge-scores, #judge-problem') !== null`)
	if msg := eval[string](p, `(document.querySelector('#judge-problem') || {}).textContent || ''`); msg != "" {
		t.Fatal(msg)
	}
	matches, gold50, _ := d.Judgements()
	rows, err := benchiefl.ReadMatches(matches, readCatalogue(t, matches))
	if err != nil {
		t.Fatal(err)
	}
	g50, err := evaluate.ReadGold(evaluate.Input{Path: gold50, Data: readCatalogue(t, gold50)}, false)
	if err != nil {
		t.Fatal(err)
	}
	fl50, err := benchiefl.ReadGold(gold50, readCatalogue(t, gold50), benchiefl.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ags, err := benchiefl.Judge(fl50, g50.Gold, rows)
	if err != nil {
		t.Fatal(err)
	}
	shown := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#judge-scores tbody tr')].map(r => [r.dataset.matcher, r.querySelector('td[data-metric="agreement"]').dataset.value]))`)
	for _, a := range ags {
		if a.System != "" {
			continue
		}
		var v float64
		fmt.Sscan(shown[a.Matcher], &v)
		if v != a.Agreement {
			t.Errorf("%s: agreement %q on the page, %v by the core", a.Matcher, shown[a.Matcher], a.Agreement)
		}
	}
	p.do(chromedp.Click(chromedp.CSS("#judge-per-system")))
	p.waitFor("a row per system", `document.querySelectorAll('#judge-scores tbody tr').length === 24`)

	// Sentence 1 in the explorer: ReVerb's first extraction is FL's synset 2, exactly.
	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer", `document.querySelector('#sentence-list') !== null`)
	choose(p, "#explore-system", "ReVerb")
	p.do(chromedp.SendKeys(chromedp.CSS("#explore-search"), "#1"))
	p.waitFor("sentence 1 alone", `document.querySelectorAll('#sentence-list li').length === 1 && document.querySelector('.detail').dataset.sentence === '1'`)
	verdicts := eval[[]string](p, `[...document.querySelectorAll('.detail .system-block[data-system="ReVerb"] .extraction')].map(e => (e.querySelector('.verdict.fl') || {}).textContent || 'none')`)
	if len(verdicts) == 0 || verdicts[0] != "FL ✓ synset 2 by exact" {
		t.Errorf("ReVerb's FL verdicts in sentence 1: %q", verdicts)
	}
	for _, v := range verdicts {
		if v == "none" {
			t.Errorf("an extraction without FL verdict: %q", verdicts)
		}
	}
	p.screenshotView("explorer-fl")

	// The switch scores any gold with BenchIE^FL too: BenchIE English here.
	p.do(chromedp.Click(chromedp.CSS("#tab-scores")))
	switchSource(p, "en")
	if eval[bool](p, `document.querySelector('#scores td[data-facet="benchie-fl"]') !== null`) {
		t.Error("BenchIE^FL columns on BenchIE English before the switch")
	}
	p.do(chromedp.Click(chromedp.CSS("#benchie-fl")))
	p.waitFor("BenchIE^FL on BenchIE English", `document.querySelector('#scores td[data-system="ClausIE"][data-facet="benchie-fl"]') !== null && document.querySelector('#signature').textContent.includes('fl-mode:reference')`)
}

// oiebench.score takes scorers and flMode, and answers the command line's JSON.
func TestFLJavaScriptAPI(t *testing.T) {
	p := newPage(t)
	p.open("")
	d, _ := benchmarks.DatasetByKey("fl-en")
	gold, sys := readCatalogue(t, d.Gold), readCatalogue(t, d.Systems[0].File)
	args, _ := json.Marshal(map[string]any{"gold": string(gold), "systems": map[string]string{"clausie": string(sys)},
		"scorers": []string{"benchie-fl"}, "flMode": "corrected"})
	sameAsCommandLine(t, p, args, evaluate.Request{
		Gold:    evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "clausie", Path: "systems/clausie", Data: sys}},
		FL:      true,
		Options: evaluate.Options{FLCorrected: true, FLOnly: true},
	})
	msg := eval[string](p, `oiebench.score({gold: "sent_id:1\tx\n", systems: {s: "1\ta\tb\tc\n"}, flMode: "lenient"}).then(() => 'resolved', e => e.message)`)
	if !strings.Contains(msg, `fl_mode: unknown mode "lenient"`) {
		t.Errorf("a bad flMode gave %q", msg)
	}
}
