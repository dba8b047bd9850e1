package annotate

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// edited returns an editor with a few steps done and one undone.
func edited(t *testing.T) *Editor {
	t.Helper()
	e := NewEditor(small(t))
	s := e.Doc.Sentences[0]
	mustApply(t, e,
		AddTriple{Sentence: 0, Synset: NewSynset, Triple: s.ParseTriple(oie.Triple{Subject: "He", Relation: "was", Object: "[the] PM"})},
		SetSlot{Sentence: 0, Synset: 0, Index: 0, Slot: Object, Words: []Word{Tok(3).Optional(), {Token: 6, Open: true}, {Token: NoToken, Text: "of Oz", Close: true}}},
		AddSentences{Texts: []string{"Barton died ."}},
		MergeSynsets{Sentence: 0, Into: 1, From: []int{0}},
		DropJunk{Sentence: 0},
	)
	if _, err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSnapshotRoundTrip(t *testing.T) {
	e := edited(t)
	snap, err := SaveSnapshot(e, SnapshotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, warnings, err := LoadSnapshot("autosave.json", snap)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	if !reflect.DeepEqual(got.Doc, e.Doc) {
		t.Fatal("the document changes through a snapshot")
	}
	u1, r1 := e.History()
	u2, r2 := got.History()
	if !reflect.DeepEqual(u1, u2) || !reflect.DeepEqual(r1, r2) {
		t.Fatalf("history %v %v, want %v %v", u2, r2, u1, r1)
	}
	// The loaded editor undoes and redoes as the saved one would.
	for e.CanUndo() {
		e.Undo()
		got.Undo()
		if !bytes.Equal(WriteBenchIE(got.Doc), WriteBenchIE(e.Doc)) {
			t.Fatal("undo after loading differs")
		}
	}
	for e.CanRedo() {
		e.Redo()
		got.Redo()
		if !bytes.Equal(WriteBenchIE(got.Doc), WriteBenchIE(e.Doc)) {
			t.Fatal("redo after loading differs")
		}
	}
	if again, _ := SaveSnapshot(got, SnapshotOptions{}); !bytes.Equal(again, mustSave(t, e)) {
		t.Error("a loaded snapshot saves differently")
	}
	// History: 1 keeps the last step of each log; -1 none.
	one, _, _ := LoadSnapshot("s", mustSaveWith(t, edited(t), SnapshotOptions{History: 1}))
	if u, r := one.History(); len(u) != 1 || len(r) != 1 || u[0].Name() != "add-sentences" || r[0].Name() != "merge-synsets" {
		t.Errorf("History 1: %v %v", u, r)
	}
	none, _, _ := LoadSnapshot("s", mustSaveWith(t, edited(t), SnapshotOptions{History: -1}))
	if none.CanUndo() || none.CanRedo() {
		t.Error("History -1 saved steps")
	}
}

func mustSave(t *testing.T, e *Editor) []byte { return mustSaveWith(t, e, SnapshotOptions{}) }

func mustSaveWith(t *testing.T, e *Editor, opt SnapshotOptions) []byte {
	t.Helper()
	b, err := SaveSnapshot(e, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSnapshotHistoryDropped: a history that does not lead to the document
// (edited by hand, or from another document) is dropped, the document kept.
func TestSnapshotHistoryDropped(t *testing.T) {
	snap := string(mustSave(t, edited(t)))
	tampered := strings.Replace(snap, `"sentences":[{"id":"1"`, `"sentences":[{"id":"one"`, 1)
	if tampered == snap {
		t.Fatal("sample not found")
	}
	e, warnings, err := LoadSnapshot("s.json", []byte(tampered))
	if err != nil {
		t.Fatal(err)
	}
	if e.CanUndo() || e.CanRedo() || len(warnings) != 1 || !strings.Contains(warnings[0].Msg, "undo history dropped") {
		t.Errorf("history kept: %v", warnings)
	}
	if e.Doc.Sentences[0].ID != "one" {
		t.Error("document not kept")
	}
}

// TestLoadSnapshotErrors: nothing is loaded from a snapshot that cannot be
// trusted, and the error says where.
func TestLoadSnapshotErrors(t *testing.T) {
	good := string(mustSave(t, edited(t)))
	var doc map[string]any
	if err := json.Unmarshal([]byte(good), &doc); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, data string
		line, col  int
		msg        string
	}{
		{"not JSON", "{\"format\": \"oiebench-annotation\",\n \"version\": 1,,}", 2, 15, "invalid JSON"},
		{"not an object", "[]", 1, 1, "expected a JSON object"},
		{"other format", `{"format": "annie", "version": 1}`, 1, 12, "not an oiebench snapshot"},
		{"no version", `{"format": "oiebench-annotation"}`, 1, 1, `expected "version"`},
		{"newer", `{"format": "oiebench-annotation", "version": 2, "document": {}}`, 1, 46, "written by a newer oiebench"},
		{"no document", `{"format": "oiebench-annotation", "version": 1}`, 1, 1, `missing "document"`},
		{"wrong type", "{\"format\": \"oiebench-annotation\", \"version\": 1,\n \"document\": {\"sentences\": [{\"id\": 5}]}}", 2, 36, "invalid snapshot"},
		{"bad word", `{"format": "oiebench-annotation", "version": 1, "document": {"sentences": [{"id": "1", "synsets": [{"triples": [{"slots": [{"words": [true]}]}]}]}]}}`, 1, 135, "a word must be"},
		{"token range", "{\"format\": \"oiebench-annotation\", \"version\": 1, \"document\": {\"sentences\": [\n{\"id\": \"1\", \"tokens\": [\"a\"], \"synsets\": [{\"triples\": [{\"slots\": [{\"words\": [0, 3]}]}]}]}]}}", 2, 80, `token 3 is not in sentence "1"`},
		{"repeated id", "{\"format\": \"oiebench-annotation\", \"version\": 1, \"document\": {\"sentences\": [{\"id\": \"1\"},\n {\"id\": \"1\"}]}}", 2, 9, `sentence id "1" is repeated`},
		{"null sentence", `{"format": "oiebench-annotation", "version": 1, "document": {"sentences": [null]}}`, 1, 76, "a sentence is null"},
		{"unknown op", `{"format": "oiebench-annotation", "version": 1, "document": {}, "undo": [{"op": {"name": "explode", "args": {}}}]}`, 1, 81, `unknown operation "explode"`},
	}
	for _, c := range cases {
		e, _, err := LoadSnapshot("s.json", []byte(c.data))
		var pe *oie.ParseError
		if e != nil || !errors.As(err, &pe) {
			t.Errorf("%s: %v, want a ParseError", c.name, err)
			continue
		}
		if pe.Line != c.line || pe.Column != c.col || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: %v, want %d:%d %q", c.name, err, c.line, c.col, c.msg)
		}
	}
}
