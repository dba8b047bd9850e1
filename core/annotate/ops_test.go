package annotate

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// TestUndoRedo applies one op of every kind, then undoes them all, checking
// each earlier state, and redoes them all, checking each later state.
func TestUndoRedo(t *testing.T) {
	d := small(t)
	e := NewEditor(d)
	s0 := d.Sentences[0]
	variant := s0.ParseTriple(oie.Triple{Subject: "He", Relation: "was", Object: "[the] first Prime Minister"})
	ops := []Op{
		AddTriple{Sentence: 0, Synset: 0, Triple: variant},
		AddTriple{Sentence: 0, Synset: NewSynset, Triple: variant},
		AddExtraction{Sentence: 1, Synset: 0, Extraction: oie.Triple{Subject: " Graner ", Relation: "handcuffed", Object: "him"}},
		SetTriple{Sentence: 0, Synset: 0, Index: 2, Triple: s0.ParseTriple(oie.Triple{Subject: "He", Relation: "was", Object: "Prime Minister"})},
		SetSlot{Sentence: 0, Synset: 0, Index: 0, Slot: Subject, Words: []Word{Typed("Barton")}},
		MoveTriple{Sentence: 0, Synset: 0, Index: 1, To: 1},
		CopyTriple{Sentence: 0, Synset: 1, Index: 0, To: NewSynset},
		DuplicateTriple{Sentence: 0, Synset: 0, Index: 0},
		DeleteTriple{Sentence: 0, Synset: 0, Index: 1},
		AddSynset{Sentence: 1},
		MergeSynsets{Sentence: 0, Into: 0, From: []int{3, 1}},
		MoveSynset{Sentence: 0, Synset: 1, To: 0},
		DeleteSynset{Sentence: 1, Synset: 1},
		AddSentences{Texts: []string{"Barton was born in Sydney .", "He died in 1920 ."}},
		SetSentenceID{Sentence: 2, ID: "b1"},
		DeleteSentence{Sentence: 1},
		DropJunk{Sentence: 0},
	}
	states := [][]byte{WriteBenchIE(e.Doc)}
	for _, op := range ops {
		mustApply(t, e, op)
		states = append(states, WriteBenchIE(e.Doc))
		if bytes.Equal(states[len(states)-1], states[len(states)-2]) && op.Name() != "drop-junk" {
			t.Errorf("%s changed nothing", op.Name())
		}
	}
	undo, redo := e.History()
	if len(undo) != len(ops)-1 || len(redo) != 0 { // drop-junk on a sentence without junk is not logged
		t.Errorf("history: %d undo, %d redo steps", len(undo), len(redo))
	}
	for i := len(undo) - 1; i >= 0; i-- {
		op, err := e.Undo()
		if err != nil || op.Name() != ops[i].Name() {
			t.Fatalf("undo %d: %v %v", i, op, err)
		}
		if got := WriteBenchIE(e.Doc); !bytes.Equal(got, states[i]) {
			t.Fatalf("after undoing %s:\n%s\nwant\n%s", op.Name(), got, states[i])
		}
	}
	if _, err := e.Undo(); !errors.Is(err, ErrNothingToDo) {
		t.Errorf("undo past the start: %v", err)
	}
	for i := range undo {
		op, err := e.Redo()
		if err != nil || op.Name() != ops[i].Name() {
			t.Fatalf("redo %d: %v %v", i, op, err)
		}
		if got := WriteBenchIE(e.Doc); !bytes.Equal(got, states[i+1]) {
			t.Fatalf("after redoing %s:\n%s\nwant\n%s", op.Name(), got, states[i+1])
		}
	}
	if _, err := e.Redo(); !errors.Is(err, ErrNothingToDo) {
		t.Errorf("redo past the end: %v", err)
	}
	want := "sent_id:1\tHe served as the first Prime Minister of Australia .\n" +
		"1--> Cluster 1:\n" +
		"He --> was --> [the] first Prime Minister\n" +
		"1--> Cluster 2:\n" +
		"Barton --> served as --> [the] [first] Prime Minister [of Australia]\n" +
		"He --> was --> Prime Minister\n" +
		"He --> served as [the] [first] Prime Minister of --> Australia\n" +
		"He --> served as [the] [first] Prime Minister of --> Australia\n" +
		"He --> served --> as [the] [first] Prime Minister [of Australia]\n" +
		"\n" +
		"sent_id:b1\tBarton was born in Sydney .\n" +
		"\n" +
		"sent_id:4\tHe died in 1920 .\n"
	if got := string(WriteBenchIE(e.Doc)); got != want {
		t.Errorf("final document:\n%s\nwant\n%s", got, want)
	}
	// A new op after undoing clears the redo log.
	e.Undo()
	mustApply(t, e, AddSynset{Sentence: 0})
	if e.CanRedo() {
		t.Error("redo log kept after a new op")
	}
}

