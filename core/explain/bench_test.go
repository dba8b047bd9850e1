package explain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
)

// BenchmarkSentence explains every English sentence for all 9 systems, as
// the explorer does on "All systems" (per sentence: the figure / 300).
func BenchmarkSentence(b *testing.B) {
	gold, systems := bundled(b, "en")
	x := NewExplorer(evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{}))
	for b.Loop() {
		for si := range gold.Sentences {
			x.forms = map[*benchie.Synset]formCount{} // count forms again, as a new page would
			x.Sentence(si, benchie.Regular, nil)
		}
	}
}

// BenchmarkSentenceList filters the sentence list, as every render does.
func BenchmarkSentenceList(b *testing.B) {
	gold, systems := bundled(b, "en")
	x := NewExplorer(evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{}))
	for b.Loop() {
		x.Sentences(Filter{Facet: benchie.Regular, System: -1, Show: ShowErrors, Query: "the"})
	}
}

// BenchmarkSentenceWindowed explains the page's inputs of issue 30 (the
// e2e TestSentencesWindowed): a sentence with 20,000 extractions of one
// system and a sentence with one extraction of 10 MB, whole and as the page
// does, a window of 50 rows with slots cut at 60 words
// (docs/reliability.md).
func BenchmarkSentenceWindowed(b *testing.B) {
	gold, _ := bundled(b, "en")
	var text strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&text, "1\tHe%d\tserved\tas the first Prime Minister\n", i)
	}
	text.WriteString("2\tGraner\thandcuffed\t" + strings.Repeat("him ", 10<<20/4) + "\n")
	big, err := evaluate.ReadSystem(evaluate.Input{Name: "big", Path: "big.tsv", Data: []byte(text.String())}, "")
	if err != nil {
		b.Fatal(err)
	}
	x := NewExplorer(evaluate.NewWorkspace(gold).Evaluate([]*evaluate.System{big}, evaluate.Options{}))
	x.SearchClosest = 200
	for _, id := range []string{"1", "2"} {
		si, _ := gold.SentenceIndex(id)
		b.Run("sentence "+id+" whole", func(b *testing.B) {
			x.SlotWords = 0
			for b.Loop() {
				x.Sentence(si, benchie.Regular, nil)
			}
		})
		b.Run("sentence "+id+" window", func(b *testing.B) {
			x.SlotWords = 60
			for b.Loop() {
				x.SentenceWindow(si, benchie.Regular, nil, func(int) int { return 50 })
			}
		})
	}
}
