package main

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// inOwnProcess runs the test named name again in a process of its own
// and reports true there (the collector's settings and counts are the
// process's: apps other tests booted stay live to its end); in the
// calling process it logs the child's output and reports false.
func inOwnProcess(t *testing.T, name string) bool {
	t.Helper()
	if os.Getenv(heapChild) == name {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), heapChild+"="+name)
	out, err := cmd.CombinedOutput()
	t.Logf("the process of its own:\n%s", out)
	if err != nil {
		t.Fatalf("the process of its own failed: %v", err)
	}
	return false
}

// startApp starts an app on br as the page does, and returns once its
// start has read the stored files (oiebench-restored).
func startApp(t *testing.T, br *fakeBrowser) *app {
	t.Helper()
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	go a.start()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		br.mu.Lock()
		restored := slices.Contains(br.marks, "oiebench-restored")
		br.mu.Unlock()
		if restored {
			return a
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the start did not read the stored files")
	return nil
}

// waitGivenBack waits until neither a load nor the start holds the
// collector.
func waitGivenBack(t *testing.T, when string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for collectorHeld(loadHold|startHold) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if collectorHeld(loadHold | startHold) {
		t.Fatalf("%s: the collector is still held", when)
	}
}

// collectorSettings reads GOGC and the memory limit without changing them.
func collectorSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

// A start with nothing stored holds the collector, under startLimit, from
// before the bundled benchmark is read until the page has settled (CaRB's
// columns, the analyses, the intervals, the gold's statistics); then one
// collection, and GOGC and the memory limit are what they were. The
// collections of the whole start are counted (natively the scorer Worker's
// jobs run on the same heap; in the browser they have their own). Files
// picked during the start end its hold (their size is the user's): their
// load holds the collector until its table only. A start with stored
// files, or on BenchIE^FL, holds it until its table only.
func TestStartCollector(t *testing.T) {
	if !inOwnProcess(t, "TestStartCollector") {
		return
	}
	startHolds = true // as in the browser (memory_js.go)
	debug.SetMemoryLimit(memoryLimit)
	percent, limit := collectorSettings()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	gcBefore := ms.NumGC

	br := newFakeBrowser()
	br.worker = newScorer().serve
	a := startApp(t, br)
	if p, l := collectorSettings(); p != heldGC || l != startLimit {
		t.Errorf("during the start: GOGC %d and memory limit %d, want %d and %d", p, l, heldGC, startLimit)
	}
	a.waitUntil(t, "CaRB and the analyses", func(m *ui.Model) bool {
		return !m.Analyses.CaRBPending && m.Analyses.Report != nil && m.Analyses.Intervals != nil
	})
	a.settle(t)
	waitGivenBack(t, "after the start settled")
	if p, l := collectorSettings(); p != percent || l != limit {
		t.Errorf("after the start: GOGC %d and memory limit %d, want %d and %d as before", p, l, percent, limit)
	}
	runtime.ReadMemStats(&ms)
	t.Logf("collections from the start to settled: %d (the last at settle), heap %d B", ms.NumGC-gcBefore, ms.HeapAlloc)
	// About 60 MB allocated natively, scorer Worker included: under
	// startLimit, only the collection at settle runs (one more at the
	// limit would be two; before the policy, ten).
	if n := ms.NumGC - gcBefore; n < 1 || n > 2 {
		t.Errorf("%d collections from the start to settled, want the one at settle (2 at most)", n)
	}

	b := startApp(t, newFakeBrowser())
	b.addPicked([]pickedFile{{Name: "mine.tsv", Data: readData(t, "systems/minie_explicit.txt")}}, evaluate.KindAuto, false)
	if _, l := collectorSettings(); l != limit {
		t.Errorf("files picked during the start: memory limit %d, want %d as before the start", l, limit)
	}
	b.settle(t)
	waitGivenBack(t, "after files picked during the start")
	if p, _ := collectorSettings(); p != percent {
		t.Errorf("after files picked during the start: GOGC %d, want %d", p, percent)
	}

	stored := newFakeBrowser()
	stored.files["mine"] = storedFile{ID: "mine", Source: "en", Role: ui.RoleSystem, Name: "mine.tsv", Data: readData(t, "systems/minie_explicit.txt")}
	c := startApp(t, stored)
	if _, l := collectorSettings(); l != limit {
		t.Errorf("a start with a stored file: memory limit %d, want %d (no start hold)", l, limit)
	}
	c.settle(t)
	waitGivenBack(t, "after a start with a stored file")

	// A fresh visitor's link to BenchIE^FL: its live heap (45 MB) is near
	// startLimit, where the held collector ran ten times; the FL gold
	// ends the start's hold, and its load holds it until its table only.
	fl := newFakeBrowser()
	fl.link = ui.LinkOf("benchie-fl:en", ui.Prefs{}).Fragment()
	runtime.ReadMemStats(&ms)
	gcBefore = ms.NumGC
	d := startApp(t, fl)
	d.settleWithin(t, 120*time.Second)
	waitGivenBack(t, "after a start on BenchIE^FL")
	runtime.ReadMemStats(&ms)
	t.Logf("a start on BenchIE^FL: %d collections to settled", ms.NumGC-gcBefore)
	if p, l := collectorSettings(); p != percent || l != limit || ms.NumGC-gcBefore > 3 {
		t.Errorf("a start on BenchIE^FL: GOGC %d, memory limit %d, %d collections; want %d, %d and at most 3", p, l, ms.NumGC-gcBefore, percent, limit)
	}
	runtime.KeepAlive(a)
}

// The load's and the start's holds are one policy: the collector is off
// while either stands, under startLimit while the start's does, and given
// back (GOGC 100, memoryLimit) once neither does, whichever ends first; a
// hold taken twice is released once.
func TestCollectorHolds(t *testing.T) {
	if !inOwnProcess(t, "TestCollectorHolds") {
		return
	}
	startHolds = true // as in the browser (memory_js.go)
	debug.SetMemoryLimit(memoryLimit)
	want := func(when string, percent int, limit int64) {
		t.Helper()
		if p, l := collectorSettings(); p != percent || l != limit {
			t.Errorf("%s: GOGC %d and memory limit %d, want %d and %d", when, p, l, percent, limit)
		}
	}
	want("before any hold", 100, memoryLimit)
	holdCollector(startHold)
	want("the start held", heldGC, startLimit)
	holdCollector(loadHold)
	holdCollector(loadHold)
	want("the start and a load held", heldGC, startLimit)
	releaseCollector(loadHold)
	want("the load's table painted, the start still held", heldGC, startLimit)
	holdCollector(loadHold)
	releaseCollector(startHold)
	want("the start ended, a load still held", heldGC, memoryLimit)
	releaseCollector(startHold)
	want("the start ended twice", heldGC, memoryLimit)
	releaseCollector(loadHold)
	want("no hold", 100, memoryLimit)

	startHolds = false // natively: the tests' apps share one process
	holdCollector(startHold)
	want("the start held where it does not hold", 100, memoryLimit)
	if collectorHeld(startHold) {
		t.Error("the start's hold stands where startHolds is off")
	}
}
