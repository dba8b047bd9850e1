package analysis

import (
	"cmp"
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// PRCurve returns the fact-level precision-recall curve of a system whose
// extractions carry confidences (see the package doc), or nil when they do
// not. res must be sys scored by benchie.
func PRCurve(sys *oie.System, res *benchie.Result) *report.PRCurve {
	if !sys.HasConfidence {
		return nil
	}
	var order []int
	for i, j := range res.Judgements {
		if j.Verdict != benchie.Ignored {
			order = append(order, i)
		}
	}
	if len(order) == 0 {
		return nil
	}
	conf := func(i int) float64 { return sys.Extractions.At(i).Confidence }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(conf(b), conf(a)) })
	synsets := res.Credits().Synsets()
	covered := map[[2]int]bool{}
	curve := &report.PRCurve{}
	fp := 0
	for k, i := range order {
		// The synset an extraction is credited with does not depend on the
		// other extractions kept, so the sweep needs no rescoring.
		if j := res.Judgements[i]; j.Synset >= 0 {
			covered[[2]int{j.Sentence, j.Synset}] = true
		} else {
			fp++
		}
		if k+1 < len(order) && conf(order[k+1]) == conf(i) {
			continue // one point per distinct confidence
		}
		p, r, f := prf(len(covered), fp, synsets)
		curve.Points = append(curve.Points, report.PRPoint{Threshold: conf(i), Extractions: k + 1, Precision: p, Recall: r, F1: f})
		if f > curve.BestF1 || len(curve.Points) == 1 {
			curve.BestF1, curve.BestThreshold = f, conf(i)
		}
	}
	prevR, prevP := 0.0, curve.Points[0].Precision
	for _, pt := range curve.Points {
		curve.AUC += (pt.Recall - prevR) * (pt.Precision + prevP) / 2
		prevR, prevP = pt.Recall, pt.Precision
	}
	return curve
}
