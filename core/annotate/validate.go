package annotate

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// IssueKind names a problem Validate finds.
type IssueKind string

// The problems Validate reports.
const (
	// IssueEmptySlot: a slot with no words (or only empty ones). The strict
	// reader rejects it; a lenient one keeps a triple nobody can match.
	IssueEmptySlot IssueKind = "empty-slot"
	// IssueOptionalSlot: every word of the slot is optional, so one of its
	// forms is the empty string.
	IssueOptionalSlot IssueKind = "optional-slot"
	// IssueUnbalancedUnit: a '[' never closed, a ']' that closes nothing, or
	// a '[' inside a unit. The reference drops the word of an unpaired
	// bracket; a '[' inside a unit is deleted.
	IssueUnbalancedUnit IssueKind = "unbalanced-unit"
	// IssueDuplicateTriple: the same text as an earlier triple of the
	// sentence; across synsets, only the first synset can ever be credited.
	IssueDuplicateTriple IssueKind = "duplicate-triple"
	// IssueEmptySynset: a synset without triples counts in the recall
	// denominator but can never be matched.
	IssueEmptySynset IssueKind = "empty-synset"
	// IssueOddWord: an empty word (two spaces in a row), white space inside
	// a word (read back as several words), or a bracket inside a word
	// (BenchIE reads brackets as optional units).
	IssueOddWord IssueKind = "odd-word"
	// IssueLineSyntax: the triple's BenchIE line would not read back as this
	// triple (a slot holding " --> ", a line starting "sent_id:").
	IssueLineSyntax IssueKind = "line-syntax"
	// IssueJunkLine: a line kept from the file that was not understood.
	IssueJunkLine IssueKind = "junk-line"
	// IssueBadID: an empty, repeated or malformed sentence id.
	IssueBadID IssueKind = "bad-id"
)

// Severity says whether an issue makes the export wrong.
type Severity string

// The severities: an error makes the exported gold wrong or rejected by
// the strict reader; a warning is legal but probably not meant.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Issue is one problem, placed so that a UI can show it next to the
// offending sentence, synset, triple, slot or word. Indices are positions
// (from 0); -1 means "not about one": an issue of a synset has Triple -1.
type Issue struct {
	Kind     IssueKind `json:"kind"`
	Severity Severity  `json:"severity"`
	Sentence int       `json:"sentence"` // -1: the document
	Synset   int       `json:"synset"`
	Triple   int       `json:"triple"`
	Slot     int       `json:"slot"`
	Word     int       `json:"word"`
	// OtherSynset and OtherTriple place the triple a duplicate repeats.
	OtherSynset int    `json:"other_synset"`
	OtherTriple int    `json:"other_triple"`
	Msg         string `json:"message"`
	// Problem is Msg without its place ("sentence 3, synset 1, triple 2,
	// subject: "), for a view that shows the issue at its place.
	Problem string `json:"problem"`
}

// String gives the severity and the message, for text output.
func (is Issue) String() string { return string(is.Severity) + ": " + is.Msg }

// Validate checks the whole document.
func (d *Document) Validate() []Issue {
	var out []Issue
	for _, j := range d.Junk {
		out = append(out, Issue{Kind: IssueJunkLine, Severity: SeverityWarning, Sentence: -1, Synset: -1, Triple: -1, Slot: -1, Word: -1, OtherSynset: -1, OtherTriple: -1,
			Msg: fmt.Sprintf("line before the first sentence not understood: %q", j), Problem: fmt.Sprintf("line before the first sentence not understood: %q", j)})
	}
	seen := map[string]int{}
	for si, s := range d.Sentences {
		if first, dup := seen[s.ID]; dup {
			out = append(out, sentenceIssue(si, IssueBadID, SeverityError, fmt.Sprintf("sentence id %q is repeated (first at sentence %d)", s.ID, first+1)))
		} else {
			seen[s.ID] = si
		}
		out = append(out, s.Validate(si)...)
	}
	return out
}

func sentenceIssue(si int, kind IssueKind, sev Severity, msg string) Issue {
	return Issue{Kind: kind, Severity: sev, Sentence: si, Synset: -1, Triple: -1, Slot: -1, Word: -1, OtherSynset: -1, OtherTriple: -1, Msg: msg, Problem: msg}
}

