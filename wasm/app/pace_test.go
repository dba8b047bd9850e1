package main

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// TestCollectorGivenBack: every load of files holds Go's collector until
// its table is painted (holdCollector); it is given back after a load that
// is scored, after one whose files are all refused, and after one that has
// no gold to be scored with (no table ever comes).
func TestCollectorGivenBack(t *testing.T) {
	a := boot(t, newFakeBrowser())
	givenBack := func(when string) {
		t.Helper()
		waitGivenBack(t, when) // the paint that ends the hold runs on its own goroutine
		if p, _ := collectorSettings(); p != 100 {
			t.Errorf("%s: GOGC is %d, want 100", when, p)
		}
	}
	givenBack("after the start")

	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: readData(t, "systems/minie_explicit.txt")}}, evaluate.KindAuto, false)
	a.settle(t)
	givenBack("after a system was scored")

	a.addPicked([]pickedFile{{Name: "bad.tsv", Data: []byte("1\tonly two\n")}}, evaluate.KindAuto, false)
	a.settle(t)
	givenBack("after a refused file")

	a.env.Lock()
	a.source, a.custom = ui.CustomSource, nil // the user's own source, its gold gone
	a.env.UnlockOnly()
	a.addPicked([]pickedFile{{Name: "s.tsv", Data: []byte("1\tShe\tleft\tearly\n")}}, evaluate.KindAuto, false)
	givenBack("after a system with no gold")
}

// The page's loops share one slice, counted from the browser's last turn:
// a loop started just now yields at its first pause once the page has
// worked paceSlice since the browser ran (another loop's work counts), so
// that the page returns to the browser within a slice even with several
// loops at work; none yields within the slice after the browser ran.
// The clock is the test's own: apps of earlier tests still at work in the
// background use the page's.
func TestPaceSharedSlice(t *testing.T) {
	br := newFakeBrowser()
	clock := oie.NewTurns()
	first := clock.Pacer(paceSlice, br.Yield)
	clock.Ran()
	first()
	if n := br.yields.Load(); n != 0 {
		t.Fatalf("%d yields within the slice after the browser ran", n)
	}
	time.Sleep(paceSlice + 5*time.Millisecond) // another loop's work
	second := clock.Pacer(paceSlice, br.Yield)
	second()
	if n := br.yields.Load(); n != 1 {
		t.Fatalf("a loop started after the slice was spent: %d yields, want 1", n)
	}
	first() // the browser has just run (second's yield)
	if n := br.yields.Load(); n != 1 {
		t.Fatalf("a loop yielded again right after the browser ran: %d yields", n)
	}
}

// firstYieldHeld is a browser whose first turn lasts until held is closed,
// and which marks each turn it gives.
type firstYieldHeld struct {
	*fakeBrowser
	once sync.Once
	held chan struct{}
}

func (b *firstYieldHeld) Yield() {
	b.Mark("(the browser's turn)")
	b.once.Do(func() { <-b.held })
	b.fakeBrowser.Yield()
}

// The page's start lets the browser run before it does anything (Go's own
// start is a task of its own: docs/page-responsiveness.md, The loading
// tasks, split), then starts as it did.
func TestStartYieldsFirst(t *testing.T) {
	br := &firstYieldHeld{fakeBrowser: newFakeBrowser(), held: make(chan struct{})}
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	go a.start()
	marks := func() []string {
		br.mu.Lock()
		defer br.mu.Unlock()
		return slices.Clone(br.marks)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(marks()) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if m := marks(); !slices.Equal(m, []string{"(the browser's turn)"}) {
		t.Fatalf("the start's first steps: %q, want the browser's turn alone", m)
	}
	close(br.held)
	a.settle(t)
	a.mustNotHaveStopped(t)
	if m := marks(); !slices.Contains(m, "oiebench-restored") {
		t.Errorf("the start after its first turn marked %q, not oiebench-restored", m)
	}
}
