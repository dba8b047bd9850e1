package carb_test

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
)

func mustGold(t *testing.T, text string) *carb.Gold {
	t.Helper()
	g, err := carb.ReadGold("gold.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustTabbed(t *testing.T, text string) *carb.Predictions {
	t.Helper()
	p, err := carb.ReadTabbed("system.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

type wantResult struct {
	p, r, f1, auc, th float64
	pn, pd, rn, rd    float64
	points            [][3]float64
	without           int
}

func checkResult(t *testing.T, res *carb.Result, w wantResult) {
	t.Helper()
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"precision", res.Precision, w.p}, {"recall", res.Recall, w.r}, {"f1", res.F1, w.f1},
		{"auc", res.AUC, w.auc}, {"optimal threshold", res.OptimalThreshold, w.th},
		{"prec_num", res.PrecNum, w.pn}, {"prec_den", res.PrecDen, w.pd},
		{"rec_num", res.RecNum, w.rn}, {"rec_den", res.RecDen, w.rd},
	} {
		if !near(c.got, c.want) {
			t.Errorf("%s = %.17g, want %.17g", c.what, c.got, c.want)
		}
	}
	if len(res.PRPoints) != len(w.points) {
		t.Fatalf("PR points %v, want %v", res.PRPoints, w.points)
	}
	for i, pt := range res.PRPoints {
		for j := range pt {
			if !near(pt[j], w.points[i][j]) {
				t.Errorf("PR point %d = %v, want %v", i, pt, w.points[i])
			}
		}
	}
	if res.PredictionsWithoutGold != w.without {
		t.Errorf("predictions without gold = %d, want %d", res.PredictionsWithoutGold, w.without)
	}
}

// TestScoreThresholds walks three thresholds by hand.
//
// Gold S: g1 (John; eats; apples), g2 (Mary; likes; pears).
// p1 0.9 (John; eats; apples): g1 [1,1], g2 [0,0]
// p2 0.5 (Mary; likes; apples): g1 [0,0], g2 [2/3,2/3]
// p3 0.2 (Mary; likes; pears): g1 [0,0], g2 [1,1]
// A prediction on a sentence without gold (0.7) is ignored and, in
// Corrected mode, makes no threshold; the first spelling of S is merged
// with the second (Reference mode is TestScoreReferenceAlignment).
//
// t=0.2: R = (1+1)/2 = 1; greedy (g1,p1)=1 then (g2,p3)=1: P = 2/3; F1 0.8
// t=0.5: R = (1+2/3)/2 = 5/6; greedy (g1,p1), (g2,p2): P = (5/3)/2 = 5/6; F1 5/6
// t=0.9: R = 1/2; greedy (g1,p1): P = 1; F1 2/3
// Optimal: t=0.5. AUC from (0,1): (1/2)(1+1)/2 + (1/3)(1+5/6)/2 + (1/6)(5/6+2/3)/2
// = 1/2 + 11/36 + 1/8 = 67/72.
func TestScoreThresholds(t *testing.T) {
	gold := mustGold(t, "John eats apples , Mary likes pears .\teats\tJohn\tapples\n"+
		"John eats apples , Mary likes pears .\tlikes\tMary\tpears\n")
	preds := mustTabbed(t, "John eats apples, Mary likes pears.\t0.9\teats\tJohn\tapples\n"+
		"John eats apples , Mary likes pears .\t0.5\tlikes\tMary\tapples\n"+
		"Another sentence .\t0.7\tis\tit\tanother\n"+
		"John eats apples , Mary likes pears .\t0.2\tlikes\tMary\tpears\n")
	res := carb.ScoreWith(gold, preds, carb.Options{Mode: carb.Corrected})
	checkResult(t, res, wantResult{
		p: 5.0 / 6, r: 5.0 / 6, f1: 5.0 / 6, auc: 67.0 / 72, th: 0.5,
		pn: 5.0 / 3, pd: 2, rn: 5.0 / 3, rd: 2,
		points:  [][3]float64{{1, 2.0 / 3, 0.2}, {5.0 / 6, 5.0 / 6, 0.5}, {0.5, 1, 0.9}},
		without: 1,
	})
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "1 of 4 prediction(s)") {
		t.Errorf("warnings %v", res.Warnings)
	}
}

// TestScoreOptimalTie: two thresholds with the same F1; the first (lowest)
// is reported.
//
// Gold A: g1 (a; r; b); gold B: g2 (c; s; d).
// A: p1 0.9 exact for g1, p3 0.5 (a; zzz; b) scores [0,0];
// B: p2 0.5 exact for g2, p4 0.5 (c; zzz; d) scores [0,0].
// t=0.5: 4 counted, greedy per sentence 1+1: P = 2/4; R = 2/2; F1 2/3
// t=0.9: 1 counted: P = 1, R = 1/2; F1 2/3 (the same float: p*r and p+r
// are exact)
// AUC = (1/2)(1+1)/2 + (1/2)(1+1/2)/2 = 1/2 + 3/8 = 7/8.
func TestScoreOptimalTie(t *testing.T) {
	gold := mustGold(t, "A .\tr\ta\tb\nB .\ts\tc\td\n")
	preds := mustTabbed(t, "A .\t0.9\tr\ta\tb\nA .\t0.5\tzzz\ta\tb\nB .\t0.5\ts\tc\td\nB .\t0.5\tzzz\tc\td\n")
	checkResult(t, carb.Score(gold, preds), wantResult{
		p: 0.5, r: 1, f1: 2.0 / 3, auc: 7.0 / 8, th: 0.5,
		pn: 2, pd: 4, rn: 2, rd: 2,
		points: [][3]float64{{1, 0.5, 0.5}, {0.5, 1, 0.9}},
	})
}

