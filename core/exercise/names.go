package exercise

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Name is a student's name as the class table shows it, with what about
// it the teacher should see: names are typed by students, and four of
// them can all look like "Ana" (a zero-width space, a Cyrillic А, a
// right-to-left override, a trailing space).
type Name struct {
	Shown string   // NFKC, invisible and direction characters removed, spaces collapsed and trimmed
	Notes []string // what was removed or changed, and scripts mixed
	key   string   // the look-alike key: Shown lowercased, confusable letters as the Latin they look like
}

// CheckName normalises a name and notes what deserves a look.
func CheckName(raw string) Name {
	var n Name
	var b strings.Builder
	invisible := false
	for _, r := range norm.NFKC.String(raw) {
		switch {
		case isInvisible(r):
			invisible = true
		case unicode.IsSpace(r):
			if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") {
				b.WriteByte(' ')
			}
		default:
			b.WriteRune(r)
		}
	}
	n.Shown = strings.TrimSpace(b.String())
	if invisible {
		n.Notes = append(n.Notes, "the name held invisible or text-direction characters, removed")
	}
	if trimmed := strings.TrimSpace(raw); !invisible && norm.NFKC.String(trimmed) != trimmed {
		n.Notes = append(n.Notes, "the name was written with compatibility forms (full-width letters, ligatures), normalised")
	}
	if s := scriptsOf(n.Shown); len(s) > 1 {
		n.Notes = append(n.Notes, fmt.Sprintf("the name mixes %s letters, which can look the same", strings.Join(s, " and ")))
	}
	var k strings.Builder
	for _, r := range strings.ToLower(n.Shown) {
		if l, ok := lookAlike[r]; ok {
			r = l
		}
		k.WriteRune(r)
	}
	n.key = k.String()
	return n
}

// isInvisible reports the characters a name never needs and a forger
// uses: zero-width ones, the soft hyphen, the byte order mark, and the
// bidi marks, embeddings, overrides and isolates.
func isInvisible(r rune) bool {
	switch {
	case r == 0xad, r == 0x34f, r == 0x61c, r == 0x180e, r >= 0x200b && r <= 0x200f,
		r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x206f, r == 0xfeff:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}

// confusableScripts are the scripts whose letters pass for each other's.
var confusableScripts = []struct {
	name  string
	table *unicode.RangeTable
}{{"Latin", unicode.Latin}, {"Cyrillic", unicode.Cyrillic}, {"Greek", unicode.Greek}}

// scriptsOf names the confusable scripts whose letters s holds.
func scriptsOf(s string) []string {
	var out []string
	for _, sc := range confusableScripts {
		if strings.IndexFunc(s, func(r rune) bool { return unicode.Is(sc.table, r) }) >= 0 {
			out = append(out, sc.name)
		}
	}
	return out
}

// lookAlike maps lowercase Cyrillic and Greek letters to the Latin letter
// they pass for (upper or lower case, as both sides are lowercased first).
var lookAlike = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'з': '3', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h',
	'о': 'o', 'р': 'p', 'с': 'c', 'ѕ': 's', 'т': 't', 'у': 'y', 'х': 'x', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l',
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'm', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't',
	'υ': 'u', 'χ': 'x', 'ζ': 'z', 'γ': 'y',
}
