package wire57_test

import (
	"testing"

	"github.com/oiebench/oiebench/core/wire57"
)

// slot builds a gold slot; a word written "*w" is inferred.
func slot(words ...string) wire57.Slot {
	s := wire57.Slot{Words: []string{}, Inferred: []bool{}}
	for _, w := range words {
		inf := len(w) > 1 && w[0] == '*'
		if inf {
			w = w[1:]
		}
		s.Words = append(s.Words, w)
		s.Inferred = append(s.Inferred, inf)
	}
	return s
}

func gt(a1, rel, a2 wire57.Slot, extra ...wire57.Slot) wire57.Tuple {
	return wire57.Tuple{Arg1: a1, Rel: rel, Arg2: a2, Arg3: extra}
}

func ex(a1, rel, a2 string, extra ...string) wire57.Extraction {
	return wire57.Extraction{Arg1: a1, Rel: rel, Arg2: a2, Arg3: extra}
}

// TestMatch checks each rule of the tuple match; m = matches, p =
// predicted tokens, g = gold words that are not inferred.
func TestMatch(t *testing.T) {
	base := gt(slot("Obama"), slot("was", "born", "in"), slot("Hawaii"))
	tests := []struct {
		name      string
		gold      wire57.Tuple
		pred      wire57.Extraction
		matched   bool
		m, p, g   int
		prec, rec float64
	}{
		{"identical", base, ex("Obama", "was born in", "Hawaii"), true, 5, 5, 5, 1, 1},
		// rel "born" m1 p1 g3: m3 p3 g5
		{"partial", base, ex("Obama", "born", "Hawaii"), true, 3, 3, 5, 1, 3.0 / 5},
		{"case-sensitive", base, ex("obama", "was born in", "Hawaii"), false, 0, 0, 0, 0, 0},
		{"a slot without match fails", base, ex("Obama", "died", "Hawaii"), false, 0, 0, 0, 0, 0},
		{"empty predicted slot, real gold words", base, ex("Obama", "was born in", ""), false, 0, 0, 0, 0, 0},
		{"blank predicted slot is empty", base, ex(" ", "was born in", "Hawaii"), false, 0, 0, 0, 0, 0},
		// membership, not multiset: "in in" finds 2 in {was, born, in}:
		// rel m3 p3 g3 ("was" missing), m5 p5 g5
		{"membership counts repeats", base, ex("Obama", "born in in", "Hawaii"), true, 5, 5, 5, 1, 1},
		// inferred relation "[is] president of": predicted "is president
		// of" m3 p3 g2, args m2 p2 g2: m5 p5 g4 -> recall 5/4
		{"inferred word pushes recall above 1",
			gt(slot("Obama"), slot("*is", "president", "of"), slot("US")),
			ex("Obama", "is president of", "US"), true, 5, 5, 4, 1, 5.0 / 4},
		// an all-inferred gold relation: an empty predicted one is skipped
		// (m2 p2 g2); a predicted one with no match is no failure (p+1)
		{"empty slot against all-inferred gold", gt(slot("A"), slot("*is"), slot("B")), ex("A", "", "B"), true, 2, 2, 2, 1, 1},
		{"no match against all-inferred gold", gt(slot("A"), slot("*is"), slot("B")), ex("A", "has", "B"), true, 2, 3, 2, 2.0 / 3, 1},
		{"empty gold slot, empty prediction", gt(slot("He"), slot("died"), slot()), ex("He", "died", ""), true, 2, 2, 2, 1, 1},
		{"empty gold slot, some prediction", gt(slot("He"), slot("died"), slot()), ex("He", "died", "in 1990"), true, 2, 4, 2, 0.5, 1},
		// every slot empty on both sides: matched, but nothing to count
		{"all empty", gt(slot(), slot(), slot()), ex("", "", ""), true, 0, 0, 0, 0, 0},
		// arg3+: gold extra "in 1961" g+2; predicted "1961" m1 p1
		{"gold extra, predicted extra", gt(slot("A"), slot("r"), slot("B"), slot("in", "1961")), ex("A", "r", "B", "1961"), true, 4, 4, 5, 1, 4.0 / 5},
		// no overlap needed on extras: "yesterday" m0 p1
		{"extra without overlap", gt(slot("A"), slot("r"), slot("B"), slot("in", "1961")), ex("A", "r", "B", "yesterday"), true, 3, 4, 5, 3.0 / 4, 3.0 / 5},
		// a gold extra without a predicted one: only g+2
		{"gold extra, none predicted", gt(slot("A"), slot("r"), slot("B"), slot("in", "1961")), ex("A", "r", "B"), true, 3, 3, 5, 1, 3.0 / 5},
		// predicted extras beyond the gold's are not counted at all
		{"predicted extra beyond gold", gt(slot("A"), slot("r"), slot("B")), ex("A", "r", "B", "x y z"), true, 3, 3, 3, 1, 1},
		// inferred words in an extra count in matches but not in g: m4 p4 g4
		{"inferred extra word", gt(slot("A"), slot("r"), slot("B"), slot("*in", "1961")), ex("A", "r", "B", "in 1961"), true, 5, 5, 4, 1, 5.0 / 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := wire57.Match(tc.gold, tc.pred)
			if got.Matched != tc.matched || got.Matches != tc.m || got.PredTokens != tc.p || got.GoldWords != tc.g ||
				!near(got.Precision, tc.prec) || !near(got.Recall, tc.rec) {
				t.Errorf("Match = %+v, want matched %v m%d p%d g%d [%v, %v]", got, tc.matched, tc.m, tc.p, tc.g, tc.prec, tc.rec)
			}
			f1 := 0.0
			if tc.prec+tc.rec > 0 {
				f1 = 2 * tc.prec * tc.rec / (tc.prec + tc.rec)
			}
			if !near(got.F1, f1) {
				t.Errorf("F1 = %v, want %v", got.F1, f1)
			}
		})
	}
}

