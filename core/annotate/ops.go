package annotate

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// NewSynset, as a target synset, asks for a new synset at the end of the
// sentence.
const NewSynset = -1

// Causes an operation can fail with; test for them with errors.Is.
var (
	ErrOutOfRange  = errors.New("no such sentence, synset, triple or token")
	ErrInvalid     = errors.New("invalid value")
	ErrDuplicateID = errors.New("sentence id already used")
	ErrNothingToDo = errors.New("nothing to undo or redo")
)

// OpError is an operation that was refused; the document is unchanged.
type OpError struct {
	Op  string // the operation's name
	Msg string
	Err error // one of the Err* causes
}

// Error says which operation was refused and why.
func (e *OpError) Error() string { return e.Op + ": " + e.Msg }

// Unwrap returns the cause, for errors.Is.
func (e *OpError) Unwrap() error { return e.Err }

// Op is one user action on a document. Apply it with Editor.Apply; every
// Op is undone and redone as a whole. Ops are plain values that encode to
// JSON (see Snapshot), so a UI can also send them as messages.
type Op interface {
	// Name is the operation's stable name, e.g. "add-triple".
	Name() string
	// apply computes the change without touching the document.
	apply(d *Document) (change, error)
}

// The operations. Positions are indices from 0 into Document.Sentences,
// Sentence.Synsets and Synset.Triples at the time the op is applied.
type (
	// AddTriple adds a triple at the end of a synset, or of a new synset
	// (Synset: NewSynset).
	AddTriple struct {
		Sentence int    `json:"sentence"`
		Synset   int    `json:"synset"`
		Triple   Triple `json:"triple"`
	}
	// AddExtraction adjudicates a system extraction: its plain slot strings
	// become a triple of a synset, or of a new synset (Synset: NewSynset).
	// The slots are trimmed and read as BenchIE slot text.
	AddExtraction struct {
		Sentence   int        `json:"sentence"`
		Synset     int        `json:"synset"`
		Extraction oie.Triple `json:"extraction"`
	}
	// SetTriple replaces a triple (an edit). A slot whose words do not
	// change keeps its text as read.
	SetTriple struct {
		Sentence int    `json:"sentence"`
		Synset   int    `json:"synset"`
		Index    int    `json:"index"`
		Triple   Triple `json:"triple"`
	}
	// SetSlot replaces the words of one slot (0 subject, 1 relation,
	// 2 object) of a triple.
	SetSlot struct {
		Sentence int    `json:"sentence"`
		Synset   int    `json:"synset"`
		Index    int    `json:"index"`
		Slot     int    `json:"slot"`
		Words    []Word `json:"words"`
	}
	// MoveTriple moves a triple to the end of another synset, or of a new
	// one (To: NewSynset). The synset it leaves may become empty.
	MoveTriple struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
		Index    int `json:"index"`
		To       int `json:"to"`
	}
	// CopyTriple copies a triple to the end of another synset, or of a new
	// one (To: NewSynset).
	CopyTriple struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
		Index    int `json:"index"`
		To       int `json:"to"`
	}
	// DuplicateTriple inserts a copy of a triple just after it, to be edited
	// into a variant.
	DuplicateTriple struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
		Index    int `json:"index"`
	}
	// DeleteTriple deletes a triple. Its synset may become empty.
	DeleteTriple struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
		Index    int `json:"index"`
	}
	// AddSynset adds an empty synset at the end of a sentence.
	AddSynset struct {
		Sentence int `json:"sentence"`
	}
	// DeleteSynset deletes a synset with its triples.
	DeleteSynset struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
	}
	// MergeSynsets appends the triples of the From synsets, in the order
	// given, to the Into synset, and deletes them.
	MergeSynsets struct {
		Sentence int   `json:"sentence"`
		Into     int   `json:"into"`
		From     []int `json:"from"`
	}
	// MoveSynset moves a synset to another position. Order matters: a
	// correct extraction is credited to the first synset that matches it.
	MoveSynset struct {
		Sentence int `json:"sentence"`
		Synset   int `json:"synset"`
		To       int `json:"to"`
	}
	// AddSentences appends sentences, with the next free numeric ids.
	AddSentences struct {
		Texts []string `json:"texts"`
	}
	// DeleteSentence deletes a sentence with its synsets.
	DeleteSentence struct {
		Sentence int `json:"sentence"`
	}
	// SetSentenceID renames a sentence.
	SetSentenceID struct {
		Sentence int    `json:"sentence"`
		ID       string `json:"id"`
	}
	// DropJunk deletes the lines kept because they were not understood: of
	// a sentence and its synsets, or of the document's start (Sentence -1).
	DropJunk struct {
		Sentence int `json:"sentence"`
	}
)

