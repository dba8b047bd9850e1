package annotate

import (
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// NoToken is the Token of a typed word: a word that is not a token of the
// sentence (a re-tokenised hyphen, an inflected verb, a resolved pronoun).
const NoToken = -1

// Word is one element of a slot: a token of the sentence, by index, or a
// typed word. Open and Close place the brackets of optional units: a word
// with both is a one-word unit ("[the]"); Open on one word and Close on a
// later word of the same slot make one unit of the words between
// ("[of Australia]"). Brackets that do not pair up are kept as placed (the
// UI places them one at a time) and reported by Validate.
type Word struct {
	Token int    // index into Sentence.Tokens, or NoToken
	Text  string // the text of a typed word; empty for a sentence token
	Open  bool   // a '[' before the word
	Close bool   // a ']' after the word
}

// Tok returns the sentence token with index i as a word.
func Tok(i int) Word { return Word{Token: i} }

// Typed returns a typed word.
func Typed(text string) Word { return Word{Token: NoToken, Text: text} }

// Optional returns the word as a one-word optional unit.
func (w Word) Optional() Word {
	w.Open, w.Close = true, true
	return w
}

// IsTyped reports whether the word is not a token of the sentence.
func (w Word) IsTyped() bool { return w.Token < 0 }

// Slot is the subject, relation or object of a triple.
type Slot struct {
	Words []Word `json:"words"`
	// Raw is the slot as read from a file, kept only while it differs from
	// the rendering of Words (odd spacing, brackets inside a token), so that
	// an unedited triple is written back byte for byte. Every edit of the
	// slot clears it.
	Raw string `json:"raw,omitempty"`
}

// Slot indices.
const (
	Subject = iota
	Relation
	Object
)

// SlotNames names the slots in order.
var SlotNames = [3]string{"subject", "relation", "object"}

// Triple is one annotated triple.
type Triple struct {
	Slots [3]Slot `json:"slots"`
}

// Synset is one fact synset (a "cluster"): triples that state one fact.
type Synset struct {
	Triples []Triple `json:"triples"`
	// Header is the header line as read when it is not the canonical
	// "ID--> Cluster K:" (K the synset's position, from 1). It is kept while
	// the synset keeps its position and cleared when an operation renumbers
	// the synsets.
	Header string `json:"header,omitempty"`
	// NoHeader marks triples read before any header of their sentence; the
	// reader opened a synset for them and the writer writes none.
	NoHeader bool `json:"noHeader,omitempty"`
	// Junk holds the lines inside the synset that were not understood (the
	// reference keeps them as entries that never match).
	Junk []Junk `json:"junk,omitempty"`
}

// Junk is a line that was not understood, kept where it was.
type Junk struct {
	After int    `json:"after"` // how many of the synset's triples come before it
	Text  string `json:"text"`  // the line, trimmed
}

// Sentence is one sentence with its synsets. Sentences in a Document are
// immutable values: operations replace a changed sentence with a new one,
// which is what makes undo cheap and keeps a failed operation from leaving
// half a change behind. Read them; change them only through an Editor.
type Sentence struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Tokens are the sentence's white-space tokens, whose indices slots
	// refer to. A sentence imported from AnnIE with a word list keeps those
	// words instead, so that the triples' word indices stay valid.
	Tokens []string `json:"tokens"`
	// Labels are per-token labels (part of speech or entity) from AnnIE,
	// parallel to Tokens; nil when there are none.
	Labels []string `json:"labels,omitempty"`
	// Line is the sentence line as read when it is not the canonical
	// "sent_id:ID<TAB>TEXT"; kept for the byte-exact round trip.
	Line string `json:"line,omitempty"`
	// Junk holds lines between the sentence line and its first synset that
	// were not understood.
	Junk    []string `json:"junk,omitempty"`
	Synsets []Synset `json:"synsets"`
}

// Document is an editable gold: sentences with their synsets.
type Document struct {
	Name   string `json:"name"`   // the work's name (AnnIE's progress name; a file name)
	Source string `json:"source"` // the name of the text or gold file it came from (no folder)
	// Junk holds lines before the first sentence that were not understood.
	Junk      []string    `json:"junk,omitempty"`
	Sentences []*Sentence `json:"sentences"`
	// NoFinalNewline records a BenchIE file whose last line had no line
	// ending (the published files), so that it is written back the same way.
	NoFinalNewline bool `json:"noFinalNewline,omitempty"`
}

// Tokenize splits a sentence into its white-space tokens (white space in the
// sense of oie.TrimSpace); pre-tokenised text keeps its tokens.
func Tokenize(text string) []string { return strings.FieldsFunc(text, oie.IsSpace) }

