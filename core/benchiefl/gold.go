package benchiefl

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/oie"
)

// MaxOptional bounds the '[' of one triple: a triple with k of them has up
// to 2^k forms, all of which the scorer enumerates (the reference too). The
// FL gold has at most 12; beyond 16 a triple is kept as never matching, with
// a warning (an error when reading strictly).
const MaxOptional = 16

// MaxSentenceForms bounds the forms of one sentence's triples, all of
// which are enumerated at once: past it, triples are kept as never
// matching, with a warning (an error when reading strictly). The FL gold's
// largest sentence has 20,480, BenchIE's English gold's 84,528.
const MaxSentenceForms = 1 << 20

// Gold is a gold file as the BenchIE^FL reference reads it: entries by
// position, each with its synsets. It also keeps what the corrected mode
// needs (sentence ids, which entries and synsets are reading artefacts).
type Gold struct {
	Path     string
	Entries  []Entry
	Warnings []oie.Warning
	// Unscorable says why the reference script crashes on this gold ("" when
	// it reads it): the first such cause, with its line.
	Unscorable string
	index      map[string]int // sentence id -> entry
	comp       []*sentence    // compiled entries (compile.go)
	once       sync.Once
}

// Entry is one sentence as the reference reads it.
type Entry struct {
	ID   string // the sentence id; "" for a copy (Copy)
	Text string
	Line int // the sent_id line, or the line that stored a copy
	// Copy is set for an entry the reader made without a sentence of its own:
	// an empty line after a stored sentence (or a file ending in one) stores
	// the last synset again as a new entry.
	Copy    bool
	Synsets []Synset
}

// Synset is one fact synset; an empty one (no triple) never matches.
type Synset struct {
	Line    int    // its header, or the line that opened it
	Label   string // the header as written, trimmed; "" when none opened it
	Triples []Triple
	forms   int // of the triples that can match, counted as Forms does
}

// Triple is one gold triple: its slots as written, split on " --> ".
type Triple struct {
	Slots []string
	Line  int
	// Broken says why the triple can never match ("" when it can): fewer
	// than three slots, unbalanced brackets or too many optional words, all
	// of which crash the reference.
	Broken string
}

// Phantom reports whether the reference skips the entry: its synset list is
// exactly one empty synset (a sentence with no triple).
func (e *Entry) Phantom() bool { return len(e.Synsets) == 1 && len(e.Synsets[0].Triples) == 0 }

// GoldOptions tune ReadGold.
type GoldOptions struct {
	// Strict refuses what the reference cannot score (a triple with fewer
	// than three slots, unbalanced brackets, too many optional words)
	// instead of keeping it as never matching with a warning.
	Strict bool
	// Shared tells that data never changes once read: the gold's strings
	// are then data's own memory, not a copy (a 100 MB gold would be held
	// twice).
	Shared bool
	// Budget, when set, refuses a gold past its Forms as CheckForms does,
	// counted while reading: past it, the rest of the file is read for its
	// errors and forms only, nothing kept, so that a refusal costs little
	// more than the file (a 124 MB gold's peaked at the memory ceiling).
	Budget *Budget
}

// SynsetCount returns the recall denominator: with phantom set, every synset
// the reference counts (empty synsets and copies included), else the real
// synsets only (non-empty synsets of entries that are sentences).
func (g *Gold) SynsetCount(phantom bool) int {
	n := 0
	for i := range g.Entries {
		e := &g.Entries[i]
		for _, s := range e.Synsets {
			if phantom || (!e.Copy && len(s.Triples) > 0) {
				n++
			}
		}
	}
	return n
}

// EntryIndex returns the position of the sentence with the given id.
func (g *Gold) EntryIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}

