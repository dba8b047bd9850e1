package main

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
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
