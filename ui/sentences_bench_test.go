package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/vugu/vugu"
)

// BenchmarkSentencesWindowed builds the Sentences view on the input of the
// e2e TestSentencesWindowed (a system with 20,000 extractions of sentence
// 1, beside the bundled English systems), as its steps do: "open" chooses
// the system (the list and the detail computed anew), "more" shows 20 more
// extractions, "unchanged" builds again with nothing changed
// (go test -run '^$' -bench SentencesWindowed -benchmem ./ui).
func BenchmarkSentencesWindowed(b *testing.B) {
	m, _ := model(b, "en")
	var text strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&text, "1\tHe%d\tserved\tas the first Prime Minister\n", i)
	}
	big, err := evaluate.ReadSystem(evaluate.Input{Name: "big", Path: "big.tsv", Data: []byte(text.String())}, "")
	if err != nil {
		b.Fatal(err)
	}
	systems := append(append([]*evaluate.System{}, m.Eval.Systems...), big)
	ev := evaluate.NewWorkspace(m.Eval.Gold).Evaluate(systems, evaluate.Options{})
	v := &SentencesView{M: m}
	env, err := vugu.NewBuildEnv()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("open", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			m.SetEvaluation(ev) // nothing computed yet
			m.Prefs.System = ""
			env.RunBuild(v)
			b.StartTimer()
			m.Prefs.System = "big"
			env.RunBuild(v)
		}
	})
	b.Run("more", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			m.Prefs.System, m.Window, m.sentenceCache = "big", Window{}, nil // the window of 20 explained anew
			env.RunBuild(v)
			d := &SentenceDetailBody{M: m, View: v.Detail()}
			b.StartTimer()
			d.MoreExtractions(d.View.Systems[0])
			env.RunBuild(v)
		}
	})
	b.Run("unchanged", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			env.RunBuild(v)
		}
	})
}
