package main

import (
	"slices"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/suggest"
	"github.com/oiebench/oiebench/ui"
)

// waitStudio waits until cond holds under the lock.
func (a *app) waitStudio(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		ok := cond()
		a.env.RUnlock()
		if ok {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	a.env.RLock()
	defer a.env.RUnlock()
	t.Fatalf("%s: not within a minute (queue %+v)", what, a.m.Studio.Suggest)
}

// synsetsOf lists a gold's synsets as triple texts, sentence by sentence.
func synsetsOf(t *testing.T, name string, data []byte) [][][]string {
	t.Helper()
	g, err := evaluate.ReadGold(evaluate.Input{Path: name, Data: data}, false)
	if err != nil {
		t.Fatal(err)
	}
	var out [][][]string
	for _, s := range g.Sentences {
		var syns [][]string
		for _, syn := range s.Synsets {
			var ts []string
			for i := range syn.Triples {
				tr := syn.Triple(i)
				ts = append(ts, tr.Subject+" | "+tr.Relation+" | "+tr.Object)
			}
			syns = append(syns, ts)
		}
		out = append(out, syns)
	}
	return out
}

// The queue on the edited copy of the English gold, from two shipped
// systems: accept as new, accept as a form of the closest synset, reject,
// skip, and undo (the work follows every step); the exported errata,
// applied to the published gold as the command line applies them, give
// the work's gold; after a reload the queue comes back where it was, and
// goes on.
func TestStudioSuggestionQueue(t *testing.T) {
	br, store := newFakeBrowser(), newMemStore()
	a := bootStudio(t, br, store)
	s := a.m.Studio
	a.handle(func() { a.EditBundled("en") })
	a.waitStudio(t, "the copy", func() bool { return s.Work != nil && s.Work.Base == "en" })
	a.handle(func() {
		a.OpenSuggestions()
		for i := range s.Suggest.Systems {
			k := s.Suggest.Systems[i].Key
			s.Suggest.Systems[i].Chosen = k == "en/0" || k == "fl-en/2" // ClausIE, IMoJIE of BenchIE^FL
		}
		s.Suggest.Top, s.Suggest.Who = 2, "ann"
	})
	if n := len(s.Suggest.Systems); n != 16 {
		t.Fatalf("%d systems offered, want BenchIE's 9 and BenchIE^FL's 7", n)
	}
	a.handle(a.StartSuggestions)
	a.waitStudio(t, "the queue", func() bool { return s.Suggest.Running || s.Suggest.Err != "" })
	if s.Suggest.Err != "" || s.Suggest.Item == nil {
		t.Fatalf("queue %+v", s.Suggest)
	}
	if p := s.Prefs.Queue; p == nil || p.GoldName != "benchie:en" || p.Gold != "" {
		t.Fatalf("kept queue %+v: an unedited copy is the published gold", p)
	}
	w := a.st.open
	count := func() (syn int) { syn, _ = w.ed.Doc.Count(); return }
	start := count()
	var accepted []string
	decide := func(d string, k int) {
		t.Helper()
		var it ui.SuggestItem
		a.handle(func() {
			it = *s.Suggest.Item
			if d == ui.SuggestAcceptForm && k == 0 {
				k = s.Suggest.Target
			}
			a.DecideSuggestion(d, k)
		})
		if d == ui.SuggestAcceptNew || d == ui.SuggestAcceptForm {
			accepted = append(accepted, it.SentenceID)
		}
	}
	decide(ui.SuggestAcceptNew, 0)
	if count() != start+1 || s.Suggest.Accepted != 1 {
		t.Fatalf("after accept: %d synsets (was %d), %d accepted; said %q", count(), start, s.Suggest.Accepted, s.Suggest.Said)
	}
	// Find a suggestion with a closest synset for accept-as-form.
	for s.Suggest.Item != nil && s.Suggest.Item.Closest == 0 {
		decide(ui.SuggestSkip, 0)
	}
	si, _ := w.ed.Doc.SentenceIndex(s.Suggest.Item.SentenceID)
	target := s.Suggest.Target - 1
	before := len(w.ed.Doc.Sentences[si].Synsets[target].Triples)
	decide(ui.SuggestAcceptForm, 0)
	if got := len(w.ed.Doc.Sentences[si].Synsets[target].Triples); got != before+1 || count() != start+1 {
		t.Fatalf("accept as a form: synset %d has %d triples (was %d); said %q", target+1, got, before, s.Suggest.Said)
	}
	decide(ui.SuggestReject, 0)
	decide(ui.SuggestAcceptNew, 0)
	done := s.Suggest.Done
	a.handle(a.UndoSuggestion)
	accepted = accepted[:len(accepted)-1]
	if count() != start+1 || s.Suggest.Done != done-1 || s.Suggest.Accepted != 2 {
		t.Fatalf("undo: %d synsets, done %d (was %d), accepted %d; said %q", count(), s.Suggest.Done, done, s.Suggest.Accepted, s.Suggest.Said)
	}
	decide(ui.SuggestAcceptNew, 0)

	checkErrata := func() {
		t.Helper()
		a.handle(a.ExportErrata)
		text, ok := br.downloaded["benchie-en.errata.json"]
		if !ok {
			t.Fatalf("downloads %q", br.downloads)
		}
		e, err := suggest.ParseErrata("benchie-en.errata.json", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range e.Entries {
			got = append(got, x.Sentence)
			if x.Who != "ann" {
				t.Errorf("entry %+v not signed by ann", x)
			}
		}
		if !slices.Equal(got, accepted) {
			t.Fatalf("errata sentences %q, accepted %q", got, accepted)
		}
		pub, err := br.Asset("data/benchie/benchie_gold_annotations_en.txt")
		if err != nil {
			t.Fatal(err)
		}
		g, err := evaluate.ReadGold(evaluate.Input{Path: "benchie:en", Data: pub}, false)
		if err != nil {
			t.Fatal(err)
		}
		applied, err := e.Apply(g)
		if err != nil {
			t.Fatal(err)
		}
		var work []byte
		a.handle(func() { work = annotate.WriteBenchIE(w.ed.Doc) })
		if x, y := synsetsOf(t, "applied", applied), synsetsOf(t, "work", work); !slices.EqualFunc(x, y, func(p, q [][]string) bool {
			return slices.EqualFunc(p, q, slices.Equal)
		}) {
			t.Fatal("the errata applied to the published gold are not the work")
		}
	}
	checkErrata()

	// Reload in the middle: the queue is where it was.
	a.savedAll(t)
	var item ui.SuggestItem
	a.handle(func() { item, done = *s.Suggest.Item, s.Suggest.Done })
	b := bootStudio(t, br, store)
	s = b.m.Studio
	b.waitStudio(t, "the restored queue", func() bool { return s.Suggest.Running || s.Suggest.Err != "" })
	if s.Suggest.Err != "" || !s.Suggest.Open || s.Suggest.Done != done || s.Suggest.Item == nil ||
		s.Suggest.Item.SentenceID != item.SentenceID || s.Suggest.Item.Rank != item.Rank || s.Suggest.Item.Triple != item.Triple {
		t.Fatalf("after the reload: %+v, want done %d at %+v", s.Suggest, done, item)
	}
	a, w = b, b.st.open
	decide(ui.SuggestAcceptNew, 0)
	checkErrata()
	a.handle(a.EndSuggestions)
	if s.Prefs.Queue != nil || s.Suggest.Running {
		t.Errorf("the ended queue is kept: %+v", s.Prefs.Queue)
	}
}
