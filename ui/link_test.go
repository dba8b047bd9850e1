package ui

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

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

// The fragment's reader and writer are net/url's ParseQuery (first value
// of each key, an error as "not a link") and QueryEscape, on every byte and
// on fragments with every kind of escape, separator and error.
func TestFragmentFieldsAsNetURL(t *testing.T) {
	var all []byte
	for c := range 256 {
		all = append(all, byte(c))
	}
	values := []string{"", " ", "a b+c", "benchie-fl:en", "Clause IE & co", "é ☃", string(all)}
	for _, v := range values {
		if got, want := escapeField(v), url.QueryEscape(v); got != want {
			t.Errorf("escapeField(%q) = %q, want %q", v, got, want)
		}
	}
	frags := []string{
		"", "&", "&&", "=", "a", "a=", "=b", "a=b=c", "a=1&a=2", "a=1&&b=2&",
		"view=sentences&gold=benchie-fl%3Aen&system=Clause+IE+%26+co&sentence=34",
		"a=%41%4a%4A%ff%00", "%61=b", "a=%", "a=%4", "a=%4g", "a=%g4", "a=x%", "%=1", "a=1&b=%zz",
		"a=+", "a=%2B", "a;b=1", "a=1;b=2", "a=1&;", "a=%3B", "a=%20%2520", "a=%E2%98%83", "a=\xff",
		strings.Repeat("&", maxFragmentFields-2) + "a=1", strings.Repeat("&", maxFragmentFields-1) + "a=1",
		strings.Repeat("&", maxFragmentFields) + "a=1",
	}
	for _, v := range values {
		frags = append(frags, "k="+url.QueryEscape(v), "k="+v)
	}
	for _, f := range frags {
		want, err := url.ParseQuery(f)
		got, ok := fragmentFields(f)
		name := f
		if len(name) > 40 {
			name = fmt.Sprintf("%.40q… (%d bytes)", f, len(f))
		}
		if ok != (err == nil) {
			t.Errorf("fragmentFields(%s): ok %v, url.ParseQuery's error %v", name, ok, err)
			continue
		}
		if !ok {
			continue
		}
		if len(got) != len(want) {
			t.Errorf("fragmentFields(%s) = %q, url.ParseQuery %q", name, got, want)
		}
		for k := range want {
			if got[k] != want.Get(k) {
				t.Errorf("fragmentFields(%s)[%q] = %q, url.ParseQuery %q", name, k, got[k], want.Get(k))
			}
		}
	}
}
