package suggest

import (
	"fmt"
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// FormLimit bounds the surface forms listed per gold triple when deciding
// whether another gold's synset is covered (benchie.SurfaceForms); a triple
// with more is counted in Measurement.Truncated.
const FormLimit = 1 << 16

// Recall is the recall of the top K clusters per sentence.
type Recall struct {
	K      int     `json:"k"`
	Hits   int     `json:"hits"`
	Recall float64 `json:"recall"`
}

// Measurement says how much of an independent re-annotation (the other
// gold) the suggestions would have proposed.
type Measurement struct {
	// Aligned counts the sentences both golds have with the same id and the
	// same text (white space trimmed); Unaligned lists the other gold's
	// sentence ids that have no such partner.
	Aligned   int      `json:"aligned"`
	Unaligned []string `json:"unaligned,omitempty"`
	// Synsets counts the other gold's synsets on aligned sentences,
	// Uncovered those no synset of the suggesting gold covers.
	Synsets   int `json:"synsets"`
	Uncovered int `json:"uncovered"`
	// Truncated counts triples of the other gold with more than FormLimit
	// surface forms: only the first FormLimit were tried.
	Truncated int      `json:"truncated,omitempty"`
	Recall    []Recall `json:"recall"`
	// Warnings name each unaligned sentence at its line in the other gold.
	Warnings []oie.Warning `json:"warnings,omitempty"`
	// UncoveredSynsets lists, per aligned sentence id, its uncovered
	// synsets (0-based, in the other gold).
	UncoveredSynsets map[string][]int `json:"uncovered_synsets"`
}

// Measure compares suggestions made against gold with another gold of the
// same sentences (BenchIE^FL's re-annotation of BenchIE). A synset of other
// is covered when one of the surface forms of its triples (regular facet)
// is accepted by gold on the same sentence; a cluster hits an uncovered
// synset when one of its members (trimmed, n-ary folded) is accepted by
// that synset alone. Recall at K is the uncovered synsets hit by one of the
// top K clusters of their sentence, over all uncovered synsets.
func Measure(gold *benchie.Compiled, other *benchie.Gold, s *Suggestions, ks []int) (*Measurement, error) {
	m := &Measurement{UncoveredSynsets: map[string][]int{}}
	bySentence := map[int]*Sentence{}
	for i := range s.Sentences {
		bySentence[s.Sentences[i].Index] = &s.Sentences[i]
	}
	hits := make([]int, len(ks))
	for _, os := range other.Sentences {
		gi, ok := gold.Gold.SentenceIndex(os.ID)
		if !ok || oie.TrimSpace(gold.Gold.Sentences[gi].Text) != oie.TrimSpace(os.Text) {
			m.Unaligned = append(m.Unaligned, os.ID)
			why := "the gold has no sentence with this id"
			if ok {
				why = fmt.Sprintf("its text differs from that of the gold's sentence %s (line %d)", os.ID, gold.Gold.Sentences[gi].Line)
			}
			m.Warnings = append(m.Warnings, oie.Warning{File: other.Path, Line: os.Line, Msg: fmt.Sprintf("sentence %s left out of the measurement: %s", os.ID, why)})
			continue
		}
		m.Aligned++
		m.Synsets += len(os.Synsets)
		uncovered := m.uncovered(gold, os)
		if len(uncovered) == 0 {
			continue
		}
		m.Uncovered += len(uncovered)
		m.UncoveredSynsets[os.ID] = uncovered
		sug := bySentence[gi]
		if sug == nil {
			continue
		}
		// rank[k] is the best rank (0-based) of a cluster that hits
		// uncovered synset k.
		rank := map[int]int{}
		for _, k := range uncovered {
			acc, err := accepted(os, k, sug)
			if err != nil {
				return nil, err
			}
			for ci := range sug.Clusters {
				if slices.Contains(acc[ci], true) {
					rank[k] = ci
					break
				}
			}
		}
		for j, K := range ks {
			for _, r := range rank {
				if r < K {
					hits[j]++
				}
			}
		}
	}
	for j, K := range ks {
		r := Recall{K: K, Hits: hits[j]}
		if m.Uncovered > 0 {
			r.Recall = float64(hits[j]) / float64(m.Uncovered)
		}
		m.Recall = append(m.Recall, r)
	}
	return m, nil
}

// uncovered lists the synsets of os (0-based) whose surface forms the
// compiled gold accepts none of, by scoring the forms as a system.
func (m *Measurement) uncovered(gold *benchie.Compiled, os *benchie.Sentence) []int {
	var sys oie.System
	var owner []int
	for k, syn := range os.Synsets {
		for i := range syn.Triples {
			forms, complete := benchie.SurfaceForms(syn.Triple(i), benchie.Regular, FormLimit)
			if !complete {
				m.Truncated++
			}
			for _, f := range forms {
				sys.Extractions.Append(oie.Extraction{SentID: os.ID, Triple: f})
				owner = append(owner, k)
			}
		}
	}
	covered := make([]bool, len(os.Synsets))
	for i, j := range gold.Score(&sys, benchie.Options{}).Judgements {
		if j.Verdict == benchie.Correct || j.Verdict == benchie.Duplicate {
			covered[owner[i]] = true
		}
	}
	var out []int
	for k, c := range covered {
		if !c {
			out = append(out, k)
		}
	}
	return out
}

// accepted reports, per cluster and member of sug, whether synset k of os
// alone accepts the member: the member's triple scored against a gold of
// that one synset.
func accepted(os *benchie.Sentence, k int, sug *Sentence) ([][]bool, error) {
	one, err := benchie.NewGold("", []*benchie.Sentence{{Sentence: os.Sentence, Line: os.Line, Synsets: []*benchie.Synset{os.Synsets[k]}}})
	if err != nil {
		return nil, fmt.Errorf("sentence %s: %w", os.ID, err)
	}
	var sys oie.System
	for _, c := range sug.Clusters {
		for _, mb := range c.Members {
			sys.Extractions.Append(oie.Extraction{SentID: os.ID, Triple: oie.Triple{Subject: mb.Triple[0], Relation: mb.Triple[1], Object: mb.Triple[2]}})
		}
	}
	js := benchie.Compile(one, benchie.Regular).Score(&sys, benchie.Options{}).Judgements
	out := make([][]bool, len(sug.Clusters))
	i := 0
	for ci, c := range sug.Clusters {
		out[ci] = make([]bool, len(c.Members))
		for mi := range c.Members {
			out[ci][mi] = js[i].Verdict == benchie.Correct || js[i].Verdict == benchie.Duplicate
			i++
		}
	}
	return out, nil
}
