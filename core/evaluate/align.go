package evaluate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// A file none of whose extractions name a gold sentence would score a row
// of zeros (and, with CaRB, precision 1): it is a wrong file or a file read
// in the wrong format, so it is an error that says which, never a score.

// goldNames are the sentences of a gold, by id and by text key.
type goldNames struct {
	sampleID string
	// texts are the sentences by id: the ids a file may name, and the
	// evidence that its extractions come from the sentences they name.
	texts map[string]string
	keys  *sentenceKeys
}

// sentenceKeys are a gold's sentences' text keys (carb.SentenceKey), made
// when a file that names sentences by text is first checked (get): kept
// with the gold, they were 5% of a large BenchIE run's memory, which a
// file of ids never needs.
type sentenceKeys struct {
	once      sync.Once
	sentences []oie.Sentence // until the keys are made
	keys      map[string]bool
}

func (k *sentenceKeys) get() map[string]bool {
	k.once.Do(func() {
		k.keys = make(map[string]bool, len(k.sentences))
		for _, s := range k.sentences {
			k.keys[carb.SentenceKey(s.Text)] = true
		}
		k.sentences = nil
	})
	return k.keys
}

func namesOf(sentences []oie.Sentence) goldNames {
	n := goldNames{texts: make(map[string]string, len(sentences)), keys: &sentenceKeys{sentences: sentences}}
	for _, s := range sentences {
		if n.sampleID == "" {
			n.sampleID = s.ID
		}
		n.texts[s.ID] = s.Text
	}
	return n
}

// checkAligned returns an error when the system has extractions and none
// of them names a sentence of the gold; in is the file it was read from,
// for suggesting another format.
func checkAligned(s *System, gold goldNames, goldPath string, in Input) error {
	return checkAlignedPaced(s, gold, goldPath, in, nil)
}

// alignPauseEvery is how many extractions the alignment checks look at
// between two calls of their pause: at 10 times BenchIE English the page
// checked its files' words in one task of 2-3 s; 256 still made a task of
// 80 ms on a loaded machine.
const alignPauseEvery = 64

// pacedEvery calls pause (when set) after every alignPauseEvery calls.
func pacedEvery(pause func()) func() {
	if pause == nil {
		return func() {}
	}
	n := 0
	return func() {
		if n++; n%alignPauseEvery == 0 {
			pause()
		}
	}
}

// checkAlignedPaced is checkAligned calling pause (when set) every
// alignPauseEvery extractions.
func checkAlignedPaced(s *System, gold goldNames, goldPath string, in Input, pause func()) error {
	paced := pacedEvery(pause)
	if s.ByText != nil {
		if len(s.ByText.Extractions) == 0 {
			return nil
		}
		keys := gold.keys.get()
		for _, e := range s.ByText.Extractions {
			if keys[carb.SentenceKey(e.Sentence)] {
				return nil
			}
			paced()
		}
		// None is the gold's: are they when case is ignored?
		lowerKeys := make(map[string]bool, len(keys))
		for k := range keys {
			lowerKeys[strings.ToLower(k)] = true
		}
		lower := 0
		for _, e := range s.ByText.Extractions {
			if lowerKeys[strings.ToLower(carb.SentenceKey(e.Sentence))] {
				lower++
			}
			paced()
		}
		if lower > 0 {
			return &oie.ParseError{File: s.Path, Err: ErrNotAligned, Msg: fmt.Sprintf(
				"no extraction names a sentence of the gold %s as written, but %d of %d do when case is ignored: the gold and the extractions differ in case (one of them lowercased?); sentences are matched case-sensitively",
				goldPath, lower, len(s.ByText.Extractions))}
		}
		return notAligned(s, len(s.ByText.Extractions), goldPath, in, fmt.Sprintf("sentences such as %q", abbreviate(s.ByText.Extractions[0].Sentence)))
	}
	if s.Extractions.Len() == 0 {
		return nil
	}
	for i := range s.Extractions.Len() {
		e := s.Extractions.At(i)
		if _, ok := gold.texts[e.SentID]; ok {
			return checkWords(s, gold, goldPath, paced)
		}
	}
	sample := fmt.Sprintf("ids such as %q where the gold has ids such as %q", s.Extractions.At(0).SentID, gold.sampleID)
	if _, err := strconv.ParseFloat(s.Extractions.At(0).SentID, 64); err == nil && strings.ContainsAny(s.Extractions.At(0).SentID, ".eE") {
		sample += ", which look like confidences rather than sentence ids"
	}
	return notAligned(s, s.Extractions.Len(), goldPath, in, sample)
}

// Words of a file's extractions found in the sentences their ids name: below
// wordsWarn of them the file gets a warning, below wordsRefuse it is
// refused. On the shipped BenchIE files every system keeps 98% to 100% of
// its words in its own gold's sentences; a file read against a gold of
// another language keeps 0% (Chinese) to 21% (English and German share
// names and numbers): the English ClausIE file against the German gold, 19%.
// Fewer than wordsEnough words are too few to judge by.
const (
	wordsWarn   = 0.85
	wordsRefuse = 0.4
	wordsEnough = 30
)

