//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// overflowJS lists the elements that stick out of the viewport on the right
// without a scrolling box around them: what makes a page scroll sideways.
const overflowJS = `((w) => {
  const out = [];
  const clipped = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5 && !clipped(el)) {
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).trim().replace(/\s+/g, '.') : '') + ' right=' + Math.round(r.right));
    }
  }
  return out.slice(0, 12);
})`

// tabsJS checks each tab button: within the viewport, or inside a tab bar
// that scrolls sideways on its own; and at least 44 px in both directions.
const tabsJS = `((w) => {
  const bar = document.querySelector('.tabs'), bad = [];
  const scrolls = bar.scrollWidth > bar.clientWidth && ['auto', 'scroll'].includes(getComputedStyle(bar).overflowX);
  for (const b of bar.querySelectorAll('[role=tab]')) {
    const r = b.getBoundingClientRect();
    if (!scrolls && (r.left < -0.5 || r.right > w + 0.5)) bad.push(b.id + ' outside the viewport (' + Math.round(r.left) + '..' + Math.round(r.right) + ')');
    if (r.height < 44 || r.width < 44) bad.push(b.id + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  return bad;
})`

// smallTargetsJS lists the visible buttons (and the labels of file
// pickers) shorter than 44 px: too small for a finger.
const smallTargetsJS = `(() => {
  const bad = [];
  for (const b of document.querySelectorAll('main .button, .workbench .button, .segmented button, .filepick label, .tabs button, .studio-bar .button')) {
    const r = b.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(b).visibility === 'hidden') continue;
    if (r.height < 43.5) bad.push((b.id || b.textContent.trim().slice(0, 24)) + ' ' + Math.round(r.height) + 'px high');
  }
  return bad.slice(0, 10);
})()`

// checkNarrow asserts that the view on screen fits the viewport's width
// and that its tabs and buttons are finger-sized, then saves screenshots:
// the whole page, and the screen a phone shows scrolled to anchor.
func checkNarrow(t *testing.T, p *page, width int, name, anchor string) {
	t.Helper()
	sw := eval[int](p, `document.documentElement.scrollWidth`)
	iw := eval[int](p, `window.innerWidth`)
	if iw != width {
		// A mobile browser widens the layout viewport to the content.
		t.Errorf("%s: window.innerWidth %d, want the emulated %d", name, iw, width)
	}
	if sw > width {
		t.Errorf("%s at %d px: the page is %d px wide and scrolls sideways; sticking out: %s", name, width, sw, strings.Join(eval[[]string](p, fmt.Sprintf("%s(%d)", overflowJS, width)), ", "))
	}
	if bad := eval[[]string](p, fmt.Sprintf("%s(%d)", tabsJS, width)); len(bad) > 0 {
		t.Errorf("%s at %d px: tabs: %s", name, width, strings.Join(bad, "; "))
	}
	if bad := eval[[]string](p, smallTargetsJS); len(bad) > 0 {
		t.Errorf("%s at %d px: small targets: %s", name, width, strings.Join(bad, "; "))
	}
	p.screenshot(fmt.Sprintf("mobile-%d-%s", width, name))
	eval[bool](p, `(scrollTo(0, document.querySelector('`+anchor+`').getBoundingClientRect().top + scrollY - 8), true)`)
	p.screenshotView(fmt.Sprintf("mobile-%d-%s-screen", width, name))
	eval[bool](p, `(scrollTo(0, 0), true)`)
}

