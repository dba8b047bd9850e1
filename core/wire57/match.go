package wire57

import (
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// tokens splits a predicted slot on white space; WiRe57 compares tokens as
// they are, case-sensitive, without normalisation.
func tokens(s string) []string { return strings.FieldsFunc(s, oie.IsSpace) }

// PairScore is the outcome of matching one prediction with one gold tuple.
type PairScore struct {
	// Matched is false when a slot rules the pair out (docs/spec/carb.md,
	// "Tuple match"); the other fields are then zero.
	Matched bool
	// Matches counts predicted tokens found in the gold words; PredTokens
	// and GoldWords are the precision and recall denominators (GoldWords
	// counts only words that are not inferred).
	Matches, PredTokens, GoldWords int
	Precision, Recall, F1          float64
}

// Match scores prediction e against gold tuple g.
//
// For each of arg1, rel and arg2: an empty predicted slot rules the pair
// out when the gold slot has a word that is not inferred, and is skipped
// otherwise; a predicted token matches when it is one of the gold words
// (inferred ones included; a repeated token counts each time), and a slot
// without a match rules the pair out unless its gold words are all
// inferred. The i-th gold extra argument (arg3+) adds its words to the
// recall denominator, and, when the prediction has an i-th extra argument,
// that argument's matches and tokens, with no match needed; predicted extra
// arguments beyond the gold's are not counted. Precision = Matches /
// PredTokens and Recall = Matches / GoldWords (0 for a zero denominator);
// Recall can exceed 1 when inferred words are matched.
func Match(g Tuple, e Extraction) PairScore {
	return match(g, tokenize(e), original)
}

// rules tell the original scorer's tuple match from WiRe57-C's
// (carb-variants.md 7.2), which has no inferred words and no arg3+: there,
// a predicted slot without a match fails the pair even when the gold slot
// is empty, and so does a zero denominator.
type rules int

const (
	original rules = iota
	carbGold
)

// tokenized is an extraction split into tokens once for all pairs.
type tokenized struct {
	slots [3][]string // arg1, rel, arg2
	extra [][]string
}

func tokenize(e Extraction) tokenized {
	t := tokenized{slots: [3][]string{tokens(e.Arg1), tokens(e.Rel), tokens(e.Arg2)}}
	for _, a := range e.Arg3 {
		t.extra = append(t.extra, tokens(a))
	}
	return t
}

func match(g Tuple, t tokenized, r rules) PairScore {
	var p PairScore
	for i, gs := range [3]Slot{g.Arg1, g.Rel, g.Arg2} {
		pred := t.slots[i]
		real := gs.RealWords()
		if len(pred) == 0 {
			if real > 0 {
				return PairScore{}
			}
			continue
		}
		m := found(pred, gs.Words)
		if m == 0 && (real > 0 || r == carbGold) {
			return PairScore{}
		}
		p.Matches += m
		p.PredTokens += len(pred)
		p.GoldWords += real
	}
	for i, gs := range g.Arg3 {
		p.GoldWords += gs.RealWords()
		if i < len(t.extra) {
			p.Matches += found(t.extra[i], gs.Words)
			p.PredTokens += len(t.extra[i])
		}
	}
	if r == carbGold && (p.PredTokens == 0 || p.GoldWords == 0) {
		return PairScore{}
	}
	p.Matched = true
	if p.PredTokens > 0 {
		p.Precision = float64(p.Matches) / float64(p.PredTokens)
	}
	if p.GoldWords > 0 {
		p.Recall = float64(p.Matches) / float64(p.GoldWords)
	}
	if p.Precision+p.Recall > 0 {
		p.F1 = 2 * p.Precision * p.Recall / (p.Precision + p.Recall)
	}
	return p
}

// found counts the predicted tokens that occur among the gold words. It is
// a membership test, not a multiset intersection: "the the" against a gold
// "the" finds 2.
func found(pred, gold []string) int {
	n := 0
	if len(pred)*len(gold) > 1024 {
		set := make(map[string]bool, len(gold))
		for _, v := range gold {
			set[v] = true
		}
		for _, w := range pred {
			if set[w] {
				n++
			}
		}
		return n
	}
	for _, w := range pred {
		for _, v := range gold {
			if v == w {
				n++
				break
			}
		}
	}
	return n
}

// ExactMatch reports whether e is exactly g: arg1, rel and arg2 have the
// gold words (inferred ones included) as their tokens, and the extra
// arguments are the gold's extra arguments, as many and in order.
func ExactMatch(g Tuple, e Extraction) bool {
	return exact(g, tokenize(e))
}

func exact(g Tuple, t tokenized) bool {
	if len(t.extra) != len(g.Arg3) {
		return false
	}
	for i, gs := range [3]Slot{g.Arg1, g.Rel, g.Arg2} {
		if !same(t.slots[i], gs.Words) {
			return false
		}
	}
	for i, gs := range g.Arg3 {
		if !same(t.extra[i], gs.Words) {
			return false
		}
	}
	return true
}

// same compares token lists. Gold words are compared joined with spaces,
// as a word may itself hold a space.
func same(pred, gold []string) bool {
	return strings.Join(pred, " ") == strings.Join(gold, " ")
}
