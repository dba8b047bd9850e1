package carb

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/oiebench/oiebench/core/oie"
)

// Result is one system scored against a CaRB gold.
type Result struct {
	// Precision, Recall and F1 at OptimalThreshold, the threshold with the
	// highest F1 (the lowest such threshold on ties).
	Precision, Recall, F1 float64
	OptimalThreshold      float64
	// AUC is the trapezoid area under the precision-recall curve PRPoints,
	// started at (recall 0, precision 1).
	AUC float64
	// The sums behind Precision and Recall at OptimalThreshold:
	// PrecNum sums greedy one-to-one precisions, PrecDen counts the
	// predictions counted, RecNum sums each gold tuple's best recall and
	// RecDen counts gold tuples.
	PrecNum, PrecDen, RecNum, RecDen float64
	// PRPoints holds (recall, precision, threshold) for every threshold, in
	// ascending threshold order (recall never increases along it, except
	// in CaRB(s,s), where the reference then fails).
	PRPoints [][3]float64
	// PredictionsWithoutGold counts predictions whose sentence has no gold
	// sentence; they are left out of every number (in reference mode their
	// confidences are still thresholds, carb-variants.md 1.4).
	PredictionsWithoutGold int
	// Options are the variant and mode the result was computed under.
	Options Options
	// ZeroConf is the point at the lowest threshold, where every prediction
	// counts (the papers' "last F1"); zero when there is no threshold.
	ZeroConf Point
	// Replaced counts predictions left out because a later spelling of
	// their sentence (same SentenceKey, other text) replaced them, as the
	// reference does (Reference mode, carb-variants.md 1.3).
	Replaced int
	// Failure is set when the reference script has no number for this
	// input (Reference mode only): its reader stops on the gold or the
	// system file (Gold.ReaderFailure, Predictions.ReaderFailure), a
	// recall that rises along the curve (CaRB(s,s)), an empty extra
	// argument in binary mode, a NaN confidence. The other fields then hold what could be computed and
	// must not be shown as the reference's numbers.
	Failure  *oie.ReferenceFailure
	Warnings []oie.Warning
}

// Score scores predictions against the gold as CaRB does (docs/spec/carb.md):
// CaRB(s,m) in Reference mode (docs/spec/carb-variants.md section 2).
//
// The thresholds are the distinct confidences of every prediction, on a
// gold sentence or not, in ascending order; at a threshold the predictions
// with at least that confidence count, and precision is 1 where none of a
// gold sentence counts. Without any prediction there is no threshold: P,
// R, F1 and AUC are 0 and PRPoints is empty, as the reference prints.
func Score(gold *Gold, preds *Predictions) *Result {
	return ScoreWith(gold, preds, Options{})
}

