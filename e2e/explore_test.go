//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
)

// choose sets a select to a value, as a user does.
func choose(p *page, sel, value string) {
	p.t.Helper()
	p.do(chromedp.Evaluate[chromedp.Void](`(s => { s.value = ` + strconv.Quote(value) + `; s.dispatchEvent(new Event('change', {bubbles: true})) })(document.querySelector('` + sel + `'))`))
}

// The explorer explains a known mismatch: in sentence 2, ClausIE's
// (Graner; left; him there) is incorrect, and its closest gold triple
// (Graner; left; him) differs by the extra word "there" in the object.
func TestExplorerHighlightsMismatch(t *testing.T) {
	p := newPage(t)
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer", `document.querySelector('#sentence-list') !== null`)
	choose(p, "#explore-system", "ClausIE")
	choose(p, "#explore-show", "errors")
	p.do(chromedp.SendKeys(chromedp.CSS("#explore-search"), "#2"))
	p.waitFor("sentence 2 alone", `document.querySelectorAll('#sentence-list li').length === 1 && document.querySelector('.detail').dataset.sentence === '2'`)

	wrong := `[...document.querySelectorAll('.detail .system-block[data-system="ClausIE"] .extraction[data-verdict="incorrect"]')].find(e => e.querySelector('.row').textContent.includes('there'))`
	if !eval[bool](p, `!!(`+wrong+`)`) {
		t.Fatal("no incorrect extraction with 'there' for ClausIE in sentence 2")
	}
	extra := eval[[]string](p, `[...(`+wrong+`).querySelectorAll('.closest-ext .tok.extra')].map(e => e.textContent)`)
	if len(extra) != 1 || extra[0] != "there" {
		t.Errorf("extra tokens %q, want [there]", extra)
	}
	slots := eval[[]string](p, `[...(`+wrong+`).querySelector('.closest-gold').querySelectorAll('.slot')].map(s => s.className + ':' + s.textContent.trim())`)
	if len(slots) != 3 || !strings.Contains(slots[0], "agree") || !strings.Contains(slots[1], "agree") || !strings.Contains(slots[2], "differ:him") {
		t.Errorf("closest gold slots %q, want subject and relation agreeing, object 'him' differing", slots)
	}
	// Uncovered synsets are marked, with the system that missed them.
	if n := eval[int](p, `document.querySelectorAll('.detail .synset.uncovered').length`); n == 0 {
		t.Error("no synset marked as missed by ClausIE in sentence 2")
	}
	// Optional units are marked.
	if n := eval[int](p, `document.querySelectorAll('.detail .synset .tok.opt').length`); n == 0 {
		t.Error("no optional unit marked in sentence 2's synsets")
	}
	p.screenshotView("explorer")
	p.do(chromedp.Evaluate[chromedp.Void](wrong + `.scrollIntoView({block: 'center'})`))
	p.screenshotView("explorer-mismatch")

	// The filter keeps exactly the sentences the core counts.
	gold, systems := readBundled(t, "en")
	x := explain.NewExplorer(evaluate.Evaluate(gold, nil, systems, evaluate.Options{}))
	p.do(chromedp.Evaluate[chromedp.Void](`(s => { s.value = ''; s.dispatchEvent(new Event('input', {bubbles: true})) })(document.querySelector('#explore-search'))`))
	want := len(x.Sentences(explain.Filter{Facet: benchie.Regular, System: 0, Show: explain.ShowErrors}))
	p.waitFor("the whole filtered list", `document.querySelectorAll('#sentence-list li').length > 1 && document.querySelector('#sentence-list').getAttribute('aria-busy') === 'false'`) // mounted in part first
	if got := eval[int](p, `document.querySelectorAll('#sentence-list li').length`); got != want {
		t.Errorf("%d sentences where ClausIE errs, the core says %d", got, want)
	}
}

// readBundled reads a bundled data set with the page's system names.
func readBundled(t *testing.T, key string) (*evaluate.Gold, []*evaluate.System) {
	t.Helper()
	d, _ := benchmarks.DatasetByKey(key)
	gold, err := evaluate.ReadGold(evaluate.Input{Path: d.Gold, Data: readCatalogue(t, d.Gold)}, false)
	if err != nil {
		t.Fatal(err)
	}
	var systems []*evaluate.System
	for _, s := range d.Systems {
		sys, err := evaluate.ReadSystem(evaluate.Input{Name: s.Label, Path: s.File, Data: readCatalogue(t, s.File)}, "")
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, sys)
	}
	return gold, systems
}

// Two systems side by side: the sentences where they differ, as the core
// finds them, and both systems' extractions in columns.
func TestCompareTwoSystems(t *testing.T) {
	p := newPage(t)
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#tab-compare")))
	p.waitFor("the comparison", `document.querySelector('#difference-list') !== null`)
	choose(p, "#compare-a", "OpenIE 6")
	choose(p, "#compare-b", "M2OIE")
	p.waitFor("the new pair", `document.querySelector('.compare .detail .side-by-side') !== null && document.querySelectorAll('.compare .detail .system-block')[1].dataset.system === 'M2OIE'`)

	gold, systems := readBundled(t, "en")
	x := explain.NewExplorer(evaluate.Evaluate(gold, nil, systems, evaluate.Options{}))
	want := x.Compare(3, 7, benchie.Regular)
	if got := eval[int](p, `document.querySelectorAll('#difference-list li').length`); got != len(want.Sentences) {
		t.Errorf("%d sentences listed, the core finds %d", got, len(want.Sentences))
	}
	chips := eval[string](p, `document.querySelector('.summary').textContent`)
	for _, n := range []int{want.Both, want.OnlyA, want.OnlyB} {
		if !strings.Contains(chips, Itoa(n)) {
			t.Errorf("summary %q lacks %d", chips, n)
		}
	}
	// Keyboard: the list moves with the arrow keys.
	first := eval[string](p, `document.querySelector('.compare .detail').dataset.sentence`)
	p.do(chromedp.Focus(chromedp.CSS("#difference-list")), chromedp.KeyEvent(kb.ArrowDown))
	p.waitFor("the next difference", `document.querySelector('.compare .detail').dataset.sentence !== '`+first+`'`)
	if got := eval[string](p, `document.querySelector('.compare .detail').dataset.sentence`); got != want.Sentences[1].ID {
		t.Errorf("after ArrowDown sentence %s is shown, want %s", got, want.Sentences[1].ID)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.compare .side-by-side').scrollIntoView({block: 'start'})`))
	p.screenshotView("compare")
}
