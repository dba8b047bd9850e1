package annotate

import (
	"fmt"
	"strings"
	"testing"
)

// TestValidate builds one case of every problem and checks that each is
// reported once, placed at the offending sentence, synset, triple, slot and
// word.
func TestValidate(t *testing.T) {
	s := NewSentence("1", "Berlin is the German capital --> city")
	words := func(ws ...Word) Slot { return Slot{Words: ws} }
	ok := words(Tok(0))
	tr := func(a, b, c Slot) Triple { return Triple{Slots: [3]Slot{a, b, c}} }
	s.Synsets = []Synset{
		{Triples: []Triple{
			tr(ok, words(Tok(1)), words(Tok(2).Optional(), Tok(4))),                                                           // 0: fine
			tr(ok, words(), words(Tok(4))),                                                                                    // 1: empty relation
			tr(ok, words(Tok(1)), words(Tok(2).Optional(), Tok(3).Optional())),                                                // 2: every word optional
			tr(ok, words(Tok(1)), words(Word{Token: 2, Open: true}, Tok(4))),                                                  // 3: '[' never closed
			tr(ok, words(Tok(1)), words(Tok(2), Word{Token: 4, Close: true})),                                                 // 4: ']' closes nothing
			tr(ok, words(Tok(1)), words(Word{Token: 2, Open: true}, Word{Token: 3, Open: true}, Word{Token: 4, Close: true})), // 5: '[' inside a unit
			tr(ok, words(Tok(1)), words(Typed(""), Tok(4))),                                                                   // 6: empty word
			tr(ok, words(Tok(1)), words(Typed("Haupt stadt"))),                                                                // 7: space in a word
			tr(ok, words(Tok(1)), words(Typed("a[b"))),                                                                        // 8: bracket in a word
			tr(ok, words(Tok(1)), words(Tok(4), Tok(5), Tok(6))),                                                              // 9: " --> " in a slot
			tr(words(Typed("sent_id:9")), words(Tok(1)), ok),                                                                  // 10: reads as a sentence line
			tr(ok, words(Tok(1)), words(Tok(2).Optional(), Tok(4))),                                                           // 11: duplicate of 0
			tr(ok, words(Tok(1)), words(Tok(9))),                                                                              // 12: token outside the sentence
		}},
		{Junk: []Junk{{After: 0, Text: "2 0 6 :"}}},                                  // synset 1: empty, with junk
		{Triples: []Triple{tr(ok, words(Tok(1)), words(Tok(2).Optional(), Tok(4)))}}, // synset 2: duplicate across synsets
	}
	raw := s.ParseSlot("[the]German capital")
	s.Synsets[2].Triples = append(s.Synsets[2].Triples, tr(ok, words(Tok(1)), raw)) // bracket inside a word as read
	bad := NewSentence("1", "again")                                                // repeated id
	blank := NewSentence("", "no id")
	blank.Junk = []string{"??"}
	d := &Document{Sentences: []*Sentence{s, bad, blank}, Junk: []string{"preamble"}}
	// Problem is the message without its place, never cut out of it by
	// the page.
	for _, is := range d.Validate() {
		if is.Problem == "" || !strings.HasSuffix(is.Msg, is.Problem) || (is.Synset >= 0 && is.Problem == is.Msg) {
			t.Errorf("problem %q of %q", is.Problem, is.Msg)
		}
	}

	type place struct {
		kind                                 IssueKind
		sentence, synset, triple, slot, word int
	}
	want := map[place]bool{
		{IssueJunkLine, -1, -1, -1, -1, -1}:      true,
		{IssueEmptySlot, 0, 0, 1, 1, -1}:         true,
		{IssueOptionalSlot, 0, 0, 2, 2, -1}:      true,
		{IssueUnbalancedUnit, 0, 0, 3, 2, 0}:     true,
		{IssueUnbalancedUnit, 0, 0, 4, 2, 1}:     true,
		{IssueUnbalancedUnit, 0, 0, 5, 2, 1}:     true,
		{IssueOptionalSlot, 0, 0, 5, 2, -1}:      true, // the reference makes one unit of all three
		{IssueOddWord, 0, 0, 6, 2, 0}:            true,
		{IssueOddWord, 0, 0, 7, 2, 0}:            true,
		{IssueOddWord, 0, 0, 8, 2, 0}:            true,
		{IssueLineSyntax, 0, 0, 9, -1, -1}:       true,
		{IssueLineSyntax, 0, 0, 10, -1, -1}:      true,
		{IssueDuplicateTriple, 0, 0, 11, -1, -1}: true,
		{IssueOddWord, 0, 0, 12, 2, 0}:           true,
		{IssueEmptySynset, 0, 1, -1, -1, -1}:     true,
		{IssueJunkLine, 0, 1, -1, -1, -1}:        true,
		{IssueDuplicateTriple, 0, 2, 0, -1, -1}:  true,
		{IssueOddWord, 0, 2, 1, 2, -1}:           true,
		{IssueBadID, 1, -1, -1, -1, -1}:          true,
		{IssueBadID, 2, -1, -1, -1, -1}:          true,
		{IssueJunkLine, 2, -1, -1, -1, -1}:       true,
	}
	got := map[place]bool{}
	for _, is := range d.Validate() {
		p := place{is.Kind, is.Sentence, is.Synset, is.Triple, is.Slot, is.Word}
		if got[p] {
			t.Errorf("reported twice: %+v", is)
		}
		got[p] = true
		if !want[p] {
			t.Errorf("unexpected issue: %+v", is)
		}
		if is.Msg == "" || (is.Severity != SeverityError && is.Severity != SeverityWarning) {
			t.Errorf("issue without message or severity: %+v", is)
		}
		if is.Kind == IssueDuplicateTriple && (is.OtherSynset != 0 || is.OtherTriple != 0) {
			t.Errorf("duplicate points at %d/%d, want 0/0", is.OtherSynset, is.OtherTriple)
		}
	}
	for p := range want {
		if !got[p] {
			t.Errorf("not reported: %+v", p)
		}
	}
	// The messages say where, for a reader of text output.
	for _, is := range d.Sentences[0].Validate(0) {
		if is.Kind == IssueUnbalancedUnit && is.Triple == 3 {
			if want := "sentence 1, synset 1, triple 4, object word 1: '[' is never closed"; !strings.HasPrefix(is.Msg, want) {
				t.Errorf("message %q, want it to start %q", is.Msg, want)
			}
		}
	}
}

// TestValidateBundled: the published golds have only the problems they are
// known to have; counts guard the validator against drift.
func TestValidateBundled(t *testing.T) {
	want := map[string]string{
		"en": "duplicate-triple:181 odd-word:45 optional-slot:8 unbalanced-unit:2",
		"de": "duplicate-triple:24 odd-word:181 unbalanced-unit:4",
		"zh": "duplicate-triple:1 junk-line:1 odd-word:98 unbalanced-unit:1",
	}
	for _, b := range loadBundled(t) {
		counts := map[IssueKind]int{}
		for _, is := range readGoldDoc(t, b.Gold).Validate() {
			counts[is.Kind]++
		}
		var parts []string
		for _, k := range []IssueKind{IssueBadID, IssueDuplicateTriple, IssueEmptySlot, IssueEmptySynset, IssueJunkLine, IssueLineSyntax, IssueOddWord, IssueOptionalSlot, IssueUnbalancedUnit} {
			if counts[k] > 0 {
				parts = append(parts, fmt.Sprintf("%s:%d", k, counts[k]))
			}
		}
		if got := strings.Join(parts, " "); got != want[b.Lang] {
			t.Errorf("%s: %s, want %s", b.Lang, got, want[b.Lang])
		}
	}
}
