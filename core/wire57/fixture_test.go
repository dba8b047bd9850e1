package wire57_test

import (
	"math"
	"os"
	"testing"

	"github.com/oiebench/oiebench/core/wire57"
)

func readFixtures(t *testing.T) (*wire57.Gold, []*wire57.System) {
	t.Helper()
	gb, err := os.ReadFile("testdata/gold.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := wire57.ReadGold("testdata/gold.json", gb)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := os.ReadFile("testdata/system.json")
	if err != nil {
		t.Fatal(err)
	}
	systems, err := wire57.ReadSystem("testdata/system.json", sb)
	if err != nil {
		t.Fatal(err)
	}
	return g, systems
}

type pairWant struct {
	sentence, gold, pred int
	prec, rec            float64
}

type resultWant struct {
	precNum, precDen, recNum, recDen float64
	exactPreds, exactGold, without   int
	pairs                            []pairWant
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func checkResult(t *testing.T, res *wire57.Result, w resultWant) {
	t.Helper()
	p, r := w.precNum/w.precDen, w.recNum/w.recDen
	f1 := 2 * p * r / (p + r)
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"prec_num", res.PrecNum, w.precNum}, {"prec_den", res.PrecDen, w.precDen},
		{"rec_num", res.RecNum, w.recNum}, {"rec_den", res.RecDen, w.recDen},
		{"precision", res.Precision, p}, {"recall", res.Recall, r}, {"f1", res.F1, f1},
		{"exact_prec", res.ExactPrec, float64(w.exactPreds) / w.precDen},
		{"exact_rec", res.ExactRec, float64(w.exactGold) / w.recDen},
	} {
		if !near(c.got, c.want) {
			t.Errorf("%s = %.17g, want %.17g", c.what, c.got, c.want)
		}
	}
	if res.ExactPredictions != w.exactPreds || res.ExactGold != w.exactGold || res.PredictionsWithoutGold != w.without {
		t.Errorf("exact predictions %d, exact gold %d, without gold %d; want %d, %d, %d",
			res.ExactPredictions, res.ExactGold, res.PredictionsWithoutGold, w.exactPreds, w.exactGold, w.without)
	}
	if res.Matches != len(w.pairs) || len(res.Pairs) != len(w.pairs) {
		t.Fatalf("%d matches, pairs %+v; want %+v", res.Matches, res.Pairs, w.pairs)
	}
	for i, p := range res.Pairs {
		x := w.pairs[i]
		if p.Sentence != x.sentence || p.Gold != x.gold || p.Prediction != x.pred || !near(p.Score.Precision, x.prec) || !near(p.Score.Recall, x.rec) {
			t.Errorf("pair %d = %+v, want %+v", i, p, x)
		}
	}
}