// ScoreWith scores predictions against the gold with the CaRB variant and
// mode of opt (carb-variants.md sections 2-5): P, R and F1 at the optimal
// threshold (the lowest threshold of highest F1, NaN F1s ignored; (0, 0, 0)
// when F1 is NaN everywhere), the zero-confidence point, the curve and its
// AUC, summed as numpy does. In binary mode RecDen counts the binary gold
// tuples. Corrected mode merges spellings of a sentence, takes thresholds
// from predictions on gold sentences only, splits binary tuples as
// intended and leaves out predictions with a NaN confidence.
func ScoreWith(gold *Gold, preds *Predictions, opt Options) *Result {
	res := &Result{Options: opt}
	res.Options.Pause = nil // the result names the variant, not the caller's pacing
	al := gold.Align(preds, opt.Mode, false)
	res.Replaced, res.PredictionsWithoutGold = al.Replaced, len(al.Without)
	res.Warnings = append(scoreWarnings(gold, preds, len(al.Without)), al.Warnings...)
	fail := func(line int, file, msg string) {
		if opt.Mode == Reference && res.Failure == nil {
			res.Failure = &oie.ReferenceFailure{Scorer: opt.Title(), File: file, Line: line, Msg: msg}
		}
	}
	// The reference stops while reading, before any other failure.
	for _, f := range []*oie.ReferenceFailure{gold.ReaderFailure, preds.ReaderFailure} {
		if f != nil {
			fail(f.Line, f.File, f.Msg)
		}
	}

	sents := make([]sentenceScore, len(gold.Sentences))
	for i, s := range gold.Sentences {
		sents[i].oneToOne = opt.Matching == OneToOne
		for _, t := range s.Tuples {
			split := []Tuple{t.Tuple}
			if opt.Binary {
				var bad int
				if split, bad = binarize(t.Tuple, opt.Mode); bad >= 0 {
					fail(t.Line, gold.Path, fmt.Sprintf("binary mode: argument %d of this gold tuple is empty, and splitting it raises IndexError", bad+1))
				}
			}
			for _, b := range split {
				sents[i].gold = append(sents[i].gold, tokenizeGold(b))
			}
		}
		res.RecDen += float64(len(sents[i].gold))
	}
	var confs []float64
	nans := 0
	addPrediction := func(p *Prediction, s *sentenceScore) {
		if math.IsNaN(p.Confidence) {
			nans++
			fail(p.Line, preds.Path, "a NaN confidence: the script's thresholds are then a Python set of NaNs sorted in an order that depends on memory addresses, so it has no reproducible number")
			return
		}
		confs = append(confs, p.Confidence)
		split := []Tuple{p.Tuple}
		if opt.Binary {
			// Every prediction is split, on a gold sentence or not.
			var bad int
			if split, bad = binarize(p.Tuple, opt.Mode); bad >= 0 {
				fail(p.Line, preds.Path, fmt.Sprintf("binary mode: argument %d of this extraction is empty, and splitting it raises IndexError", bad+1))
			}
		}
		if s == nil {
			return
		}
		for _, b := range split {
			s.conf = append(s.conf, p.Confidence)
			s.preds = append(s.preds, tokenize(b))
		}
	}
	for i, idx := range al.BySentence {
		for _, j := range idx {
			addPrediction(&preds.Extractions[j], &sents[i])
		}
	}
	if opt.Mode == Reference {
		// Every prediction gives a threshold, on a gold sentence or not.
		for _, j := range al.Without {
			addPrediction(&preds.Extractions[j], nil)
		}
	}
	if opt.Mode == Corrected && nans > 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: preds.Path, Msg: fmt.Sprintf("%d extraction(s) with a NaN confidence are left out", nans)})
	}
	for i := range sents {
		sents[i].prepare()
		opt.pause()
	}
	// sort.Slice, not slices.Sort: the same pdqsort, the same order, without a copy of it for this element type in the page's evaluator.
	sort.Slice(confs, func(i, j int) bool { return cmp.Less(confs[i], confs[j]) })
	thresholds := slices.Compact(confs)
	if len(thresholds) == 0 {
		// The reference finds no optimal point and prints zeros.
		return res
	}

	// Between two thresholds only the sentences holding a prediction at the
	// lower one change; the others keep their sums.
	byConf := map[float64][]int{}
	for i := range sents {
		for _, c := range sents[i].conf {
			if l := byConf[c]; len(l) == 0 || l[len(l)-1] != i {
				byConf[c] = append(l, i)
			}
		}
	}
	points := make([]Point, len(thresholds))
	sums := make([][3]float64, len(thresholds)) // precision numerator and denominator, recall numerator
	for k, th := range thresholds {
		if k%pauseThresholds == pauseThresholds-1 {
			opt.pause()
		}
		if k == 0 {
			for i := range sents {
				sents[i].evaluate(th)
			}
		} else {
			for _, i := range byConf[thresholds[k-1]] {
				sents[i].evaluate(th)
			}
		}
		// Sums are rebuilt in sentence order at every threshold, as the
		// reference accumulates them, so that a point does not depend on
		// the thresholds before it.
		var pn, pd, rn float64
		for i := range sents {
			pn += sents[i].precNum
			pd += float64(sents[i].counted)
			rn += sents[i].recNum
		}
		p, r := 1.0, 0.0
		if pd > 0 {
			p = pn / pd
		}
		if res.RecDen > 0 {
			r = rn / res.RecDen
		}
		points[k] = Point{Precision: p, Recall: r, F1: 2 * p * r / (p + r), Threshold: th}
		sums[k] = [3]float64{pn, pd, rn}
		res.PRPoints = append(res.PRPoints, [3]float64{r, p, th})
	}
	res.ZeroConf = points[0]
	// The optimal point is numpy's nanargmax: the first highest F1, NaNs
	// ignored; with F1 undefined everywhere it raises and the reference
	// prints (0, 0, 0).
	best := -1
	for k, pt := range points {
		if !math.IsNaN(pt.F1) && (best < 0 || pt.F1 > points[best].F1) {
			best = k
		}
	}
	if best >= 0 {
		pt := points[best]
		res.Precision, res.Recall, res.F1, res.OptimalThreshold = pt.Precision, pt.Recall, pt.F1, pt.Threshold
		res.PrecNum, res.PrecDen, res.RecNum = sums[best][0], sums[best][1], sums[best][2]
	}
	var monotone bool
	res.AUC, monotone = curveArea(points)
	if !monotone {
		fail(0, preds.Path, "recall is not monotone over the thresholds, so scikit-learn's auc raises an error (AUC undefined)")
		if opt.Mode == Corrected {
			res.Warnings = append(res.Warnings, oie.Warning{File: preds.Path, Msg: opt.Title() + ": recall is not monotone over the thresholds; the AUC is the signed trapezoid area of the curve as it is"})
		}
	}
	return res
}