// NewSentence makes a sentence from its id and text.
func NewSentence(id, text string) *Sentence {
	text = oie.TrimSpace(text)
	return &Sentence{ID: id, Text: text, Tokens: Tokenize(text)}
}

// NewDocument makes a document of plain sentences, with ids 1, 2, ...
func NewDocument(name string, texts []string) *Document {
	d := &Document{Name: name, Source: name}
	for i, t := range texts {
		d.Sentences = append(d.Sentences, NewSentence(strconv.Itoa(i+1), t))
	}
	return d
}

// WordText returns the text of a word of this sentence; an out-of-range
// token (only in a document that failed validation) reads as empty.
func (s *Sentence) WordText(w Word) string {
	if w.Token < 0 {
		return w.Text
	}
	if w.Token < len(s.Tokens) {
		return s.Tokens[w.Token]
	}
	return ""
}

// Render writes words as BenchIE slot text: words joined by single spaces,
// '[' before a word that opens a unit and ']' after one that closes it.
func (s *Sentence) Render(words []Word) string {
	var b strings.Builder
	s.render(&b, words)
	return b.String()
}

// writeSlot writes a slot as SlotText does, without building a string.
func (s *Sentence) writeSlot(b *strings.Builder, sl Slot) {
	if sl.Raw != "" {
		b.WriteString(sl.Raw)
		return
	}
	s.render(b, sl.Words)
}

func (s *Sentence) render(b *strings.Builder, words []Word) {
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w.Open {
			b.WriteByte('[')
		}
		b.WriteString(s.WordText(w))
		if w.Close {
			b.WriteByte(']')
		}
	}
}

// rendersAs reports whether words render as text, without rendering them:
// reading a file asks it of every slot.
func (s *Sentence) rendersAs(words []Word, text string) bool {
	for i, w := range words {
		if i > 0 {
			if text == "" || text[0] != ' ' {
				return false
			}
			text = text[1:]
		}
		if w.Open {
			if text == "" || text[0] != '[' {
				return false
			}
			text = text[1:]
		}
		wt := s.WordText(w)
		if !strings.HasPrefix(text, wt) {
			return false
		}
		text = text[len(wt):]
		if w.Close {
			if text == "" || text[0] != ']' {
				return false
			}
			text = text[1:]
		}
	}
	return text == ""
}

// SlotText returns a slot as it is written to a BenchIE file: as read while
// unedited, else rendered.
func (s *Sentence) SlotText(sl Slot) string {
	if sl.Raw != "" {
		return sl.Raw
	}
	return s.Render(sl.Words)
}

// TripleText returns a triple's three slots as written to a BenchIE file.
func (s *Sentence) TripleText(t Triple) oie.Triple {
	return oie.Triple{Subject: s.SlotText(t.Slots[0]), Relation: s.SlotText(t.Slots[1]), Object: s.SlotText(t.Slots[2])}
}

// Header returns the header line of the synset at position k (from 0).
func (s *Sentence) Header(k int) string {
	if h := s.Synsets[k].Header; h != "" {
		return h
	}
	return CanonicalHeader(s.ID, k)
}

// CanonicalHeader is the header of synset k (from 0) of sentence id
// (benchie.SynsetHeader).
func CanonicalHeader(id string, k int) string { return benchie.SynsetHeader(id, k) }

// SentenceLine returns the sentence line as written to a BenchIE file.
func (s *Sentence) SentenceLine() string {
	if s.Line != "" {
		return s.Line
	}
	return CanonicalSentenceLine(s.ID, s.Text)
}

// CanonicalSentenceLine is "sent_id:ID<TAB>TEXT"; without text it is
// "sent_id:ID", since readers trim lines (benchie.SentenceLine).
func CanonicalSentenceLine(id, text string) string { return benchie.SentenceLine(id, text) }

// ParseSlot reads BenchIE slot text into words, as the BenchIE reader does:
// the text is trimmed and split on single spaces; each piece is one word,
// matched to a sentence token when its text (brackets deleted) is one (see
// the package doc for the rule), else a typed word. Raw keeps the text when
// it differs from the rendering of the words.
func (s *Sentence) ParseSlot(text string) Slot {
	words := splitSlot(text)
	s.align(words, 0, newTokenIndex(s.Tokens))
	return s.slotOf(words, text)
}

// slotOf returns the slot of words read from text, with Raw set only when
// the text differs from their rendering.
func (s *Sentence) slotOf(words []Word, text string) Slot {
	sl := Slot{Words: words}
	if !s.rendersAs(words, text) {
		sl.Raw = text
	}
	return sl
}

// ParseTriple reads three BenchIE slot texts into a triple; the alignment
// cursor runs on from slot to slot.
func (s *Sentence) ParseTriple(t oie.Triple) Triple {
	return s.parseTriple(t, newTokenIndex(s.Tokens))
}

