package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/ui"
)

// Two annotators' works with conflicting synsets and one sentence whose
// text they wrote differently: the Agreement view warns of the text, a
// merge takes sentence 1 from A, 2 from B and 3 from both into a new work
// with each synset's provenance, and after a reload A and B are the same
// works and the merged work still says where its synsets came from.
func TestStudioMergeReload(t *testing.T) {
	br, store := newFakeBrowser(), newMemStore()
	a := bootStudio(t, br, store)
	s := a.m.Studio
	gold := func(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }
	a.openPicked([]pickedFile{
		{Name: "ann-a.txt", Data: gold(
			"sent_id:1\tObama was born in Hawaii .", "1--> Cluster 1:", "Obama --> was born in --> Hawaii", "1--> Cluster 2:", "Obama --> was --> born", "",
			"sent_id:2\tShe left early .", "2--> Cluster 1:", "She --> left --> early", "",
			"sent_id:3\tBerlin is the capital of Germany .", "3--> Cluster 1:", "Berlin --> is the capital of --> Germany")},
		{Name: "ann-b.txt", Data: gold(
			"sent_id:1\tObama was born in Hawaii .", "1--> Cluster 1:", "Obama --> was born [in] --> Hawaii", "",
			"sent_id:2\tShe left early .", "2--> Cluster 1:", "She --> left --> [early]", "2--> Cluster 2:", "She --> left --> early .", "",
			"sent_id:3\tBerlin , is the capital of Germany .", "3--> Cluster 1:", "Berlin --> is [the] capital of --> Germany", "3--> Cluster 2:", "Germany --> has capital --> Berlin")},
	})
	if len(a.st.works) != 2 {
		t.Fatalf("%d works (problems %+v)", len(a.st.works), s.Problems)
	}
	idB, idA := a.st.works[0].meta.ID, a.st.works[1].meta.ID // newest first
	a.handle(func() { a.AgreementWork(0, idA); a.AgreementWork(1, idB) })
	ag := &s.Agree
	a.waitStudio(t, "the agreement", func() bool { return ag.Result != nil || ag.Err != "" })
	if len(ag.Warnings) != 1 || !strings.Contains(ag.Warnings[0], "#3") || !ag.Differ["3"] {
		t.Errorf("warnings %q, differ %v", ag.Warnings, ag.Differ)
	}
	a.handle(func() {
		ag.Take = map[string]annotate.Take{"1": annotate.TakeA, "2": annotate.TakeB}
		a.MergeAgreement()
	})
	if ag.Err != "" || ag.Merged == "" || len(a.st.works) != 3 {
		t.Fatalf("merge: err %q, merged %q, %d works", ag.Err, ag.Merged, len(a.st.works))
	}
	merged := a.st.works[0]
	if a.st.open == merged {
		t.Error("the merge took the studio over")
	}
	var counts []int
	for _, sen := range merged.ed.Doc.Sentences {
		counts = append(counts, len(sen.Synsets))
	}
	if !slices.Equal(counts, []int{2, 2, 2}) || merged.ed.Doc.Sentences[2].Text != "Berlin is the capital of Germany ." {
		t.Errorf("merged synsets per sentence %v, sentence 3 %q", counts, merged.ed.Doc.Sentences[2].Text)
	}
	wantProv := map[string][]annotate.Provenance{"1": {"A+B", "A"}, "2": {"B+A", "B"}, "3": {"A+B", "B"}}
	check := func(kept map[string]ui.MergeRecord) {
		t.Helper()
		rec, ok := kept[merged.meta.ID]
		if !ok {
			t.Fatalf("no provenance kept for the merged work")
		}
		for id, want := range wantProv {
			if !slices.Equal(rec.Provenance[id], want) {
				t.Errorf("sentence %s provenance %q, want %q", id, rec.Provenance[id], want)
			}
		}
	}
	check(s.Prefs.Merged)
	a.savedAll(t)

	b := bootStudio(t, br, store)
	s = b.m.Studio
	ag = &s.Agree
	b.waitStudio(t, "the agreement after the reload", func() bool { return ag.Result != nil || ag.Err != "" })
	if ag.Sides[0] == nil || ag.Sides[1] == nil || ag.Sides[0].WorkID != idA || ag.Sides[1].WorkID != idB || len(ag.Warnings) != 1 {
		t.Fatalf("after the reload: sides %+v %+v, warnings %q", ag.Sides[0], ag.Sides[1], ag.Warnings)
	}
	if len(b.st.works) != 3 {
		t.Fatalf("%d works after the reload", len(b.st.works))
	}
	check(s.Prefs.Merged)
	b.handle(func() { b.SelectWork(merged.meta.ID) })
	if got := s.Provenance("3", 1); got != "B" {
		t.Errorf("the studio says synset 2 of sentence 3 came from %q, want B", got)
	}
}
