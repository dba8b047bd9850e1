package carb

import (
	"bytes"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// sentenceKeyThreePasses is SentenceKey as it was defined before its one
// pass (the spaces removed, the escapes replaced, the punctuation left
// out): the definition the one pass keeps for invalid UTF-8.
var sentenceKeyThreePasses = sentenceKeyInvalid

// keyCases are sentences whose keys turn on the escapes' edges: spaces
// inside an escape, escapes overlapping or cut, invalid UTF-8 that the
// spaces' removal joins into a character.
var keyCases = []string{
	"", " ", "-", "-LRB-", "- LRB -", "-L R B-", "-LRB", "LRB-", "--LRB--", "-LRB-RRB-", "-LRB--RRB-",
	"-LSB- x -RSB- -LCB-y-RCB-", "-lrb-", "-LRB-\u00e9", "a-LRB-b", "U.S. vs U.S . vs US",
	"\xe2 \x82\xac", "\xff-LRB-\xfe", "caf\xc3", "\u00a0-LRB-\u00a0", "x - L R B - y", "-LRB -RRB-",
}

// SentenceKey in one pass is the three passes' key, on the bundled CaRB
// gold's sentences, on the edges of the escapes and on whatever the
// fuzzer makes (FuzzSentenceKey).
func TestSentenceKeyOnePass(t *testing.T) {
	data, err := dataset.ReadFile("carb_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	cases := keyCases
	for line := range bytes.Lines(data) {
		text, _, _ := strings.Cut(string(line), "\t")
		cases = append(cases, text)
	}
	if len(cases) < 500 {
		t.Fatalf("%d sentences: the bundled gold was not read", len(cases))
	}
	for _, s := range cases {
		if got, want := SentenceKey(s), sentenceKeyThreePasses(s); got != want {
			t.Errorf("SentenceKey(%q) = %q, the three passes give %q", s, got, want)
		}
	}
}

func FuzzSentenceKey(f *testing.F) {
	for _, s := range keyCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := SentenceKey(s), sentenceKeyThreePasses(s); got != want {
			t.Errorf("SentenceKey(%q) = %q, the three passes give %q", s, got, want)
		}
	})
}

// BenchmarkSentenceKey keys the bundled CaRB gold's sentences in one pass
// and in the three it took before.
func BenchmarkSentenceKey(b *testing.B) {
	data, err := dataset.ReadFile("carb_explicit.txt")
	if err != nil {
		b.Fatal(err)
	}
	var sentences []string
	for line := range bytes.Lines(data) {
		text, _, _ := strings.Cut(string(line), "\t")
		sentences = append(sentences, text)
	}
	for _, k := range []struct {
		name string
		key  func(string) string
	}{{"one pass", SentenceKey}, {"three passes", sentenceKeyThreePasses}} {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range sentences {
					k.key(s)
				}
			}
		})
	}
}
