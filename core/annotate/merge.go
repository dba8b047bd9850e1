package annotate

import (
	"fmt"
	"slices"

	"github.com/oiebench/oiebench/core/oie"
)

// Take is what a merge of two annotators takes of one sentence.
type Take string

// The choices of a merge, per sentence.
const (
	TakeA    Take = "A"    // A's synsets
	TakeB    Take = "B"    // B's synsets
	TakeBoth Take = "both" // A's synsets, then those only B has
)

// Provenance says where a synset of a merged document came from: "A" or
// "B" for a synset only that annotator has, "A+B" for one of A's that B
// shares (taken from A), "B+A" for one of B's that A shares (taken from B).
type Provenance string

// Merged is two annotators' golds merged: the document and, by sentence
// id, the provenance of each of its synsets, in order.
type Merged struct {
	Doc        *Document
	Provenance map[string][]Provenance
}

// Merge builds a new document from two annotators' golds and their
// agreement (Agree's result for a and b), sentence by sentence in the
// agreement's order, taking for each what take says (TakeBoth when it says
// nothing). A sentence only one side has comes from that side. The text
// and tokens are those of the side a sentence's synsets come from (A's for
// TakeBoth); a synset taken from a side whose text differs is re-read from
// its triples' text (AddExtraction), so that its words are the merged
// sentence's. a and b are not changed.
func Merge(a, b *Document, ag *Agreement, take map[string]Take) (*Merged, error) {
	only := [2]map[[2]int]bool{{}, {}}
	for side, refs := range [2][]SynsetRef{ag.OnlyA, ag.OnlyB} {
		for _, r := range refs {
			only[side][[2]int{r.Sentence, r.Synset}] = true
		}
	}
	docs := [2]*Document{a, b}
	m := &Merged{Doc: &Document{Name: "merged", Source: a.Name + " + " + b.Name}, Provenance: map[string][]Provenance{}}
	type foreign struct {
		sentence int
		triples  []Triple
		from     *Sentence
	}
	var later []foreign
	for _, sa := range ag.Sentences {
		at := [2]int{sa.A, sa.B}
		for side, i := range at {
			if i >= len(docs[side].Sentences) {
				return nil, fmt.Errorf("sentence %s: position %d is not in %s's gold (an agreement of other golds?)", sa.ID, i, [2]string{"A", "B"}[side])
			}
		}
		t := take[sa.ID]
		switch {
		case sa.A < 0:
			t = TakeB
		case sa.B < 0:
			t = TakeA
		case t != TakeA && t != TakeB:
			t = TakeBoth
		}
		baseSide := 0
		if t == TakeB {
			baseSide = 1
		}
		base := docs[baseSide].Sentences[at[baseSide]]
		s := &Sentence{ID: base.ID, Text: base.Text, Tokens: slices.Clone(base.Tokens), Labels: slices.Clone(base.Labels)}
		var prov []Provenance
		add := func(side int, all bool) {
			from := docs[side].Sentences[at[side]]
			for k, syn := range from.Synsets {
				alone := only[side][[2]int{at[side], k}]
				if !all && !alone {
					continue
				}
				p := Provenance([2]string{"A", "B"}[side])
				if !alone && at[1-side] >= 0 {
					p += Provenance([2]string{"+B", "+A"}[side])
				}
				prov = append(prov, p)
				if side == baseSide || slices.Equal(from.Tokens, s.Tokens) {
					s.Synsets = append(s.Synsets, Synset{Triples: cloneTriples(syn.Triples)})
				} else {
					later = append(later, foreign{len(m.Doc.Sentences), syn.Triples, from})
				}
			}
		}
		switch t {
		case TakeA:
			add(0, true)
		case TakeB:
			add(1, true)
		default:
			add(0, true)
			add(1, false)
		}
		m.Doc.Sentences = append(m.Doc.Sentences, s)
		m.Provenance[s.ID] = prov
	}
	if len(later) == 0 {
		return m, nil
	}
	// Synsets from a sentence of another text: their triples' text, read
	// against the merged sentence. Provenance keeps the order of the
	// synsets only while they are added in order: foreign ones are the
	// last of their sentence (only B's, after A's), so it does.
	ed := NewEditor(m.Doc)
	for _, f := range later {
		if err := ed.Apply(AddSynset{Sentence: f.sentence}); err != nil {
			return nil, fmt.Errorf("sentence %s: %w", f.from.ID, err)
		}
		k := len(ed.Doc.Sentences[f.sentence].Synsets) - 1
		for _, tr := range f.triples {
			if err := ed.Apply(AddExtraction{Sentence: f.sentence, Synset: k, Extraction: f.from.TripleText(tr)}); err != nil {
				return nil, fmt.Errorf("sentence %s: %w", f.from.ID, err)
			}
		}
	}
	m.Doc = ed.Doc
	return m, nil
}

// cloneTriples copies triples and their words.
func cloneTriples(ts []Triple) []Triple {
	out := make([]Triple, len(ts))
	for i, t := range ts {
		for k, sl := range t.Slots {
			out[i].Slots[k] = Slot{Words: slices.Clone(sl.Words), Raw: sl.Raw}
		}
	}
	return out
}

// TextsDiffer lists the ids of the sentences both golds have whose texts
// differ (white space at both ends aside): their synsets speak of
// different words.
func TextsDiffer(a, b *Document, ag *Agreement) []string {
	var out []string
	for _, sa := range ag.Sentences {
		if sa.A >= 0 && sa.B >= 0 && sa.A < len(a.Sentences) && sa.B < len(b.Sentences) &&
			oie.TrimSpace(a.Sentences[sa.A].Text) != oie.TrimSpace(b.Sentences[sa.B].Text) {
			out = append(out, sa.ID)
		}
	}
	return out
}
