package carb_test

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
)

// TestScoreReferenceAlignment is TestScoreThresholds' input in Reference
// mode: the later spelling of S replaces the earlier one's prediction p1
// wholesale, and the prediction on a sentence without gold (0.7) adds a
// threshold (carb-variants.md 1.3, 1.4).
//
// t=0.2: p2, p3 count. R = (0+1)/2; greedy (g2,p3)=1, then (g1,p2)=0: P = 1/2.
// t=0.5: p2. R = (2/3)/2 = 1/3; P = 2/3; F1 = 4/9.
// t=0.7: nothing of S counts: P 1, R 0.
// AUC over (1/2,1/2), (1/3,2/3), (0,1), (0,1): 7/72 + 20/72 + 0 = 27/72.
func TestScoreReferenceAlignment(t *testing.T) {
	gold := mustGold(t, "John eats apples , Mary likes pears .\teats\tJohn\tapples\n"+
		"John eats apples , Mary likes pears .\tlikes\tMary\tpears\n")
	preds := mustTabbed(t, "John eats apples, Mary likes pears.\t0.9\teats\tJohn\tapples\n"+
		"John eats apples , Mary likes pears .\t0.5\tlikes\tMary\tapples\n"+
		"Another sentence .\t0.7\tis\tit\tanother\n"+
		"John eats apples , Mary likes pears .\t0.2\tlikes\tMary\tpears\n")
	res := carb.Score(gold, preds)
	checkResult(t, res, wantResult{
		p: 0.5, r: 0.5, f1: 0.5, auc: 27.0 / 72, th: 0.2,
		pn: 1, pd: 2, rn: 1, rd: 2,
		points:  [][3]float64{{0.5, 0.5, 0.2}, {1.0 / 3, 2.0 / 3, 0.5}, {0, 1, 0.7}},
		without: 1,
	})
	if res.Replaced != 1 || res.ZeroConf != (carb.Point{Precision: 0.5, Recall: 0.5, F1: 0.5, Threshold: 0.2}) {
		t.Errorf("replaced %d, zero-confidence point %+v", res.Replaced, res.ZeroConf)
	}
	found := false
	for _, w := range res.Warnings {
		found = found || w.Line == 1 && strings.Contains(w.Msg, "spells that sentence two ways")
	}
	if !found {
		t.Errorf("no warning on the replaced spelling: %v", res.Warnings)
	}
}