// splitSlot splits slot text into typed words carrying the brackets, as the
// reference reads them: a piece with '[' and ']' is a one-word unit; a piece
// with '[' opens a unit that the next piece holding ']' closes (the pieces
// between are plain, their brackets deleted); a '[' never closed and a ']'
// outside a unit stay as placed, and the reference drops those pieces. Every
// other bracket character inside a piece is deleted from its text, as the
// reference deletes it from the surface forms.
func splitSlot(text string) []Word {
	text = oie.TrimSpace(text)
	if text == "" {
		return nil
	}
	pieces := strings.Split(text, " ")
	words := make([]Word, len(pieces))
	for i := 0; i < len(pieces); i++ {
		p := pieces[i]
		words[i] = Typed(bareText(p))
		open, close := strings.Contains(p, "["), strings.Contains(p, "]")
		switch {
		case open && close:
			words[i].Open, words[i].Close = true, true
		case open:
			words[i].Open = true
			end := i + 1
			for end < len(pieces) && !strings.Contains(pieces[end], "]") {
				end++
			}
			if end == len(pieces) {
				break // never closed
			}
			for j := i + 1; j <= end; j++ {
				words[j] = Typed(bareText(pieces[j]))
			}
			words[end].Close = true
			i = end
		case close:
			words[i].Close = true
		}
	}
	return words
}

var bracketDeleter = strings.NewReplacer("[", "", "]", "")

func bareText(p string) string {
	if strings.ContainsAny(p, "[]") {
		return bracketDeleter.Replace(p)
	}
	return p
}

// tokenIndex lists the positions of each token text of a sentence.
type tokenIndex map[string][]int

func newTokenIndex(tokens []string) tokenIndex {
	idx := make(tokenIndex, len(tokens))
	for i, t := range tokens {
		idx[t] = append(idx[t], i)
	}
	return idx
}

// align maps typed words to sentence tokens, left to right: at each
// unmapped word, among the tokens with its text it takes the one that
// starts the longest run of consecutive words equal to consecutive tokens;
// among equal runs, the one closest before a token of the next word (so
// "of cell window" takes the "of" just before "cell"); then the first one at
// or after cursor (the end of the previous run), then the first one. The
// run is mapped and the walk goes on after it. It returns the new cursor.
func (s *Sentence) align(words []Word, cursor int, idx tokenIndex) int {
	const far = int(^uint(0) >> 1)
	for j := 0; j < len(words); {
		cands := idx[words[j].Text]
		if len(cands) == 0 {
			j++
			continue
		}
		best, bestRun, bestGap := -1, 0, far
		for _, c := range cands {
			run := 1
			for j+run < len(words) && c+run < len(s.Tokens) && words[j+run].Token == NoToken && words[j+run].Text == s.Tokens[c+run] {
				run++
			}
			gap := far
			if j+run < len(words) {
				for _, n := range idx[words[j+run].Text] {
					if n >= c+run {
						gap = n - (c + run)
						break
					}
				}
			}
			better := run > bestRun || (run == bestRun && (gap < bestGap || (gap == bestGap && best < cursor && c >= cursor)))
			if better {
				best, bestRun, bestGap = c, run, gap
			}
		}
		for m := 0; m < bestRun; m++ {
			words[j+m].Token, words[j+m].Text = best+m, ""
		}
		j += bestRun
		cursor = best + bestRun
	}
	return cursor
}

// clone returns a deep copy of the sentence's editable parts; tokens and
// labels are never changed and stay shared.
func (s *Sentence) clone() *Sentence {
	c := *s
	c.Junk = slices.Clone(s.Junk)
	c.Synsets = slices.Clone(s.Synsets)
	for k := range c.Synsets {
		c.Synsets[k] = c.Synsets[k].clone()
	}
	return &c
}

func (syn Synset) clone() Synset {
	syn.Junk = slices.Clone(syn.Junk)
	syn.Triples = slices.Clone(syn.Triples)
	for i := range syn.Triples {
		syn.Triples[i] = syn.Triples[i].clone()
	}
	return syn
}

func (t Triple) clone() Triple {
	for k := range t.Slots {
		t.Slots[k].Words = slices.Clone(t.Slots[k].Words)
	}
	return t
}

// Count returns the number of synsets and triples in the document.
func (d *Document) Count() (synsets, triples int) {
	for _, s := range d.Sentences {
		synsets += len(s.Synsets)
		for _, syn := range s.Synsets {
			triples += len(syn.Triples)
		}
	}
	return synsets, triples
}

// SentenceIndex returns the position of the sentence with the given id.
func (d *Document) SentenceIndex(id string) (int, bool) {
	for i, s := range d.Sentences {
		if s.ID == id {
			return i, true
		}
	}
	return -1, false
}
