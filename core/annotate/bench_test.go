package annotate

import (
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

const enGold = "benchie_gold_annotations_en.txt"

// BenchmarkReadBenchIEEN loads the English gold into the model (benchie's
// reader, then token alignment and what is kept as read).
func BenchmarkReadBenchIEEN(b *testing.B) {
	data := readData(b, enGold)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := ReadBenchIE("en", data, ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteBenchIEEN exports the English gold.
func BenchmarkWriteBenchIEEN(b *testing.B) {
	d := readGoldDoc(b, enGold)
	b.SetBytes(int64(len(WriteBenchIE(d))))
	for b.Loop() {
		WriteBenchIE(d)
	}
}

// BenchmarkWriteAnnIEEN exports the English gold as AnnIE progress JSON.
func BenchmarkWriteAnnIEEN(b *testing.B) {
	d := readGoldDoc(b, enGold)
	out, _ := WriteAnnIE(d)
	b.SetBytes(int64(len(out)))
	for b.Loop() {
		if _, err := WriteAnnIE(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadAnnIEEN reads the English gold back from AnnIE JSON.
func BenchmarkReadAnnIEEN(b *testing.B) {
	data, _ := WriteAnnIE(readGoldDoc(b, enGold))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := ReadAnnIE("en.json", data, ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSnapshotEN saves and loads the English gold with 100 steps of
// history, as an autosave does.
func BenchmarkSnapshotEN(b *testing.B) {
	e := NewEditor(readGoldDoc(b, enGold))
	for i := range 100 {
		s := e.Doc.Sentences[i]
		if err := e.Apply(AddExtraction{Sentence: i, Synset: NewSynset, Extraction: oie.Triple{Subject: s.Tokens[0], Relation: "is", Object: "[a] thing"}}); err != nil {
			b.Fatal(err)
		}
	}
	snap, _ := SaveSnapshot(e, SnapshotOptions{})
	b.SetBytes(int64(len(snap)))
	for b.Loop() {
		out, err := SaveSnapshot(e, SnapshotOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := LoadSnapshot("s.json", out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyUndoEN is one edit and its undo on the English gold: what
// a key press costs.
func BenchmarkApplyUndoEN(b *testing.B) {
	e := NewEditor(readGoldDoc(b, enGold))
	op := DuplicateTriple{Sentence: 12, Synset: 0, Index: 0}
	for b.Loop() {
		if err := e.Apply(op); err != nil {
			b.Fatal(err)
		}
		e.Undo()
	}
}

// BenchmarkValidateEN validates the whole English gold.
func BenchmarkValidateEN(b *testing.B) {
	d := readGoldDoc(b, enGold)
	for b.Loop() {
		d.Validate()
	}
}

// BenchmarkAgreeEN is the agreement of the English gold with itself, both
// directions (surface triples are listed only where an earlier synset
// could take the credit).
func BenchmarkAgreeEN(b *testing.B) {
	d := readGoldDoc(b, enGold)
	for b.Loop() {
		if _, err := Agree(d, d, AgreementOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
