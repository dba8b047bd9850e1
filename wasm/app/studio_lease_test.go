package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu/js"
)

// leases is one browser's Web Lock for the studio, as the fake tabs share it.
type leases struct {
	mu     sync.Mutex
	holder *fakeLease
	queue  []*fakeLease
}

type fakeLease struct {
	all     *leases
	granted chan struct{}
	onAsk   func()
}

func (l *fakeLease) Hold() bool {
	l.all.mu.Lock()
	defer l.all.mu.Unlock()
	if l.all.holder == nil {
		l.all.holder = l
		return true
	}
	return false
}

func (l *fakeLease) Wait() error {
	l.all.mu.Lock()
	if l.all.holder == nil {
		l.all.holder = l
		l.all.mu.Unlock()
		return nil
	}
	l.granted = make(chan struct{})
	l.all.queue = append(l.all.queue, l)
	g := l.granted
	l.all.mu.Unlock()
	<-g
	return nil
}

func (l *fakeLease) Ask() {
	l.all.mu.Lock()
	h := l.all.holder
	l.all.mu.Unlock()
	if h != nil && h.onAsk != nil {
		h.onAsk()
	}
}

func (l *fakeLease) Release() {
	l.all.mu.Lock()
	defer l.all.mu.Unlock()
	if l.all.holder != l {
		return
	}
	l.all.holder = nil
	if len(l.all.queue) > 0 {
		l.all.holder, l.all.queue = l.all.queue[0], l.all.queue[1:]
		close(l.all.holder.granted)
	}
}

func (l *fakeLease) OnAsk(f func()) { l.onAsk = f }

// Two tabs on one store: the second is read-only and refuses changes;
// "Edit here" makes the first save and hand over, the second reads the
// works again (the first tab's last edit included) and edits; the first is
// then read-only. No edit of either tab is lost.
func TestStudioOneWriterAcrossTabs(t *testing.T) {
	shared := &leases{}
	defer func(old func() studioLease) { newStudioLease = old }(newStudioLease)
	newStudioLease = func() studioLease { return &fakeLease{all: shared} }
	store := newMemStore()
	a := bootStudio(t, newFakeBrowser(), store)
	b := bootStudio(t, newFakeBrowser(), store)
	if a.m.Studio.Elsewhere || !b.m.Studio.Elsewhere {
		t.Fatalf("elsewhere: first tab %v, second %v", a.m.Studio.Elsewhere, b.m.Studio.Elsewhere)
	}
	a.openPicked([]pickedFile{{Name: "mine.txt", Data: []byte("Obama was born in Hawaii .\nShe left early .\n")}})
	var err error
	a.handle(func() { err = a.Apply(annotate.SetSentenceID{Sentence: 0, ID: "a1"}) })
	if err != nil {
		t.Fatal(err)
	}
	// The second tab changes nothing.
	b.openPicked([]pickedFile{{Name: "other.txt", Data: []byte("One sentence .\n")}})
	b.handle(func() { b.StartFromText("typed", "Another sentence .") })
	if len(b.st.works) != 0 || !strings.Contains(b.m.Studio.Status, "another tab") {
		t.Fatalf("the read-only tab made works: %d (status %q)", len(b.st.works), b.m.Studio.Status)
	}
	b.handle(b.EditHere)
	deadline := time.Now().Add(20 * time.Second)
	for {
		b.env.RLock()
		done := !b.m.Studio.Elsewhere
		b.env.RUnlock()
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second tab did not take the editing over")
		}
		time.Sleep(5 * time.Millisecond)
	}
	a.env.RLock()
	if !a.m.Studio.Elsewhere {
		t.Error("the first tab still edits")
	}
	a.env.RUnlock()
	b.env.Lock()
	if len(b.st.works) != 1 || b.st.open == nil || b.st.open.ed.Doc.Sentences[0].ID != "a1" {
		t.Fatalf("the second tab reads %d works; the first tab's edit is missing", len(b.st.works))
	}
	err = b.Apply(annotate.SetSentenceID{Sentence: 1, ID: "b2"})
	b.env.UnlockRender()
	if err != nil {
		t.Fatal(err)
	}
	b.savedAll(t)
	a.handle(func() { err = a.Apply(annotate.SetSentenceID{Sentence: 0, ID: "lost"}) })
	if err == nil || !strings.Contains(err.Error(), "another tab") {
		t.Errorf("the first tab took a change after handing over: %v", err)
	}
	works, _ := store.LoadWorks()
	if len(works) != 1 {
		t.Fatalf("%d works stored", len(works))
	}
	ed, _, _ := annotate.LoadSnapshot("w", works[0].Snapshot)
	if got := ed.Doc.Sentences[0].ID + " " + ed.Doc.Sentences[1].ID; got != "a1 b2" {
		t.Errorf("stored sentence ids %q, want both tabs' edits (a1 b2)", got)
	}
}