// TestFixtures scores the two extractors of testdata/system.json against
// testdata/gold.json. Gold tuples (sentence: tuples):
//
//	D1 1: G0 (Obama; [is] president of; the US), "is" inferred
//	      G1 (Obama; was born in; Hawaii; arg3 "in 1961")
//	D1 2: G0 (He [index, float]; died; empty arg2)
//	D2 1: G0 (Paris; is the capital of; France), G1 (Paris; is the largest city of; France)
//	D2 2: no tuple
//	D2 3: G0 (it; rains; empty), attrib/spec "x", no prediction
//	D2 4: G0 (Rome; are; cities), G1 (Milan; are; cities)
//
// 8 gold tuples: RecDen 8. m = matches, p = predicted tokens, g = gold
// words that are not inferred.
func TestFixtures(t *testing.T) {
	g, systems := readFixtures(t)
	if len(systems) != 2 || systems[0].Name != "sysA" || systems[1].Name != "sysB" {
		t.Fatalf("systems %+v", systems)
	}
	if len(systems[0].Extractions) != 6 || len(systems[1].Extractions) != 9 {
		t.Fatalf("%d and %d extractions", len(systems[0].Extractions), len(systems[1].Extractions))
	}

	// sysA (extraction index: tuple):
	// 0 D1 1 (Obama; is president of; the US) vs G0: arg1 m1 p1 g1; rel
	//   m3 p3 g2 (the inferred "is" matches but is not in g); arg2 m2 p2 g2:
	//   m6 p6 g5 -> [1, 6/5], F1 12/11; exact. vs G1: rel m0 -> no match.
	// 1 D1 1 (Obama; was born in; Hawaii; [1961, by birth]) vs G1: m1+3+1
	//   p1+3+1 g1+3+1; arg3: gold "in 1961" g+2, predicted "1961" m1 p1;
	//   the second predicted extra has no gold one and is not counted:
	//   m6 p6 g7 -> [1, 6/7], F1 12/13. Not exact (extras differ).
	// 2 D1 2 (He; died; "") vs G0: m1+1, empty arg2 against an empty gold
	//   slot is skipped: [1, 1]; exact.
	// 3 D2 1 (Paris; is the capital and largest city of; France):
	//   vs G0: rel m4 p7 g4: m6 p9 g6 -> [2/3, 1], F1 4/5;
	//   vs G1: rel m5 p7 g5: m7 p9 g7 -> [7/9, 1], F1 7/8: G1 is taken.
	// 4 D2 4 (Rome and Milan; are; cities): vs G0 arg1 m1 p3: m3 p5 g3 ->
	//   [3/5, 1], F1 3/4; vs G1 the same: the tie goes to G0 (gold first).
	// 5 X 9: not a gold sentence, ignored.
	// PrecNum = 1 + 1 + 1 + 7/9 + 3/5 = 197/45; PrecDen 5
	// RecNum = 6/5 + 6/7 + 1 + 1 + 1 = 177/35
	// Exact: predictions 0 and 2; gold D1 1 G0 and D1 2 G0.
	t.Run("sysA", func(t *testing.T) {
		checkResult(t, wire57.Score(g, systems[0]), resultWant{
			precNum: 197.0 / 45, precDen: 5, recNum: 177.0 / 35, recDen: 8,
			exactPreds: 2, exactGold: 2, without: 1,
			pairs: []pairWant{
				{0, 0, 0, 1, 6.0 / 5}, {0, 1, 1, 1, 6.0 / 7},
				{1, 0, 2, 1, 1},
				{2, 1, 3, 7.0 / 9, 1},
				{5, 0, 4, 3.0 / 5, 1},
			},
		})
	})

	// sysB:
	// 0 D1 1 (Obama; was born; in Hawaii in 1961) vs G1: arg1 m1 p1 g1;
	//   rel m2 p2 g3; arg2 only "Hawaii" is a gold word: m1 p4 g1; gold arg3
	//   g+2, no predicted extra: m4 p7 g7 -> [4/7, 4/7]. vs G0: rel m0.
	// 1 D1 1 (Obama; is; the president of the US) vs G0: arg1 m1; rel "is"
	//   matches the inferred word: m1 p1 g2; arg2 the, the, US are gold
	//   words (membership, each "the" counts): m3 p5 g2: m5 p7 g5 ->
	//   [5/7, 1], F1 5/6. vs G1: rel m0.
	//   Greedy: (G0, 1) F1 5/6, then (G1, 0) F1 4/7.
	// 2 D1 2 (He; died; yesterday) vs G0: arg2 m0 against an all-empty
	//   gold slot is no failure: m2 p3 g2 -> [2/3, 1], F1 4/5.
	// 3 D1 2 ("" ; died; "") vs G0: empty arg1 against a real gold word:
	//   no match.
	// 4 D2 1 (Paris; is capital of; France): vs G0 rel m3 p3 g4: m5 p5 g6
	//   -> [1, 5/6], F1 10/11; vs G1 rel m2: m4 p5 g7 -> F1 2/3.
	// 5 D2 1 (Paris; is largest city of; France): vs G0 rel m2 p4: m4 p6 g6
	//   -> F1 2/3; vs G1 rel m4 p4 g5: m6 p6 g7 -> [1, 6/7], F1 12/13.
	//   Greedy: (G1, 5) 12/13, then (G0, 4) 10/11.
	// 6 D2 2: a gold sentence without tuples: counts in PrecDen only (its
	//   non-numeric score is ignored).
	// 7, 8 D2 4 (Milan; are; cities) twice: exact for G1, no match for G0
	//   (arg1 m0). Tie between (G1, 7) and (G1, 8): 7 is taken (first
	//   prediction); both count as exact predictions.
	// PrecNum = 5/7 + 4/7 + 2/3 + 1 + 1 + 1 = 104/21; PrecDen 9
	// RecNum = 1 + 4/7 + 1 + 6/7 + 5/6 + 1 = 221/42
	t.Run("sysB", func(t *testing.T) {
		checkResult(t, wire57.Score(g, systems[1]), resultWant{
			precNum: 104.0 / 21, precDen: 9, recNum: 221.0 / 42, recDen: 8,
			exactPreds: 2, exactGold: 1,
			pairs: []pairWant{
				{0, 0, 1, 5.0 / 7, 1}, {0, 1, 0, 4.0 / 7, 4.0 / 7},
				{1, 0, 2, 2.0 / 3, 1},
				{2, 1, 5, 1, 6.0 / 7}, {2, 0, 4, 1, 5.0 / 6},
				{5, 1, 7, 1, 1},
			},
		})
	})
}
