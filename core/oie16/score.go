package oie16

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

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
	// Precision, Recall and F1 at OptimalThreshold (6.4): the first point
	// of highest F1 in ascending threshold order.
	Precision, Recall, F1 float64
	OptimalThreshold      float64
	// AUC is the trapezoid area under Curve and the final point (R 0, P 1),
	// summed as numpy does. 0 when Degenerate.
	AUC float64
	// Degenerate is set when no gold tuple is matched: the curve is
	// undefined (scikit-learn divides by the number of matched records),
	// P, R, F1 and AUC are reported as 0 (6.3; the script prints AUC 0.0
	// and F1 NaN), OptimalThreshold is the lowest confidence, Curve is
	// empty and ZeroConf has a NaN F1.
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

// Score scores predictions against a CaRB gold with OIE16-C
// (carb-variants.md section 6): sentences aligned by the lower-cased
// carb.SentenceKey, each gold tuple matched once, in gold order, with the
// first unmatched prediction (file order) whose bag covers more than half
// of the gold's; then scikit-learn's precision-recall curve over the
// predictions on gold sentences, recall scaled to all gold tuples.
func Score(gold *carb.Gold, preds *carb.Predictions, opt Options) *Result {
	res := &Result{Options: opt}
	fail := func(line int, msg string) {
		if opt.Mode == carb.Reference && res.Failure == nil {
			res.Failure = &oie.ReferenceFailure{Scorer: "OIE16-C", File: preds.Path, Line: line, Msg: msg}
		}
	}
	// The reference stops while reading, before any other failure.
	for _, f := range []*oie.ReferenceFailure{gold.ReaderFailure, preds.ReaderFailure} {
		if f != nil && opt.Mode == carb.Reference && res.Failure == nil {
			res.Failure = &oie.ReferenceFailure{Scorer: "OIE16-C", File: f.File, Line: f.Line, Msg: f.Msg}
		}
	}
	al := gold.Align(preds, opt.Mode, true)
	res.Replaced, res.PredictionsWithoutGold = al.Replaced, len(al.Without)
	res.Warnings = al.Warnings
	if len(al.Without) > 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: preds.Path, Msg: fmt.Sprintf(
			"%d of %d prediction(s) are on sentences that are not in the gold %s and are left out of the score", len(al.Without), len(preds.Extractions), gold.Path)})
	}
	// Gold sentences whose keys differ only in case: the later one replaces
	// the earlier, whose tuples are not scored (1.3).
	goldAt := map[string]int{}
	for i, s := range gold.Sentences {
		goldAt[strings.ToLower(s.Key)] = i
	}
	var records []record
	for i, s := range gold.Sentences {
		if goldAt[strings.ToLower(s.Key)] != i {
			res.Warnings = append(res.Warnings, oie.Warning{File: gold.Path, Line: s.Line, Msg: fmt.Sprintf(
				"OIE16-C: this sentence has the same lower-cased key as a later one, which replaces it: its %d tuple(s) are not scored", len(s.Tuples))})
			continue
		}
		res.GoldTuples += len(s.Tuples)
		idx := al.BySentence[i]
		bags := make([]map[string]int, len(idx))
		nonFinite := 0
		for k, j := range idx {
			p := &preds.Extractions[j]
			bags[k] = counts(bag(p.Relation, p.Args, opt.Mode))
			if len(p.Args) == 0 {
				fail(p.Line, "this extraction has no argument, and the per-sentence dump built from its first argument raises IndexError")
			}
			if c := p.Confidence; math.IsNaN(c) || math.IsInf(c, 0) {
				if nonFinite++; nonFinite == 2 {
					fail(p.Line, "a second non-finite confidence in this sentence fails the per-sentence curve's assertion")
				}
			}
		}
		matched := make([]bool, len(idx))
		for _, g := range s.Tuples {
			gb := bag(g.Relation, g.Args, opt.Mode)
			for k := range idx {
				if !matched[k] && covers(gb, bags[k]) {
					matched[k] = true
					res.Matched++
					break
				}
			}
		}
		for k, j := range idx {
			records = append(records, record{matched: matched[k], conf: curveConfidence(preds.Extractions[j].Confidence)})
		}
	}
	res.Records = len(records)
	if res.Matched == 0 {
		// scikit-learn divides by the number of matched records: the curve
		// is undefined.
		res.Degenerate = true
		if len(records) > 0 {
			lowest := slices.MinFunc(records, func(a, b record) int { return cmp.Compare(a.conf, b.conf) }).conf
			res.OptimalThreshold = lowest
			res.ZeroConf = carb.Point{Threshold: lowest, F1: math.NaN()}
		}
		return res
	}
	res.Curve = curve(records, res.Matched, res.GoldTuples, opt.Curve)
	res.ZeroConf = res.Curve[0]
	// Python's max over the points: the first is kept unless a later F1 is
	// strictly greater, so a NaN first point is never replaced.
	best := res.Curve[0]
	for _, pt := range res.Curve[1:] {
		if pt.F1 > best.F1 {
			best = pt
		}
	}
	res.Precision, res.Recall, res.F1, res.OptimalThreshold = best.Precision, best.Recall, best.F1, best.Threshold
	res.AUC = area(res.Curve)
	return res
}

