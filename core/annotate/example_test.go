package annotate_test

import (
	"fmt"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/oie"
)

// A session of the studio: load sentences, annotate, undo, validate,
// export.
func Example() {
	doc, _ := annotate.ReadSentences("sample.txt", []byte("Berlin is the German capital .\n"))
	ed := annotate.NewEditor(doc)
	s := doc.Sentences[0]

	// Click "Berlin", "is", "[the]", "capital"; add to a new synset.
	t := annotate.Triple{Slots: [3]annotate.Slot{
		{Words: []annotate.Word{annotate.Tok(0)}},
		{Words: []annotate.Word{annotate.Tok(1)}},
		{Words: []annotate.Word{annotate.Tok(2).Optional(), annotate.Tok(4)}},
	}}
	ed.Apply(annotate.AddTriple{Sentence: 0, Synset: annotate.NewSynset, Triple: t})
	// Duplicate it as a variant and type a word that is not in the sentence.
	ed.Apply(annotate.DuplicateTriple{Sentence: 0, Synset: 0, Index: 0})
	ed.Apply(annotate.SetSlot{Sentence: 0, Synset: 0, Index: 1, Slot: annotate.Object,
		Words: []annotate.Word{annotate.Tok(2).Optional(), annotate.Tok(3), annotate.Typed("Hauptstadt")}})
	// Adjudicate a system extraction into a new synset, then think better of it.
	ed.Apply(annotate.AddExtraction{Sentence: 0, Synset: annotate.NewSynset,
		Extraction: oie.Triple{Subject: "Berlin", Relation: "is", Object: "German"}})
	ed.Undo()

	for _, is := range ed.Doc.Validate() {
		fmt.Println(is)
	}
	fmt.Print(string(annotate.WriteBenchIE(ed.Doc)))
	fmt.Println(s.Render(ed.Doc.Sentences[0].Synsets[0].Triples[1].Slots[annotate.Object].Words))
	// Output:
	// sent_id:1	Berlin is the German capital .
	// 1--> Cluster 1:
	// Berlin --> is --> [the] capital
	// Berlin --> is --> [the] German Hauptstadt
	// [the] German Hauptstadt
}
