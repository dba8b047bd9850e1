package benchie

import (
	"bufio"
	"fmt"
	"io"
)

// WriteGold writes a gold in the canonical BenchIE form: a sent_id line, a
// regular "ID--> Cluster K:" header per synset (K counts from 1), the
// triples as written, and a blank line between sentences. Lines the reader
// did not understand are not written.
func WriteGold(w io.Writer, g *Gold) error {
	bw := bufio.NewWriter(w)
	for i, s := range g.Sentences {
		if i > 0 {
			bw.WriteByte('\n')
		}
		bw.WriteString(SentencePrefix + s.ID + "\t" + s.Text + "\n")
		for k, syn := range s.Synsets {
			bw.WriteString(SynsetHeader(s.ID, k) + "\n")
			for _, t := range syn.Triples {
				bw.WriteString(TripleLine(t.Subject, t.Relation, t.Object) + "\n")
			}
		}
	}
	return bw.Flush()
}

// NewGold builds a gold from sentences made in memory (by a generator or a
// converter). Sentence IDs must be unique.
func NewGold(path string, sentences []*Sentence) (*Gold, error) {
	g := &Gold{Path: path, Sentences: sentences, index: make(map[string]int, len(sentences))}
	for i, s := range sentences {
		if _, dup := g.index[s.ID]; dup {
			return nil, fmt.Errorf("%s: sentence id %q is repeated", path, s.ID)
		}
		g.index[s.ID] = i
	}
	return g, nil
}
