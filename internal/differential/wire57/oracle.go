// Package wire57 is a differential harness for the WiRe57 scorer: a second,
// deliberately simple implementation written from the specification only
// (carb.md, "WiRe57", with its turn-3 exact-match rule), a seeded generator
// of gold and system files, and a test that scores every generated pair with
// both implementations. It shares no code with core/wire57: where the two
// disagree, one of them is wrong.
package wire57

import (
	"encoding/json"
	"strings"
)

// pySpace is Python's str.isspace: what str.split() splits on.
func pySpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

type goldSlot struct {
	Words        []string `json:"words"`
	WordsIndexes []any    `json:"words_indexes"`
}

// inferred counts the words whose index is "inf".
func (s goldSlot) real() int {
	n := 0
	for i := range s.Words {
		if i < len(s.WordsIndexes) {
			if str, ok := s.WordsIndexes[i].(string); ok && str == "inf" {
				continue
			}
		}
		n++
	}
	return n
}

type goldTuple struct {
	Arg1 goldSlot   `json:"arg1"`
	Rel  goldSlot   `json:"rel"`
	Arg2 goldSlot   `json:"arg2"`
	Arg3 []goldSlot `json:"arg3+"`
}

type goldSentence struct {
	ID     string      `json:"id"`
	Tuples []goldTuple `json:"tuples"`
}

type prediction struct {
	Arg1 string   `json:"arg1"`
	Rel  string   `json:"rel"`
	Arg2 string   `json:"arg2"`
	Arg3 []string `json:"arg3+"`
}

// Result is what the oracle computes.
type Result struct {
	PrecNum, PrecDen, RecNum, RecDen float64
	Precision, Recall, F1            float64
	Matches                          int
	ExactPredictions, ExactGold      int
}

// pair is one prediction scored against one gold tuple.
type pair struct {
	ok                 bool
	prec, rec, f1      float64
	matches, pred, den int
}

func score(g goldTuple, p prediction) pair {
	var out pair
	slots := [3]goldSlot{g.Arg1, g.Rel, g.Arg2}
	preds := [3]string{p.Arg1, p.Rel, p.Arg2}
	for i := range slots {
		toks := strings.FieldsFunc(preds[i], pySpace)
		real := slots[i].real()
		if len(toks) == 0 {
			if real > 0 {
				return pair{}
			}
			continue
		}
		m := 0
		for _, t := range toks {
			for _, w := range slots[i].Words {
				if t == w {
					m++
					break
				}
			}
		}
		if m == 0 && real > 0 {
			return pair{}
		}
		out.matches += m
		out.pred += len(toks)
		out.den += real
	}
	for i, gs := range g.Arg3 {
		out.den += gs.real()
		if i < len(p.Arg3) {
			for _, t := range strings.FieldsFunc(p.Arg3[i], pySpace) {
				for _, w := range gs.Words {
					if t == w {
						out.matches++
						break
					}
				}
				out.pred++
			}
		}
	}
	out.ok = true
	if out.pred > 0 {
		out.prec = float64(out.matches) / float64(out.pred)
	}
	if out.den > 0 {
		out.rec = float64(out.matches) / float64(out.den)
	}
	if out.prec+out.rec > 0 {
		out.f1 = 2 * out.prec * out.rec / (out.prec + out.rec)
	}
	return out
}

// exact: the raw predicted strings equal the gold words joined by single
// spaces; the gold's extra arguments are the first predicted ones.
func exact(g goldTuple, p prediction) bool {
	j := func(s goldSlot) string { return strings.Join(s.Words, " ") }
	if p.Arg1 != j(g.Arg1) || p.Rel != j(g.Rel) || p.Arg2 != j(g.Arg2) || len(p.Arg3) < len(g.Arg3) {
		return false
	}
	for i := range g.Arg3 {
		if p.Arg3[i] != j(g.Arg3[i]) {
			return false
		}
	}
	return true
}

// Score scores a system JSON (one extractor) against a gold JSON.
func Score(goldJSON, systemJSON []byte) (Result, error) {
	var docs map[string][]goldSentence
	if err := json.Unmarshal(goldJSON, &docs); err != nil {
		return Result{}, err
	}
	var sys map[string][]prediction
	if err := json.Unmarshal(systemJSON, &sys); err != nil {
		return Result{}, err
	}
	var r Result
	for _, sents := range docs {
		for _, s := range sents {
			r.RecDen += float64(len(s.Tuples))
			preds := sys[s.ID]
			r.PrecDen += float64(len(preds))
			// greedy one-to-one matching by falling F1
			all := make([][]pair, len(s.Tuples))
			for gi, gt := range s.Tuples {
				for _, p := range preds {
					all[gi] = append(all[gi], score(gt, p))
				}
			}
			usedG, usedP := make([]bool, len(s.Tuples)), make([]bool, len(preds))
			for {
				bg, bp, best := -1, -1, 0.0
				for gi := range all {
					for pi, pr := range all[gi] {
						if !usedG[gi] && !usedP[pi] && pr.ok && pr.f1 > best {
							bg, bp, best = gi, pi, pr.f1
						}
					}
				}
				if bg < 0 {
					break
				}
				usedG[bg], usedP[bp] = true, true
				r.PrecNum += all[bg][bp].prec
				r.RecNum += all[bg][bp].rec
				r.Matches++
			}
			exP := make([]bool, len(preds))
			for _, gt := range s.Tuples {
				hit := false
				for pi, p := range preds {
					if exact(gt, p) {
						hit, exP[pi] = true, true
					}
				}
				if hit {
					r.ExactGold++
				}
			}
			for _, x := range exP {
				if x {
					r.ExactPredictions++
				}
			}
		}
	}
	if r.PrecDen > 0 {
		r.Precision = r.PrecNum / r.PrecDen
	}
	if r.RecDen > 0 {
		r.Recall = r.RecNum / r.RecDen
	}
	if r.Precision+r.Recall > 0 {
		r.F1 = 2 * r.Precision * r.Recall / (r.Precision + r.Recall)
	}
	return r, nil
}