// CurveArea is scikit-learn's auc over the points of a curve (in
// ascending threshold order) and the final point (recall 0, precision 1),
// as numpy computes it, to the bit (carb-variants.md 5.3). Recall must not
// rise along the sequence; where it does, the signed trapezoid area is
// returned.
func CurveArea(points []Point) float64 {
	a, _ := curveArea(points)
	return a
}

// curveArea is scikit-learn's auc over the points (recall, precision) in
// ascending threshold order followed by (0, 1), with numpy's trapezoid
// terms and pairwise summation, so that the result is the reference's to
// the bit (carb-variants.md 5.3). monotone is false when recall rises
// somewhere along the sequence, where the reference raises an error; the
// area is then still the signed trapezoid area.
func curveArea(points []Point) (area float64, monotone bool) {
	n := len(points)
	if n == 0 {
		return 0, true
	}
	x := func(i int) float64 {
		if i == n {
			return 0
		}
		return points[i].Recall
	}
	y := func(i int) float64 {
		if i == n {
			return 1
		}
		return points[i].Precision
	}
	terms := make([]float64, n)
	monotone = true
	for j := range terms {
		d := x(j+1) - x(j)
		if d > 0 {
			monotone = false
		}
		terms[j] = d * (y(j+1) + y(j)) / 2.0
	}
	return -PairwiseSum(terms), monotone
}

// PairwiseSum adds xs as numpy's add.reduce does for a contiguous float64
// array (pairwise summation): left to right below 8 terms, eight running
// sums up to 128, halves (cut at a multiple of 8) beyond. Reproducing the
// order reproduces the reference's last bits.
func PairwiseSum(xs []float64) float64 {
	return 0 + pairwise(xs)
}

func pairwise(a []float64) float64 {
	n := len(a)
	switch {
	case n < 8:
		res := 0.0
		for _, v := range a {
			res += v
		}
		return res
	case n <= 128:
		var r [8]float64
		copy(r[:], a[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for k := range r {
				r[k] += a[i+k]
			}
		}
		res := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			res += a[i]
		}
		return res
	}
	m := n / 2
	m -= m % 8
	return pairwise(a[:m]) + pairwise(a[m:])
}

// sentenceScore holds one gold sentence, its predictions (in file order)
// and its sums at the current threshold.
type sentenceScore struct {
	gold  []tokenized
	preds []tokenized
	conf  []float64
	// prec and rec are the pair scores, [gold][prediction].
	prec, rec [][]float64
	// order lists the pairs (gold, prediction) by falling precision, ties in
	// scan order (gold first, then prediction): the order in which the
	// greedy matching picks them. recOrder is the same by falling recall,
	// for the one-to-one recall of CaRB(s,s).
	order, recOrder [][2]int
	oneToOne        bool

	precNum, recNum float64
	counted         int
}

