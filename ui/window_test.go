package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/explain"
)

func words(n int, w string) []explain.Token {
	out := make([]explain.Token, n)
	for i := range out {
		out[i] = explain.Token{Text: w}
	}
	return out
}

// A sentence with 20,000 extractions of one system and 250 synsets shows
// a page of each, with its count, and the next page on demand; each list
// has its own window. (The synsets' loop ends: More adds windowRows.)
func TestDetailWindowRows(t *testing.T) {
	m := &Model{}
	v := explain.SentenceView{ID: "7", Synsets: make([]explain.SynsetView, 250),
		Systems: []explain.SystemView{{Name: "big", Extractions: make([]explain.ExtractionView, 20000)}, {Name: "small", Extractions: make([]explain.ExtractionView, 3)}}}
	c := &SentenceDetailBody{M: m, View: v}
	big, small := v.Systems[0], v.Systems[1]
	if len(c.Extractions(big)) != windowRows || len(c.Extractions(small)) != 3 || len(c.Synsets()) != windowRows {
		t.Fatalf("shown: %d, %d extractions, %d synsets", len(c.Extractions(big)), len(c.Extractions(small)), len(c.Synsets()))
	}
	if got := WindowText(c.Shown(big), len(big.Extractions), "extraction"); got != "Showing "+strconv.Itoa(windowRows)+" of "+Thousands(20000)+" extractions." {
		t.Errorf("count %q", got)
	}
	c.MoreExtractions(big)
	for len(c.Synsets()) < 250 {
		c.MoreSynsets()
	}
	if len(c.Extractions(big)) != 2*windowRows || len(c.Synsets()) != 250 || len(c.Extractions(small)) != 3 {
		t.Errorf("after more: %d extractions, %d synsets", len(c.Extractions(big)), len(c.Synsets()))
	}
	if got := windowButton(20000-windowRows/2, 20000); got != "Show "+strconv.Itoa(windowRows/2)+" more" {
		t.Errorf("button %q", got)
	}
	// Another sentence opens on its first page.
	other := &SentenceDetailBody{M: m, View: explain.SentenceView{ID: "8", Systems: []explain.SystemView{{Name: "big", Extractions: make([]explain.ExtractionView, 500)}}}}
	if n := len(other.Extractions(other.View.Systems[0])); n != windowRows {
		t.Errorf("another sentence shows %d", n)
	}
}

// A 10 MB slot (a million words, or one word of 10 MB) shows its first
// words and characters, and "show all" gives the rest as one text.
func TestDetailWindowText(t *testing.T) {
	many := words(1_000_000, "word")
	if len(Words(many)) != windowWords || !Cut(many, false) || Rest(many, false) != "" {
		t.Fatal("a slot of a million words is not cut")
	}
	if got := cutText(many); got != "… show all ("+Thousands(999_940)+" more words)" {
		t.Errorf("cut text %q", got)
	}
	// Shown whole: the window's words one element each, the rest one text.
	if rest := Rest(many, true); len(Words(many)) != windowWords || rest != strings.Repeat(" word", 999_940) || Cut(many, true) {
		t.Errorf("shown whole: %d elements and %d bytes of text", len(Words(many)), len(rest))
	}
	long := []explain.Token{{Text: strings.Repeat("é", 10<<20)}}
	if w := Word(long[0], false); w != strings.Repeat("é", windowChars)+"…" || !Cut(long, false) || Cut(long, true) {
		t.Errorf("a 10 MB word shows %d bytes", len(w))
	}
	if Word(long[0], true) != long[0].Text {
		t.Error("show all does not show the whole word")
	}
	short := words(3, "ok")
	if Cut(short, false) || len(Words(short)) != 3 {
		t.Error("a short slot is cut")
	}
	m := &Model{}
	c := &SentenceDetailBody{M: m, View: explain.SentenceView{ID: "1", Text: strings.Repeat("a ", 10000)}}
	if !c.TextCut() || len([]rune(c.Text())) != windowText+1 {
		t.Errorf("sentence text shown: %d runes", len([]rune(c.Text())))
	}
	c.ShowAll()
	if c.TextCut() || c.Text() != c.View.Text {
		t.Error("show all does not show the whole sentence")
	}
}

// An extraction's slot cut by the explorer before it is tokenised
// (explain.Explorer.SlotWords) shows as a slot of all its tokens would:
// its first words, "show all" with the count of the others, and once shown
// whole the rest as one text.
func TestExtractionSlotCut(t *testing.T) {
	e := explain.ExtractionView{}
	e.Slots[2], e.Rest[2], e.RestWords[2] = words(windowWords, "him"), "him  him", 2
	e.Slots[0] = words(3, "Graner")
	if !extCut(e, 2, false) || extCut(e, 2, true) || extCut(e, 0, false) {
		t.Fatal("a slot with words past its tokens is not shown cut, or shown whole is")
	}
	if got := extCutText(e, 2); got != "… show all (2 more words)" {
		t.Errorf("cut text %q", got)
	}
	if extRest(e, 2, false) != "" || extRest(e, 2, true) != " him  him" || extRest(e, 0, true) != "" {
		t.Errorf("rest %q, shown whole %q", extRest(e, 2, false), extRest(e, 2, true))
	}
	// A rest too long to count is offered by its size.
	long := explain.ExtractionView{}
	long.Slots[2], long.Rest[2], long.RestWords[2] = words(windowWords, "him"), strings.Repeat("him ", 3<<20/4), -1
	if !extCut(long, 2, false) || extCutText(long, 2) != "… show all (3.0 MB more)" || len(extRest(long, 2, true)) != len(Rest(long.Slots[2], true))+1+3<<20 {
		t.Errorf("a rest not counted: cut text %q", extCutText(long, 2))
	}
	// A slot of many tokens, not cut by the explorer, as before.
	many := explain.ExtractionView{}
	many.Slots[1] = words(windowWords+5, "w")
	if !extCut(many, 1, false) || extCutText(many, 1) != cutText(many.Slots[1]) || extRest(many, 1, true) != Rest(many.Slots[1], true) {
		t.Error("a slot of all its tokens is shown otherwise")
	}
}