// Validate checks one sentence, at position si of its document (a UI
// re-validates only the sentence an operation changed). Repeated ids are a
// document matter, checked by Document.Validate.
func (s *Sentence) Validate(si int) []Issue {
	var out []Issue
	if s.ID == "" || s.ID != oie.TrimSpace(s.ID) || strings.ContainsAny(s.ID, "\t\n") {
		out = append(out, sentenceIssue(si, IssueBadID, SeverityError, fmt.Sprintf("sentence id %q must be non-empty, without tabs, line breaks or surrounding spaces", s.ID)))
	}
	for _, j := range s.Junk {
		is := sentenceIssue(si, IssueJunkLine, SeverityWarning, fmt.Sprintf("sentence %s: line not understood: %q", s.ID, j))
		is.Problem = fmt.Sprintf("line not understood: %q", j)
		out = append(out, is)
	}
	type place struct{ synset, triple int }
	texts := map[[3]string]place{}
	for k, syn := range s.Synsets {
		at := func(i, slot, word int, kind IssueKind, sev Severity, msg string) Issue {
			return Issue{Kind: kind, Severity: sev, Sentence: si, Synset: k, Triple: i, Slot: slot, Word: word, OtherSynset: -1, OtherTriple: -1,
				Msg: fmt.Sprintf("sentence %s, synset %d", s.ID, k+1) + tripleRef(i, slot, word) + ": " + msg, Problem: msg}
		}
		if len(syn.Triples) == 0 {
			out = append(out, at(-1, -1, -1, IssueEmptySynset, SeverityError, "synset has no triples: it counts in the recall denominator but can never be matched"))
		}
		for _, j := range syn.Junk {
			out = append(out, at(-1, -1, -1, IssueJunkLine, SeverityWarning, fmt.Sprintf("line not understood (kept, never matches): %q", j.Text)))
		}
		for i, t := range syn.Triples {
			for slot, sl := range t.Slots {
				for _, p := range slotProblems(s, sl) {
					out = append(out, at(i, slot, p.word, p.kind, p.sev, p.msg))
				}
			}
			tt := s.TripleText(t)
			line := benchie.TripleLine(tt.Subject, tt.Relation, tt.Object)
			if !splitsBack(line, tt) || strings.Contains(line, "\n") {
				out = append(out, at(i, -1, -1, IssueLineSyntax, SeverityError, "a slot holds \" --> \" or a line break: the BenchIE line would not read back as this triple"))
			} else if strings.HasPrefix(oie.TrimSpace(line), benchie.SentencePrefix) {
				out = append(out, at(i, -1, -1, IssueLineSyntax, SeverityError, "the BenchIE line would start with \"sent_id:\" and be read as a sentence"))
			}
			key := [3]string{oie.TrimSpace(tt.Subject), oie.TrimSpace(tt.Relation), oie.TrimSpace(tt.Object)}
			if prev, dup := texts[key]; dup {
				is := at(i, -1, -1, IssueDuplicateTriple, SeverityWarning, fmt.Sprintf("same triple as triple %d of synset %d", prev.triple+1, prev.synset+1))
				is.OtherSynset, is.OtherTriple = prev.synset, prev.triple
				if prev.synset != k {
					is.Msg += ": only the first of the two synsets can be credited for it"
					is.Problem += ": only the first of the two synsets can be credited for it"
				}
				out = append(out, is)
			} else {
				texts[key] = place{k, i}
			}
		}
	}
	return out
}

func tripleRef(i, slot, word int) string {
	switch {
	case i < 0:
		return ""
	case slot < 0:
		return fmt.Sprintf(", triple %d", i+1)
	case word < 0:
		return fmt.Sprintf(", triple %d, %s", i+1, SlotNames[slot])
	}
	return fmt.Sprintf(", triple %d, %s word %d", i+1, SlotNames[slot], word+1)
}

type slotProblem struct {
	word int
	kind IssueKind
	sev  Severity
	msg  string
}

// slotProblems checks one slot's words and brackets.
func slotProblems(s *Sentence, sl Slot) []slotProblem {
	var out []slotProblem
	add := func(word int, kind IssueKind, sev Severity, msg string) {
		out = append(out, slotProblem{word, kind, sev, msg})
	}
	empty := true
	for _, w := range sl.Words {
		if s.WordText(w) != "" || w.Token >= len(s.Tokens) {
			empty = false
			break
		}
	}
	if empty {
		add(-1, IssueEmptySlot, SeverityError, "empty slot")
		return out
	}
	for j, w := range sl.Words {
		text := s.WordText(w)
		switch {
		case w.Token >= len(s.Tokens):
			add(j, IssueOddWord, SeverityError, fmt.Sprintf("token %d is not in the sentence (%d tokens)", w.Token, len(s.Tokens)))
		case text == "":
			add(j, IssueOddWord, SeverityWarning, "empty word (two spaces in a row): it makes forms with doubled spaces")
		case strings.ContainsAny(text, "[]"):
			add(j, IssueOddWord, SeverityError, fmt.Sprintf("word %q holds a bracket, which BenchIE reads as an optional unit", text))
		case strings.IndexFunc(text, oie.IsSpace) >= 0:
			add(j, IssueOddWord, SeverityWarning, fmt.Sprintf("word %q holds white space: it is read back as several words", text))
		}
	}
	if sl.Raw != "" {
		for _, p := range strings.Split(oie.TrimSpace(sl.Raw), " ") {
			if i := strings.IndexAny(p, "[]"); i >= 0 && (strings.Trim(p, "[]") != bareText(p)) {
				add(-1, IssueOddWord, SeverityWarning, fmt.Sprintf("%q has a bracket inside the word: the whole word is one optional unit", p))
			}
		}
	}
	open := -1
	for j, w := range sl.Words {
		switch {
		case open >= 0 && w.Open:
			add(j, IssueUnbalancedUnit, SeverityError, "'[' inside an optional unit")
			if w.Close {
				open = -1
			}
		case open >= 0 && w.Close:
			open = -1
		case w.Open && !w.Close:
			open = j
		case w.Close && !w.Open:
			add(j, IssueUnbalancedUnit, SeverityError, "']' closes no optional unit: the reference drops this word")
		}
	}
	if open >= 0 {
		add(open, IssueUnbalancedUnit, SeverityError, "'[' is never closed in this slot: the reference drops this word")
	}
	if in := unitMembers(sl.Words); !containsFalse(in) {
		add(-1, IssueOptionalSlot, SeverityWarning, "every word is optional: the slot can be empty")
	}
	return out
}

func containsFalse(bs []bool) bool {
	for _, b := range bs {
		if !b {
			return true
		}
	}
	return false
}

// splitsBack reports whether the reader, which splits a line on every
// separator, reads the line back as the triple's three slots.
func splitsBack(line string, t oie.Triple) bool {
	s, rest, ok1 := strings.Cut(line, benchie.SlotSeparator)
	r, o, ok2 := strings.Cut(rest, benchie.SlotSeparator)
	return ok1 && ok2 && !strings.Contains(o, benchie.SlotSeparator) && s == t.Subject && r == t.Relation && o == t.Object
}
