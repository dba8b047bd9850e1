// Package synthetic makes large benchmarks out of a small one, for measuring
// how oiebench scales. Scale copies every sentence N times with fresh IDs.
// Copy 0 is the original text; every later copy has its ASCII letters
// renamed by a permutation of the alphabet drawn from the seed (case kept),
// applied alike to the sentence, the gold slots and the system extractions.
// A permutation of letters leaves spaces and brackets alone and is one to
// one, so every match and every mismatch carries over: a system's
// precision, recall and F1 on the scaled benchmark equal its scores on the
// original, and TP, FP and FN are N times as large. Text outside ASCII
// letters (umlauts, Chinese) is copied unchanged.
package synthetic

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// Scale returns the gold and systems copied n times. Extractions of
// sentences that are not in the gold stay unknown in every copy.
func Scale(g *benchie.Gold, systems []*oie.System, n int, seed uint64) (*benchie.Gold, []*oie.System, error) {
	sents := make([]*benchie.Sentence, 0, max(n, 0)*len(g.Sentences))
	err := EachSentence(g, n, seed, func(s *benchie.Sentence) error {
		sents = append(sents, s)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	scaled, err := benchie.NewGold(g.Path, sents)
	if err != nil {
		return nil, nil, err
	}
	return scaled, ScaleSystems(g, systems, n, seed), nil
}

// EachSentence calls f with each sentence of the gold copied n times, in
// the order of Scale's gold, without holding them: a caller that writes
// each as it comes (oiebench gen) never holds the scaled gold.
func EachSentence(g *benchie.Gold, n int, seed uint64, f func(*benchie.Sentence) error) error {
	if n < 1 {
		return fmt.Errorf("scale must be at least 1, got %d", n)
	}
	for c := 0; c < n; c++ {
		rename := letterPermutation(seed, c)
		for j, s := range g.Sentences {
			cp := &benchie.Sentence{Sentence: oie.Sentence{ID: strconv.Itoa(c*len(g.Sentences) + j + 1), Text: rename(s.Text)}, Line: s.Line}
			for _, syn := range s.Synsets {
				cs := &benchie.Synset{Label: syn.Label, Line: syn.Line}
				for i, t := range syn.Triples {
					cs.Add(renameTriple(rename, syn.Triple(i)), t.Line)
				}
				cp.Synsets = append(cp.Synsets, cs)
			}
			if err := f(cp); err != nil {
				return err
			}
		}
	}
	return nil
}

// ScaleSystems returns the systems copied n times along the gold (Scale);
// n is at least 1.
func ScaleSystems(g *benchie.Gold, systems []*oie.System, n int, seed uint64) []*oie.System {
	out := make([]*oie.System, len(systems))
	for i, s := range systems {
		out[i] = &oie.System{Path: s.Path, Format: s.Format, HasConfidence: s.HasConfidence}
	}
	for c := 0; c < n; c++ {
		rename := letterPermutation(seed, c)
		newID := func(orig string) string {
			if j, ok := g.SentenceIndex(orig); ok {
				return strconv.Itoa(c*len(g.Sentences) + j + 1)
			}
			return orig + "~" + strconv.Itoa(c) // still unknown to the gold
		}
		for i, s := range systems {
			for idx := range s.Extractions.Len() {
				e := s.Extractions.At(idx)
				e.SentID = newID(e.SentID)
				e.Triple = renameTriple(rename, e.Triple)
				if len(e.Extra) > 0 {
					extra := make([]string, len(e.Extra))
					for k, a := range e.Extra {
						extra[k] = rename(a)
					}
					e.Extra = extra
				}
				out[i].Extractions.Append(e)
			}
		}
	}
	return out
}

func renameTriple(rename func(string) string, t oie.Triple) oie.Triple {
	return oie.Triple{Subject: rename(t.Subject), Relation: rename(t.Relation), Object: rename(t.Object)}
}

// letterPermutation returns the renaming of copy c: the identity for copy 0,
// else a permutation of a-z (applied to A-Z alike) drawn from seed and c.
func letterPermutation(seed uint64, c int) func(string) string {
	if c == 0 {
		return func(s string) string { return s }
	}
	perm := rand.New(rand.NewPCG(seed, uint64(c))).Perm(26)
	pairs := make([]string, 0, 4*26)
	for i, p := range perm {
		pairs = append(pairs, string(rune('a'+i)), string(rune('a'+p)), string(rune('A'+i)), string(rune('A'+p)))
	}
	return strings.NewReplacer(pairs...).Replace
}