// SentenceOf returns the one sentence an operation changes. It reports
// false for an operation on the sentences themselves (adding, deleting or
// renaming them changes what every sentence's ids are checked against) and
// for one on the document's start.
func SentenceOf(op Op) (int, bool) {
	switch o := op.(type) {
	case AddTriple:
		return o.Sentence, true
	case AddExtraction:
		return o.Sentence, true
	case SetTriple:
		return o.Sentence, true
	case SetSlot:
		return o.Sentence, true
	case MoveTriple:
		return o.Sentence, true
	case CopyTriple:
		return o.Sentence, true
	case DuplicateTriple:
		return o.Sentence, true
	case DeleteTriple:
		return o.Sentence, true
	case AddSynset:
		return o.Sentence, true
	case DeleteSynset:
		return o.Sentence, true
	case MergeSynsets:
		return o.Sentence, true
	case MoveSynset:
		return o.Sentence, true
	case DropJunk:
		if o.Sentence >= 0 {
			return o.Sentence, true
		}
	}
	return 0, false
}

// Name implements Op.
func (AddTriple) Name() string { return "add-triple" }

// Name implements Op.
func (AddExtraction) Name() string { return "add-extraction" }

// Name implements Op.
func (SetTriple) Name() string { return "set-triple" }

// Name implements Op.
func (SetSlot) Name() string { return "set-slot" }

// Name implements Op.
func (MoveTriple) Name() string { return "move-triple" }

// Name implements Op.
func (CopyTriple) Name() string { return "copy-triple" }

// Name implements Op.
func (DuplicateTriple) Name() string { return "duplicate-triple" }

// Name implements Op.
func (DeleteTriple) Name() string { return "delete-triple" }

// Name implements Op.
func (AddSynset) Name() string { return "add-synset" }

// Name implements Op.
func (DeleteSynset) Name() string { return "delete-synset" }

// Name implements Op.
func (MergeSynsets) Name() string { return "merge-synsets" }

// Name implements Op.
func (MoveSynset) Name() string { return "move-synset" }

// Name implements Op.
func (AddSentences) Name() string { return "add-sentences" }

// Name implements Op.
func (DeleteSentence) Name() string { return "delete-sentence" }

// Name implements Op.
func (SetSentenceID) Name() string { return "set-sentence-id" }

// Name implements Op.
func (DropJunk) Name() string { return "drop-junk" }

// opTypes makes an empty op from its name, for snapshots.
var opTypes = map[string]func() Op{}

func init() {
	for _, op := range []Op{&AddTriple{}, &AddExtraction{}, &SetTriple{}, &SetSlot{}, &MoveTriple{}, &CopyTriple{},
		&DuplicateTriple{}, &DeleteTriple{}, &AddSynset{}, &DeleteSynset{}, &MergeSynsets{}, &MoveSynset{},
		&AddSentences{}, &DeleteSentence{}, &SetSentenceID{}, &DropJunk{}} {
		t := reflect.TypeOf(op).Elem()
		opTypes[op.Name()] = func() Op { return reflect.New(t).Interface().(Op) }
	}
}

// change replaces Sentences[At : At+len(Before)] with After, and the
// document's junk lines when Junk is set. Sentences are never modified in
// place, so a change can be undone by putting Before back.
type change struct {
	At                    int
	Before, After         []*Sentence
	Junk                  bool
	JunkBefore, JunkAfter []string
}

func (c change) do(d *Document) { c.swap(d, c.Before, c.After, c.JunkAfter) }

func (c change) undo(d *Document) { c.swap(d, c.After, c.Before, c.JunkBefore) }

func (c change) swap(d *Document, out, in []*Sentence, junk []string) {
	d.Sentences = slices.Replace(slices.Clone(d.Sentences), c.At, c.At+len(out), in...)
	if c.Junk {
		d.Junk = junk
	}
}

func (c change) empty() bool {
	return reflect.DeepEqual(c.Before, c.After) && (!c.Junk || slices.Equal(c.JunkBefore, c.JunkAfter))
}

func refused(op Op, kind error, format string, args ...any) error {
	return &OpError{Op: op.Name(), Msg: fmt.Sprintf(format, args...), Err: kind}
}

