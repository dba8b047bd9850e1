package annotate

import (
	"bytes"
	"fmt"
	"github.com/oiebench/oiebench/core/formats"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// ReadSentences reads plain text, one sentence a line, as a new document
// (oie.ReadSentenceList: sentence ids are line numbers, blank lines are
// skipped but counted). Tokens are each sentence's white-space tokens, so
// pre-tokenised text keeps its tokens and their indices.
func ReadSentences(file string, data []byte) (*Document, error) {
	list, err := oie.ReadSentenceList(file, data)
	if err != nil {
		return nil, err
	}
	d := &Document{Name: baseName(file), Source: baseName(file)}
	for _, s := range list {
		d.Sentences = append(d.Sentences, NewSentence(s.ID, s.Text))
	}
	return d, nil
}

// WriteText writes the document for reading: each sentence with its id,
// then its synsets and their triples as (subject; relation; object) with
// [optional] units, and under a triple what Validate finds wrong with it.
func WriteText(d *Document) []byte {
	var b bytes.Buffer
	issues := map[[3]int][]Issue{}
	var loose []Issue
	for _, is := range d.Validate() {
		if is.Sentence >= 0 {
			key := [3]int{is.Sentence, is.Synset, is.Triple}
			issues[key] = append(issues[key], is)
		} else {
			loose = append(loose, is)
		}
	}
	note := func(indent string, key [3]int) {
		for _, is := range issues[key] {
			fmt.Fprintf(&b, "%s! %s\n", indent, is)
		}
	}
	for _, is := range loose {
		fmt.Fprintf(&b, "! %s\n", is)
	}
	for si, s := range d.Sentences {
		if si > 0 || len(loose) > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[%s] %s\n", s.ID, s.Text)
		note("  ", [3]int{si, -1, -1})
		if len(s.Synsets) == 0 {
			b.WriteString("  (no synsets)\n")
		}
		for k, syn := range s.Synsets {
			fmt.Fprintf(&b, "  synset %d (%d %s)\n", k+1, len(syn.Triples), plural(len(syn.Triples), "triple", "triples"))
			note("    ", [3]int{si, k, -1})
			for i, t := range syn.Triples {
				tt := s.TripleText(t)
				fmt.Fprintf(&b, "    (%s; %s; %s)\n", oie.TrimSpace(tt.Subject), oie.TrimSpace(tt.Relation), oie.TrimSpace(tt.Object))
				note("      ", [3]int{si, k, i})
			}
		}
	}
	return b.Bytes()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Format names a file format of gold annotations.
type Format string

// The formats the studio reads and writes.
const (
	FormatBenchIE   Format = "benchie-gold" // BenchIE gold (read, write)
	FormatAnnIE     Format = "annie-json"   // AnnIE progress JSON (read, write)
	FormatSentences Format = "sentences"    // plain text, one sentence a line (read)
	FormatText      Format = "text"         // readable text (write)
)

// ReadFormats and WriteFormats list what Read and Write accept.
var (
	ReadFormats  = []Format{FormatBenchIE, FormatAnnIE, FormatSentences}
	WriteFormats = []Format{FormatBenchIE, FormatAnnIE, FormatText}
)

// Read reads a document in the given format. A failed read returns no
// document, so a caller's existing work is never touched.
func Read(f Format, file string, data []byte, opt ReadOptions) (*Document, []oie.Warning, error) {
	switch f {
	case FormatBenchIE:
		return ReadBenchIE(file, data, opt)
	case FormatAnnIE:
		return ReadAnnIE(file, data, opt)
	case FormatSentences:
		d, err := ReadSentences(file, data)
		return d, nil, err
	}
	return nil, nil, fmt.Errorf("cannot read format %q: expected one of %s", f, formatList(ReadFormats))
}

// Write writes a document in the given format.
func Write(f Format, d *Document) ([]byte, error) {
	switch f {
	case FormatBenchIE:
		return WriteBenchIE(d), nil
	case FormatAnnIE:
		return WriteAnnIE(d)
	case FormatText:
		return WriteText(d), nil
	}
	return nil, fmt.Errorf("cannot write format %q: expected one of %s", f, formatList(WriteFormats))
}

func formatList(fs []Format) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// Sniff guesses the format of gold annotations with the format registry
// (formats.Detect): AnnIE progress, a BenchIE gold, or else sentences. Any
// other JSON document is taken for AnnIE progress, whose reader says what
// is wrong with it.
func Sniff(data []byte) Format {
	d := formats.Detect(data)
	switch {
	case d.Format != nil && d.Format.Name == formats.NameBenchIEGold:
		return FormatBenchIE
	case d.Format != nil && d.Format.Name == formats.NameAnnIE:
		return FormatAnnIE
	case d.JSON:
		return FormatAnnIE
	}
	return FormatSentences
}
