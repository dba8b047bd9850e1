package analysis

import (
	"fmt"
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/report"
)

// PerSentence holds a result's counts sentence by sentence (parallel to the
// gold's sentences): enough to score any set of sentences, drawn with
// repetition or not, without scoring again.
type PerSentence struct {
	TP, FP, Synsets []int32
}

// Sentences splits a result's counts by gold sentence. The sums over all
// sentences are the result's TP, FP and synset count.
// The counts are the result's own (benchie.Result.SentenceCounts): its
// coverage is neither made nor kept for them.
func Sentences(res *benchie.Result) PerSentence {
	tp, synsets := res.SentenceCounts()
	ps := PerSentence{TP: tp, FP: make([]int32, len(tp)), Synsets: synsets}
	for _, j := range res.Judgements {
		if j.Verdict == benchie.Incorrect {
			ps.FP[j.Sentence]++
		}
	}
	return ps
}

// Len is the number of sentences.
func (ps PerSentence) Len() int { return len(ps.TP) }

// prf is P, R and F1 from counts, by benchie's rule.
func prf(tp, fp, synsets int) (p, r, f float64) {
	c := benchie.NewCounts(tp, fp, synsets)
	return c.Precision, c.Recall, c.F1
}

// DefaultThresholds are the paper's sentence buckets: length <=20, 21-30,
// >30 tokens; conjunctions 0, >=1; case markers 0-1, 2, 3, 4, >4.
func DefaultThresholds() report.Thresholds {
	return report.Thresholds{Length: []int{20, 30}, Conjunctions: []int{0}, CaseMarkers: []int{1, 2, 3, 4}}
}

// CheckThresholds reports bounds that are not increasing and non-negative.
func CheckThresholds(th report.Thresholds) error {
	for _, b := range []struct {
		name   string
		bounds []int
	}{{"length", th.Length}, {"conjunctions", th.Conjunctions}, {"case markers", th.CaseMarkers}} {
		for i, x := range b.bounds {
			if x < 0 || (i > 0 && x <= b.bounds[i-1]) {
				return fmt.Errorf("%s buckets %v: expected increasing non-negative upper bounds", b.name, b.bounds)
			}
		}
	}
	return nil
}

// bucketOf returns the bucket of a value: the first bound it does not
// exceed, or len(bounds) for the open last bucket.
func bucketOf(v int, bounds []int) int {
	i, _ := slices.BinarySearch(bounds, v)
	return i
}

// emptyBuckets lays out the buckets of some bounds with their labels:
// "N" for a bucket of one value, "<=N" for a first bucket from 0, "A-B"
// otherwise, and ">N" (">=1" after 0) for the last.
func emptyBuckets(bounds []int) []report.SentenceBucket {
	out := make([]report.SentenceBucket, len(bounds)+1)
	lo := 0
	for i, hi := range bounds {
		b := &out[i]
		b.Min, b.Max = lo, new(int)
		*b.Max = hi
		switch {
		case lo == hi:
			b.Bucket = fmt.Sprint(hi)
		case lo == 0 && hi > 1:
			b.Bucket = fmt.Sprintf("<=%d", hi)
		default:
			b.Bucket = fmt.Sprintf("%d-%d", lo, hi)
		}
		lo = hi + 1
	}
	last := &out[len(bounds)]
	last.Min = lo
	if lo == 1 {
		last.Bucket = ">=1"
	} else {
		last.Bucket = fmt.Sprintf(">%d", lo-1)
	}
	return out
}

// SentenceBuckets scores a result's sentences in groups (see the package
// doc); feats are the gold sentences' features.
func SentenceBuckets(ps PerSentence, feats []nlp.Features, th report.Thresholds) report.SentenceBuckets {
	sb := report.SentenceBuckets{
		Length:       emptyBuckets(th.Length),
		Conjunctions: emptyBuckets(th.Conjunctions),
		CaseMarkers:  emptyBuckets(th.CaseMarkers),
	}
	add := func(b *report.SentenceBucket, si int) {
		b.Sentences++
		b.Synsets += int(ps.Synsets[si])
		b.TP += int(ps.TP[si])
		b.FP += int(ps.FP[si])
	}
	for si, f := range feats {
		add(&sb.Length[bucketOf(f.Tokens, th.Length)], si)
		if !f.HasMarkers() {
			sb.Untagged++
			continue
		}
		add(&sb.Conjunctions[bucketOf(f.Conjunctions, th.Conjunctions)], si)
		add(&sb.CaseMarkers[bucketOf(f.CaseMarkers, th.CaseMarkers)], si)
	}
	for _, bs := range [][]report.SentenceBucket{sb.Length, sb.Conjunctions, sb.CaseMarkers} {
		for i := range bs {
			b := &bs[i]
			b.Precision, b.Recall, b.F1 = prf(b.TP, b.FP, b.Synsets)
		}
	}
	return sb
}
