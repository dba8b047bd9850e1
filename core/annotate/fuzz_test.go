package annotate

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// FuzzReadAnnIE: the AnnIE reader never panics, and whatever it accepts
// goes back and forth through AnnIE JSON and BenchIE without loss.
func FuzzReadAnnIE(f *testing.F) {
	f.Add([]byte(annieSample))
	f.Add([]byte(`{"textFile": {"sentences": [{"text": "a b"}]}, "clusters": [{"sentenceNumber": 0, "clusterNumber": 1, "triples": [{"subjects": [{"text": "a", "index": "1"}], "objects": [{"text": "b", "index": 2, "optional": true}], "startSeparators": [{"index1": 0}], "endSeparators": [{"index1": "9"}]}]}]}`))
	f.Add([]byte(`{"textFile": {"sentences": []}, "oiebench": {"junk": ["x"], "noFinalNewline": true}}`))
	const gold = "junk\nsent_id:1\tBerlin is the German capital .\n1-->Cluster 4:\nBerlin --> is -->  [the]German capital\nx y\nBerlin --> is --> [the capital\n\nsent_id:2"
	if d, _, err := ReadBenchIE("g", []byte(gold), ReadOptions{}); err == nil {
		b, _ := WriteAnnIE(d)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		d, _, err := ReadAnnIE("fuzz.json", data, ReadOptions{})
		if err != nil {
			return
		}
		d.Validate()
		WriteText(d)
		out, err := WriteAnnIE(d)
		if err != nil {
			t.Fatal(err)
		}
		d2, _, err := ReadAnnIE("again.json", out, ReadOptions{})
		if err != nil {
			t.Fatalf("our own AnnIE JSON is rejected: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(d2, d) {
			t.Fatalf("AnnIE round trip changes the model:\n%s", out)
		}
	})
}

// FuzzLoadSnapshot: the snapshot loader never panics, and a loaded editor
// can undo and redo all its steps and save the same snapshot again.
func FuzzLoadSnapshot(f *testing.F) {
	e := NewEditor(&Document{Name: "seed"})
	e.Apply(AddSentences{Texts: []string{"Berlin is the German capital ."}})
	s := e.Doc.Sentences[0]
	e.Apply(AddTriple{Sentence: 0, Synset: NewSynset, Triple: s.ParseTriple(oie.Triple{Subject: "Berlin", Relation: "is", Object: "[the] capital"})})
	e.Apply(SetSlot{Sentence: 0, Synset: 0, Index: 0, Slot: Object, Words: []Word{{Token: 2, Open: true}, {Token: NoToken, Text: "city", Close: true}}})
	e.Undo()
	if b, err := SaveSnapshot(e, SnapshotOptions{}); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"format": "oiebench-annotation", "version": 1, "document": {"sentences": [{"id": "1", "tokens": ["a"], "synsets": [{"triples": [{"slots": [{"words": [0, "x", {"token": 0, "open": true}]}, {"words": []}, {"words": [{"text": "y", "close": true}]}]}]}]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		e, _, err := LoadSnapshot("fuzz.json", data)
		if err != nil {
			return
		}
		e.Doc.Validate()
		bench := WriteBenchIE(e.Doc)
		if _, err := WriteAnnIE(e.Doc); err != nil {
			t.Fatal(err)
		}
		snap, err := SaveSnapshot(e, SnapshotOptions{History: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		e2, _, err := LoadSnapshot("again.json", snap)
		if err != nil {
			t.Fatalf("our own snapshot is rejected: %v", err)
		}
		if !bytes.Equal(WriteBenchIE(e2.Doc), bench) {
			t.Fatal("snapshot round trip changes the document")
		}
		_, redo := e.History()
		for e.CanUndo() {
			e.Undo()
		}
		for e.CanRedo() {
			e.Redo()
		}
		for range redo {
			e.Undo()
		}
		if !bytes.Equal(WriteBenchIE(e.Doc), bench) {
			t.Fatal("undoing and redoing every step changes the document")
		}
	})
}

// FuzzReadBenchIE: reading what WriteBenchIE wrote gives the same file
// again (every written file is canonical), and AnnIE JSON keeps it.
func FuzzReadBenchIE(f *testing.F) {
	f.Add([]byte("sent_id:1\tHe served .\n1--> Cluster 1:\nHe --> served --> [as] PM\n"))
	f.Add([]byte("junk\r\nsent_id:1\tx\r\n\r\nx --> y --> z\r\n1-->Cluster 9:\n[a b --> c] --> d]\n2 0 6 :\n\n\nsent_id:2"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		d, _, err := ReadBenchIE("fuzz.txt", data, ReadOptions{})
		if err != nil {
			return
		}
		out := WriteBenchIE(d)
		d2, _, err := ReadBenchIE("again.txt", out, ReadOptions{})
		if err != nil {
			t.Fatalf("our own file is rejected: %v\n%q", err, out)
		}
		if again := WriteBenchIE(d2); !bytes.Equal(again, out) {
			t.Fatalf("written file is not canonical:\n%q\n%q", out, again)
		}
		aj, err := WriteAnnIE(d)
		if err != nil {
			t.Fatal(err)
		}
		d3, _, err := ReadAnnIE("a.json", aj, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if again := WriteBenchIE(d3); !bytes.Equal(again, out) {
			t.Fatalf("AnnIE JSON loses something:\n%q\n%q", out, again)
		}
	})
}
