package explain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/benchie"
)

// Token is one word of a slot as the page shows it.
type Token struct {
	Text string
	// Unit numbers the unit the token belongs to within its slot; tokens of
	// one multi-word optional unit ("[of Australia]") share it.
	Unit     int
	Optional bool
	// UnitStart and UnitEnd mark the first and last token of an optional
	// unit, where its brackets go when shown.
	UnitStart, UnitEnd bool
	Mark               Mark
}

// Mark says how a token fared against the other side of a comparison.
type Mark uint8

const (
	Same    Mark = iota // present on both sides
	Missing             // a gold token the extraction lacks
	Extra               // an extraction token no gold form has here
	Dropped             // an optional gold token the extraction rightly leaves out
)

func (m Mark) String() string { return [...]string{"same", "missing", "extra", "dropped"}[m] }

// GoldTokens splits a gold slot into tokens with its optional units marked,
// as the scorer reads it under facet f (BenchIE-M first strips optional
// material). Brackets are deleted from the token text; Optional carries them.
func GoldTokens(slot string, f benchie.Facet) []Token {
	var toks []Token
	for ui, u := range benchie.SlotUnits(slot, f) {
		first := len(toks)
		for _, w := range strings.Split(u.Text, " ") {
			if w != "" {
				toks = append(toks, Token{Text: w, Unit: ui, Optional: u.Optional})
			}
		}
		if u.Optional && len(toks) > first {
			toks[first].UnitStart, toks[len(toks)-1].UnitEnd = true, true
		}
	}
	return toks
}

// SlotTokens splits an extraction slot into its words.
func SlotTokens(slot string) []Token {
	var toks []Token
	for i, w := range strings.Fields(slot) {
		toks = append(toks, Token{Text: w, Unit: i})
	}
	return toks
}

// slotTokensCut is SlotTokens of the first n words of a slot, split as
// strings.Fields splits them; the text after them (from its next word) and
// its words' count are returned without being split. A rest longer than
// RestCountBytes is not counted (restWords -1): counting a 10 MB rest held
// the page's thread for 65 ms, for a number a page can give as a size.
func slotTokensCut(slot string, n int) (toks []Token, rest string, restWords int) {
	rest = slot
	for len(toks) < n {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			return toks, "", 0
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		toks = append(toks, Token{Text: rest[:end], Unit: len(toks)})
		rest = rest[end:]
	}
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	if len(rest) > RestCountBytes {
		return toks, rest, -1
	}
	return toks, rest, countWords(rest)
}

// RestCountBytes bounds the rest of a slot cut under Explorer.SlotWords
// whose words are counted (ExtractionView.RestWords).
const RestCountBytes = 64 << 10

// countWords counts the words strings.Fields would split s into, without
// splitting it (a 10 MB slot: its words are counted, not made).
func countWords(s string) int {
	n, inWord := 0, false
	for i := 0; i < len(s); {
		var space bool
		if c := s[i]; c < utf8.RuneSelf {
			space = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			i += size
		}
		if !space && !inWord {
			n++
		}
		inWord = !space
	}
	return n
}

// asciiSpace is unicode.IsSpace of the ASCII bytes.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
