package carb

import (
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// tokens splits on runs of white space as the reference (Python's
// str.split()) does: no lowercasing, no punctuation or stop-word removal.
func tokens(s string) []string { return strings.FieldsFunc(s, oie.IsSpace) }

// tokenized is a tuple ready for pair scoring: the relation's tokens and at
// most two arguments, the second being every argument after the first
// (n-ary folding). Joining arguments with spaces and splitting again gives
// the concatenation of their tokens, so folding is done on tokens.
type tokenized struct {
	said bool // the raw relation triggers the "said" rule (gold only)
	rel  []string
	args [][]string
}

func tokenize(t Tuple) tokenized {
	tk := tokenized{rel: tokens(t.Relation)}
	if len(t.Args) > 0 {
		tk.args = append(tk.args, tokens(t.Args[0]))
	}
	if len(t.Args) > 1 {
		var obj []string
		for _, a := range t.Args[1:] {
			obj = append(obj, tokens(a)...)
		}
		tk.args = append(tk.args, obj)
	}
	return tk
}

func tokenizeGold(t Tuple) tokenized {
	tk := tokenize(t)
	tk.said = hasSaidVerb(t.Relation)
	return tk
}

// saidVerbs trigger the "said" rule; they are looked for as substrings of
// the raw gold relation ("unsaid" counts, "Said" does not).
var saidVerbs = [...]string{"said", "told", "added", "adds", "says"}

func hasSaidVerb(rel string) bool {
	for _, v := range saidVerbs {
		if strings.Contains(rel, v) {
			return true
		}
	}
	return false
}

// beForms are the gold relation tokens that let a predicted "be" match.
var beForms = [...]string{"be", "is", "am", "are", "was", "were", "been", "being"}

// PairScore returns CaRB's [precision, recall] of a prediction against a
// gold tuple (docs/spec/carb.md, "Pair score"). Recall can exceed 1 through the
// "be" rule; the reference keeps that, and so does this function.
func PairScore(gold, pred Tuple) (prec, rec float64) {
	return pairScore(tokenizeGold(gold), tokenize(pred))
}

func pairScore(g, t tokenized) (prec, rec float64) {
	prec, rec = overlap(g, t.rel, t.args)
	if g.said && len(t.args) == 2 {
		// Reported speech: "X said Y" is often extracted with the arguments
		// the other way round; the better order counts.
		sp, sr := overlap(g, t.rel, [][]string{t.args[1], t.args[0]})
		if sp > prec || sp == prec && sr > rec {
			prec, rec = sp, sr
		}
	}
	return prec, rec
}

// overlap scores predicted relation tokens rel and arguments args against
// the gold tuple, without the "said" rule.
func overlap(g tokenized, rel []string, args [][]string) (prec, rec float64) {
	matches := intersect(g.rel, rel)
	if unmatchedBe(g.rel, rel) && containsAny(g.rel, beForms[:]) {
		matches++
	}
	if matches == 0 {
		return 0, 0
	}
	predN, goldN := len(rel), len(g.rel)
	// Only the gold's arguments are compared: a predicted object next to a
	// one-argument gold is not even counted against precision.
	for i, ga := range g.args {
		if i >= len(args) {
			return 0, 0
		}
		matches += intersect(ga, args[i])
		predN += len(args[i])
		goldN += len(ga)
	}
	if predN > 0 {
		prec = float64(matches) / float64(predN)
	}
	if goldN > 0 {
		rec = float64(matches) / float64(goldN)
	}
	return prec, rec
}

// intersect is the size of the multiset intersection of a and b.
func intersect(a, b []string) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	// Slots are short: a quadratic scan with a used mask beats a map.
	if len(a)*len(b) <= 1024 {
		var buf [64]bool
		used := buf[:0]
		if len(a) <= len(buf) {
			used = buf[:len(a)]
		} else {
			used = make([]bool, len(a))
		}
		n := 0
		for _, w := range b {
			for i, v := range a {
				if !used[i] && v == w {
					used[i] = true
					n++
					break
				}
			}
		}
		return n
	}
	count := make(map[string]int, len(a))
	for _, v := range a {
		count[v]++
	}
	n := 0
	for _, w := range b {
		if count[w] > 0 {
			count[w]--
			n++
		}
	}
	return n
}

// unmatchedBe reports whether a predicted "be" is left over after the
// multiset intersection with the gold relation.
func unmatchedBe(gold, pred []string) bool {
	p, g := 0, 0
	for _, w := range pred {
		if w == "be" {
			p++
		}
	}
	for _, w := range gold {
		if w == "be" {
			g++
		}
	}
	return p > g
}

func containsAny(words []string, set []string) bool {
	for _, w := range words {
		for _, s := range set {
			if w == s {
				return true
			}
		}
	}
	return false
}
