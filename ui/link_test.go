package ui

import "testing"

// A link written from the page's state reads back to the same state, and
// unknown or foreign fragments change nothing.
func TestLinkRoundTrip(t *testing.T) {
	p := Prefs{View: ViewSentences, System: "Clause IE & co", Sentence: "34", CompareS: "7"}
	l := LinkOf("benchie-fl:en", p)
	frag := l.Fragment()
	if want := "#view=sentences&gold=benchie-fl%3Aen&system=Clause+IE+%26+co&sentence=34"; frag != want {
		t.Errorf("fragment %q, want %q", frag, want)
	}
	if got := ParseLink(frag); got != l {
		t.Errorf("ParseLink(%q) = %+v, want %+v", frag, got, l)
	}
	var q Prefs
	ParseLink(frag).Apply(&q)
	if q.View != ViewSentences || q.System != p.System || q.Sentence != "34" || q.CompareS != "" {
		t.Errorf("applied %+v", q)
	}
	// The comparison's sentence is the Compare view's.
	c := LinkOf("en", Prefs{View: ViewCompare, System: "ClausIE", Sentence: "3", CompareS: "9"})
	if c != (Link{View: ViewCompare, Gold: "en", Sentence: "9"}) {
		t.Errorf("compare link %+v", c)
	}
	var r Prefs
	c.Apply(&r)
	if r.CompareS != "9" || r.Sentence != "" {
		t.Errorf("compare link applied as %+v", r)
	}
	for _, frag := range []string{"", "#", "#top", "#view=nope", "#%zz"} {
		if got := ParseLink(frag); got.View != "" || got.System != "" || got.Sentence != "" {
			t.Errorf("ParseLink(%q) = %+v, want nothing", frag, got)
		}
	}
	if got := (Link{}).Fragment(); got != "" {
		t.Errorf("empty link %q", got)
	}
}
