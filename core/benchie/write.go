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
	gw := NewGoldWriter(w)
	for _, s := range g.Sentences {
		gw.Write(s)
	}
	return gw.Flush()
}

// GoldWriter writes a gold a sentence at a time, as WriteGold writes it
// whole: for a gold made as it is written (oiebench gen), never held.
type GoldWriter struct {
	bw      *bufio.Writer
	written bool
}

// NewGoldWriter returns a GoldWriter writing to w.
func NewGoldWriter(w io.Writer) *GoldWriter { return &GoldWriter{bw: bufio.NewWriter(w)} }

// Write writes a sentence and its synsets.
func (gw *GoldWriter) Write(s *Sentence) {
	bw := gw.bw
	if gw.written {
		bw.WriteByte('\n')
	}
	gw.written = true
	bw.WriteString(SentencePrefix + s.ID + "\t" + s.Text + "\n")
	for k, syn := range s.Synsets {
		bw.WriteString(SynsetHeader(s.ID, k) + "\n")
		for i := range syn.Triples {
			tr := syn.Triple(i)
			bw.WriteString(TripleLine(tr.Subject, tr.Relation, tr.Object) + "\n")
		}
	}
}

// Flush writes what is buffered; its error is the first of any write.
func (gw *GoldWriter) Flush() error { return gw.bw.Flush() }

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
