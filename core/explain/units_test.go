package explain

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/oie"
)

// unitForm builds a surface form from the tokens GoldTokens shows: every
// optional unit kept, or every one dropped.
func unitForm(slot string, f benchie.Facet, keepOptional bool) string {
	var words []string
	for _, tok := range GoldTokens(slot, f) {
		if keepOptional || !tok.Optional {
			words = append(words, tok.Text)
		}
	}
	return strings.Join(words, " ")
}

// On every triple of the release, under every facet, the forms the shown
// tokens yield (all optional units kept, all dropped) must be forms the
// scorer accepts for that very triple (slots without empty tokens: the page
// shows words, not the empty tokens double spaces make).
func TestGoldTokensAgreeWithScorer(t *testing.T) {
	for _, d := range benchmarks.BenchIE {
		gold := readGold(t, strings.TrimPrefix(d.Gold, "benchie/"))
		for _, f := range benchie.Facets {
			c := benchie.Compile(gold.Gold, f)
			checked := 0
			for si, s := range gold.Sentences {
				for ki, syn := range s.Synsets {
					for ti, tr := range syn.Triples {
						gt := syn.Triple(ti)
						for _, keep := range []bool{true, false} {
							if hasEmptyToken(gt, f) {
								continue
							}
							form := oie.Triple{Subject: unitForm(gt.Subject, f, keep), Relation: unitForm(gt.Relation, f, keep), Object: unitForm(gt.Object, f, keep)}
							found := false
							for _, cl := range c.Closest(si, form) {
								if cl.Synset == ki && cl.Triple == ti && cl.Slots == [3]bool{true, true, true} {
									found = true
								}
							}
							if !found {
								t.Fatalf("%s %s line %d: form %q of %q is not matched by the scorer", d.Key, f, tr.Line, form, gt)
							}
							checked++
						}
					}
				}
			}
			if checked < 1000 {
				t.Fatalf("%s %s: only %d forms checked", d.Key, f, checked)
			}
		}
	}
}

// hasEmptyToken reports a unit with an empty token ("a  b", "[Pa. ]"): its
// forms hold a double space that shown words cannot carry.
func hasEmptyToken(tr oie.Triple, f benchie.Facet) bool {
	for _, slot := range tr.Slots() {
		for _, u := range benchie.SlotUnits(slot, f) {
			if u.Text == "" || strings.Join(strings.Fields(u.Text), " ") != u.Text {
				return true
			}
		}
	}
	return false
}

func TestGoldTokens(t *testing.T) {
	cases := []struct {
		slot  string
		facet benchie.Facet
		want  string // tokens, optional ones in brackets
	}{
		{"[the] [first] Prime Minister [of Australia]", benchie.Regular, "[the] [first] Prime Minister [of] [Australia]"},
		{"[the] [first] Prime Minister [of Australia]", benchie.Minimal, "Prime Minister"},
		{" served as ", benchie.Regular, "served as"},
		{"[eine]Petition", benchie.Regular, "[einePetition]"},
		{"Oath 89]", benchie.Regular, "Oath"},
		{"the (old) [big] house", benchie.Minimal, "the house"},
	}
	for _, c := range cases {
		var got []string
		for _, tok := range GoldTokens(c.slot, c.facet) {
			if tok.Optional {
				got = append(got, "["+tok.Text+"]")
			} else {
				got = append(got, tok.Text)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("GoldTokens(%q, %s) = %q, want %q", c.slot, c.facet, g, c.want)
		}
	}
	toks := GoldTokens("[of Australia] x", benchie.Regular)
	if toks[0].Unit != toks[1].Unit || toks[1].Unit == toks[2].Unit {
		t.Errorf("units of %v: a two-word optional unit must share its number", toks)
	}
	if !toks[0].UnitStart || toks[0].UnitEnd || toks[1].UnitStart || !toks[1].UnitEnd || toks[2].UnitStart || toks[2].UnitEnd {
		t.Errorf("unit bounds of %v: the brackets go around \"of Australia\"", toks)
	}
}
