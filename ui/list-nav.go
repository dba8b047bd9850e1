package ui

import (
	"strings"

	"github.com/vugu/vugu"
)

// listKeys are the keys that move along a list of items: a listbox, a
// row of tabs, a sentence's tokens.
type listKeys struct {
	Prev, Next string // "ArrowUp" and "ArrowDown", or "ArrowLeft" and "ArrowRight"
	Page       int    // how far Page Up and Page Down move; 0 leaves them alone
	Wrap       bool   // Next on the last item goes to the first and back (tabs)
}

// The lists of the page.
var (
	// listbox is a vertical list (the explorer's sentences, the studio's).
	listbox = listKeys{Prev: "ArrowUp", Next: "ArrowDown", Page: 10}
	// rowList is the agreement view's list of sentences.
	rowList = listKeys{Prev: "ArrowUp", Next: "ArrowDown"}
	// tabList is the ARIA tabs pattern.
	tabList = listKeys{Prev: "ArrowLeft", Next: "ArrowRight", Wrap: true}
	// tokenList is a sentence's tokens.
	tokenList = listKeys{Prev: "ArrowLeft", Next: "ArrowRight"}
)

// move is the position that key leads to from at in a list of n items, and
// whether key is one of the list's (false on an empty list); Home and End
// go to either end.
func (k listKeys) move(key string, at, n int) (int, bool) {
	if n == 0 {
		return 0, false
	}
	switch {
	case key == k.Next && k.Wrap:
		return (at + 1) % n, true
	case key == k.Prev && k.Wrap:
		return (at + n - 1) % n, true
	case key == k.Next:
		return min(at+1, n-1), true
	case key == k.Prev:
		return max(at-1, 0), true
	case key == "PageDown" && k.Page > 0:
		return min(at+k.Page, n-1), true
	case key == "PageUp" && k.Page > 0:
		return max(at-k.Page, 0), true
	case key == "Home":
		return 0, true
	case key == "End":
		return n - 1, true
	}
	return 0, false
}

// onKey moves by the key of e from at in a list of n items. The list's
// keys are taken from the browser (no scrolling, no caret move) by the
// element's data-prevent, which Prevent writes.
func (k listKeys) onKey(e vugu.DOMEvent, at, n int) (int, bool) {
	return k.move(e.PropString("key"), at, n)
}

// Prevent is the data-prevent rule of a list's element: its keys' default
// is prevented on the page, before the event reaches Go (wasm/app/dom),
// so that it holds with the evaluator in a Web Worker too. extra names
// keys of the element's own (the agreement's a, b and m).
func (k listKeys) Prevent(extra ...string) string {
	keys := append([]string{k.Prev, k.Next}, extra...)
	if k.Page > 0 {
		keys = append(keys, "PageUp", "PageDown")
	}
	return "keydown:" + strings.Join(append(keys, "Home", "End"), ",")
}