// Every action that changes the studio's works passes edit's check: called
// while another tab holds the lease (as giveLease leaves a tab), each one
// changes no work, makes or deletes none, and stores nothing. An action
// added later that changed a work without edit fails here.
func TestStudioEveryEditRefusedElsewhere(t *testing.T) {
	store := newMemStore()
	a := bootStudio(t, newFakeBrowser(), store)
	s := a.m.Studio
	elsewhere := func(on bool) { a.handle(func() { a.st.elsewhere, s.Elsewhere = on, on }) }
	// state is what an edit would change: every work's text and
	// revision, the works stored, the queue's decisions, the gold on screen.
	state := func() string {
		a.savedAll(t)
		a.env.RLock()
		defer a.env.RUnlock()
		var b strings.Builder
		for _, w := range a.st.works {
			undo, redo := w.ed.History()
			fmt.Fprintf(&b, "%s rev %d undo %d redo %d\n%s\n", w.meta.ID, w.rev, len(undo), len(redo), annotate.WriteBenchIE(w.ed.Doc))
		}
		stored, _ := store.LoadWorks()
		fmt.Fprintf(&b, "%d stored, source %s, queue done %d\n", len(stored), a.source, s.Suggest.Done)
		if q := s.Prefs.Queue; q != nil {
			fmt.Fprintf(&b, "decisions %d\n", len(q.Decisions))
		}
		return b.String()
	}
	ev := a.m.Eval
	clausie, ext := 0, -1
	for i, j := range ev.Results[clausie]["regular"].Judgements {
		if j.Verdict == 0 {
			ext = i
			break
		}
	}
	gold := []byte("sent_id:1\tObama was born in Hawaii .\n1--> Cluster 1:\nObama --> was born in --> Hawaii\n")
	actions := []struct {
		name string
		do   func()
	}{
		{"Apply", func() { a.Apply(annotate.SetSentenceID{Sentence: 0, ID: "x9"}) }},
		{"Undo", a.Undo},
		{"Redo", a.Redo},
		{"DeleteWork", func() {
			for _, w := range a.st.works {
				a.DeleteWork(w.meta.ID)
			}
		}},
		{"OpenFiles", func() { a.OpenFiles(js.Value{}) }},
		{"openPicked", func() {
			a.env.UnlockOnly() // openPicked takes the lock itself
			a.openPicked([]pickedFile{{Name: "more.txt", Data: gold}})
			a.env.Lock()
		}},
		{"StartFromText", func() { a.StartFromText("typed", "One more sentence .") }},
		{"EditBundled", func() { a.EditBundled("en") }},
		{"Adjudicate", func() { a.Adjudicate(clausie, ext, annotate.NewSynset) }},
		{"DecideSuggestion", func() { a.DecideSuggestion(ui.SuggestAcceptNew, 0) }},
		{"UndoSuggestion", a.UndoSuggestion},
		{"MergeAgreement", a.MergeAgreement},
	}
	refused := func(phase string) {
		t.Helper()
		before := state()
		for _, act := range actions {
			a.handle(func() { s.Status = ""; act.do() })
			time.Sleep(20 * time.Millisecond) // let a change made in the background show
			a.env.RLock()
			said := s.Status
			a.env.RUnlock()
			if after := state(); after != before {
				t.Errorf("%s: %s changed the works in a read-only tab:\n%s\nwas\n%s", phase, act.name, after, before)
				before = after
			}
			// (Opening the existing copy is no change: EditBundled does it.)
			if phase == "set up" && act.name != "EditBundled" && !strings.Contains(said, "another tab") {
				t.Errorf("%s: %s said %q, not that another tab edits", phase, act.name, said)
			}
		}
	}
	// With no work: nothing is made (no copy of the gold either).
	elsewhere(true)
	refused("empty")
	elsewhere(false)

	// Works with a history both ways, an edited copy with a queue that
	// accepted once, and an agreement of two works.
	a.handle(func() { a.EditBundled("en") })
	a.waitStudio(t, "the copy", func() bool { return s.Work != nil && s.Work.Base == "en" })
	a.handle(func() {
		a.OpenSuggestions()
		for i := range s.Suggest.Systems {
			s.Suggest.Systems[i].Chosen = s.Suggest.Systems[i].Key == "en/0"
		}
		s.Suggest.Top = 1
	})
	a.handle(a.StartSuggestions)
	a.waitStudio(t, "the queue", func() bool { return s.Suggest.Running || s.Suggest.Err != "" })
	a.handle(func() { a.DecideSuggestion(ui.SuggestAcceptNew, 0) })
	a.openPicked([]pickedFile{{Name: "ann-a.txt", Data: gold}, {Name: "ann-b.txt", Data: gold}})
	a.handle(func() {
		a.AgreementWork(0, a.st.works[0].meta.ID)
		a.AgreementWork(1, a.st.works[1].meta.ID)
		for _, id := range []string{"a", "b"} {
			if err := a.Apply(annotate.SetSentenceID{Sentence: 0, ID: id}); err != nil {
				t.Fatal(err)
			}
		}
		a.Undo()
	})
	a.waitStudio(t, "the agreement", func() bool { return s.Agree.Result != nil || s.Agree.Err != "" })
	a.handle(func() {
		if s.Suggest.Accepted != 1 || s.Agree.Result == nil || len(a.st.works) != 3 {
			t.Fatalf("set up: %d accepted, agreement %q, %d works", s.Suggest.Accepted, s.Agree.Err, len(a.st.works))
		}
	})
	elsewhere(true)
	refused("set up")
}
