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
// sent focus ("t" moves to the word box, so the word typed next goes in the
// box and none of its letters runs a shortcut; → moves to the next token,
// so Enter adds that one; Ctrl+Enter and j go back to the tokens of the
// next sentence). Five sentences, every key of the five in one go.
func TestStudioKeysBackToBack(t *testing.T) {
	p := newPage(t)
	p.open("")
	typeTriples(p)
}

// The same keys when Go answers each shortcut 40 ms after its key, as the
// evaluator in a Web Worker would: the page prevents a shortcut's default
// action from the studio's rule without asking Go, holds the keys that
// follow until Go has handled it, then gives each, in order, to where Go
// sent focus. The keys are held (dispatched again by the page), and build
// what they build when Go answers at once.
func TestStudioKeysAnsweredLate(t *testing.T) {
	p := newPage(t)
	p.open("")
	eval[bool](p, `(window.oiebenchKeyDelay = 40, window.keysAgain = 0,
		window.addEventListener('keydown', e => { if (!e.isTrusted) window.keysAgain++; }), true)`)
	typeTriples(p)
	if again := eval[int](p, `window.keysAgain`); again < 5*10 {
		t.Errorf("%d keys were held and given again, want at least the 10 of each sentence's triple after its first shortcut", again)
	}
}

// typeTriples builds the triple (Obama; was born; Honolulu) in each of five
// sentences, every key pressed back to back, and checks what was built.
func typeTriples(p *page) {
	t := p.t
	t.Helper()
	openStudio(p)
	p.waitFor("the start screen", `document.querySelector('.studio-start') !== null`)
	var text string
	for range 5 {
		text += "Obama was born in Hawaii .\n"
	}
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-paste"), text))
	p.do(chromedp.Click(chromedp.CSS("#studio-paste-start")))
	p.waitFor("sentence 1", `(document.querySelector('.studio-sentence') || {}).dataset?.sentence === '1'`)
	p.do(chromedp.Focus(chromedp.CSS("#studio-token-0")))
	// Subject: Enter on "Obama". Relation: 2, then "was" and "born" by
	// arrow and Enter. Object: 3, t, a typed word, Enter. Ctrl+Enter adds
	// the triple, j shows the next sentence.
	var keys []chromedp.Action[chromedp.Void]
	for range 5 {
		keys = append(keys,
			typeKeys(kb.Enter+"2"+kb.ArrowRight+kb.Enter+kb.ArrowRight+kb.Enter+"3"+"t"+"Honolulu"+kb.Enter),
			chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
			typeKeys("j"))
	}
	p.do(keys...)
	p.waitFor("the last sentence's triple", `document.querySelector('.studio-sentence').dataset.sentence === '5' && document.querySelector('.studio-synsets .studio-triple') !== null`)
	for run := 1; run <= 5; run++ {
		id := Itoa(run)
		p.do(chromedp.Click(chromedp.CSS(`#studio-list li[data-sentence="` + id + `"]`)))
		p.waitFor("sentence "+id, `document.querySelector('.studio-sentence').dataset.sentence === '`+id+`'`)
		got := eval[[]string](p, `[...document.querySelectorAll('.studio-synsets .studio-triple')].map(t => [...t.querySelectorAll('.tslot')].map(s => [...s.querySelectorAll('.w')].map(w => w.textContent + (w.classList.contains('opt') ? '?' : '')).join(' ')).join('; '))`)
		if len(got) != 1 || got[0] != "Obama; was born; Honolulu" {
			t.Errorf("sentence %d: the keys built %q, want one triple (Obama; was born; Honolulu)", run, got)
		}
	}
	if typed := eval[string](p, `document.querySelector('#studio-typed').value`); typed != "" {
		t.Errorf("the word box still holds %q", typed)
	}
}

