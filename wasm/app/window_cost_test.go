//go:build !(js && wasm)

package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
	"github.com/oiebench/oiebench/wasm/app/dom"
	"github.com/vugu/vugu"
)

// The steps of the Sentences view on a sentence with many extractions
// (e2e TestSentencesWindowed, issue 30) cost the window, not the sentence:
// opening sentence 1 of a system with 20,000 extractions of it, and
// showing 20 more, allocates, builds and sends what it does with 2,000
// (the counts' digits aside). The browser's times are logged by the e2e
// test; these figures do not move with the machine's load
// (go test -run TestSentencesWindowCost -v ./wasm/app).
func TestSentencesWindowCost(t *testing.T) {
	a, err := startSettled()
	if err != nil {
		t.Fatal(err)
	}
	defer a.env.UnlockOnly()
	bundled := a.m.Eval
	defer a.m.SetEvaluation(bundled)
	measure := func(n int) (open, more renderStep) {
		do := sentencesPage(t, a, bundled, ui.ViewSentences, generatedSystem(t, "big", n))
		do(func() {}) // the view on all systems
		open = do(func() { a.m.Prefs.System = "big" })
		more = do(func() {
			sv := (&ui.SentencesView{M: a.m}).Detail()
			(&ui.SentenceDetailBody{M: a.m, View: sv}).MoreExtractions(sv.Systems[0])
		})
		return open, more
	}
	open2k, more2k := measure(2000)
	open20k, more20k := measure(20000)
	t.Logf("open sentence 1: 2,000 extractions %+v, 20,000 %+v", open2k, open20k)
	t.Logf("20 more:         2,000 extractions %+v, 20,000 %+v", more2k, more20k)
	for _, s := range [][2]renderStep{{open2k, open20k}, {more2k, more20k}} {
		small, large := s[0], s[1]
		if large.nodes != small.nodes || large.sent > small.sent+64 || large.allocs > small.allocs+small.allocs/10 {
			t.Errorf("with 20,000 extractions a step costs %+v, with 2,000 %+v: it grows with the sentence", large, small)
		}
	}
}

// The Sentences view opened on sentence 1 (a click on its tab, from the
// Scores view) builds the sentence's detail in parts (ui detailPartRows):
// its first render sends and mounts what it does with the bundled systems
// alone when five more systems, of 20 extractions of the sentence each,
// come after them, but for the System choice's option of each (a node and
// its text, 200 bytes); the later parts bring those (ui
// TestSentenceDetailInParts). Built whole, the five would add about 5,000
// nodes to that render. Its allocations are logged: the sentence is still
// explained for every system at once (explain.SentenceWindow).
func TestSentencesFirstRenderInParts(t *testing.T) {
	a, err := startSettled()
	if err != nil {
		t.Fatal(err)
	}
	defer a.env.UnlockOnly()
	bundled := a.m.Eval
	defer a.m.SetEvaluation(bundled)
	open := func(more int) renderStep {
		var systems []*evaluate.System
		for k := range more {
			systems = append(systems, generatedSystem(t, fmt.Sprintf("more%d", k), 20))
		}
		do := sentencesPage(t, a, bundled, ui.ViewScores, systems...)
		do(func() {}) // the Scores view
		return do(func() { a.m.Prefs.View = ui.ViewSentences })
	}
	bundledOnly, five := open(0), open(5)
	t.Logf("the Sentences view's first render on sentence 1: %d systems %+v; with 5 more of 20 extractions each %+v", len(bundled.Systems), bundledOnly, five)
	if five.nodes > bundledOnly.nodes+2*5 || five.sent > bundledOnly.sent+200*5 {
		t.Errorf("with 5 more systems the first render costs %+v, with the bundled ones %+v: it grows with the systems after the first part", five, bundledOnly)
	}
}

// renderStep is what one step of the page cost: the allocations of its
// build and diff, the patch's bytes, and the page's nodes after it.
type renderStep struct {
	allocs uint64
	sent   int
	nodes  int
}

// sentencesPage evaluates the bundled systems and more, with a fresh window, on sentence 1 in view, and
// returns the page's next step: a change, then a build and its patch, with
// what they cost. The caller restores the bundled evaluation.
func sentencesPage(t *testing.T, a *app, bundled *evaluate.Evaluation, view ui.View, more ...*evaluate.System) func(change func()) renderStep {
	t.Helper()
	systems := append(append([]*evaluate.System{}, bundled.Systems...), more...)
	a.m.SetEvaluation(evaluate.NewWorkspace(bundled.Gold).Evaluate(systems, evaluate.Options{}))
	a.m.Window = ui.Window{}
	a.m.Prefs.View, a.m.Prefs.System, a.m.Prefs.Sentence = view, "", "1"
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	root := &ui.Root{M: a.m}
	var tree dom.Tree
	return func(change func()) renderStep {
		change()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		p, err := tree.Patch(env.RunBuild(root))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return renderStep{after.Mallocs - before.Mallocs, len(p), tree.Nodes()}
	}
}

// generatedSystem is a system of n extractions, all of sentence 1.
func generatedSystem(t *testing.T, name string, n int) *evaluate.System {
	t.Helper()
	var text strings.Builder
	for i := range n {
		fmt.Fprintf(&text, "1\tHe%d\tserved\tas the first Prime Minister\n", i)
	}
	s, err := evaluate.ReadSystem(evaluate.Input{Name: name, Path: name + ".tsv", Data: []byte(text.String())}, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
