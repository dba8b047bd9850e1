package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/explain"
)

// Windowed views (issue 30): a view of user data renders a window of it,
// with counts and "show more", so that no input the page accepts makes a
// render hold the tab. A sentence's extractions, synsets and report
// sentences are listed in pages of windowRows (20: a page of 50 rows of a
// system with 20,000 extractions held the tab 270–430 ms in Chromium, most
// of it the browser's style and layout of the rows' nodes and the DOM
// patch, which grow with the rows); a slot shows its first
// windowWords words and a word its first windowChars characters, the rest
// on demand ("show all", the rest then as one text, not one element per
// word).
const (
	windowRows  = 20
	windowWords = 60
	windowChars = 200
	// windowText bounds a sentence's text before "show all".
	windowText = 2000
	// closestRows bounds the incorrect extractions of a system in a
	// sentence whose closest gold triples are looked for
	// (explain.Explorer.SearchClosest): the search, not the rendering, is
	// what a sentence of 20,000 extractions spends its time on.
	closestRows = 200
)

// skippedText says why an incorrect extraction shows no closest triple.
func skippedText() string {
	return fmt.Sprintf("Its closest gold triple is not shown: the page looks for those of the first %d incorrect extractions of a system in a sentence, of up to %d bytes each.", closestRows, explain.SearchClosestBytes)
}

// Window is what the windowed views show beyond their first page, by list
// (a sentence and a system, its synsets, a report): rows shown, and the
// sentences whose text is shown whole. It lives in the model, so that a
// re-render keeps it.
type Window struct {
	rows map[string]int
	full map[string]bool
}

// Rows is how many of n rows of list key are shown.
func (w *Window) Rows(key string, n int) int {
	shown := windowRows
	if r, ok := w.rows[key]; ok {
		shown = r
	}
	return min(n, shown)
}

// More shows the next page of list key.
func (w *Window) More(key string) {
	if w.rows == nil {
		w.rows = map[string]int{}
	}
	w.rows[key] = w.Rows(key, int(^uint(0)>>1)) + windowRows
}

// Full tells whether the text of key is shown whole; ShowAll shows it.
func (w *Window) Full(key string) bool { return w.full[key] }

func (w *Window) ShowAll(key string) {
	if w.full == nil {
		w.full = map[string]bool{}
	}
	w.full[key] = true
}

// WindowText says how many of a list's rows are shown.
func WindowText(shown, n int, noun string) string {
	return fmt.Sprintf("Showing %s of %s.", Thousands(shown), Count(n, noun))
}

// windowButton names the button that shows the next page.
func windowButton(shown, n int) string {
	return fmt.Sprintf("Show %s more", Thousands(min(windowRows, n-shown)))
}

// Words are the words of a slot shown one element each: the first
// windowWords (Rest shows the others once the slot is shown whole).
func Words(slot []explain.Token) []explain.Token {
	if len(slot) <= windowWords {
		return slot
	}
	return slot[:windowWords]
}

// Word is a word's text, cut at windowChars characters unless full.
func Word(t explain.Token, full bool) string { return cut(t.Text, windowChars, full) }

// Cut tells whether a slot is shown cut: too many words, or a word too long.
func Cut(slot []explain.Token, full bool) bool {
	if full {
		return false
	}
	if len(slot) > windowWords {
		return true
	}
	for _, t := range slot {
		if len(t.Text) > windowChars && utf8.RuneCountInString(t.Text) > windowChars {
			return true
		}
	}
	return false
}

// cutText offers the whole of a cut slot.
func cutText(slot []explain.Token) string {
	if len(slot) > windowWords {
		return fmt.Sprintf("… show all (%s more words)", Thousands(len(slot)-windowWords))
	}
	return "… show all"
}

// Rest is the words of a slot past the first windowWords, as one text,
// once the slot is shown whole ("" before).
func Rest(slot []explain.Token, full bool) string {
	if !full || len(slot) <= windowWords {
		return ""
	}
	var b strings.Builder
	for _, t := range slot[windowWords:] {
		b.WriteString(" ")
		b.WriteString(t.Text)
	}
	return b.String()
}

// The slots of an extraction, which the explorer cuts after windowWords
// words before they are tokenised (explain.Explorer.SlotWords): its text
// past them is one text (e.Rest) and counted, not split.

// extCut tells whether slot i of an extraction is shown cut.
func extCut(e explain.ExtractionView, i int, full bool) bool {
	return Cut(e.Slots[i], full) || !full && e.Rest[i] != ""
}

// extCutText offers the whole of a cut slot of an extraction: the words
// past those shown counted, or the size of a rest too long to count.
func extCutText(e explain.ExtractionView, i int) string {
	if e.RestWords[i] < 0 {
		return fmt.Sprintf("… show all (%s more)", Size(len(e.Rest[i])))
	}
	if more := len(e.Slots[i]) + e.RestWords[i] - windowWords; more > 0 {
		return fmt.Sprintf("… show all (%s more words)", Thousands(more))
	}
	return "… show all"
}

// extRest is the words of slot i of an extraction past the first
// windowWords, as one text, once shown whole ("" before).
func extRest(e explain.ExtractionView, i int, full bool) string {
	rest := Rest(e.Slots[i], full)
	if full && e.Rest[i] != "" {
		rest += " " + e.Rest[i]
	}
	return rest
}

// cut shortens s to n characters and an ellipsis, unless full.
func cut(s string, n int, full bool) string {
	if full || len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n; k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i] + "…"
}
