package annotate

import (
	"bytes"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// ReadOptions tune the readers.
type ReadOptions struct {
	// Strict rejects the oddities the published files need (irregular
	// headers, lines not understood, bracket slips), as benchie.GoldOptions.
	Strict bool
}

// ReadBenchIE reads a BenchIE gold file into a document. The file is read by
// benchie.ReadGold, so it is accepted or rejected exactly as the scorer
// would (errors are *oie.ParseError with file:line:column); the model adds
// what the scorer ignores: the sentence tokens each slot word stands for,
// and the lines kept for a byte-exact round trip (see the package doc).
func ReadBenchIE(file string, data []byte, opt ReadOptions) (*Document, []oie.Warning, error) {
	g, err := benchie.ReadGold(file, data, benchie.GoldOptions{Strict: opt.Strict})
	if err != nil {
		return nil, nil, err
	}
	lines, err := oie.SplitLines(file, data)
	if err != nil {
		return nil, nil, err
	}
	text := make([]string, len(lines)+1) // by line number, trimmed
	for _, l := range lines {
		text[l.Num] = oie.TrimSpace(l.Text)
	}
	claimed := make([]bool, len(text))
	d := &Document{Name: baseName(file), Source: baseName(file), NoFinalNewline: len(data) > 0 && !bytes.HasSuffix(data, []byte("\n"))}
	d.Sentences = make([]*Sentence, len(g.Sentences))
	for si, gs := range g.Sentences {
		s := NewSentence(gs.ID, gs.Text)
		claimed[gs.Line] = true
		if l := text[gs.Line]; l != CanonicalSentenceLine(s.ID, s.Text) {
			s.Line = l
		}
		if len(gs.Synsets) > 0 {
			s.Synsets = make([]Synset, len(gs.Synsets))
		}
		idx := newTokenIndex(s.Tokens)
		for k, gsyn := range gs.Synsets {
			syn := &s.Synsets[k]
			implicit := gsyn.Implicit
			switch {
			case implicit:
				syn.NoHeader = true
			case gsyn.Label != CanonicalHeader(s.ID, k):
				syn.Header = gsyn.Label
			}
			if !implicit {
				claimed[gsyn.Line] = true
			}
			if len(gsyn.Triples) > 0 {
				syn.Triples = make([]Triple, len(gsyn.Triples))
			}
			for i, gt := range gsyn.Triples {
				claimed[gt.Line] = true
				syn.Triples[i] = s.parseTriple(gsyn.Triple(i), idx)
			}
			for _, jl := range gsyn.Junk {
				claimed[jl] = true
				after := 0
				for _, gt := range gsyn.Triples {
					if gt.Line < jl {
						after++
					}
				}
				syn.Junk = append(syn.Junk, Junk{After: after, Text: text[jl]})
			}
		}
		d.Sentences[si] = s
	}
	// The lines nobody claimed are junk the reader skipped outside any
	// synset: before the first sentence, or between a sentence line and its
	// first synset.
	si := -1
	for num := 1; num < len(text); num++ {
		if si+1 < len(g.Sentences) && g.Sentences[si+1].Line == num {
			si++
		}
		if claimed[num] || text[num] == "" {
			continue
		}
		if si < 0 {
			d.Junk = append(d.Junk, text[num])
		} else {
			d.Sentences[si].Junk = append(d.Sentences[si].Junk, text[num])
		}
	}
	return d, g.Warnings, nil
}

// parseTriple is ParseTriple with a shared token index.
func (s *Sentence) parseTriple(t oie.Triple, idx tokenIndex) Triple {
	var tr Triple
	cursor := 0
	for k, text := range t.Slots() {
		words := splitSlot(text)
		cursor = s.align(words, cursor, idx)
		tr.Slots[k] = s.slotOf(words, text)
	}
	return tr
}

// WriteBenchIE writes the document as a BenchIE gold file.
func WriteBenchIE(d *Document) []byte {
	var b strings.Builder
	b.Grow(64 * 1024)
	first := true
	line := func(s string) {
		if !first {
			b.WriteByte('\n')
		}
		first = false
		b.WriteString(s)
	}
	for _, j := range d.Junk {
		line(j)
	}
	for si, s := range d.Sentences {
		if si > 0 {
			line("")
		}
		line(s.SentenceLine())
		for _, j := range s.Junk {
			line(j)
		}
		for k, syn := range s.Synsets {
			if !syn.NoHeader {
				line(s.Header(k))
			}
			junk := syn.Junk
			for i, t := range syn.Triples {
				for len(junk) > 0 && junk[0].After <= i {
					line(junk[0].Text)
					junk = junk[1:]
				}
				line("")
				for k, sl := range t.Slots {
					if k > 0 {
						b.WriteString(benchie.SlotSeparator)
					}
					s.writeSlot(&b, sl)
				}
			}
			for _, j := range junk {
				line(j.Text)
			}
		}
	}
	if !first && !d.NoFinalNewline {
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// Gold returns the document as the scorer's gold, by writing it as a BenchIE
// file and reading that back (leniently), so that what is scored is exactly
// what an export would give.
func (d *Document) Gold(file string) (*benchie.Gold, error) {
	return benchie.ReadGold(file, WriteBenchIE(d), benchie.GoldOptions{})
}

// baseName returns the last element of a slash- or backslash-separated path.
func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