// TestRefused: a refused op names the problem and changes nothing.
func TestRefused(t *testing.T) {
	d := small(t)
	e := NewEditor(d)
	before := WriteBenchIE(d)
	cases := []struct {
		op   Op
		kind error
	}{
		{AddTriple{Sentence: 5, Synset: 0}, ErrOutOfRange},
		{AddTriple{Sentence: 0, Synset: 7}, ErrOutOfRange},
		{AddTriple{Sentence: 0, Synset: 0, Triple: Triple{Slots: [3]Slot{{Words: []Word{Tok(40)}}}}}, ErrOutOfRange},
		{AddTriple{Sentence: 0, Synset: 0, Triple: Triple{Slots: [3]Slot{{Words: []Word{Typed("a\nb")}}}}}, ErrInvalid},
		{SetSlot{Sentence: 0, Synset: 0, Index: 0, Slot: 3}, ErrOutOfRange},
		{SetTriple{Sentence: 0, Synset: 1, Index: 1}, ErrOutOfRange},
		{MoveTriple{Sentence: 0, Synset: 0, Index: 0, To: 9}, ErrOutOfRange},
		{CopyTriple{Sentence: 0, Synset: 0, Index: 9, To: 1}, ErrOutOfRange},
		{DeleteSynset{Sentence: 1, Synset: 1}, ErrOutOfRange},
		{MergeSynsets{Sentence: 0, Into: 0}, ErrInvalid},
		{MergeSynsets{Sentence: 0, Into: 0, From: []int{0}}, ErrInvalid},
		{MergeSynsets{Sentence: 0, Into: 0, From: []int{1, 1}}, ErrInvalid},
		{MoveSynset{Sentence: 0, Synset: 0, To: 2}, ErrOutOfRange},
		{AddSentences{}, ErrInvalid},
		{AddSentences{Texts: []string{"one\ntwo"}}, ErrInvalid},
		{AddSentences{Texts: []string{"  "}}, ErrInvalid},
		{SetSentenceID{Sentence: 0, ID: "2"}, ErrDuplicateID},
		{SetSentenceID{Sentence: 0, ID: "a\tb"}, ErrInvalid},
		{SetSentenceID{Sentence: 0, ID: " 3"}, ErrInvalid},
		{DeleteSentence{Sentence: -1}, ErrOutOfRange},
		{AddExtraction{Sentence: 0, Synset: 0, Extraction: oie.Triple{Subject: "a\nb"}}, ErrInvalid},
	}
	for _, c := range cases {
		err := e.Apply(c.op)
		var oe *OpError
		if !errors.As(err, &oe) || !errors.Is(err, c.kind) || oe.Op != c.op.Name() {
			t.Errorf("%#v: %v, want an OpError %v", c.op, err, c.kind)
		}
	}
	if e.CanUndo() || !bytes.Equal(WriteBenchIE(e.Doc), before) {
		t.Error("a refused op changed the document or the log")
	}
	if err := e.Apply(nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("nil op: %v", err)
	}
}

