package wire57

import (
	"fmt"
	"sort"

	"github.com/oiebench/oiebench/core/oie"
)

// Pair is a gold tuple and the prediction matched to it.
type Pair struct {
	Sentence   int // index into Gold.Sentences
	Gold       int // index into that sentence's Tuples
	Prediction int // index into System.Extractions
	Score      PairScore
}

// Result is one system scored against a WiRe57 gold.
type Result struct {
	Precision, Recall, F1 float64
	// PrecNum sums the precision of matched pairs, PrecDen counts the
	// predictions on gold sentences; RecNum sums the recall of matched
	// pairs, RecDen counts the gold tuples.
	PrecNum, PrecDen, RecNum, RecDen float64
	// Matches is the number of matched pairs (one-to-one).
	Matches int
	// ExactPredictions counts predictions exactly equal to some gold tuple
	// of their sentence, ExactGold gold tuples exactly equal to some
	// prediction; ExactPrec = ExactPredictions / PrecDen and
	// ExactRec = ExactGold / RecDen. Not one-to-one.
	ExactPredictions, ExactGold int
	ExactPrec, ExactRec         float64
	// Pairs lists the matched pairs, sentence by sentence in gold order,
	// each sentence's in the order they were taken.
	Pairs []Pair
	// PredictionsWithoutGold counts predictions on sentence ids that are
	// not in the gold; they are left out of every number.
	PredictionsWithoutGold int
	Warnings               []oie.Warning
}

// Score scores a system against the gold as WiRe57 does: per sentence,
// pairs are matched greedily one-to-one by falling F1 (ties go to the first
// pair found, scanning gold tuples, then predictions in file order) until
// no pair with a positive F1 is left; the matched pairs' precision and
// recall are summed over all sentences (micro average). With no prediction
// on a gold sentence, precision is 0; with no gold tuple, recall is 0.
func Score(g *Gold, sys *System) *Result {
	res := &Result{RecDen: float64(g.TupleCount())}
	preds := make([][]int, len(g.Sentences))
	for i, e := range sys.Extractions {
		si, ok := g.index[e.SentID]
		if !ok {
			res.PredictionsWithoutGold++
			continue
		}
		preds[si] = append(preds[si], i)
		res.PrecDen++
	}
	goldExact := 0
	for si, s := range g.Sentences {
		toks := make([]tokenized, len(preds[si]))
		for j, i := range preds[si] {
			toks[j] = tokenize(sys.Extractions[i])
		}
		res.Pairs = append(res.Pairs, matchSentence(si, s.Tuples, toks, preds[si], original)...)
		// Exact matches, counted on both sides.
		predExact := make([]bool, len(toks))
		for _, gt := range s.Tuples {
			hit := false
			for j, t := range toks {
				if exact(gt, t) {
					hit, predExact[j] = true, true
				}
			}
			if hit {
				goldExact++
			}
		}
		for _, x := range predExact {
			if x {
				res.ExactPredictions++
			}
		}
	}
	res.ExactGold = goldExact
	for _, p := range res.Pairs {
		res.PrecNum += p.Score.Precision
		res.RecNum += p.Score.Recall
	}
	res.Matches = len(res.Pairs)
	res.Precision, res.ExactPrec = ratio(res.PrecNum, res.PrecDen), ratio(float64(res.ExactPredictions), res.PrecDen)
	res.Recall, res.ExactRec = ratio(res.RecNum, res.RecDen), ratio(float64(res.ExactGold), res.RecDen)
	if res.Precision+res.Recall > 0 {
		res.F1 = 2 * res.Precision * res.Recall / (res.Precision + res.Recall)
	}
	res.Warnings = scoreWarnings(g, sys, res)
	return res
}

func ratio(n, d float64) float64 {
	if d == 0 {
		return 0
	}
	return n / d
}

// matchSentence matches one sentence's gold tuples with its predictions
// (toks, whose extraction indexes are ids).
func matchSentence(si int, gold []Tuple, toks []tokenized, ids []int, r rules) []Pair {
	var cand []Pair
	for gi, gt := range gold {
		for j, t := range toks {
			if ps := match(gt, t, r); ps.F1 > 0 {
				cand = append(cand, Pair{Sentence: si, Gold: gi, Prediction: j, Score: ps})
			}
		}
	}
	// Taking the first unused pair of this order again and again is the
	// "highest F1, first found" scan: the stable sort keeps scan order
	// (gold first, then prediction) among equal F1s.
	sort.SliceStable(cand, func(a, b int) bool { return cand[a].Score.F1 > cand[b].Score.F1 })
	usedG := make([]bool, len(gold))
	usedP := make([]bool, len(toks))
	var out []Pair
	for _, c := range cand {
		if usedG[c.Gold] || usedP[c.Prediction] {
			continue
		}
		usedG[c.Gold], usedP[c.Prediction] = true, true
		c.Prediction = ids[c.Prediction]
		out = append(out, c)
	}
	return out
}

func scoreWarnings(g *Gold, sys *System, res *Result) []oie.Warning {
	var ws []oie.Warning
	name := sys.Name
	if name == "" {
		name = "the system"
	}
	if res.PredictionsWithoutGold > 0 {
		ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf(
			"%s: %d of %d extraction(s) are on sentence ids that are not in the gold %s and are left out of the score",
			name, res.PredictionsWithoutGold, len(sys.Extractions), g.Path)})
	}
	if res.PrecDen == 0 {
		ws = append(ws, oie.Warning{File: sys.Path, Msg: name + ": no extraction on a gold sentence: precision is 0"})
	}
	return ws
}