func checkIndex(op Op, what string, i, n int) error {
	if i < 0 || i >= n {
		if n == 0 {
			return refused(op, ErrOutOfRange, "%s %d: there is none", what, i)
		}
		return refused(op, ErrOutOfRange, "%s %d: expected 0 to %d", what, i, n-1)
	}
	return nil
}

// editSentence applies f to a copy of sentence si.
func editSentence(op Op, d *Document, si int, f func(s *Sentence) error) (change, error) {
	if err := checkIndex(op, "sentence", si, len(d.Sentences)); err != nil {
		return change{}, err
	}
	old := d.Sentences[si]
	s := old.clone()
	if err := f(s); err != nil {
		return change{}, err
	}
	return change{At: si, Before: []*Sentence{old}, After: []*Sentence{s}}, nil
}

// triple checks a synset and triple position.
func triple(op Op, s *Sentence, k, i int) (*Synset, error) {
	if err := checkIndex(op, "synset", k, len(s.Synsets)); err != nil {
		return nil, err
	}
	syn := &s.Synsets[k]
	if err := checkIndex(op, "triple", i, len(syn.Triples)); err != nil {
		return nil, err
	}
	return syn, nil
}

// target returns the synset a triple goes to, making a new one at the end
// for NewSynset.
func target(op Op, s *Sentence, k int) (*Synset, error) {
	if k == NewSynset {
		s.Synsets = append(s.Synsets, Synset{})
		return &s.Synsets[len(s.Synsets)-1], nil
	}
	if err := checkIndex(op, "synset", k, len(s.Synsets)); err != nil {
		return nil, err
	}
	return &s.Synsets[k], nil
}

// cleanWords checks words given by a caller and normalises them: a sentence
// token carries no text of its own.
func cleanWords(op Op, s *Sentence, words []Word) ([]Word, error) {
	if len(words) == 0 {
		return nil, nil
	}
	out := slices.Clone(words)
	for j := range out {
		w := &out[j]
		switch {
		case w.Token >= len(s.Tokens) || w.Token < NoToken:
			return nil, refused(op, ErrOutOfRange, "word %d: token %d is not in the sentence (%d tokens)", j+1, w.Token, len(s.Tokens))
		case w.Token >= 0:
			w.Text = ""
		case strings.Contains(w.Text, "\n"):
			return nil, refused(op, ErrInvalid, "word %d: a typed word cannot hold a line break", j+1)
		}
	}
	return out, nil
}

// cleanTriple checks a caller's triple; the slots' Raw text is dropped, as
// it only describes slots read from a file.
func cleanTriple(op Op, s *Sentence, t Triple) (Triple, error) {
	var out Triple
	for k, sl := range t.Slots {
		words, err := cleanWords(op, s, sl.Words)
		if err != nil {
			return out, err
		}
		out.Slots[k] = Slot{Words: words}
	}
	return out, nil
}

// setWords gives a slot new words, keeping its text as read if they are the
// same words.
func setWords(sl *Slot, words []Word) {
	if !slices.Equal(sl.Words, words) {
		*sl = Slot{Words: words}
	}
}

// insertTriple inserts a triple at position i of a synset, before any junk
// line at that position (a duplicate stays next to its original).
func (syn *Synset) insertTriple(i int, t Triple) {
	syn.Triples = slices.Insert(syn.Triples, i, t)
	for j := range syn.Junk {
		if syn.Junk[j].After >= i {
			syn.Junk[j].After++
		}
	}
}

func (syn *Synset) removeTriple(i int) Triple {
	t := syn.Triples[i]
	syn.Triples = slices.Delete(syn.Triples, i, i+1)
	for j := range syn.Junk {
		if syn.Junk[j].After > i {
			syn.Junk[j].After--
		}
	}
	return t
}

// renumber forgets the headers as read of the synsets from position k on,
// whose numbers an operation changed.
func (s *Sentence) renumber(k int) {
	for ; k < len(s.Synsets); k++ {
		s.Synsets[k].Header, s.Synsets[k].NoHeader = "", false
	}
}

func (op AddTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		t, err := cleanTriple(op, s, op.Triple)
		if err != nil {
			return err
		}
		syn, err := target(op, s, op.Synset)
		if err != nil {
			return err
		}
		syn.insertTriple(len(syn.Triples), t)
		return nil
	})
}

