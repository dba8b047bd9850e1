package carb_test

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
)

// TestBinaryModes: gold (John; works; at IBM; in Paris) has k = 3
// arguments. The script gives two references to one tuple (John; works at
// IBM in; Paris); Corrected mode gives (John; works; at IBM) and (John;
// works at IBM in; Paris). Predictions A = (works; John; at IBM) and B =
// (works at IBM in; John; Paris), both at confidence 1.
//
// Reference (s,m): each copy's best recall is B's 1: R = 1. Precision
// picks (copy 1, B) = 1, then (copy 2, A): relation 1 of 1 and John 1 of 1
// match, "at IBM" against "Paris" none: 2/4. P = 1.5/2.
// Reference (s,s): recall picks (copy 1, B) = 1, then (copy 2, A) =
// 2/6: R = (4/3)/2.
// Corrected: both exact, P = R = 1 in either matching.
func TestBinaryModes(t *testing.T) {
	gold := mustGold(t, "S\tworks\tJohn\tat IBM\tin Paris\n")
	preds := mustTabbed(t, "S\t1\tworks\tJohn\tat IBM\nS\t1\tworks at IBM in\tJohn\tParis\n")
	for _, c := range []struct {
		opt  carb.Options
		p, r float64
	}{
		{carb.Options{Binary: true}, 0.75, 1},
		{carb.Options{Binary: true, Matching: carb.OneToOne}, 0.75, (1 + 2.0/6) / 2},
		{carb.Options{Binary: true, Mode: carb.Corrected}, 1, 1},
		{carb.Options{Binary: true, Matching: carb.OneToOne, Mode: carb.Corrected}, 1, 1},
	} {
		res := carb.ScoreWith(gold, preds, c.opt)
		if res.Precision != c.p || res.Recall != c.r || res.RecDen != 2 || res.Failure != nil {
			t.Errorf("%s %s: P %v R %v over %v gold, want %v %v over 2 (%v)", c.opt.Title(), c.opt.Mode, res.Precision, res.Recall, res.RecDen, c.p, c.r, res.Failure)
		}
	}
	// An empty extra argument stops the script (IndexError); the
	// corrected mode leaves it out.
	blank := mustTabbed(t, "S\t1\tworks\tJohn\tat IBM\t \n")
	if res := carb.ScoreWith(gold, blank, carb.Options{Binary: true}); res.Failure == nil || res.Failure.Line != 1 {
		t.Errorf("empty extra argument: failure %v", res.Failure)
	}
	if res := carb.ScoreWith(gold, blank, carb.Options{Binary: true, Mode: carb.Corrected}); res.Failure != nil || res.Precision != 1 {
		t.Errorf("empty extra argument, corrected: P %v, failure %v", res.Precision, res.Failure)
	}
	a, b := carb.ScoreWith(gold, preds, carb.Options{Binary: true}), carb.ScoreWith(gold, preds, carb.Options{Binary: true, Mode: carb.Corrected})
	if a.SameNumbers(b) || !a.SameNumbers(a) {
		t.Error("SameNumbers does not tell the modes apart")
	}
}

// TestCurveAreaMonotone: the area of a falling recall, and the signed
// area where recall rises (the reference raises there; CaRB(s,s) reports a
// Failure, see ScoreWith).
func TestCurveAreaMonotone(t *testing.T) {
	pts := []carb.Point{{Precision: 0.5, Recall: 0.5}, {Precision: 1, Recall: 0.25}}
	// (0.5,0.5) -> (0.25,1) -> (0,1): 0.25*1.5/2 + 0.25*2/2 = 0.4375
	if got := carb.CurveArea(pts); got != 0.4375 {
		t.Errorf("area %v, want 0.4375", got)
	}
	rising := []carb.Point{{Precision: 0.5, Recall: 0.25}, {Precision: 1, Recall: 0.5}}
	// signed: (0.25->0.5)*(1.5)/2 = 0.1875, then (0.5->0)*(2)/2 = -0.5: area 0.3125
	if got := carb.CurveArea(rising); got != 0.3125 {
		t.Errorf("signed area %v, want 0.3125", got)
	}
}

// TestPairwiseSum: numpy's pairwise order, not left to right. With 9
// terms, eight running sums start at t0..t7 and no full block follows, so
// ((1e16+1)+(1+1))+((1+1)+(1+1)) = 1e16+6 (1e16+1 rounds to 1e16), then
// the leftover -1e16: 6. Left to right every 1 is lost: 0.
func TestPairwiseSum(t *testing.T) {
	xs := []float64{1e16, 1, 1, 1, 1, 1, 1, 1, -1e16}
	if got := carb.PairwiseSum(xs); got != 6 {
		t.Errorf("pairwise sum %v, want 6", got)
	}
	left := 0.0
	for _, x := range xs {
		left += x
	}
	if left != 0 {
		t.Error("the example does not tell the orders apart")
	}
	// Below 8 terms: left to right.
	if got := carb.PairwiseSum([]float64{1e16, 1, -1e16}); got != 0 {
		t.Errorf("short sum %v, want 0 (left to right)", got)
	}
}

// TestOneToOneRecall: one prediction p (he; left; home) at 1 against gold
// g1 (he; left; home) and g2 (he; left; early): p's recall is 1 for g1
// and 2/3 for g2. CaRB(s,m) lets p serve both: R = (1 + 2/3)/2. CaRB(s,s)
// makes min(2, 1) = 1 pick, by recall: R = 1/2. Precision is the same
// greedy pick in both: 1.
func TestOneToOneRecall(t *testing.T) {
	gold := mustGold(t, "S\tleft\the\thome\nS\tleft\the\tearly\n")
	preds := mustTabbed(t, "S\t1\tleft\the\thome\n")
	sm, ss := carb.Score(gold, preds), carb.ScoreWith(gold, preds, carb.Options{Matching: carb.OneToOne})
	want := 1.0 // summed in float64, as the scorer does
	want += 2.0 / 3
	if sm.Recall != want/2 || ss.Recall != 0.5 || sm.Precision != 1 || ss.Precision != 1 || ss.RecNum != 1 {
		t.Errorf("(s,m) R %v P %v; (s,s) R %v P %v", sm.Recall, sm.Precision, ss.Recall, ss.Precision)
	}
	if ss.Options.Member() != "carb_ss" || ss.Options.Scorer() != "carb-ss" || (carb.Options{Binary: true}).Member() != "carb_binary" {
		t.Errorf("names %q %q", ss.Options.Member(), ss.Options.Scorer())
	}
}

// TestNaNConfidence: the script has no reproducible number with a NaN
// confidence; the corrected mode leaves that extraction out.
func TestNaNConfidence(t *testing.T) {
	gold := mustGold(t, "S\tleft\the\thome\n")
	preds, err := carb.ReadAllenNLP("p.txt", []byte("S\t<arg1> he </arg1> <rel> left </rel> <arg2> home </arg2>\t1\nS\t<arg1> x </arg1> <rel> y </rel> <arg2> z </arg2>\tnan\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res := carb.Score(gold, preds); res.Failure == nil || res.Failure.Line != 2 {
		t.Errorf("reference: failure %v", res.Failure)
	}
	if res := carb.ScoreWith(gold, preds, carb.Options{Mode: carb.Corrected}); res.Failure != nil || res.F1 != 1 || len(res.PRPoints) != 1 ||
		len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "1 extraction(s) with a NaN confidence") {
		t.Errorf("corrected: F1 %v, points %v, failure %v, warnings %v", res.F1, res.PRPoints, res.Failure, res.Warnings)
	}
}