// TestKeptAsRead: an edit forgets only what it changes.
func TestKeptAsRead(t *testing.T) {
	const odd = "sent_id:1\tBerlin is the German capital .\n" +
		"1--> Cluster 1:\n" +
		"Berlin --> is --> [the]German capital\n" +
		"1-->Cluster 2:\n" +
		"Berlin --> is -->  capital\n" +
		"1--> Cluster 5:\n" +
		"Berlin --> is --> [the] German capital\n"
	d, _, err := ReadBenchIE("odd.txt", []byte(odd), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEditor(d)
	s := d.Sentences[0]
	t0 := s.Synsets[0].Triples[0]
	// Same words: nothing changes and nothing is logged.
	mustApply(t, e, SetTriple{Sentence: 0, Synset: 0, Index: 0, Triple: t0}, SetSlot{Sentence: 0, Synset: 1, Index: 0, Slot: Object, Words: s.Synsets[1].Triples[0].Slots[Object].Words})
	if e.CanUndo() || string(WriteBenchIE(e.Doc)) != odd {
		t.Fatal("an edit without change was applied")
	}
	// Editing the subject keeps the object as read.
	mustApply(t, e, SetSlot{Sentence: 0, Synset: 0, Index: 0, Slot: Subject, Words: []Word{Typed("It")}})
	if got := e.Doc.Sentences[0].SlotText(e.Doc.Sentences[0].Synsets[0].Triples[0].Slots[Object]); got != "[the]German capital" {
		t.Errorf("object after editing the subject: %q", got)
	}
	// Deleting synset 1 renumbers synsets 2 and 3: their headers as read go.
	mustApply(t, e, DeleteSynset{Sentence: 0, Synset: 0})
	want := "sent_id:1\tBerlin is the German capital .\n" +
		"1--> Cluster 1:\n" +
		"Berlin --> is -->  capital\n" +
		"1--> Cluster 2:\n" +
		"Berlin --> is --> [the] German capital\n"
	if got := string(WriteBenchIE(e.Doc)); got != want {
		t.Errorf("after deleting synset 1:\n%s\nwant\n%s", got, want)
	}
	e.Undo()
	e.Undo()
	if string(WriteBenchIE(e.Doc)) != odd {
		t.Error("undo does not bring the headers back")
	}
	// Renaming a sentence renames its headers.
	mustApply(t, e, SetSentenceID{Sentence: 0, ID: "B"})
	if got := string(WriteBenchIE(e.Doc)); !bytes.Contains([]byte(got), []byte("B--> Cluster 2:\n")) || !bytes.HasPrefix([]byte(got), []byte("sent_id:B\t")) {
		t.Errorf("after renaming:\n%s", got)
	}
}

func TestJunkFollowsTriples(t *testing.T) {
	const withJunk = "junk 0\n" +
		"sent_id:1\ta b c\n" +
		"junk 1\n" +
		"1--> Cluster 1:\n" +
		"a --> b --> c\n" +
		"junk 2\n" +
		"a --> b --> [c]"
	d, _, err := ReadBenchIE("j.txt", []byte(withJunk), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEditor(d)
	mustApply(t, e, DuplicateTriple{Sentence: 0, Synset: 0, Index: 0})
	want := "junk 0\nsent_id:1\ta b c\njunk 1\n1--> Cluster 1:\na --> b --> c\na --> b --> c\njunk 2\na --> b --> [c]"
	if got := string(WriteBenchIE(e.Doc)); got != want {
		t.Errorf("junk after duplicating:\n%s\nwant\n%s", got, want)
	}
	mustApply(t, e, DeleteTriple{Sentence: 0, Synset: 0, Index: 0}, DeleteTriple{Sentence: 0, Synset: 0, Index: 0})
	if got := string(WriteBenchIE(e.Doc)); got != "junk 0\nsent_id:1\ta b c\njunk 1\n1--> Cluster 1:\njunk 2\na --> b --> [c]" {
		t.Errorf("junk after deleting:\n%s", got)
	}
	mustApply(t, e, DropJunk{Sentence: 0}, DropJunk{Sentence: -1})
	if got := string(WriteBenchIE(e.Doc)); got != "sent_id:1\ta b c\n1--> Cluster 1:\na --> b --> [c]" {
		t.Errorf("after dropping junk:\n%s", got)
	}
	e.Undo()
	if len(e.Doc.Junk) != 1 {
		t.Error("undo of DropJunk{-1} does not restore the document's junk")
	}
}

// TestAdjudicate: a correct system extraction added to a synset is one
// step, and the gold then credits that synset for it.
func TestAdjudicate(t *testing.T) {
	d := small(t)
	e := NewEditor(d)
	x := oie.Extraction{SentID: "2", Triple: oie.Triple{Subject: "Graner", Relation: "handcuffed", Object: "him ."}}
	sys := &oie.System{Extractions: oie.ExtractionsOf([]oie.Extraction{x})}
	score := func() benchie.Judgement {
		g, err := e.Doc.Gold("g")
		if err != nil {
			t.Fatal(err)
		}
		return benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{}).Judgements[0]
	}
	if j := score(); j.Verdict != benchie.Incorrect {
		t.Fatalf("before: %v", j.Verdict)
	}
	mustApply(t, e, AddExtraction{Sentence: 1, Synset: NewSynset, Extraction: x.Triple})
	if j := score(); j.Verdict != benchie.Correct || j.Synset != 1 {
		t.Errorf("after adding to a new synset: %+v", j)
	}
	if got := describe(e.Doc.Sentences[1].Synsets[1].Triples[0].Slots[Object].Words); got != "#2 #3" {
		t.Errorf("extraction words %s", got)
	}
	e.Undo()
	mustApply(t, e, AddExtraction{Sentence: 1, Synset: 0, Extraction: x.Triple})
	if j := score(); j.Verdict != benchie.Correct || j.Synset != 0 {
		t.Errorf("after adding to synset 1: %+v", j)
	}
}

func TestMaxHistory(t *testing.T) {
	e := NewEditor(small(t))
	e.MaxHistory = 3
	for range 5 {
		mustApply(t, e, AddSynset{Sentence: 1})
	}
	if undo, _ := e.History(); len(undo) != 3 {
		t.Errorf("%d steps kept, want 3", len(undo))
	}
	for e.CanUndo() {
		e.Undo()
	}
	if n := len(e.Doc.Sentences[1].Synsets); n != 3 {
		t.Errorf("%d synsets after undoing all that is kept, want 3", n)
	}
}

// TestRandomEdits applies random ops, valid or not, with undo and redo, to
// the English gold; undoing everything gives the published file back, and
// a refused op never changes the document.
func TestRandomEdits(t *testing.T) {
	data := readData(t, "benchie_gold_annotations_en.txt")
	d, _, err := ReadBenchIE("en", data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEditor(d)
	r := rand.New(rand.NewPCG(7, 8))
	pick := func(n int) int { return r.IntN(n+2) - 1 } // sometimes out of range
	for range 3000 {
		si := pick(len(e.Doc.Sentences))
		var s *Sentence
		if si >= 0 && si < len(e.Doc.Sentences) {
			s = e.Doc.Sentences[si]
		} else {
			s = e.Doc.Sentences[0]
		}
		k, i := pick(len(s.Synsets)), 0
		if k >= 0 && k < len(s.Synsets) {
			i = pick(len(s.Synsets[k].Triples))
		}
		words := []Word{Tok(r.IntN(len(s.Tokens) + 1)), Typed("x").Optional()}
		ops := []Op{
			AddTriple{Sentence: si, Synset: k, Triple: Triple{Slots: [3]Slot{{Words: words}, {Words: words[:1]}, {Words: words}}}},
			SetSlot{Sentence: si, Synset: k, Index: i, Slot: r.IntN(3), Words: words},
			MoveTriple{Sentence: si, Synset: k, Index: i, To: pick(len(s.Synsets))},
			CopyTriple{Sentence: si, Synset: k, Index: i, To: pick(len(s.Synsets))},
			DuplicateTriple{Sentence: si, Synset: k, Index: i},
			DeleteTriple{Sentence: si, Synset: k, Index: i},
			DeleteSynset{Sentence: si, Synset: k},
			MergeSynsets{Sentence: si, Into: k, From: []int{pick(len(s.Synsets))}},
			MoveSynset{Sentence: si, Synset: k, To: pick(len(s.Synsets))},
			AddExtraction{Sentence: si, Synset: k, Extraction: oie.Triple{Subject: "He", Relation: "is", Object: "[a] man"}},
		}
		switch r.IntN(10) {
		case 0:
			e.Undo()
		case 1:
			e.Redo()
		default:
			before := e.Doc.Sentences
			if err := e.Apply(ops[r.IntN(len(ops))]); err != nil && !reflect.DeepEqual(before, e.Doc.Sentences) {
				t.Fatalf("refused op changed the document: %v", err)
			}
		}
	}
	if !e.CanUndo() {
		t.Fatal("no step was applied")
	}
	for e.CanUndo() {
		e.Undo()
	}
	if got := WriteBenchIE(e.Doc); !bytes.Equal(got, data) {
		t.Errorf("undoing every edit does not restore the file (byte %d)", firstDiff(got, data))
	}
}

// SentenceOf names the sentence of every operation on one sentence, and
// none for operations on the sentences themselves or the document's start.
func TestSentenceOf(t *testing.T) {
	for _, c := range []struct {
		op   Op
		want int
		ok   bool
	}{
		{AddTriple{Sentence: 2}, 2, true},
		{SetSlot{Sentence: 1, Slot: 2}, 1, true},
		{MergeSynsets{Sentence: 3, Into: 0, From: []int{1}}, 3, true},
		{DropJunk{Sentence: 4}, 4, true},
		{DropJunk{Sentence: -1}, 0, false},
		{AddSentences{Texts: []string{"a"}}, 0, false},
		{DeleteSentence{Sentence: 1}, 0, false},
		{SetSentenceID{Sentence: 1, ID: "x"}, 0, false},
	} {
		if got, ok := SentenceOf(c.op); got != c.want || ok != c.ok {
			t.Errorf("SentenceOf(%s) = %d, %v; want %d, %v", c.op.Name(), got, ok, c.want, c.ok)
		}
	}
}
