package benchie_test

import (
	"runtime"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestSubsetSharesCompiled: a subset of 5 of the English gold's 300
// sentences is a view: compiling it for every facet reuses the whole gold's
// compiled slots (made once, kept with the gold) and costs in proportion to
// the 5 sentences, and scoring it equals scoring the gold holding only them.
func TestSubsetSharesCompiled(t *testing.T) {
	data, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := benchie.ReadGold("en.txt", data, benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	picks := []int{9, 0, 1, 2, 3, 4, 4} // unordered and repeated: sentences 1-5 and 10
	whole := allocated(func() {
		for _, f := range benchie.Facets {
			benchie.Compile(g, f)
		}
	})
	var sub *benchie.Gold
	part := allocated(func() {
		if sub, err = g.Subset(picks); err != nil {
			t.Fatal(err)
		}
		for _, f := range benchie.Facets {
			benchie.Compile(sub, f)
		}
	})
	if part*20 > whole { // 6 sentences of 300: a fiftieth, with room
		t.Errorf("compiling a subset of 6 sentences allocated %d bytes, the whole gold %d: it must not copy the gold", part, whole)
	}
	if len(sub.Sentences) != 6 || sub.Sentences[5].ID != "10" || sub.Whole() != g || !sub.IsSubset() {
		t.Fatalf("subset of %d sentences, last %q", len(sub.Sentences), sub.Sentences[5].ID)
	}
	if _, ok := sub.SentenceIndex("6"); ok {
		t.Fatal("sentence 6 is not in the subset")
	}
	// A subset of a subset is a view of the whole gold.
	subsub, err := sub.Subset([]int{5})
	if err != nil || subsub.Whole() != g || subsub.Sentences[0].ID != "10" {
		t.Fatalf("%v %v", err, subsub)
	}
	if _, err := g.Subset([]int{300}); err == nil {
		t.Fatal("a position out of range is an error")
	}
	sys := readSystem(t, "systems/clausie_explicit.txt")
	ids := map[string]bool{}
	for _, s := range sub.Sentences {
		ids[s.ID] = true
	}
	var kept []*benchie.Sentence
	for _, s := range g.Sentences {
		if ids[s.ID] {
			kept = append(kept, s)
		}
	}
	alone, err := benchie.NewGold("alone.txt", kept) // compiled on its own, from the slots as written
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range benchie.Facets {
		got := benchie.Compile(sub, f).Score(sys, benchie.Options{})
		want := benchie.Compile(alone, f).Score(sys, benchie.Options{})
		if got.Counts != want.Counts || got.Ignored != want.Ignored || got.OutsideSubset != got.Ignored || got.OutsideSubset == 0 {
			t.Errorf("%s: %+v (ignored %d, outside %d), alone %+v (ignored %d)", f, got.Counts, got.Ignored, got.OutsideSubset, want.Counts, want.Ignored)
		}
		for i, j := range got.Judgements {
			if j != want.Judgements[i] {
				t.Fatalf("%s: extraction %d judged %+v, alone %+v", f, i, j, want.Judgements[i])
			}
		}
	}
}
