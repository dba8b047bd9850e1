//go:build e2e

package e2e

import (
	"encoding/json"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The Sentences list's options out of its box are not laid out
// (content-visibility: auto, dist/style.css), and what that must not
// break: the option End selects, the last, is scrolled into the box
// although the options before it had only their estimated height, and
// the text of an option never shown is still found by the browser's
// search (window.find, the find bar's search) and selected there.
func TestSentenceListUnlaidOptions(t *testing.T) {
	p := newPage(t)
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the list whole", `document.querySelector('#sentence-list[aria-busy="false"] [role=option]') !== null && document.querySelectorAll('#sentence-list [role=option]').length > 100`)
	if skipped := eval[string](p, `getComputedStyle(document.querySelector('#sentence-list [role=option]:last-child')).contentVisibility`); skipped != "auto" {
		t.Fatalf("the last option's content-visibility is %q, want auto", skipped)
	}

	// Its text, found while it has never been laid out.
	last := eval[string](p, `document.querySelector('#sentence-list [role=option]:last-child .text').textContent`)
	quoted, _ := json.Marshal(last)
	found := eval[bool](p, `window.find(`+string(quoted)+`, true)`)
	if !found {
		t.Errorf("window.find did not find the last option's text %q", last)
	}
	if got := eval[string](p, `String(getSelection())`); found && got != last {
		t.Errorf("the search selected %q, want %q", got, last)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`getSelection().removeAllRanges(); document.querySelector('#sentence-list').scrollTop = 0`))

	p.do(chromedp.Focus(chromedp.CSS("#sentence-list")), chromedp.KeyEvent(kb.End))
	p.waitFor("the last option selected", `document.querySelector('#sentence-list [role=option]:last-child').getAttribute('aria-selected') === 'true'`)
	eval[bool](p, settled)
	box := eval[struct{ ListTop, ListBottom, Top, Bottom float64 }](p, `(() => {
	  const l = document.querySelector('#sentence-list').getBoundingClientRect(), o = document.querySelector('#sentence-list [role=option]:last-child').getBoundingClientRect();
	  return {listTop: l.top, listBottom: l.bottom, top: o.top, bottom: o.bottom};
	})()`)
	if box.Top < box.ListTop-0.5 || box.Bottom > box.ListBottom+0.5 {
		t.Errorf("the selected last option is at %.1f–%.1f px, the list's box at %.1f–%.1f px: not in view", box.Top, box.Bottom, box.ListTop, box.ListBottom)
	}
}