func (s *sentenceScore) prepare() {
	s.prec = make([][]float64, len(s.gold))
	s.rec = make([][]float64, len(s.gold))
	for g := range s.gold {
		s.prec[g] = make([]float64, len(s.preds))
		s.rec[g] = make([]float64, len(s.preds))
		for t := range s.preds {
			s.prec[g][t], s.rec[g][t] = pairScore(s.gold[g], s.preds[t])
		}
	}
	s.order = make([][2]int, 0, len(s.gold)*len(s.preds))
	for g := range s.gold {
		for t := range s.preds {
			s.order = append(s.order, [2]int{g, t})
		}
	}
	// Taking the first unused pair of this order again and again is the
	// reference's "highest precision, first found" scan, done once.
	s.recOrder = slices.Clone(s.order)
	sort.SliceStable(s.order, func(i, j int) bool {
		a, b := s.order[i], s.order[j]
		return s.prec[a[0]][a[1]] > s.prec[b[0]][b[1]]
	})
	if s.oneToOne {
		sort.SliceStable(s.recOrder, func(i, j int) bool {
			a, b := s.recOrder[i], s.recOrder[j]
			return s.rec[a[0]][a[1]] > s.rec[b[0]][b[1]]
		})
	} else {
		s.recOrder = nil
	}
}

// evaluate computes the sentence's sums for the predictions with a
// confidence of at least th.
func (s *sentenceScore) evaluate(th float64) {
	s.precNum, s.recNum, s.counted = 0, 0, 0
	for _, c := range s.conf {
		if c >= th {
			s.counted++
		}
	}
	want := min(len(s.gold), s.counted)
	if s.oneToOne {
		// Recall: a second greedy one-to-one pass, by recall, exactly
		// min(#gold, #counted) picks, summed in pick order.
		s.recNum = s.greedy(s.recOrder, s.rec, th, want)
	} else {
		// Recall: each gold tuple's best recall; a prediction may serve
		// several.
		for g := range s.gold {
			best := 0.0
			for t, c := range s.conf {
				if c >= th && s.rec[g][t] > best {
					best = s.rec[g][t]
				}
			}
			s.recNum += best
		}
	}
	// Precision: greedy one-to-one matching, min(#gold, #counted) pairs.
	s.precNum = s.greedy(s.order, s.prec, th, want)
}

// greedy takes the first unused pair of order among the predictions with a
// confidence of at least th, want times, and sums their values in pick
// order: the reference's "highest value, first found" scan.
func (s *sentenceScore) greedy(order [][2]int, value [][]float64, th float64, want int) float64 {
	sum := 0.0
	if want == 0 {
		return sum
	}
	usedG := make([]bool, len(s.gold))
	usedT := make([]bool, len(s.preds))
	for _, pair := range order {
		g, t := pair[0], pair[1]
		if usedG[g] || usedT[t] || s.conf[t] < th {
			continue
		}
		usedG[g], usedT[t] = true, true
		sum += value[g][t]
		if want--; want == 0 {
			break
		}
	}
	return sum
}

func scoreWarnings(gold *Gold, preds *Predictions, without int) []oie.Warning {
	var ws []oie.Warning
	if without > 0 {
		ws = append(ws, oie.Warning{File: preds.Path, Msg: fmt.Sprintf(
			"%d of %d prediction(s) are on sentences that are not in the gold %s and are left out of the score", without, len(preds.Extractions), gold.Path)})
		if without == len(preds.Extractions) {
			ws = append(ws, oie.Warning{File: preds.Path, Msg: "no prediction is on a gold sentence: is this the system file for this gold?"})
		}
	}
	if len(preds.Extractions) == 0 {
		ws = append(ws, oie.Warning{File: preds.Path, Msg: "no predictions to score"})
	}
	return ws
}
