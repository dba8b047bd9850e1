package oie16

import (
	"fmt"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

// Curve names the scikit-learn behaviour the precision-recall curve
// follows (carb-variants.md 6.3).
type Curve int

const (
	// EveryThreshold is scikit-learn 1.2.1's precision_recall_curve: a
	// point at every distinct confidence. The reference numbers of section
	// 11 come from it; it is the default.
	EveryThreshold Curve = iota
	// FromFirstPositive is scikit-learn 0.23.1's (the version OpenIE6
	// pins): thresholds below the lowest confidence of a matched record are
	// dropped. The optimal point is the same; the AUC can differ in the
	// last bits.
	FromFirstPositive
)

// Curves lists the curve behaviours, the default first.
var Curves = [...]Curve{EveryThreshold, FromFirstPositive}

// String names the behaviour by the scikit-learn version that has it:
// "sklearn-1.2.1" or "sklearn-0.23.1".
func (c Curve) String() string {
	if c == FromFirstPositive {
		return "sklearn-0.23.1"
	}
	return "sklearn-1.2.1"
}

// ParseCurve reads a behaviour's name as String writes it.
func ParseCurve(s string) (Curve, error) {
	for _, c := range Curves {
		if s == c.String() {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown curve %q: expected sklearn-1.2.1 or sklearn-0.23.1", s)
}

// Options select the mode and the curve behaviour. The zero value is the
// reference with scikit-learn 1.2.1.
type Options struct {
	// Mode: carb.Reference counts the empty tokens of untrimmed slots
	// (6.1) and lets a later spelling of a sentence replace an earlier one
	// (1.3); carb.Corrected splits on runs of white space and merges
	// spellings.
	Mode  carb.Mode
	Curve Curve
}

// Result is one system scored with OIE16-C.
type Result struct {
	Options Options
	// Precision, Recall and F1 at OptimalThreshold (6.4). F1 is NaN when
	// the first point has P = R = 0 and no later point has a defined F1
	// above it, as the reference returns it.
	Precision, Recall, F1 float64
	OptimalThreshold      float64
	// AUC is the trapezoid area under Curve and the final point (R 0, P 1),
	// summed as numpy does. NaN when Degenerate.
	AUC float64
	// Degenerate is set when no gold tuple is matched: the curve is
	// undefined and P, R, F1 are reported as 0 (6.3).
	Degenerate bool
	// ZeroConf is the point at the lowest threshold.
	ZeroConf carb.Point
	// Curve holds the points in ascending threshold order, without the
	// final (R 0, P 1).
	Curve []carb.Point
	// Matched gold tuples (M), GoldTuples (N), and Records: predictions on
	// gold sentences, each with label 1 (matched) or 0.
	Matched, GoldTuples, Records int
	// PredictionsWithoutGold are on sentences not in the gold; Replaced
	// were dropped because a later spelling of their sentence replaced
	// them (Reference mode).
	PredictionsWithoutGold, Replaced int
	// Failure is set when the reference stops on this input (6.5): a
	// prediction without arguments on a gold sentence, or repeated
	// non-finite confidences in one sentence.
	Failure  *oie.ReferenceFailure
	Warnings []oie.Warning
}

// Score scores predictions against a CaRB gold with OIE16-C.
func Score(gold *carb.Gold, preds *carb.Predictions, opt Options) *Result {
	panic("oie16.Score: not yet implemented")
}
