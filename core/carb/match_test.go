package carb_test

import (
	"math"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
)

func tup(rel string, args ...string) carb.Tuple { return carb.Tuple{Relation: rel, Args: args} }

// TestPairScore checks each rule of the pair score with hand-computed
// values; m = matches, p = predicted tokens, g = gold tokens.
func TestPairScore(t *testing.T) {
	tests := []struct {
		name       string
		gold, pred carb.Tuple
		prec, rec  float64
	}{
		{"identical", tup("served as", "He", "the first Prime Minister"), tup("served as", "He", "the first Prime Minister"), 1, 1},
		// rel born,in: m2 p2 g3; arg1 Obama: m1 p2 g1; arg2 Hawaii: m1 p1 g3 -> 4/5, 4/7
		{"partial overlap", tup("was born in", "Obama", "Hawaii in 1961"), tup("born in", "Barack Obama", "Hawaii"), 4.0 / 5, 4.0 / 7},
		// no argument word in common is still scored: m1 (rel) p3 g3
		{"arguments need no common word", tup("runs", "He", "fast"), tup("runs", "She", "slowly"), 1.0 / 3, 1.0 / 3},
		// case matters and punctuation is a token: rel m0 -> [0,0]
		{"no lowercasing", tup("Runs", "He", "fast"), tup("runs", "He", "fast"), 0, 0},
		// rel {of,the} vs {the,the}: m1; arg1 {the,cat} vs {the,the,the}: m1;
		// arg2 {the,the,dog} vs {dog}: m1 -> m3 p6 g7
		{"multiset intersection", tup("of the", "the cat", "the the dog"), tup("the the", "the the the", "dog"), 3.0 / 6, 3.0 / 7},

		// "be" rule: gold "is", predicted "is be": "is" matches, the
		// leftover "be" adds one: m2 p2 g1 -> recall 2, kept above 1.
		{"be rule pushes recall above 1", tup("is"), tup("is be"), 1, 2},
		{"be rule: be for was", tup("was", "A", "B"), tup("be", "A", "B"), 1, 1},
		// "be be" vs "is": one match from the rule only (m1), plus args m2: m3 p4 g3
		{"be rule adds one match at most", tup("is", "A", "B"), tup("be be", "A", "B"), 3.0 / 4, 1},
		// gold "will be": the predicted "be" is matched, none left over: m3 p3 g4
		{"be rule: be already matched", tup("will be", "A", "B"), tup("be", "A", "B"), 1, 3.0 / 4},
		// "exists" holds "is" only as a substring: no be-form token, m0
		{"be rule needs a be-form token", tup("exists", "A", "B"), tup("be", "A", "B"), 0, 0},
		{"be rule needs gold be-form", tup("became", "A", "B"), tup("be", "A", "B"), 0, 0},

		{"empty gold relation", tup("", "A", "B"), tup("x", "A", "B"), 0, 0},
		{"empty predicted relation", tup("x", "A", "B"), tup("", "A", "B"), 0, 0},
		{"blank predicted relation", tup("x", "A", "B"), tup("  ", "A", "B"), 0, 0},
		{"prediction lacks arg2", tup("r", "A", "B"), tup("r", "A"), 0, 0},
		{"prediction lacks arg1", tup("r", "A"), tup("r"), 0, 0},
		// an empty arg2 is present, it just has no tokens: m2 p2 g3
		{"prediction with empty arg2", tup("r", "A", "B"), tup("r", "A", ""), 1, 2.0 / 3},
		// one-argument gold: the predicted object is not counted: m2 p2 g2
		{"one-argument gold ignores object", tup("runs", "He"), tup("runs", "He", "fast today"), 1, 1},
		// gold without arguments compares relations only: m1 p2 g1
		{"gold without arguments", tup("runs"), tup("runs off", "He", "x"), 0.5, 1},
		// n-ary: gold (He; X Y Z), prediction (He X; Y Z): rel m1, arg1
		// {He} vs {He,X} m1, object {X,Y,Z} vs {Y,Z} m2: m4 p5 g5
		{"n-ary folding", tup("r", "He", "X", "Y Z"), tup("r", "He X", "Y", "Z"), 4.0 / 5, 4.0 / 5},
		// both objects fold to "X Y Z"
		{"n-ary folding matches", tup("r", "He", "X", "Y Z"), tup("r", "He", "X Y", "Z"), 1, 1},
		// folded n-ary gold against a binary prediction: obj {X,Y,Z} vs {X}: m3 p3 g5
		{"n-ary gold, binary prediction", tup("r", "He", "X", "Y Z"), tup("r", "He", "X"), 1, 3.0 / 5},

		// "said" rule: unswapped m1 p5 g5; swapped exact
		{"said swap", tup("said", "John", "it will rain"), tup("said", "it will rain", "John"), 1, 1},
		{"said as a substring", tup("has told", "John", "it will rain"), tup("has told", "it will rain", "John"), 1, 1},
		{"adds", tup("adds", "John", "it will rain"), tup("adds", "it will rain", "John"), 1, 1},
		{"no swap without a said verb", tup("stated", "John", "it will rain"), tup("stated", "it will rain", "John"), 1.0 / 5, 1.0 / 5},
		{"said rule is case-sensitive", tup("Said", "John", "it will rain"), tup("Said", "it will rain", "John"), 1.0 / 5, 1.0 / 5},
		// the swap acts on the folded object: pred (it; rains John) swapped
		// is (rains John; it): arg1 m1, arg2 {it,rains} vs {it} m1, rel m1:
		// m3 p4 g4; unswapped m2 -> [.5,.5]
		{"said swap after folding", tup("said", "John", "it", "rains"), tup("said", "it", "rains", "John"), 3.0 / 4, 3.0 / 4},
		// equal precision, the higher recall wins (lists compared):
		// unswapped arg1 "A X Q" vs {A,B}: m2 p4 g3 -> [.5, 2/3];
		// swapped arg1 "A B X Y Z": m3 p6 g3 -> [.5, 1]
		{"said: equal precision, higher recall", tup("said", "A B"), tup("said", "A X Q", "A B X Y Z"), 0.5, 1},
		{"said: unswapped better", tup("said", "A B"), tup("said", "A B X Y Z", "A X Q"), 0.5, 1},
		// one-argument gold, swap gives higher precision, same recall:
		// unswapped m2 p4 g2 -> [.5,1]; swapped m2 p2 -> [1,1]
		{"said: higher precision wins", tup("said", "A"), tup("said", "A B C", "A"), 1, 1},
		{"said: single predicted argument", tup("said", "A", "B"), tup("said", "B"), 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, r := carb.PairScore(tc.gold, tc.pred)
			if math.Abs(p-tc.prec) > 1e-12 || math.Abs(r-tc.rec) > 1e-12 {
				t.Errorf("PairScore = [%v, %v], want [%v, %v]", p, r, tc.prec, tc.rec)
			}
		})
	}
}

func TestSentenceKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"He left .", "Heleft"},
		{"U.S. troops", "UStroops"},
		{"He ( born 1950 ) left", "Heborn1950left"},
		{"He -LRB- born 1950 -RRB- left", "Heborn1950left"},
		{"-LSB- a -RSB- -LCB- b -RCB-", "ab"},
		{"lower -lrb- is no escape", "lowerlrbisnoescape"},
		{"``quoted'' & co; 50% <x> @ #1 $2 ^ _ | ~ ! ? / \\ * + = ` \"", "quotedco50x12"},
		{"Café – naïve", "Café–naïve"}, // non-ASCII punctuation stays
		{"tab\tstays", "tab\tstays"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := carb.SentenceKey(tc.in); got != tc.want {
			t.Errorf("SentenceKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