// A word typed while a shortcut is still pending, as chromedp's SendKeys
// types (a keydown, then the key's text as an event of its own, which the
// browser types even when the keydown was prevented): its keys are held
// and given again once Go has handled the shortcut, and the word is typed
// once. Before the held keys' keypress was prevented too, each held letter
// was typed twice ("HonHonolulu" when the Worker answered late under load).
func TestStudioWordTypedWhileShortcutPending(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\n")
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	eval[bool](p, `(window.oiebenchKeyDelay = 1000, window.keysAgain = 0,
		window.addEventListener('keydown', e => { if (!e.isTrusted) window.keysAgain++; }), true)`)
	key(p, "3")
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "Honolulu"))
	p.waitFor("the held keys given again", `window.keysAgain > 0 && document.querySelector('#studio-typed').value.length >= 8`)
	if got := eval[string](p, `document.querySelector('#studio-typed').value`); got != "Honolulu" {
		t.Errorf("the word box holds %q, want Honolulu (%d keys given again)", got, eval[int](p, `window.keysAgain`))
	}
	key(p, kb.Enter)
	p.waitFor("the typed word's chip", `document.querySelector('.chip.typed') !== null`)
	if got := eval[string](p, `document.querySelector('.chip.typed').textContent`); got != "Honolulu" {
		t.Errorf("the typed word's chip reads %q, want Honolulu", got)
	}
}

// Clicks made while a shortcut is pending keep their place among the keys:
// each is held with the keys after the shortcut and given again in order,
// so a token clicked after "3" goes to the object even when Go hears of
// the "3" late. Before clicks were held, the click reached Go first and the
// token went to the relation.
func TestStudioClicksAfterPendingShortcut(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\n")
	eval[int](p, `window.oiebenchKeyDelay = 300`)
	buildTriple(p)
	p.waitFor("the object", `document.querySelector('[data-slot="object"] .chip') !== null`)
	got := eval[string](p, `[...document.querySelectorAll('[data-slot] .chip')].map(c => c.closest('[data-slot]').dataset.slot + ':' + c.textContent).join(' ')`)
	if got != "subject:Obama relation:was object:Hawaii" {
		t.Errorf("the slots hold %q, want subject:Obama relation:was object:Hawaii", got)
	}
}

// Keys pressed while a shortcut is pending go where focus was when they
// were pressed, and a focus move made meanwhile (a click on a token, a
// field focused) keeps its place among them: a word typed into the word
// box, then Enter, then a click on a token, builds the word's chip and the
// token's, as it does when Go answers at once. Before focus moves were
// held, the click's mousedown had moved focus to the token by the time Go
// answered, and the held letters and Enter went to the token: the word was
// lost (TestStudioAnnotate, once in a whole run with the evaluator in the
// Worker under load).
func TestStudioKeysKeepTheirPlaceWhenFocusMoves(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\nBerlin is the capital of Germany .\n")
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	eval[int](p, `window.oiebenchKeyDelay = 1000`)
	key(p, "3")
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "Honolulu"))
	key(p, kb.Enter)
	p.do(chromedp.Click(chromedp.CSS("#studio-token-4")))
	p.waitFor("the object's two chips", `document.querySelectorAll('[data-slot="object"] .chip').length >= 2`)
	got := eval[string](p, `[...document.querySelectorAll('[data-slot] .chip')].map(c => c.closest('[data-slot]').dataset.slot + ':' + c.textContent).join(' ')`)
	if got != "subject:Obama object:Honolulu object:Hawaii" {
		t.Errorf("the slots hold %q, want subject:Obama object:Honolulu object:Hawaii", got)
	}
	if typed := eval[string](p, `document.querySelector('#studio-typed').value`); typed != "" {
		t.Errorf("the word box still holds %q", typed)
	}

	// Focus off every element: after a click on the progress line (no
	// control), "j" is the studio's, not the word box's: the next sentence.
	key(p, "2")
	p.do(chromedp.Click(chromedp.CSS("#studio-typed")), chromedp.SendKeys(chromedp.CSS("#studio-typed"), "ab"))
	p.do(chromedp.Click(chromedp.CSS("#studio-progress")))
	if eval[bool](p, `document.hasFocus()`) {
		key(p, "j")
		p.waitFor("sentence 2", `document.querySelector('.studio-sentence').dataset.sentence === '2'`)
		p.do(chromedp.Click(chromedp.CSS(`#studio-list li[data-sentence="1"]`)))
		p.waitFor("sentence 1", `document.querySelector('.studio-sentence').dataset.sentence === '1'`)
		if typed := eval[string](p, `document.querySelector('#studio-typed').value`); typed != "ab" {
			t.Errorf("sentence 1's word box holds %q, want ab", typed)
		}
	} else {
		t.Error("the page has no focus: a move of focus off every element is not noted then")
	}
}