// TestGreedyTies: equal precisions go to the first pair found, gold first,
// then predictions. Gold tuples without arguments compare relations only.
func TestGreedyTies(t *testing.T) {
	// g1 "x y", g2 "x"; p1 "x z", p2 "y w":
	// prec g1: p1 1/2, p2 1/2; g2: p1 1/2, p2 0.
	// First found is (g1,p1) = 1/2, leaving (g2,p2) = 0: PrecNum 1/2
	// (taking (g1,p2) first would have given 1).
	// Recall: g1 best 1/2 (either), g2 best 1 (p1): RecNum 3/2.
	// P = (1/2)/2, R = (3/2)/2; F1 = 2(1/4)(3/4)/1 = 3/8; AUC = (3/4)(1+1/4)/2.
	t.Run("prediction order", func(t *testing.T) {
		gold := mustGold(t, "S\tx y\nS\tx\n")
		preds := mustTabbed(t, "S\t1\tx z\ta\nS\t1\ty w\ta\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 0.25, r: 0.75, f1: 3.0 / 8, auc: 0.75 * 1.25 / 2, th: 1,
			pn: 0.5, pd: 2, rn: 1.5, rd: 2,
			points: [][3]float64{{0.75, 0.25, 1}},
		})
	})
	// g1 "x", g2 "x y"; p1 "x z", p2 "y w":
	// prec g1: p1 1/2, p2 0; g2: p1 1/2, p2 1/2.
	// First found is (g1,p1), then (g2,p2): PrecNum 1 (taking (g2,p1)
	// first would have left (g1,p2) = 0).
	// Recall: g1 best 1 (p1), g2 best 1/2: RecNum 3/2.
	// P = 1/2, R = 3/4, F1 = 2(3/8)/(5/4) = 3/5; AUC = (3/4)(1+1/2)/2.
	t.Run("gold order", func(t *testing.T) {
		gold := mustGold(t, "S\tx\nS\tx y\n")
		preds := mustTabbed(t, "S\t1\tx z\ta\nS\t1\ty w\ta\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 0.5, r: 0.75, f1: 0.6, auc: 0.75 * 1.5 / 2, th: 1,
			pn: 1, pd: 2, rn: 1.5, rd: 2,
			points: [][3]float64{{0.75, 0.5, 1}},
		})
	})
}