// ReadGold reads a BenchIE-format gold the way the BenchIE^FL reference
// does (benchie-fl.md, section 1). The file must be UTF-8 text; a byte-order
// mark, which crashes the reference, is skipped with a warning.
func ReadGold(path string, data []byte, opt GoldOptions) (*Gold, error) {
	if err := oie.CheckText(path, data, nil); err != nil {
		return nil, err
	}
	g := &Gold{Path: path, index: map[string]int{}}
	text := oie.TextOf(data, opt.Shared) // lone CRs made "\n": lines as the reference splits them
	if len(text) < len(data) {
		g.warn(1, 1, "a byte-order mark, which the reference cannot read: skipped")
		g.unscorable(1, "the gold starts with a byte-order mark")
	}
	r := goldReader{g: g, opt: opt}
	num := 0
	for text != "" {
		num++
		// Universal newlines: \n, \r\n and \r all end a line.
		i := strings.IndexAny(text, "\r\n")
		line, nl := text, false
		if i >= 0 {
			line, nl = text[:i], true
			if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				text = text[i+2:]
			} else {
				text = text[i+1:]
			}
		} else {
			text = ""
		}
		if err := r.line(num, line, nl); err != nil {
			return nil, err
		}
	}
	r.store(num + 1)
	if !r.seenSentence {
		return nil, &oie.ParseError{File: path, Line: 1, Msg: "no sentence: expected sent_id:ID<TAB>SENTENCE lines", Err: oie.ErrNoContent}
	}
	if r.over {
		return nil, g.formsError(r.total, *opt.Budget)
	}
	for _, e := range g.Entries {
		if !e.Copy && !e.Phantom() {
			for _, s := range e.Synsets {
				if len(s.Triples) == 0 {
					g.unscorable(s.Line, "an empty synset beside others (the matcher fails on it)")
					g.warn(s.Line, 0, fmt.Sprintf("empty synset in sentence %q: it never matches, and counts in the reference's recall denominator", e.ID))
				}
			}
		}
		if e.Phantom() && !e.Copy {
			g.warn(e.Line, 0, fmt.Sprintf("sentence %q has no triple: the reference counts one phantom synset for it", e.ID))
		}
	}
	return g, nil
}

// goldReader holds the reference reader's state: the current synset, the
// synsets stored for the current sentence, whether it has had a header.
type goldReader struct {
	g            *Gold
	opt          GoldOptions
	id, text     string
	sentLine     int
	fresh        bool // a sent_id line came since the last store
	seenSentence bool
	header       bool
	synsets      []Synset
	cur          Synset
	forms        int // forms of the current sentence's triples so far
	// total is the forms of the entries stored (Forms, summed); over is
	// set once it passes opt.Budget: entries are then counted, not kept.
	total int
	over  bool
}

func (r *goldReader) line(num int, line string, nl bool) error {
	switch {
	case strings.HasPrefix(line, "sent_id:"):
		if r.fresh || len(r.synsets) > 0 {
			r.g.warn(num, 1, "no empty line ends the sentence before: the reference adds its synsets to this sentence")
		}
		rest := line[len("sent_id:"):]
		id, text, _ := strings.Cut(rest, "\t")
		if !nl { // the reference cuts the last character, assumed a newline
			_, n := utf8.DecodeLastRuneInString(text)
			text = text[:len(text)-n]
		}
		r.id, r.text, r.sentLine = oie.TrimSpace(id), text, num
		r.cur = Synset{Line: num}
		r.header, r.fresh, r.seenSentence = false, true, true
		r.forms = 0
	case strings.Contains(line, "Cluster") && secondToLast(line, nl) == ':':
		if r.header {
			r.synsets = append(r.synsets, r.cur)
		} else if n := len(r.cur.Triples); n > 0 {
			r.g.warn(r.cur.Triples[0].Line, 1, fmt.Sprintf("%d triple(s) before the first synset header: the reference drops them", n))
		}
		r.cur = Synset{Line: num, Label: oie.TrimSpace(line)}
		r.header = true
	case line == "" && nl:
		r.store(num)
	default:
		t, err := r.triple(num, line)
		if err != nil {
			return err
		}
		if len(r.cur.Triples) == 0 && !r.header {
			r.cur.Line = num
		}
		if t.Broken == "" {
			r.cur.forms += 1 << strings.Count(line, "[")
		}
		if !r.over { // past the budget, only its forms count
			r.cur.Triples = append(r.cur.Triples, t)
		}
	}
	return nil
}