// narrowTour visits every view at a phone's width: the scores, a sentence
// explained, the comparison, the charts, the studio with a work open and the
// agreement view.
func narrowTour(t *testing.T, width, height int64) {
	p := newPage(t)
	p.do(chromedp.EmulateViewport(width, height, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.open("")
	w := int(width)
	checkNarrow(t, p, w, "scores", ".tabs")
	// The score table scrolls in its own box, the system column stays put.
	if got := eval[string](p, `getComputedStyle(document.querySelector('#scores tbody th, #scores tbody td')).position`); got != "sticky" {
		t.Errorf("the system column is position %q, want sticky", got)
	}
	if !eval[bool](p, `(() => { const b = document.querySelector('#scores').closest('.table-wrap'); return b.scrollWidth > b.clientWidth; })()`) {
		t.Errorf("the score table does not scroll within its box at %d px (it should be wider than the screen)", w)
	}

	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer, its detail whole", `document.querySelector('#sentence-list li') !== null && document.querySelector('.detail .systems[aria-busy="false"]') !== null`)
	checkNarrow(t, p, w, "sentences", ".detail")

	p.do(chromedp.Click(chromedp.CSS("#tab-compare")))
	p.waitFor("the comparison", `document.querySelector('#difference-list') !== null`)
	checkNarrow(t, p, w, "compare", ".compare")

	p.do(chromedp.Click(chromedp.CSS("#tab-charts")))
	p.waitFor("the charts", `document.querySelectorAll('figure.chart').length > 0`)
	checkNarrow(t, p, w, "charts", ".tabs")

	p.do(chromedp.Click(chromedp.CSS("#tab-studio")))
	p.waitFor("the start screen", `document.querySelector('.studio-start') !== null`)
	checkNarrow(t, p, w, "studio-start", ".tabs")
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-paste"), "Obama was born in Honolulu , Hawaii , in 1961 .\nBerlin is the capital of Germany ."))
	p.do(chromedp.Click(chromedp.CSS("#studio-paste-start")))
	p.waitFor("the first sentence", `(document.querySelector('.studio-sentence') || {}).dataset?.sentence === '1'`)
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	p.do(chromedp.Click(chromedp.CSS("#studio-slot-1")), chromedp.Click(chromedp.CSS("#studio-token-1")), chromedp.Click(chromedp.CSS("#studio-token-2")))
	p.waitFor("the preview", `document.querySelector('#studio-preview').textContent.includes('Stands for')`)
	checkNarrow(t, p, w, "studio", ".studio-sentence")

	p.do(chromedp.Click(chromedp.CSS("#tab-agreement")))
	p.waitFor("the agreement view", `document.querySelector('#agreement') !== null`)
	checkNarrow(t, p, w, "agreement", ".tabs")
	// The studio's work on both sides: the figures and the sentence list.
	work := eval[string](p, `document.querySelector('#agree-work-a option:nth-child(2)').value`)
	choose(p, "#agree-work-a", work)
	choose(p, "#agree-work-b", work)
	p.waitFor("the agreement", `document.querySelector('#agree-iaa') !== null && document.querySelector('#agree-list li') !== null`)
	checkNarrow(t, p, w, "agreement-result", "#agree-summary")
}

// On a phone (390×844, and the narrower 360×740) no view scrolls sideways,
// every tab is on screen, and buttons are finger-sized. Screenshots:
// test-output/e2e/mobile-390-*.png and mobile-360-*.png.
func TestPhoneWidth(t *testing.T) {
	t.Run("390", func(t *testing.T) { narrowTour(t, 390, 844) })
	t.Run("360", func(t *testing.T) { narrowTour(t, 360, 740) })
}

// What the page explains where a reader, a student or a reviewer would get
// stuck: the last facet cannot be unchecked (and says so, its box stays
// checked); the facets and bold are explained; a new studio work scored
// before any system file says what to do next.
func TestPageExplains(t *testing.T) {
	p := newPage(t)
	p.open("")
	if got := eval[string](p, `document.querySelector('#facet-help').textContent`); !strings.Contains(got, "BenchIE-C: the three slots joined into one string") || !strings.Contains(got, "minimal extractions") {
		t.Errorf("facet help %q", got)
	}
	if !eval[bool](p, `document.querySelector('#best-legend') !== null && document.querySelector('#scores td.best') !== null`) {
		t.Error("bold cells without a legend")
	}
	if got := eval[string](p, `document.querySelector('#formats-line').textContent`); !strings.Contains(got, "BenchIE TSV") || !strings.Contains(got, "JSON Lines") {
		t.Errorf("formats line %q", got)
	}
	for _, f := range []string{"regular", "concat"} {
		p.do(chromedp.Click(chromedp.CSS(`input[data-facet="` + f + `"]`)))
		p.waitFor("facets without "+f, `document.querySelector('#scores td[data-facet="`+f+`"]') === null && document.querySelector('#app[data-ready="table"]') !== null`)
	}
	p.do(chromedp.Click(chromedp.CSS(`input[data-facet="minimal"]`)))
	p.waitFor("the note", `document.querySelector('#facet-note') !== null`)
	if got := eval[string](p, `document.querySelector('#facet-note').textContent`); !strings.Contains(got, "At least one facet is needed") {
		t.Errorf("note %q", got)
	}
	if !eval[bool](p, `document.querySelector('input[data-facet="minimal"]').checked && document.querySelector('#scores td[data-facet="minimal"]') !== null`) {
		t.Error("the last facet's box was left unchecked, or its columns went")
	}
	p.do(chromedp.Click(chromedp.CSS(`input[data-facet="regular"]`)))
	p.waitFor("the note gone", `document.querySelector('#facet-note') === null && document.querySelector('#scores td[data-facet="regular"]') !== null`)

	openStudio(p)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-paste"), "She left early ."))
	p.do(chromedp.Click(chromedp.CSS("#studio-paste-start")))
	p.waitFor("the sentence", `document.querySelector('.studio-sentence') !== null`)
	if got := eval[string](p, `document.querySelector('#studio-optional-hint').textContent`); !strings.Contains(got, "Shift+click") || !strings.Contains(got, "Select + next word") {
		t.Errorf("optional hint %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#studio-score")))
	p.waitFor("the scores of the work", `document.querySelector('[data-empty="scores"]') !== null`)
	if got := eval[string](p, `[...document.querySelectorAll('[data-empty="scores"]')].map(e => e.textContent).join(' ')`); !strings.Contains(got, "No system files to score against this gold yet") || !strings.Contains(got, "no synsets yet") {
		t.Errorf("empty state %q", got)
	}
	p.screenshotView("scores-empty-work")
}
