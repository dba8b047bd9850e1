package explain

import (
	"regexp"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
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
//
// It mirrors benchie's unit reading, which is not exported;
// TestGoldTokensAgreeWithScorer holds the two together on the whole release.
func GoldTokens(slot string, f benchie.Facet) []Token {
	slot = oie.TrimSpace(slot)
	if f == benchie.Minimal {
		slot = minimalSlot(slot)
	}
	var toks []Token
	for ui, u := range parseUnits(slot) {
		first := len(toks)
		for _, w := range strings.Split(u.text, " ") {
			if w != "" {
				toks = append(toks, Token{Text: w, Unit: ui, Optional: u.optional})
			}
		}
		if u.optional && len(toks) > first {
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

type unit struct {
	text     string
	optional bool
}

var bracketDeleter = strings.NewReplacer("[", "", "]", "")

// parseUnits reads a slot as benchie does (benchie.md, section 2): a token
// with '[' and ']' is one optional unit, a token with '[' only opens a unit
// that runs to the next token holding ']', and stray brackets drop their token.
func parseUnits(slot string) []unit {
	toks := strings.Split(slot, " ")
	var units []unit
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		open, close := strings.Contains(t, "["), strings.Contains(t, "]")
		switch {
		case open && close:
			units = append(units, unit{bracketDeleter.Replace(t), true})
		case open:
			j := i + 1
			for j < len(toks) && !strings.Contains(toks[j], "]") {
				j++
			}
			if j == len(toks) {
				continue
			}
			units = append(units, unit{bracketDeleter.Replace(strings.Join(toks[i:j+1], " ")), true})
			i = j
		case close:
		default:
			units = append(units, unit{t, false})
		}
	}
	return units
}

var (
	minimalSpan = regexp.MustCompile(`[\[(].*?[\])]`)
	spaceRun    = regexp.MustCompile(` +`)
)

// minimalSlot is the BenchIE-M stripping of optional material (benchie.md, section 5).
func minimalSlot(slot string) string {
	if !strings.Contains(slot, "[") {
		return slot
	}
	s := minimalSpan.ReplaceAllString(slot, "")
	return spaceRun.ReplaceAllString(strings.TrimSpace(s), " ")
}