// TestScoreRules covers the aggregation rules one by one.
func TestScoreRules(t *testing.T) {
	t.Run("one prediction serves several gold tuples for recall", func(t *testing.T) {
		// two identical gold tuples, one exact prediction: RecNum 2, but
		// only min(2,1) = 1 pair for precision: PrecNum 1 / 1.
		gold := mustGold(t, "S\tr\ta\tb\nS\tr\ta\tb\n")
		preds := mustTabbed(t, "S\t1\tr\ta\tb\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 1, r: 1, f1: 1, auc: 1, th: 1, pn: 1, pd: 1, rn: 2, rd: 2,
			points: [][3]float64{{1, 1, 1}},
		})
	})
	t.Run("gold sentence without predictions counts in recall", func(t *testing.T) {
		// S2 has 2 gold tuples and no prediction: R = 1/3, P = 1
		// F1 = 2(1/3)/(4/3) = 1/2; AUC = (1/3)(1+1)/2.
		gold := mustGold(t, "S1\tr\ta\tb\nS2\tr\ta\tb\nS2\tq\ta\tb\n")
		preds := mustTabbed(t, "S1\t0.3\tr\ta\tb\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 1, r: 1.0 / 3, f1: 0.5, auc: 1.0 / 3, th: 0.3, pn: 1, pd: 1, rn: 1, rd: 3,
			points: [][3]float64{{1.0 / 3, 1, 0.3}},
		})
	})
	t.Run("recall above 1 is kept", func(t *testing.T) {
		// gold "is" (no arguments), prediction "is be": [1, 2]
		// R = 2, P = 1, F1 = 4/3; AUC = 2(1+1)/2 = 2.
		gold := mustGold(t, "S\tis\n")
		preds := mustTabbed(t, "S\t1\tis be\tx\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 1, r: 2, f1: 4.0 / 3, auc: 2, th: 1, pn: 1, pd: 1, rn: 2, rd: 1,
			points: [][3]float64{{2, 1, 1}},
		})
	})
	t.Run("no predictions: all zero, as the reference prints", func(t *testing.T) {
		gold := mustGold(t, "S\tr\ta\tb\n")
		res := carb.Score(gold, &carb.Predictions{})
		checkResult(t, res, wantResult{rd: 1})
		if len(res.Warnings) == 0 {
			t.Error("no warning for an empty system")
		}
	})
	t.Run("only predictions without gold", func(t *testing.T) {
		gold := mustGold(t, "S\tr\ta\tb\n")
		// Their confidence is a threshold where nothing of the gold's
		// sentences counts: P 1, R 0, F1 0 (carb-variants.md 1.4).
		res := carb.Score(gold, mustTabbed(t, "T\t1\tr\ta\tb\nU\t1\tr\ta\tb\n"))
		checkResult(t, res, wantResult{p: 1, th: 1, rd: 1, without: 2, points: [][3]float64{{0, 1, 1}}})
		if len(res.Warnings) != 2 {
			t.Errorf("warnings %v", res.Warnings)
		}
	})
	t.Run("sentences aligned by key", func(t *testing.T) {
		// tokenisation, escapes and punctuation differ; the key is the same
		gold := mustGold(t, "He ( born 1950 ) left the U.S. .\tleft\tHe\tthe U.S.\n")
		preds := mustTabbed(t, "He -LRB- born 1950 -RRB- left the US.\t1\tleft\tHe\tthe U.S.\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 1, r: 1, f1: 1, auc: 1, th: 1, pn: 1, pd: 1, rn: 1, rd: 1,
			points: [][3]float64{{1, 1, 1}},
		})
	})
	t.Run("context arguments are dropped", func(t *testing.T) {
		// gold args (it; C: he said; rains) -> (it; rains)
		gold := mustGold(t, "S\tstarts\tit\tC: he said\trains\n")
		checkResult(t, carb.Score(gold, mustTabbed(t, "S\t1\tstarts\tit\trains\n")), wantResult{
			p: 1, r: 1, f1: 1, auc: 1, th: 1, pn: 1, pd: 1, rn: 1, rd: 1,
			points: [][3]float64{{1, 1, 1}},
		})
	})
	t.Run("negative and equal confidences", func(t *testing.T) {
		// thresholds -1 and 2 (2 appears twice). p1 -1 exact, p2 2 and p3 2
		// score [0,0]. t=-1: greedy min(1,3)=1 pair: P = 1/3, R = 1;
		// F1 = 2(1/3)/(4/3) = 1/2. t=2: P = 0, R = 0, F1 0.
		// AUC: (0,1)->(0,0): 0; (0,0)->(1,1/3): 1(0+1/3)/2 = 1/6.
		gold := mustGold(t, "S\tr\ta\tb\n")
		preds := mustTabbed(t, "S\t2\tq\ta\tb\nS\t-1\tr\ta\tb\nS\t2.0\tq\ta\tb\n")
		checkResult(t, carb.Score(gold, preds), wantResult{
			p: 1.0 / 3, r: 1, f1: 0.5, auc: 1.0 / 6, th: -1, pn: 1, pd: 3, rn: 1, rd: 1,
			points: [][3]float64{{1, 1.0 / 3, -1}, {0, 0, 2}},
		})
	})
}

// TestScoreIsDeterministic: scoring the same input twice gives the same
// result, and the gold is not modified by scoring.
func TestScoreIsDeterministic(t *testing.T) {
	gold := readParityGold(t)
	preds := convert(t, "openie6")
	a, b := carb.Score(gold, preds), carb.Score(gold, preds)
	if a.F1 != b.F1 || a.AUC != b.AUC || a.PrecNum != b.PrecNum || a.RecNum != b.RecNum {
		t.Errorf("two runs differ: %+v vs %+v", a, b)
	}
}

// Options.Pause is called after each gold sentence is prepared and every
// 256 thresholds, and changes no number.
func TestScorePauseChangesNothing(t *testing.T) {
	gold := mustGold(t, "John eats apples .\teats\tJohn\tapples\n"+
		"Mary likes pears .\tlikes\tMary\tpears\n"+
		"Bob sells cars .\tsells\tBob\tcars\n")
	var sys strings.Builder
	const thresholds = 600
	for i := range thresholds {
		sent := []string{"John eats apples .\t%s\teats\tJohn\tapples\n", "Mary likes pears .\t%s\tlikes\tMary\tapples\n", "Bob sells cars .\t%s\tsells\tBob\tpears\n"}[i%3]
		sys.WriteString(strings.Replace(sent, "%s", strconv.FormatFloat(float64(i+1)/thresholds, 'g', -1, 64), 1))
	}
	preds := mustTabbed(t, sys.String())
	for _, opt := range []carb.Options{{}, {Matching: carb.OneToOne, Mode: carb.Corrected}} {
		calls := 0
		paced := opt
		paced.Pause = func() { calls++ }
		want, got := carb.ScoreWith(gold, preds, opt), carb.ScoreWith(gold, preds, paced)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: paced %+v, unpaced %+v", opt.Title(), got, want)
		}
		if wantCalls := len(gold.Sentences) + thresholds/256; calls != wantCalls {
			t.Errorf("%s: Pause called %d times, want %d (%d sentences, %d thresholds)", opt.Title(), calls, wantCalls, len(gold.Sentences), thresholds)
		}
	}
}
