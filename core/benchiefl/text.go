package benchiefl

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/oie"
)

// The string views of benchie-fl.md, section 4.

// isPunct reports the 32 ASCII punctuation characters (Python's
// string.punctuation); other punctuation is kept.
func isPunct(c rune) bool {
	return c < 0x80 && (c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~')
}

// np deletes ASCII punctuation.
func np(s string) string {
	if strings.IndexFunc(s, isPunct) < 0 {
		return s
	}
	return strings.Map(func(c rune) rune {
		if isPunct(c) {
			return -1
		}
		return c
	}, s)
}

// sq deletes every U+0020 space and lower-cases (Python's str.lower).
func sq(s string) string { return lower(strings.ReplaceAll(s, " ", "")) }

// lower is Python's str.lower: Unicode full lower-case mapping, which
// differs from Go's simple mapping for U+0130 and the final sigma.
func lower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for i, c := range s {
		switch c {
		case 'İ':
			b.WriteString("i\u0307")
		case 'Σ':
			if finalSigma(s, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(c))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition: a cased letter before
// (skipping case-ignorable characters) and none after.
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		c, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if caseIgnorable(c) {
			continue
		}
		before = cased(c)
		break
	}
	if !before {
		return false
	}
	for j := i + len("Σ"); j < len(s); {
		c, n := utf8.DecodeRuneInString(s[j:])
		j += n
		if caseIgnorable(c) {
			continue
		}
		return !cased(c)
	}
	return true
}

func cased(c rune) bool { return unicode.IsUpper(c) || unicode.IsLower(c) || unicode.IsTitle(c) }

func caseIgnorable(c rune) bool {
	return unicode.In(c, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) || c == '\'' || c == '.' || c == ':' || c == '·' || c == '\u2019'
}

// toks splits on the single space, keeping empty pieces.
func toks(s string) []string { return strings.Split(s, " ") }

// tidy squeezes runs of spaces to one and trims.
func tidy(s string) string {
	if strings.Contains(s, "  ") {
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			if s[i] != ' ' || i == 0 || s[i-1] != ' ' {
				b = append(b, s[i])
			}
		}
		s = string(b)
	}
	return oie.TrimSpace(s)
}

// cutLast removes the last n characters (Python's s[:-n]).
func cutLast(s string, n int) string {
	for ; n > 0 && s != ""; n-- {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// sep joins slots into keys: it never occurs in text (readers refuse NUL).
const sep = "\x00"

// partsOf splits an extraction string into its slots for the exact routes:
// two parts lose their last two characters and get XXX as object; one part
// cannot match.
func partsOf(e string) ([]string, bool) {
	p := strings.Split(e, " - ")
	switch {
	case len(p) < 2:
		return nil, false
	case len(p) == 2:
		p = []string{p[0], cutLast(p[1], 2), "XXX"}
	}
	return p, true
}

// pyInt reads an id as Python's int() does (the reference parses ids with
// it): an optional sign, then decimal digits of any script, single
// underscores allowed between digits; the caller has trimmed white space.
func pyInt(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c == '_' {
			continue
		}
		d, ok := digit(c)
		if !ok || n > (1<<53)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	if neg {
		n = -n
	}
	return n, true
}

// digit is the value of a Unicode decimal digit (category Nd). Every Nd
// block is made of runs of ten from a zero, so the value is the distance
// to the block's start, modulo ten.
func digit(c rune) (int, bool) {
	if c >= '0' && c <= '9' {
		return int(c - '0'), true
	}
	if !unicode.Is(unicode.Nd, c) {
		return 0, false
	}
	zero := c
	for unicode.Is(unicode.Nd, zero-1) {
		zero--
	}
	return int(c-zero) % 10, true
}