// checkWords is the evidence a file whose extractions name sentences by id
// (BenchIE TSV has no text column) comes from the gold's sentences: the
// share of its extracted words that occur in the sentence their id names.
// The ids of two golds overlap (1, 2, 3...), their words need not: the
// German gold with the English ClausIE file. Almost no word found is an
// error; few is a warning on the system (s.Warnings), with the rate and an
// example.
func checkWords(s *System, gold goldNames, goldPath string, paced func()) error {
	found, total := 0, 0
	example := ""
	lower := map[string]string{} // the sentences met, lowercased once
	for i := range s.Extractions.Len() {
		e := s.Extractions.At(i)
		paced()
		text, ok := gold.texts[e.SentID]
		if !ok {
			continue
		}
		lt, ok := lower[e.SentID]
		if !ok {
			lt = strings.ToLower(text)
			lower[e.SentID] = lt
		}
		// Slot by slot, then the extra arguments after the object (as
		// Folded joins them), without joining: a run over millions of
		// extractions makes no garbage here.
		count := func(part string) {
			for w := range strings.FieldsSeq(part) {
				total++
				if wordIn(strings.ToLower(w), lt) {
					found++
				} else if example == "" {
					example = fmt.Sprintf("%q of line %d is not in sentence %s (%q)", w, e.Line, e.SentID, abbreviate(text))
				}
			}
		}
		for _, part := range e.Triple.Slots() {
			count(part)
		}
		for _, part := range e.Extra {
			count(part)
		}
	}
	if total < wordsEnough {
		return nil
	}
	rate := float64(found) / float64(total)
	msg := fmt.Sprintf("%.0f%% of the extracted words (%d of %d) occur in the sentence of the gold %s their id names; %s", 100*rate, found, total, goldPath, example)
	switch {
	case rate < wordsRefuse:
		return &oie.ParseError{File: s.Path, Err: ErrNotAligned, Msg: "the extractions do not come from the gold's sentences: only " + msg + ": is this the system's file for this gold (the same language, the same sentence list)?"}
	case rate < wordsWarn:
		s.System.Warnings = append(s.System.Warnings, oie.Warning{File: s.Path, Msg: "the extractions mostly do not come from the gold's sentences: only " + msg + ": check that the file and the gold go together"})
	}
	return nil
}

// wordIn reports whether a lowercased word occurs in a lowercased sentence:
// as a substring, so that tokenisation ("U.S." and "U.S ."), punctuation
// and scripts written without spaces do not count against it; words of one
// or two letters only as whole words, since they occur inside most words.
func wordIn(w, sentence string) bool {
	if utf8.RuneCountInString(w) > 2 {
		return strings.Contains(sentence, w)
	}
	for t := range strings.FieldsSeq(sentence) {
		if t == w {
			return true
		}
	}
	return false
}

// ErrNotAligned: no extraction of a system file names a gold sentence.
var ErrNotAligned = errors.New("no extraction names a gold sentence")

func notAligned(s *System, n int, goldPath string, in Input, sample string) error {
	msg := fmt.Sprintf("no extraction names a sentence of the gold %s (%d extraction(s) read as %s, with %s): is this the right file",
		goldPath, n, s.Format, sample)
	d := formats.Detect(in.Data)
	switch {
	case d.Format != nil && d.Format.Role == formats.Refused:
		msg += fmt.Sprintf("? It looks like %s (%s): %s", d.Format.Label, d.Format.Name, d.Format.Refusal)
	case d.Format != nil && d.Format.Name != string(s.Format) && d.Format.CanRead():
		msg += fmt.Sprintf(", or format %s (%s)?", d.Format.Name, d.Format.Label)
	case len(d.Candidates) > 0:
		names := make([]string, len(d.Candidates))
		for i, c := range d.Candidates {
			names[i] = c.Name
		}
		msg += ", or format " + strings.Join(names, " or ") + "?"
	default:
		msg += ", or another format (choose one by name)?"
	}
	return &oie.ParseError{File: s.Path, Err: ErrNotAligned, Msg: msg}
}

func abbreviate(s string) string {
	const n = 60
	if r := []rune(oie.TrimSpace(s)); len(r) > n {
		return string(r[:n]) + "..."
	}
	return oie.TrimSpace(s)
}

// CheckAligned returns an error when s has extractions and none of them
// names a sentence of g: the wrong file, or one read as the wrong format.
// data is the file, for suggesting the format it may be (nil suggests
// none). The page asks this of a system file before adding it, as Run does
// of every system; the gold's sentences are indexed once for all its files.
func CheckAligned(s *System, g *Gold, data []byte) error {
	return CheckAlignedPaced(s, g, data, nil)
}

// CheckAlignedPaced is CheckAligned calling pause (when set) every
// alignPauseEvery extractions, for the page.
func CheckAlignedPaced(s *System, g *Gold, data []byte, pause func()) error {
	return checkAlignedPaced(s, g.sentenceNames(), g.Path, Input{Path: s.Path, Data: data}, pause)
}

// goldSentences lists the sentences of a BenchIE gold, for aligning
// BenchIE extractions (by id) with CaRB's sentences (by text).
func goldSentences(g *benchie.Gold) []oie.Sentence {
	out := make([]oie.Sentence, len(g.Sentences))
	for i, s := range g.Sentences {
		out[i] = s.Sentence
	}
	return out
}

// asBenchIE returns the system as BenchIE extractions: a CaRB tabbed file is
// aligned with the gold's sentences by text.
func asBenchIE(s *System, g *benchie.Gold) *System {
	if s.ByText == nil {
		return s
	}
	cp := *s
	cp.System = carb.ToBenchIE(s.ByText, goldSentences(g))
	cp.System.Format = s.Format
	return &cp
}