func (op AddExtraction) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		x := op.Extraction.Trimmed()
		if strings.Contains(x.Subject+x.Relation+x.Object, "\n") {
			return refused(op, ErrInvalid, "an extraction slot holds a line break")
		}
		syn, err := target(op, s, op.Synset)
		if err != nil {
			return err
		}
		syn.insertTriple(len(syn.Triples), s.ParseTriple(x))
		return nil
	})
}

func (op SetTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		t, err := cleanTriple(op, s, op.Triple)
		if err != nil {
			return err
		}
		for k := range t.Slots {
			setWords(&syn.Triples[op.Index].Slots[k], t.Slots[k].Words)
		}
		return nil
	})
}

func (op SetSlot) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		if err := checkIndex(op, "slot", op.Slot, 3); err != nil {
			return err
		}
		words, err := cleanWords(op, s, op.Words)
		if err != nil {
			return err
		}
		setWords(&syn.Triples[op.Index].Slots[op.Slot], words)
		return nil
	})
}

func (op MoveTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		if op.To == op.Synset {
			return nil
		}
		t := syn.removeTriple(op.Index)
		to, err := target(op, s, op.To)
		if err != nil {
			return err
		}
		to.insertTriple(len(to.Triples), t)
		return nil
	})
}

func (op CopyTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		t := syn.Triples[op.Index].clone()
		to, err := target(op, s, op.To)
		if err != nil {
			return err
		}
		to.insertTriple(len(to.Triples), t)
		return nil
	})
}

func (op DuplicateTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		syn.insertTriple(op.Index+1, syn.Triples[op.Index].clone())
		return nil
	})
}

func (op DeleteTriple) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		syn, err := triple(op, s, op.Synset, op.Index)
		if err != nil {
			return err
		}
		syn.removeTriple(op.Index)
		return nil
	})
}

func (op AddSynset) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		s.Synsets = append(s.Synsets, Synset{})
		return nil
	})
}

func (op DeleteSynset) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		if err := checkIndex(op, "synset", op.Synset, len(s.Synsets)); err != nil {
			return err
		}
		s.Synsets = slices.Delete(s.Synsets, op.Synset, op.Synset+1)
		s.renumber(op.Synset)
		return nil
	})
}

func (op MergeSynsets) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		if err := checkIndex(op, "synset", op.Into, len(s.Synsets)); err != nil {
			return err
		}
		if len(op.From) == 0 {
			return refused(op, ErrInvalid, "no synset to merge")
		}
		seen := map[int]bool{op.Into: true}
		for _, k := range op.From {
			if err := checkIndex(op, "synset", k, len(s.Synsets)); err != nil {
				return err
			}
			if seen[k] {
				return refused(op, ErrInvalid, "synset %d is named twice", k)
			}
			seen[k] = true
		}
		into := &s.Synsets[op.Into]
		for _, k := range op.From {
			from := s.Synsets[k]
			for _, j := range from.Junk {
				j.After += len(into.Triples)
				into.Junk = append(into.Junk, j)
			}
			into.Triples = append(into.Triples, from.Triples...)
		}
		var kept []Synset
		for k, syn := range s.Synsets {
			if k == op.Into || !seen[k] {
				kept = append(kept, syn)
			}
		}
		s.Synsets = kept
		s.renumber(min(slices.Min(op.From), op.Into))
		return nil
	})
}

func (op MoveSynset) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		if err := checkIndex(op, "synset", op.Synset, len(s.Synsets)); err != nil {
			return err
		}
		if err := checkIndex(op, "position", op.To, len(s.Synsets)); err != nil {
			return err
		}
		if op.To == op.Synset {
			return nil
		}
		syn := s.Synsets[op.Synset]
		s.Synsets = slices.Insert(slices.Delete(s.Synsets, op.Synset, op.Synset+1), op.To, syn)
		s.renumber(min(op.Synset, op.To))
		return nil
	})
}

func (op AddSentences) apply(d *Document) (change, error) {
	if len(op.Texts) == 0 {
		return change{}, refused(op, ErrInvalid, "no sentences to add")
	}
	used := map[string]bool{}
	next := 1
	for _, s := range d.Sentences {
		used[s.ID] = true
		if n, err := strconv.Atoi(s.ID); err == nil && n >= next {
			next = n + 1
		}
	}
	var added []*Sentence
	for i, t := range op.Texts {
		if strings.Contains(t, "\n") {
			return change{}, refused(op, ErrInvalid, "text %d holds a line break: give one sentence a text", i+1)
		}
		if oie.TrimSpace(t) == "" {
			return change{}, refused(op, ErrInvalid, "text %d is empty", i+1)
		}
		for used[strconv.Itoa(next)] {
			next++
		}
		added = append(added, NewSentence(strconv.Itoa(next), t))
		used[strconv.Itoa(next)] = true
	}
	return change{At: len(d.Sentences), After: added}, nil
}

