//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// typeKeys presses keys as a keyboard does: one keyDown that carries the
// key's text, then keyUp. (chromedp's KeyEvent sends the text as a separate
// char event, which the browser types even where the page prevented the
// keydown; a real key, or Puppeteer's, is not typed then.)
func typeKeys(keys string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range keys {
			var down, up *input.DispatchKeyEventParams
			var text string
			for _, k := range kb.Encode(r) {
				switch k.Type {
				case kb.KeyDown:
					down = k
				case kb.KeyUp:
					up = k
				case kb.KeyChar:
					text = k.Text
				}
			}
			down.Text, down.UnmodifiedText = text, text
			for _, k := range []*input.DispatchKeyEventParams{down, up} {
				if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *k); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// A fast typist builds a triple with the keys pressed back to back, with no
// pause for the page to draw: each key must land where the one before it
// sent focus ("t" moves to the word box, so the word typed next goes in
// the box and none of its letters runs a shortcut). Five runs, each from a
// fresh sentence.
func TestStudioKeysBackToBack(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudio(p)
	p.waitFor("the start screen", `document.querySelector('.studio-start') !== null`)
	var text string
	for range 5 {
		text += "Obama was born in Hawaii .\n"
	}
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-paste"), text))
	p.do(chromedp.Click(chromedp.CSS("#studio-paste-start")))
	for run := 1; run <= 5; run++ {
		id := Itoa(run)
		p.waitFor("sentence "+id, `(document.querySelector('.studio-sentence') || {}).dataset?.sentence === '`+id+`'`)
		p.do(chromedp.Focus(chromedp.CSS("#studio-token-0")))
		// Subject: Enter on "Obama". Relation: 2, then "was" and "born" by
		// arrow and Enter. Object: 3, t, a typed word, Enter.
		p.do(typeKeys(kb.Enter + "2" + kb.ArrowRight + kb.Enter + kb.ArrowRight + kb.Enter + "3" + "t" + "Honolulu" + kb.Enter))
		p.waitFor("the typed word", `document.querySelector('[data-slot="object"] .chip') !== null`)
		got := eval[[]string](p, `['subject', 'relation', 'object'].map(s => [...document.querySelectorAll('[data-slot="' + s + '"] .chip')].map(c => c.textContent + (c.classList.contains('opt') ? '?' : '')).join(' '))`)
		want := []string{"Obama", "was born", "Honolulu"}
		if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("run %d: the keys built %q, want %q", run, got, want)
		}
		if n := eval[int](p, `document.querySelectorAll('.studio-synsets .studio-triple').length`); n != 0 {
			t.Errorf("run %d: %d triples added to synsets while typing, want none", run, n)
		}
		if typed := eval[string](p, `document.querySelector('#studio-typed').value`); typed != "" {
			t.Errorf("run %d: the word box still holds %q after Enter", run, typed)
		}
		p.do(chromedp.Click(chromedp.CSS("#studio-next")))
	}
}
