package carb

import "strings"

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
	s := strings.ReplaceAll(sentence, " ", "")
	// Escapes must be undone before punctuation is removed: afterwards
	// "-LRB-" would be left as the letters "LRB" in the key.
	s = bracketEscapes.Replace(s)
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
