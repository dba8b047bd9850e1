package benchie

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/oiebench/oiebench/core/oie"
)

// Gold is a BenchIE gold file: sentences, each with its fact synsets.
type Gold struct {
	Path      string
	Sentences []*Sentence // in file order
	Warnings  []oie.Warning
	index     map[string]int
	compiled  [2]compiled // parsed slots, made on first use (compile.go)
	stats     struct {
		once    sync.Once
		counted atomic.Bool
		value   Stats
	}
}

// Sentence is a gold sentence with its synsets, in file order.
type Sentence struct {
	oie.Sentence
	Line    int
	Synsets []*Synset
}

// Synset is one fact synset ("cluster"): triples that state the same fact.
type Synset struct {
	Label   string // the header as written, e.g. "1--> Cluster 1:"
	Line    int
	Triples []GoldTriple
	// Junk lists the lines inside the synset that were not understood; the
	// reference keeps them as entries that never match.
	Junk []int
}

// GoldTriple is one annotated triple with optional units in brackets.
type GoldTriple struct {
	oie.Triple
	Line int
	// units holds the slots as the reader parsed them (for the regular
	// facet), so that compiling does not parse them again; nil when the
	// triple was made in memory.
	units *[3][]Unit
}

// Sentence returns the gold sentence with the given ID.
func (g *Gold) Sentence(id string) (*Sentence, bool) {
	i, ok := g.index[id]
	if !ok {
		return nil, false
	}
	return g.Sentences[i], true
}

// SentenceIndex returns the position of the sentence with the given ID.
func (g *Gold) SentenceIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}

// SynsetCount is the number of synsets in the gold: the recall denominator.
func (g *Gold) SynsetCount() int {
	n := 0
	for _, s := range g.Sentences {
		n += len(s.Synsets)
	}
	return n
}

// GoldOptions tune ReadGold.
type GoldOptions struct {
	// Strict turns every oddity the reference tolerates (irregular synset
	// headers, lines that are not understood, bracket slips, empty slots or
	// synsets) into an error. Lenient reading, the default, accepts them with
	// a warning each, exactly as the published files need.
	Strict bool
}

const (
	sentPrefix = "sent_id:"
	separator  = " --> "
)

// A regular synset header: "<id>--> Cluster <k>:".
var headerPattern = regexp.MustCompile(`^(.*)--> Cluster (\d+):$`)

// ReadGold reads a BenchIE gold file. It returns the whole gold or an error
// that names file:line:column; it never returns a partly read gold.
func ReadGold(file string, data []byte, opt GoldOptions) (*Gold, error) {
	lines, err := oie.SplitLines(file, data)
	if err != nil {
		return nil, err
	}
	r := goldReader{file: file, strict: opt.Strict, gold: &Gold{Path: file, index: map[string]int{}}}
	for _, l := range lines {
		if err := r.line(l); err != nil {
			return nil, err
		}
	}
	if len(r.gold.Sentences) == 0 {
		return nil, &oie.ParseError{File: file, Line: max(1, len(lines)), Msg: "no sentences: expected lines of the form sent_id:ID<TAB>SENTENCE", Err: oie.ErrNoContent}
	}
	if err := r.checkSynset(); err != nil {
		return nil, err
	}
	if r.unreported > 0 {
		r.gold.Warnings = append(r.gold.Warnings, oie.Warning{File: file, Msg: fmt.Sprintf("%d more warnings not shown", r.unreported)})
	}
	return r.gold, nil
}

type goldReader struct {
	file       string
	strict     bool
	unreported int // warnings beyond maxWarnings
	gold       *Gold
	sent       *Sentence
	synset     *Synset
}

// maxWarnings bounds the warnings kept for one file; a hostile file can hold
// millions of oddities, and the rest are only counted.
const maxWarnings = 200

// oddity is an error in strict mode and a warning otherwise. The column is
// computed only for what is reported: counting characters up to each of a
// million oddities on one long line would be quadratic.
func (r *goldReader) oddity(line int, col func() int, msg string, kind error) error {
	if r.strict {
		return &oie.ParseError{File: r.file, Line: line, Column: col(), Msg: msg, Err: kind}
	}
	if len(r.gold.Warnings) >= maxWarnings {
		r.unreported++
		return nil
	}
	r.gold.Warnings = append(r.gold.Warnings, oie.Warning{File: r.file, Line: line, Column: col(), Msg: msg})
	return nil
}