func TestExactMatch(t *testing.T) {
	g := gt(slot("Obama"), slot("*is", "president", "of"), slot("the", "US"), slot("since", "2009"))
	tests := []struct {
		pred wire57.Extraction
		want bool
	}{
		{ex("Obama", "is president of", "the US", "since 2009"), true},
		// the raw strings are compared with the gold words joined by single spaces
		{ex(" Obama ", "is president of", "the US", "since 2009"), false},
		{ex("Obama", "is  president of", "the US", "since 2009"), false},
		{ex("Obama", "is president\tof", "the US", "since 2009"), false},
		{ex("Obama", "is\u00a0president of", "the US", "since 2009"), false},
		{ex("Obama", "is president of", "the US\u001f", "since 2009"), false},
		{ex("Obama", "president of", "the US", "since 2009"), false},         // the inferred word is needed
		{ex("Obama", "is president of", "the US"), false},                    // the gold extra is needed
		{ex("Obama", "is president of", "the US", "since 2009", "x"), true},  // predicted extras beyond the gold's are ignored
		{ex("Obama", "is president of", "the US", "x", "since 2009"), false}, // the gold's extras come first, in order
		{ex("Obama", "is President of", "the US", "since 2009"), false},
	}
	for _, tc := range tests {
		if got := wire57.ExactMatch(g, tc.pred); got != tc.want {
			t.Errorf("ExactMatch(%+v) = %v, want %v", tc.pred, got, tc.want)
		}
	}
	if !wire57.ExactMatch(gt(slot("He"), slot("died"), slot()), ex("He", "died", "")) {
		t.Error("an empty slot should equal an empty gold slot")
	}
	if !wire57.ExactMatch(gt(slot("He"), slot("died"), slot("in", "1990")), ex("He", "died", "in 1990", "at home", "aged 90")) {
		t.Error("a gold tuple without extras: every predicted extra is ignored")
	}
}

// TestScoreEdges covers the aggregation corners.
func TestScoreEdges(t *testing.T) {
	g, err := wire57.ReadGold("g.json", []byte(`{"d": [{"id": "s1", "tuples": [`+
		`{"arg1": {"words": ["A"]}, "rel": {"words": ["r"]}, "arg2": {"words": ["B"]}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("no predictions", func(t *testing.T) {
		res := wire57.Score(g, &wire57.System{})
		if res.Precision != 0 || res.Recall != 0 || res.F1 != 0 || res.RecDen != 1 || res.PrecDen != 0 || len(res.Warnings) != 1 {
			t.Errorf("%+v", res)
		}
	})
	t.Run("zero F1 pairs are not matched", func(t *testing.T) {
		// every slot empty against a gold whose slots are all empty: the
		// pair passes but has F1 0, so nothing is matched
		g2, err := wire57.ReadGold("g.json", []byte(`{"d": [{"id": "s1", "tuples": [`+
			`{"arg1": {"words": []}, "rel": {"words": ["is"], "words_indexes": ["inf"]}, "arg2": {"words": []}}]}]}`))
		if err != nil {
			t.Fatal(err)
		}
		res := wire57.Score(g2, &wire57.System{Extractions: []wire57.Extraction{{SentID: "s1"}}})
		if res.Matches != 0 || res.PrecDen != 1 || res.ExactPredictions != 0 {
			t.Errorf("%+v", res)
		}
	})
	t.Run("one prediction, one match", func(t *testing.T) {
		// two predictions both able to match the one gold tuple: one pair
		res := wire57.Score(g, &wire57.System{Extractions: []wire57.Extraction{
			{SentID: "s1", Arg1: "A", Rel: "r", Arg2: "B C"}, {SentID: "s1", Arg1: "A", Rel: "r", Arg2: "B"}}})
		// (A; r; B C): m3 p4 g3, F1 6/7; (A; r; B): [1,1] is taken
		if res.Matches != 1 || res.Pairs[0].Prediction != 1 || !near(res.Precision, 0.5) || !near(res.Recall, 1) {
			t.Errorf("%+v", res)
		}
	})
}