func (op DeleteSentence) apply(d *Document) (change, error) {
	if err := checkIndex(op, "sentence", op.Sentence, len(d.Sentences)); err != nil {
		return change{}, err
	}
	return change{At: op.Sentence, Before: []*Sentence{d.Sentences[op.Sentence]}}, nil
}

func (op SetSentenceID) apply(d *Document) (change, error) {
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		if op.ID == "" || op.ID != oie.TrimSpace(op.ID) || strings.ContainsAny(op.ID, "\t\n") {
			return refused(op, ErrInvalid, "id %q: expected a non-empty id without tabs, line breaks or surrounding spaces", op.ID)
		}
		if op.ID == s.ID {
			return nil
		}
		if i, used := d.SentenceIndex(op.ID); used {
			return refused(op, ErrDuplicateID, "id %q is the id of sentence %d", op.ID, i)
		}
		s.ID, s.Line = op.ID, ""
		s.renumber(0) // the headers as read name the old id
		return nil
	})
}

func (op DropJunk) apply(d *Document) (change, error) {
	if op.Sentence == -1 {
		return change{At: 0, Junk: true, JunkBefore: d.Junk}, nil
	}
	return editSentence(op, d, op.Sentence, func(s *Sentence) error {
		s.Junk = nil
		for k := range s.Synsets {
			s.Synsets[k].Junk = nil
		}
		return nil
	})
}

// DefaultMaxHistory is how many operations an Editor can undo by default.
const DefaultMaxHistory = 1000

// Editor applies operations to a document and keeps the undo and redo logs.
type Editor struct {
	Doc *Document
	// MaxHistory bounds the undo log; 0 means DefaultMaxHistory. The oldest
	// steps are forgotten first.
	MaxHistory int
	undo, redo []step
}

// step is one applied operation with its change.
type step struct {
	Op Op
	change
}

// NewEditor starts editing a document with empty logs.
func NewEditor(d *Document) *Editor { return &Editor{Doc: d} }

// Apply applies one operation as one undoable step. A refused operation
// returns an *OpError and leaves the document unchanged; an operation that
// changes nothing is not logged. Applying clears the redo log.
func (e *Editor) Apply(op Op) error {
	if op == nil {
		return &OpError{Op: "nil", Msg: "no operation", Err: ErrInvalid}
	}
	c, err := op.apply(e.Doc)
	if err != nil {
		return err
	}
	if c.empty() {
		return nil
	}
	c.do(e.Doc)
	e.undo = append(e.undo, step{op, c})
	e.redo = nil
	if limit := e.limit(); len(e.undo) > limit {
		e.undo = slices.Delete(e.undo, 0, len(e.undo)-limit)
	}
	return nil
}

func (e *Editor) limit() int {
	if e.MaxHistory > 0 {
		return e.MaxHistory
	}
	return DefaultMaxHistory
}

// Undo undoes the last step and returns its operation.
func (e *Editor) Undo() (Op, error) {
	if len(e.undo) == 0 {
		return nil, ErrNothingToDo
	}
	st := e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	st.undo(e.Doc)
	e.redo = append(e.redo, st)
	return st.Op, nil
}

// Redo redoes the last undone step and returns its operation.
func (e *Editor) Redo() (Op, error) {
	if len(e.redo) == 0 {
		return nil, ErrNothingToDo
	}
	st := e.redo[len(e.redo)-1]
	e.redo = e.redo[:len(e.redo)-1]
	st.do(e.Doc)
	e.undo = append(e.undo, st)
	return st.Op, nil
}

// CanUndo reports whether there is a step to undo.
func (e *Editor) CanUndo() bool { return len(e.undo) > 0 }

// CanRedo reports whether there is a step to redo.
func (e *Editor) CanRedo() bool { return len(e.redo) > 0 }

// History returns the operations that can be undone (oldest first) and
// those that can be redone (next first), for an undo menu.
func (e *Editor) History() (undo, redo []Op) {
	for _, st := range e.undo {
		undo = append(undo, st.Op)
	}
	for i := len(e.redo) - 1; i >= 0; i-- {
		redo = append(redo, e.redo[i].Op)
	}
	return undo, redo
}
