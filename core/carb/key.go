package carb

import (
	"strings"
	"unicode/utf8"
)

// bracketEscapes undoes the Penn Treebank escapes tokenisers write for
// brackets, so that a sentence written with "-LRB-" and one written with "("
// get the same key.
var bracketEscapes = strings.NewReplacer(
	"-LRB-", "(", "-RRB-", ")",
	"-LSB-", "[", "-RSB-", "]",
	"-LCB-", "{", "-RCB-", "}",
)

// SentenceKey is the key that aligns system sentences with gold sentences:
// the sentence without spaces, with bracket escapes undone, without ASCII
// punctuation. It makes alignment immune to tokenisation differences
// ("U.S." vs "U.S ." vs "US").
//
// Only the space character is removed, as the reference does: other white
// space (tabs cannot occur inside a field) is kept.
func SentenceKey(sentence string) string {
	if !utf8.ValidString(sentence) {
		return sentenceKeyInvalid(sentence)
	}
	// One pass over the sentence without its spaces: an escape goes whole
	// (its bracket is punctuation), other punctuation byte by byte. The
	// escapes are matched left to right without overlap, as the Replacer
	// matches them; spaces, escapes and punctuation are ASCII, so what is
	// left of valid UTF-8 is valid.
	var key strings.Builder
	key.Grow(len(sentence))
	for i := 0; i < len(sentence); i++ {
		c := sentence[i]
		switch {
		case c == ' ':
		case c == '-' && isEscapeAt(sentence, i):
			i += skipEscape(sentence, i)
		case c < utf8.RuneSelf && isASCIIPunct(rune(c)):
		default:
			key.WriteByte(c)
		}
	}
	return key.String()
}

// isEscapeAt reports whether one of bracketEscapes starts at s[i] once the
// spaces are left out.
func isEscapeAt(s string, i int) bool {
	var w [5]byte
	n := 0
	for ; i < len(s) && n < len(w); i++ {
		if s[i] != ' ' {
			w[n] = s[i]
			n++
		}
	}
	if n < len(w) || w[4] != '-' {
		return false
	}
	switch string(w[1:4]) {
	case "LRB", "RRB", "LSB", "RSB", "LCB", "RCB":
		return true
	}
	return false
}

// skipEscape is how many bytes past s[i] the escape that starts there
// takes, spaces in it included.
func skipEscape(s string, i int) int {
	n, k := 1, i+1
	for ; n < 5; k++ {
		if s[k] != ' ' {
			n++
		}
	}
	return k - 1 - i
}

// sentenceKeyInvalid is SentenceKey of a sentence that is not valid
// UTF-8, each invalid byte becoming U+FFFD as strings.Map makes it (spaces
// and punctuation left out may join bytes into a valid character). It is
// SentenceKey's definition in three passes, which the tests hold the one
// pass to on valid sentences.
func sentenceKeyInvalid(sentence string) string {
	s := bracketEscapes.Replace(strings.ReplaceAll(sentence, " ", ""))
	return strings.Map(func(r rune) rune {
		if isASCIIPunct(r) {
			return -1
		}
		return r
	}, s)
}

// isASCIIPunct reports whether r is one of the 32 ASCII punctuation
// characters !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~.
func isASCIIPunct(r rune) bool {
	return r >= '!' && r <= '/' || r >= ':' && r <= '@' || r >= '[' && r <= '`' || r >= '{' && r <= '~'
}