// Held keys do what they would have done at once: in the word box the
// caret's keys (the arrows, Home, End, with Shift the selection), Delete
// and Backspace edit as the browser does, and Tab moves focus where the
// browser's own Tab goes from there. Before, a held key that was none of
// Enter, Space, a character or Backspace was dropped. With the evaluator
// in the Worker, its renders built before it had the box's keys leave the
// box alone though focus has left it.
func TestStudioHeldKeysDoWhatTheyWouldHaveDone(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\n")
	// Where the browser's Tab goes from the word box, nothing held.
	p.do(chromedp.Focus(chromedp.CSS("#studio-typed")))
	key(p, kb.Tab)
	next := eval[string](p, `document.activeElement.id || document.activeElement.tagName`)
	if next == "studio-typed" {
		t.Fatal("Tab left focus in the word box")
	}

	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	// Every value a render gives the word box that changes what it shows,
	// noted (keys typed into it set none; nothing here asks Go to change
	// it).
	eval[bool](p, `(() => {
		const d = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
		window.typedSets = [];
		Object.defineProperty(HTMLInputElement.prototype, 'value', { configurable: true, get: d.get,
			set(v) { if (this.id === 'studio-typed' && String(v) !== d.get.call(this)) window.typedSets.push(String(v)); d.set.call(this, v); } });
		window.oiebenchKeyDelay = 3000, window.keysAgain = 0;
		window.addEventListener('keydown', e => { if (!e.isTrusted) window.keysAgain++; });
		return true;
	})()`)
	key(p, "2") // the keys after it are held until the evaluator hears of it, 3 s late
	p.do(chromedp.Click(chromedp.CSS("#studio-typed")), chromedp.SendKeys(chromedp.CSS("#studio-typed"), "xy"))
	key(p, kb.ArrowLeft)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "z")) // xz|y
	key(p, kb.Home)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "w")) // w|xzy
	key(p, kb.Delete)                                           // w|zy
	key(p, kb.End)
	key(p, kb.Backspace) // wz|
	key(p, kb.ArrowLeft, chromedp.ModifierShift)
	key(p, kb.ArrowLeft, chromedp.ModifierShift) // [wz]
	key(p, kb.ArrowRight, chromedp.ModifierShift)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "q")) // w[z] replaced: wq
	key(p, kb.Tab)
	p.waitFor("the keys given again", `document.activeElement !== document.querySelector('#studio-typed')`)
	if again := eval[int](p, `window.keysAgain`); again != 14 {
		t.Errorf("%d keys given again, want the 14 typed after the shortcut, all held", again)
	}
	p.waitFor("the evaluator caught up", `!window.oiebenchTypingAhead || !window.oiebenchTypingAhead(document.querySelector('#studio-typed'))`)
	if got := eval[string](p, `document.querySelector('#studio-typed').value`); got != "wq" {
		t.Errorf("the word box holds %q, want wq", got)
	}
	// A render built before the Worker had the box's keys does not show
	// their older text once focus has left it (it showed "x", "xy", "xzy").
	if sets := eval[[]string](p, `window.typedSets`); len(sets) > 0 {
		t.Errorf("renders changed the word box to %q, older than what was typed", sets)
	}
	if got := eval[string](p, `document.activeElement.id || document.activeElement.tagName`); got != next {
		t.Errorf("the held Tab moved focus to %q, the browser's to %q", got, next)
	}
}