// secondToLast returns the character the reference tests for ':' in a
// header: the second-to-last of the line with its newline.
func secondToLast(line string, nl bool) rune {
	if !nl {
		_, n := utf8.DecodeLastRuneInString(line)
		line = line[:len(line)-n]
	}
	c, _ := utf8.DecodeLastRuneInString(line)
	return c
}

// store ends a sentence: the current synset joins its synsets, and they
// become an entry. The current synset stays (the reference never empties it
// here), which is how copies arise.
func (r *goldReader) store(num int) {
	if !r.seenSentence {
		return
	}
	e := Entry{ID: r.id, Text: r.text, Line: r.sentLine, Synsets: append(r.synsets, r.cur)}
	for _, syn := range e.Synsets {
		r.total += syn.forms
	}
	if b := r.opt.Budget; b != nil && b.Forms > 0 && r.total > b.Forms {
		r.over = true
	}
	if !r.fresh {
		e.ID, e.Text, e.Line, e.Copy = "", "", num, true
		r.g.warn(num, 0, fmt.Sprintf("an empty line with no sentence before it: the reference adds an entry holding the last synset again (position %d)", len(r.g.Entries)+1))
	} else {
		if _, dup := r.g.index[r.id]; dup || r.id == "" {
			// Ids only serve the corrected mode; the reference reads by position.
			r.g.warn(r.sentLine, 1, fmt.Sprintf("sentence id %q is empty or repeated: the corrected mode cannot find this sentence by id", r.id))
		} else {
			r.g.index[r.id] = len(r.g.Entries)
		}
	}
	if !r.over {
		r.g.Entries = append(r.g.Entries, e)
	}
	r.synsets = nil
	r.fresh = false
}

// triple splits a triple line and checks what the reference would crash on.
func (r *goldReader) triple(num int, line string) (Triple, error) {
	t := Triple{Line: num}
	slots := strings.Count(line, " --> ") + 1 // as many as Split makes
	if !r.over {                              // past the budget, not kept (ReadGold)
		t.Slots = strings.Split(line, " --> ")
	}
	col := 1
	switch open, cls := strings.Count(line, "["), strings.Count(line, "]"); {
	case slots < 3:
		t.Broken = fmt.Sprintf("expected a triple (subject --> relation --> object) or a synset header ending in ':', found %d slot(s)", slots)
		col = utf8.RuneCountInString(line) + 1
	case open != cls:
		t.Broken = fmt.Sprintf("expected as many ']' as '[' in a triple, found %d '[' and %d ']'", open, cls)
		col = unbalanced(line)
	case open > MaxOptional:
		t.Broken = fmt.Sprintf("expected at most %d optional words in a triple (2^k forms are expanded), found %d", MaxOptional, open)
	case r.forms+1<<open > MaxSentenceForms:
		t.Broken = fmt.Sprintf("expected at most %d surface forms in a sentence (all are expanded); this triple's %d would make %d", MaxSentenceForms, 1<<open, r.forms+1<<open)
	default:
		r.forms += 1 << open
	}
	if t.Broken != "" {
		if r.opt.Strict {
			return t, &oie.ParseError{File: r.g.Path, Line: num, Column: col, Msg: t.Broken, Err: oie.ErrSyntax}
		}
		r.g.warn(num, col, t.Broken+": the reference cannot score it; kept as a triple that never matches")
		r.g.unscorable(num, t.Broken)
	}
	return t, nil
}

// unbalanced returns the column of the first ']' that closes nothing, or of
// the last '[' left open.
func unbalanced(line string) int {
	depth, lastOpen, col := 0, 0, 0
	for _, c := range line {
		col++
		switch c {
		case '[':
			depth++
			lastOpen = col
		case ']':
			if depth == 0 {
				return col
			}
			depth--
		}
	}
	if lastOpen == 0 {
		return 1
	}
	return lastOpen
}

// unscorable records the first cause the reference crashes on.
func (g *Gold) unscorable(line int, why string) {
	if g.Unscorable == "" {
		g.Unscorable = fmt.Sprintf("gold line %d: %s", line, why)
	}
}

func (g *Gold) warn(line, col int, msg string) {
	g.Warnings = append(g.Warnings, oie.Warning{File: g.Path, Line: line, Column: col, Msg: msg})
}