// record is one prediction of a gold sentence: matched (label 1) or not,
// and its confidence as the curve takes it.
type record struct {
	matched bool
	conf    float64
}

// curveConfidence replaces a non-finite confidence by 0, as oie16.py does
// before the curve.
func curveConfidence(c float64) float64 {
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return 0
	}
	return c
}

// bag is the tokens of an extraction: its relation and arguments joined
// with single spaces. Reference mode splits on the single space character,
// so untrimmed slots and double spaces give empty tokens that count (6.1);
// Corrected mode splits on runs of white space.
func bag(rel string, args []string, mode carb.Mode) []string {
	s := strings.Join(append([]string{rel}, args...), " ")
	if mode == carb.Corrected {
		return strings.FieldsFunc(s, oie.IsSpace)
	}
	return strings.Split(s, " ")
}

// counts is how many times each token occurs in a bag.
func counts(bag []string) map[string]int {
	n := make(map[string]int, len(bag))
	for _, w := range bag {
		n[w]++
	}
	return n
}

// covers is the OIE2016 lexical match: the number of (gold token,
// predicted token) pairs that are equal, over the number of gold tokens, is
// above one half. Repeated words count multiplicatively. pred holds the
// predicted bag's token counts.
func covers(gold []string, pred map[string]int) bool {
	if len(gold) == 0 {
		return false
	}
	count := 0
	for _, w := range gold {
		count += pred[w]
	}
	return float64(count)/float64(len(gold)) > 0.5
}

// curve is scikit-learn's precision_recall_curve over the records, in
// ascending threshold order, with recall multiplied by M/N: at threshold t,
// P = tp/(tp+fp) and R = (tp/M)·(M/N) over the records with a confidence of
// at least t. FromFirstPositive leaves out the thresholds below the lowest
// confidence of a matched record. F1 = 2(PR)/(P+R).
func curve(records []record, matched, goldTuples int, c Curve) []carb.Point {
	sorted := slices.Clone(records)
	// The order within a confidence does not matter (a point closes each
	// run of equal confidences), so the stable sort.SliceStable serves: one
	// sorting code for every element type keeps the page's evaluator small
	// (docs/architecture.md).
	sort.SliceStable(sorted, func(i, j int) bool { return cmp.Compare(sorted[j].conf, sorted[i].conf) < 0 })
	scale := float64(matched) / float64(goldTuples)
	var pts []carb.Point
	tp, fp := 0, 0
	for i, r := range sorted {
		if r.matched {
			tp++
		} else {
			fp++
		}
		if i+1 < len(sorted) && sorted[i+1].conf == r.conf {
			continue
		}
		p := float64(tp) / float64(tp+fp)
		rec := float64(tp) / float64(matched) * scale
		pts = append(pts, carb.Point{Precision: p, Recall: rec, F1: 2 * (p * rec) / (p + rec), Threshold: r.conf})
		if c == FromFirstPositive && tp == matched {
			break
		}
	}
	slices.Reverse(pts)
	return pts
}

// area is scikit-learn's auc over the curve and its final point (R 0,
// P 1), with numpy's trapezoids and pairwise sum (recall never rises
// along this curve).
func area(pts []carb.Point) float64 {
	return carb.CurveArea(pts)
}

// ReaderFailure is the reference's failure when oie16.py is asked to read
// file with the reader of the named format (core/formats' names): it
// cannot start with CaRB's ClausIE and OpenIE 5 readers (TypeError,
// carb-variants.md 1.2), nor with the ReVerb one (which CaRB cannot run
// either). nil for the other formats.
func ReaderFailure(format, file string) *oie.ReferenceFailure {
	switch format {
	case "clausie", "openie5":
		return &oie.ReferenceFailure{Scorer: "OIE16-C", File: file, Msg: "oie16.py passes a threshold argument that the " + format + " reader does not accept (TypeError at start-up)"}
	case "reverb":
		return &oie.ReferenceFailure{Scorer: "OIE16-C", File: file, Msg: carb.ReaderFailure(format, file, carb.Options{}).Msg}
	}
	return nil
}

// SameNumbers reports whether a and b print the same (optimal point,
// AUC, zero-confidence point, NaN equal to NaN, and whether the reference
// could score): a report shows both modes when they differ.
func (a *Result) SameNumbers(b *Result) bool {
	same := func(x, y float64) bool { return x == y || x != x && y != y }
	return (a.Failure == nil) == (b.Failure == nil) && a.Degenerate == b.Degenerate &&
		carb.SamePoint(carb.Point{Precision: a.Precision, Recall: a.Recall, F1: a.F1, Threshold: a.OptimalThreshold},
			carb.Point{Precision: b.Precision, Recall: b.Recall, F1: b.F1, Threshold: b.OptimalThreshold}) &&
		same(a.AUC, b.AUC) && carb.SamePoint(a.ZeroConf, b.ZeroConf)
}
