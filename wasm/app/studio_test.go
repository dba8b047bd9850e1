package main

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// bootStudio starts an app on a browser and a studio store, as a page
// (re)load does.
func bootStudio(t *testing.T, br *fakeBrowser, store studioStore) *app {
	t.Helper()
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	a.st.store = store
	go a.start()
	a.settle(t)
	a.mustNotHaveStopped(t)
	return a
}

// saved waits until the autosave has stored every change.
func (a *app) savedAll(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		done := true
		for _, w := range a.st.works {
			done = done && w.rev == w.savedRev
		}
		a.env.RUnlock()
		if done {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the autosave did not store the changes")
}

// Plain sentences become a work; a triple with a typed word and an
// optional unit is built through the studio's actions; it is autosaved,
// comes back after a reload with its history, and exports a gold the
// scorer reads and credits.
func TestStudioAnnotateReloadExport(t *testing.T) {
	br, store := newFakeBrowser(), newMemStore()
	a := bootStudio(t, br, store)
	s := a.m.Studio
	a.openPicked([]pickedFile{{Name: "mine.txt", Data: []byte("Obama was born in Hawaii .\nShe left early .\n")}})
	if s.Work == nil || len(s.Work.Ed.Doc.Sentences) != 2 || s.Work.Lang != "en" {
		t.Fatalf("work %+v", s.Work)
	}
	a.handle(func() {
		s.SetSlot(0)
		s.AddToken(0, false) // Obama
		s.SetSlot(1)
		s.AddToken(1, false) // was
		s.AddToken(2, false) // born
		s.AddToken(3, true)  // [in]
		s.SetSlot(2)
		s.Draft().Typed = "Honolulu ,"
		s.AddTyped()
		s.AddToken(4, false) // Hawaii
		s.SelectWord(2, 0, false)
		s.SelectWord(2, 1, true)
		s.ToggleOptional() // [Honolulu ,] Hawaii
		s.Commit()
	})
	a.savedAll(t)
	doc := s.Work.Ed.Doc
	if len(doc.Sentences[0].Synsets) != 1 {
		t.Fatalf("synsets %+v (status %q)", doc.Sentences[0].Synsets, s.Status)
	}
	got := doc.Sentences[0].TripleText(doc.Sentences[0].Synsets[0].Triples[0])
	want := oie.Triple{Subject: "Obama", Relation: "was born [in]", Object: "[Honolulu ,] Hawaii"}
	if got != want {
		t.Errorf("triple %+v, want %+v", got, want)
	}
	if o := s.Overview(); o.Annotated != 1 || o.Triples != 1 {
		t.Errorf("overview %+v", o)
	}

	// A file that does not read is refused; the work is untouched.
	a.openPicked([]pickedFile{{Name: "bad.json", Data: []byte(`{"sentences": [`)}})
	if len(s.Problems) != 1 || !strings.HasPrefix(s.Problems[0].Message, "bad.json:") || len(s.Works) != 1 {
		t.Errorf("problems %+v, %d works", s.Problems, len(s.Works))
	}

	// Reload: the work, the triple and the undo history are back.
	b := bootStudio(t, br, store)
	if b.m.Studio.Work == nil || b.m.Studio.Work.Name != "mine.txt" {
		t.Fatalf("after reload: %+v", b.m.Studio.Work)
	}
	d2 := b.m.Studio.Work.Ed.Doc
	if got := d2.Sentences[0].TripleText(d2.Sentences[0].Synsets[0].Triples[0]); got != want {
		t.Errorf("after reload the triple is %+v", got)
	}
	b.handle(func() { b.m.Studio.Undo() })
	if n := len(b.m.Studio.Work.Ed.Doc.Sentences[0].Synsets); n != 0 || !strings.Contains(b.m.Studio.Status, "add triple") {
		t.Errorf("undo after reload: %d synsets, status %q", n, b.m.Studio.Status)
	}
	b.handle(func() { b.m.Studio.Redo() })

	// The export reads as a gold, and the triple's forms score as correct.
	gold, err := evaluate.ReadGold(evaluate.Input{Path: "g.txt", Data: annotate.WriteBenchIE(b.m.Studio.Work.Ed.Doc)}, true)
	if err != nil {
		t.Fatal(err)
	}
	sys, _ := evaluate.ReadSystem(evaluate.Input{Name: "s", Data: []byte("1\tObama\twas born\tHawaii\n1\tObama\twas born in\tHonolulu , Hawaii\n2\tShe\tleft\tearly\n")}, "")
	ev := evaluate.Evaluate(gold, nil, []*evaluate.System{sys}, evaluate.Options{})
	if r := ev.Report.Systems[0].BenchIE.Regular; r.TP != 1 || r.FP != 1 {
		t.Errorf("scored the export: TP %d FP %d, want 1 and 1 (two forms of one synset: one credit, one duplicate; sentence 2 has none)", r.TP, r.FP)
	}
}

// An incorrect extraction added to the bundled gold lands in an edited
// copy: the page scores the copy, the published gold stays as it was.
func TestStudioAdjudicate(t *testing.T) {
	br, store := newFakeBrowser(), newMemStore()
	a := bootStudio(t, br, store)
	published := a.m.Eval.Report
	clausie := 0
	ev := a.m.Eval
	res := ev.Results[clausie]["regular"]
	ext := -1
	for i, j := range res.Judgements {
		if j.Verdict == 0 && ev.Systems[clausie].Extractions.At(i).SentID == "2" { // incorrect
			ext = i
			break
		}
	}
	if ext < 0 {
		t.Fatal("no incorrect ClausIE extraction of sentence 2")
	}
	a.handle(func() { a.Adjudicate(clausie, ext, annotate.NewSynset) })
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		moved := strings.HasPrefix(a.source, ui.WorkSourcePrefix)
		a.env.RUnlock()
		if moved {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	a.settle(t)
	r := a.m.Eval.Report
	if !strings.HasPrefix(a.m.Source, ui.WorkSourcePrefix) {
		t.Fatalf("source %q after adjudicating", a.m.Source)
	}
	before, after := published.Systems[0].BenchIE.Regular, r.Systems[0].BenchIE.Regular
	if after.TP != before.TP+1 || after.FP != before.FP-1 || r.Gold.Synsets != published.Gold.Synsets+1 {
		t.Errorf("ClausIE TP %d→%d, FP %d→%d, synsets %d→%d", before.TP, after.TP, before.FP, after.FP, published.Gold.Synsets, r.Gold.Synsets)
	}
	if r.Gold.SHA256 == published.Gold.SHA256 || r.Signature == published.Signature {
		t.Error("the edited gold has the published checksum")
	}
	if len(a.m.Studio.Works) != 1 || a.m.Studio.Works[0].Published == nil || a.m.Studio.Works[0].Published.SHA256 != published.Gold.SHA256 {
		t.Errorf("works %+v", a.m.Studio.Works)
	}
	if !strings.Contains(a.m.Studio.Status, "ClausIE") {
		t.Errorf("status %q", a.m.Studio.Status)
	}
	// The published gold is one click away, with the published numbers.
	a.handle(func() { a.SwitchSource("en") })
	a.settle(t)
	if a.m.Eval.Report.Gold.SHA256 != published.Gold.SHA256 || a.m.Eval.Report.Systems[0].BenchIE.Regular.TP != before.TP {
		t.Error("the published gold changed")
	}
	// From the published gold again, into synset 1 of another sentence: the
	// copy gets it, since its synset 1 is still the one on screen.
	ev = a.m.Eval
	ext = -1
	for i, j := range ev.Results[clausie]["regular"].Judgements {
		if j.Verdict == 0 && ev.Systems[clausie].Extractions.At(i).SentID == "3" {
			ext = i
			break
		}
	}
	w := a.st.works[0]
	si, _ := w.ed.Doc.SentenceIndex("3")
	n := len(w.ed.Doc.Sentences[si].Synsets[0].Triples)
	a.handle(func() { a.Adjudicate(clausie, ext, 0) })
	a.settle(t)
	if got := len(w.ed.Doc.Sentences[si].Synsets[0].Triples); got != n+1 || !strings.HasPrefix(a.m.Source, ui.WorkSourcePrefix) {
		t.Errorf("synset 1 of sentence 3 has %d triples, want %d (status %q)", got, n+1, a.m.Studio.Status)
	}
	// A synset that differs in the copy is refused, with the reason.
	a.handle(func() { a.SwitchSource("en") })
	a.settle(t)
	a.handle(func() { a.Adjudicate(clausie, ext, 0) })
	if !strings.Contains(a.m.Studio.Status, "not the same") || len(w.ed.Doc.Sentences[si].Synsets[0].Triples) != n+1 {
		t.Errorf("adjudicating into a synset the copy changed: %q", a.m.Studio.Status)
	}
	a.handle(func() { a.SwitchSource("en") })
	a.settle(t)

	// A reload keeps the edited copy as a source of its own.
	a.savedAll(t)
	b := bootStudio(t, br, store)
	if n, k := len(b.m.Sources), len(benchmarks.OnPage()); n != k+1 || !strings.HasPrefix(b.m.Sources[k].Key, ui.WorkSourcePrefix) || b.m.Sources[k].Label != "English · edited" {
		t.Errorf("sources after reload: %+v", b.m.Sources)
	}
}

// Without storage the studio works and says so; a save that fails is told.
func TestStudioWithoutStorage(t *testing.T) {
	store := newMemStore()
	store.fail = errors.New("IndexedDB is not available")
	a := bootStudio(t, newFakeBrowser(), store)
	if a.m.Studio.Stored {
		t.Error("a failing store is reported as storing")
	}
	a.handle(func() { a.StartFromText("typed", "One sentence .\n") })
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		failed := a.m.Studio.Save.Err != ""
		a.env.RUnlock()
		if failed {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Error("a failed save is not shown")
}

// Two annotators: a gold against itself with one synset removed.
func TestStudioAgreement(t *testing.T) {
	a := bootStudio(t, newFakeBrowser(), newMemStore())
	g := "sent_id:1\tHe served as Prime Minister .\n1--> Cluster 1:\nHe --> served as --> Prime Minister\n1--> Cluster 2:\nHe --> served --> as [Prime] Minister\n\nsent_id:2\tShe left .\n2--> Cluster 1:\nShe --> left --> [early]\n"
	b := strings.Replace(g, "1--> Cluster 2:\nHe --> served --> as [Prime] Minister\n", "", 1)
	a.agreementFile(0, pickedFile{Name: "a.txt", Data: []byte(g)})
	a.agreementFile(1, pickedFile{Name: "b.txt", Data: []byte(b)})
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		done := a.m.Studio.Agree.Result != nil || a.m.Studio.Agree.Err != ""
		a.env.RUnlock()
		if done {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	ag := a.m.Studio.Agree
	if ag.Result == nil {
		t.Fatalf("no agreement: %q", ag.Err)
	}
	if len(ag.Result.OnlyA) != 1 || ag.Result.OnlyA[0].Synset != 1 || len(ag.Result.OnlyB) != 0 {
		t.Errorf("only A %+v, only B %+v", ag.Result.OnlyA, ag.Result.OnlyB)
	}
	// A's recall against B: 2 of 2; B's against A: 2 of 3.
	if want := (1 + 2.0/3) / 2; ag.Result.IAA < want-1e-9 || ag.Result.IAA > want+1e-9 {
		t.Errorf("IAA %v, want %v", ag.Result.IAA, want)
	}
	// A file that does not read leaves the side as it was.
	a.agreementFile(1, pickedFile{Name: "c.txt", Data: []byte("sent_id:1\tx\nsent_id:1\ty\n")})
	if a.m.Studio.Agree.Sides[1].Name != "b.txt" || a.m.Studio.Agree.Err == "" {
		t.Errorf("after a bad file: side %q, error %q", a.m.Studio.Agree.Sides[1].Name, a.m.Studio.Agree.Err)
	}
}

// heldStore is a memStore whose writes wait until release is closed: a
// slow disk, so that a change is seen before it is stored.
type heldStore struct {
	*memStore
	release chan struct{}
}

func (s heldStore) PutWork(w storedWork) error {
	<-s.release
	return s.memStore.PutWork(w)
}

// While a change is not yet stored the page is told (it then asks before
// it is closed or left); once stored, it is told that nothing is pending.
func TestStudioUnsavedGuard(t *testing.T) {
	br, store := newFakeBrowser(), heldStore{newMemStore(), make(chan struct{})}
	a := bootStudio(t, br, store)
	unsaved := func() bool {
		br.mu.Lock()
		defer br.mu.Unlock()
		return br.unsaved
	}
	a.openPicked([]pickedFile{{Name: "mine.txt", Data: []byte("Obama was born in Hawaii .\n")}})
	if !unsaved() {
		t.Error("a new work not yet stored: the page was not told")
	}
	close(store.release)
	a.savedAll(t)
	a.handle(func() {}) // the saver's last step, under the lock
	deadline := time.Now().Add(10 * time.Second)
	for unsaved() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if unsaved() {
		t.Error("everything is stored, but the page still thinks changes are pending")
	}
}
