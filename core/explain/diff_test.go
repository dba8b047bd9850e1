package explain

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
)

// render shows marked tokens: -missing- +extra+ (dropped) same.
func render(toks []Token) string {
	var out []string
	for _, t := range toks {
		switch t.Mark {
		case Missing:
			out = append(out, "-"+t.Text+"-")
		case Extra:
			out = append(out, "+"+t.Text+"+")
		case Dropped:
			out = append(out, "("+t.Text+")")
		default:
			out = append(out, t.Text)
		}
	}
	return strings.Join(out, " ")
}

func TestDiffSlot(t *testing.T) {
	cases := []struct {
		gold, ext     string
		wantG, wantE  string
		wantDiffering int
	}{
		// a form of the slot: nothing differs, dropped units are not errors
		{"[the] [first] Prime Minister [of Australia]", "first Prime Minister", "(the) first Prime Minister (of) (Australia)", "first Prime Minister", 0},
		{"[the] [first] Prime Minister [of Australia]", "the first Prime Minister of Australia", "the first Prime Minister of Australia", "the first Prime Minister of Australia", 0},
		// a required word missing, an extra word
		{"Prime Minister [of Australia]", "Minister of Australia", "-Prime- Minister of Australia", "Minister of Australia", 1},
		{"served as", "served as the", "served as", "served as +the+", 1},
		// a word changed: one missing and one extra
		{"became [a] justice", "became judge", "became (a) -justice-", "became +judge+", 2},
		// half of a two-word optional unit is not a form
		{"Minister [of Australia]", "Minister of", "Minister (of) (Australia)", "Minister +of+", 1},
		{"", "He", "", "+He+", 1},
		{"He", "", "-He-", "", 1},
	}
	for _, c := range cases {
		g, e := DiffSlot(GoldTokens(c.gold, benchie.Regular), SlotTokens(c.ext))
		if render(g) != c.wantG || render(e) != c.wantE {
			t.Errorf("DiffSlot(%q, %q) = %q | %q, want %q | %q", c.gold, c.ext, render(g), render(e), c.wantG, c.wantE)
		}
		if n := cost(g, e); n != c.wantDiffering {
			t.Errorf("DiffSlot(%q, %q): %d differing tokens, want %d", c.gold, c.ext, n, c.wantDiffering)
		}
	}
}