func (r *goldReader) line(l oie.Line) error {
	text := oie.TrimSpace(l.Text)
	// Columns refer to the line as written, before trimming.
	lead := strings.Index(l.Text, text)
	col := func(off int) func() int { return func() int { return oie.Column(l.Text, lead+off) } }
	switch {
	case text == "":
		return nil
	case strings.HasPrefix(text, sentPrefix):
		return r.sentence(l.Num, text, col)
	case r.sent == nil:
		return r.oddity(l.Num, col(0), "expected sent_id:ID<TAB>SENTENCE before any synset or triple; line skipped", oie.ErrSyntax)
	}
	parts := strings.Split(text, separator)
	if len(parts) == 3 {
		return r.triple(l.Num, parts, col)
	}
	if strings.Contains(text, "Cluster") {
		return r.header(l.Num, text, col)
	}
	if err := r.oddity(l.Num, col(0), "line not understood: expected a synset header (ID--> Cluster K:), a triple (subject --> relation --> object), a sent_id line or a blank line; skipped, the current synset goes on", oie.ErrSyntax); err != nil {
		return err
	}
	if r.synset != nil {
		r.synset.Junk = append(r.synset.Junk, l.Num)
	}
	return nil
}

func (r *goldReader) sentence(num int, text string, col func(int) func() int) error {
	if err := r.checkSynset(); err != nil {
		return err
	}
	rest := text[len(sentPrefix):]
	id, sentence, hasTab := strings.Cut(rest, "\t")
	id = oie.TrimSpace(id)
	if id == "" {
		return &oie.ParseError{File: r.file, Line: num, Column: col(len(sentPrefix))(), Msg: "empty sentence id: expected sent_id:ID<TAB>SENTENCE", Err: oie.ErrEmptyField}
	}
	if !hasTab {
		if err := r.oddity(num, col(len(text)), "expected a tab and the sentence after the id", oie.ErrFieldCount); err != nil {
			return err
		}
	}
	if prev, dup := r.gold.index[id]; dup {
		return &oie.ParseError{File: r.file, Line: num, Column: col(len(sentPrefix))(),
			Msg: fmt.Sprintf("sentence id %q is repeated (first on line %d): expected unique ids", id, r.gold.Sentences[prev].Line), Err: oie.ErrDuplicateID}
	}
	r.sent = &Sentence{Sentence: oie.Sentence{ID: id, Text: oie.TrimSpace(sentence)}, Line: num}
	r.synset = nil
	r.gold.index[id] = len(r.gold.Sentences)
	r.gold.Sentences = append(r.gold.Sentences, r.sent)
	return nil
}

func (r *goldReader) header(num int, text string, col func(int) func() int) error {
	if err := r.checkSynset(); err != nil {
		return err
	}
	m := headerPattern.FindStringSubmatch(text)
	switch {
	case m == nil:
		if err := r.oddity(num, col(0), fmt.Sprintf("irregular synset header %q: expected %q; read as a header, as the reference does", text, r.sent.ID+"--> Cluster K:"), oie.ErrSyntax); err != nil {
			return err
		}
	case m[1] != r.sent.ID:
		if err := r.oddity(num, col(0), fmt.Sprintf("synset header names sentence %q inside sentence %q", m[1], r.sent.ID), oie.ErrSyntax); err != nil {
			return err
		}
	}
	r.synset = &Synset{Label: text, Line: num}
	r.sent.Synsets = append(r.sent.Synsets, r.synset)
	return nil
}

func (r *goldReader) triple(num int, parts []string, col func(int) func() int) error {
	if r.synset == nil {
		if err := r.oddity(num, col(0), "triple before any synset header: expected ID--> Cluster K: first; a synset is opened for it", oie.ErrSyntax); err != nil {
			return err
		}
		r.synset = &Synset{Label: "(implicit)", Line: num}
		r.sent.Synsets = append(r.sent.Synsets, r.synset)
	}
	off := 0
	var units [3][]Unit
	for i, slot := range parts {
		if oie.TrimSpace(slot) == "" {
			if err := r.oddity(num, col(off), fmt.Sprintf("empty %s slot", slotNames[i]), oie.ErrEmptyField); err != nil {
				return err
			}
		}
		trimmed := oie.TrimSpace(slot)
		var issues []slotIssue
		units[i], issues = parseUnits(trimmed)
		for _, is := range issues {
			lead := strings.Index(slot, trimmed)
			if err := r.oddity(num, col(off+lead+is.offset), is.msg, oie.ErrSyntax); err != nil {
				return err
			}
		}
		off += len(slot) + len(separator)
	}
	r.synset.Triples = append(r.synset.Triples, GoldTriple{Triple: oie.Triple{Subject: parts[0], Relation: parts[1], Object: parts[2]}, Line: num, units: &units})
	return nil
}

// checkSynset runs when a synset ends: an empty one is an oddity.
func (r *goldReader) checkSynset() error {
	if r.synset != nil && len(r.synset.Triples) == 0 {
		return r.oddity(r.synset.Line, func() int { return 1 }, "synset has no triples: it counts in the recall denominator but can never be matched", oie.ErrNoContent)
	}
	return nil
}

var slotNames = [3]string{"subject", "relation", "object"}
