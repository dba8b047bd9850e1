package main

import (
	"runtime/debug"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// TestCollectorGivenBack: every load of files holds Go's collector until
// its table is painted (holdCollector); it is given back after a load that
// is scored, after one whose files are all refused, and after one that has
// no gold to be scored with (no table ever comes).
func TestCollectorGivenBack(t *testing.T) {
	a := boot(t, newFakeBrowser())
	givenBack := func(when string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second) // the paint that ends the hold runs on its own goroutine
		for collectorHeld.Load() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if collectorHeld.Load() {
			t.Fatalf("%s: the collector is still held", when)
		}
		if p := debug.SetGCPercent(100); p != 100 {
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
