package benchie

import (
	"fmt"
	"slices"
)

// Subset returns a view of the gold that holds only the sentences at the
// given positions (indices into Sentences), in file order: scoring against
// it gives exactly the numbers of a gold file holding only those sentences.
// The view shares the gold's sentences, parsed slots and compiled slots
// (compiled once for the whole gold and kept with it): what it makes is
// proportional to the sentences it holds. A subset of a subset is a view of
// the whole gold. Positions out of range are an error.
func (g *Gold) Subset(positions []int) (*Gold, error) {
	picks := slices.Clone(positions)
	slices.Sort(picks)
	picks = slices.Compact(picks)
	for _, p := range picks {
		if p < 0 || p >= len(g.Sentences) {
			return nil, fmt.Errorf("sentence position %d is out of range: the gold has %d sentences", p, len(g.Sentences))
		}
	}
	whole := g
	if g.parent != nil {
		whole = g.parent
		for i, p := range picks {
			picks[i] = g.picks[p]
		}
	}
	sub := &Gold{Path: g.Path, Warnings: g.Warnings, index: make(map[string]int, len(picks)),
		units: whole.units, parent: whole, picks: picks, Sentences: make([]*Sentence, len(picks))}
	for i, p := range picks {
		s := whole.Sentences[p]
		sub.Sentences[i] = s
		sub.index[s.ID] = i
	}
	return sub, nil
}

// Whole returns the gold a subset was taken from; a gold read from a file
// is its own whole.
func (g *Gold) Whole() *Gold {
	if g.parent != nil {
		return g.parent
	}
	return g
}

// IsSubset reports whether the gold is a view made by Subset.
func (g *Gold) IsSubset() bool { return g.parent != nil }

// pick is the compiled slots of the chosen sentences: the sentences'
// compiled triples and indexes are shared, not copied.
func (s *compiledSet) pick(picks []int) *compiledSet {
	out := &compiledSet{sents: make([]compiledSentence, len(picks)), triples: s.triples, own: s.own, slots: s.slots}
	for i, p := range picks {
		out.sents[i] = s.sents[p]
	}
	return out
}
