package explain

import (
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
