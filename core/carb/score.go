package carb

import (
	"fmt"
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
	// ascending threshold order (so recall never increases along it).
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
	// Failure is set when the reference script stops on this input instead
	// of printing numbers (Reference mode only): a non-monotone (s,s)
	// recall, an empty extra argument in binary mode, F1 undefined at every
	// threshold, a NaN confidence. The other fields then hold what could
	// be computed and must not be shown as the reference's numbers.
	Failure  *oie.ReferenceFailure
	Warnings []oie.Warning
}

// Score scores predictions against the gold as CaRB does (docs/spec/carb.md).
//
// The thresholds are the distinct confidences of the predictions that are
// scored (those on gold sentences), in ascending order; at a threshold the
// predictions with at least that confidence count. With no such prediction
// there is no threshold: precision is 1 (nothing counted), recall, F1 and
// AUC are 0 and PRPoints is empty.
func Score(gold *Gold, preds *Predictions) *Result {
	return ScoreWith(gold, preds, Options{})
}

// ScoreWith scores predictions against the gold with the CaRB variant and
// mode of opt (carb-variants.md sections 2-5): P, R and F1 at the optimal
// threshold (the lowest threshold of highest F1, NaN F1s ignored), the
// zero-confidence point, the curve and its AUC, summed as numpy does. In
// binary mode RecDen counts the binary gold tuples.
func ScoreWith(gold *Gold, preds *Predictions, opt Options) *Result {
	res := &Result{RecDen: float64(gold.TupleCount())}
	sents := make([]sentenceScore, len(gold.Sentences))
	for i, s := range gold.Sentences {
		sents[i].gold = make([]tokenized, len(s.Tuples))
		for j, t := range s.Tuples {
			sents[i].gold[j] = tokenizeGold(t.Tuple)
		}
	}
	var confs []float64
	for _, p := range preds.Extractions {
		si, ok := gold.byKey[SentenceKey(p.Sentence)]
		if !ok {
			res.PredictionsWithoutGold++
			continue
		}
		sents[si].conf = append(sents[si].conf, p.Confidence)
		sents[si].preds = append(sents[si].preds, tokenize(p.Tuple))
		confs = append(confs, p.Confidence)
	}
	res.Warnings = scoreWarnings(gold, preds, res.PredictionsWithoutGold)
	for i := range sents {
		sents[i].prepare()
	}
	slices.Sort(confs)
	thresholds := slices.Compact(confs)
	if len(thresholds) == 0 {
		res.Precision = 1
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
	best := -1.0
	for k, th := range thresholds {
		if k == 0 {
			for i := range sents {
				sents[i].evaluate(th)
			}
		} else {
			for _, i := range byConf[thresholds[k-1]] {
				sents[i].evaluate(th)
			}
		}
		// Sums are rebuilt in sentence order at every threshold, so that a
		// point does not depend on the thresholds before it.
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
		f := f1(p, r)
		res.PRPoints = append(res.PRPoints, [3]float64{r, p, th})
		if f > best {
			best = f
			res.Precision, res.Recall, res.F1, res.OptimalThreshold = p, r, f, th
			res.PrecNum, res.PrecDen, res.RecNum = pn, pd, rn
		}
	}
	res.AUC = auc(res.PRPoints)
	return res
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// auc is the trapezoid area under the (recall, precision) points, which come
// in ascending threshold order, after the starting point (0, 1) that stands
// for a threshold above every confidence.
func auc(points [][3]float64) float64 {
	area := 0.0
	r0, p0 := 0.0, 1.0
	for i := len(points) - 1; i >= 0; i-- {
		r, p := points[i][0], points[i][1]
		area += (r - r0) * (p + p0) / 2
		r0, p0 = r, p
	}
	return area
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
	// greedy matching picks them.
	order [][2]int

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
	sort.SliceStable(s.order, func(i, j int) bool {
		a, b := s.order[i], s.order[j]
		return s.prec[a[0]][a[1]] > s.prec[b[0]][b[1]]
	})
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
	// Recall: each gold tuple's best recall; a prediction may serve several.
	for g := range s.gold {
		best := 0.0
		for t, c := range s.conf {
			if c >= th && s.rec[g][t] > best {
				best = s.rec[g][t]
			}
		}
		s.recNum += best
	}
	// Precision: greedy one-to-one matching, min(#gold, #counted) pairs.
	want := min(len(s.gold), s.counted)
	if want == 0 {
		return
	}
	usedG := make([]bool, len(s.gold))
	usedT := make([]bool, len(s.preds))
	for _, pair := range s.order {
		g, t := pair[0], pair[1]
		if usedG[g] || usedT[t] || s.conf[t] < th {
			continue
		}
		usedG[g], usedT[t] = true, true
		s.precNum += s.prec[g][t]
		if want--; want == 0 {
			break
		}
	}
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
