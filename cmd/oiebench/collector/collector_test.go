package collector

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestCollectPast: the collector stays off below the ceiling; the heap
// reaching it brings a collection, after which the collector runs at the
// percent given, the ceiling still the memory limit while little is live;
// once a collection leaves less than 1/limitRoom of it free, the limit is as it
// was.
func TestCollectPast(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	const room = 64 << 20
	ceiling := int64(before.Sys-before.HeapReleased) + room
	Past(ceiling, LeanPercent)
	var keep [][]byte
	for range room / (2 << 20) { // half the room, kept: no collection
		keep = append(keep, make([]byte, 1<<20))
	}
	var below runtime.MemStats
	runtime.ReadMemStats(&below)
	if below.NumGC != before.NumGC {
		t.Errorf("%d collections below the ceiling", below.NumGC-before.NumGC)
	}
	// Garbage until the collector is back, lean: the ceiling is half the
	// room away, so 64 times the room of garbage is far past it (a bound
	// on the work, not on the clock); a pause after each batch lets the
	// finalizer's goroutine run.
	for garbage := 0; ; garbage += 16 << 20 {
		for range 16 {
			_ = make([]byte, 1<<20)
		}
		time.Sleep(time.Millisecond)
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		if p == LeanPercent {
			break
		}
		if garbage > 64*room {
			t.Fatalf("the collector is still off %d MiB of garbage past the ceiling (percent %d)", garbage>>20, p)
		}
	}
	if got := debug.SetMemoryLimit(-1); got != ceiling {
		t.Errorf("past the ceiling, half of it live: memory limit %d, want the ceiling %d", got, ceiling)
	}
	// Kept until less than 1/limitRoom of the ceiling is free: the limit is
	// then as it was (a bound on the work: the ceiling's bytes kept).
	for kept := int64(0); debug.SetMemoryLimit(-1) != math.MaxInt64; kept += 1 << 20 {
		if kept > ceiling {
			t.Fatalf("%d MiB more kept, the memory limit is still %d", kept>>20, debug.SetMemoryLimit(-1))
		}
		keep = append(keep, make([]byte, 1<<20))
		if kept%(8<<20) == 0 {
			runtime.GC()
			time.Sleep(time.Millisecond) // the finalizer's goroutine
		}
	}
	if live := liveHeap(); live <= ceiling-ceiling/limitRoom {
		t.Errorf("the limit was dropped with %d bytes live, over 1/%d of the ceiling %d free", live, limitRoom, ceiling)
	}
	runtime.KeepAlive(keep)
}

// For's ceiling, the memory limit it sets, is CeilingPercent of the goal
// (Fixed plus PerByte a byte of input): under the goal by more than the
// 3–6 MiB a process holds past Go's limit at 50 MB of BenchIE.
func TestForCeiling(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()
	const input = 50 << 20
	For(input)
	goal := float64(64<<20 + 4*input)
	if got := float64(debug.SetMemoryLimit(-1)); got < 0.89*goal || got > 0.91*goal {
		t.Errorf("memory limit %.0f bytes for %d bytes of input, want 90%% of the goal %.0f", got, input, goal)
	}
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("the collector is on (GOGC %d) below the ceiling", p)
	}
}

// A later Past replaces an earlier one: a collection the earlier call's
// finalizer sees changes nothing (its ceiling, passed, would drop the
// limit), and the limit restored at last is the one before the first call.
func TestPastAgain(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	defer func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) }()
	keep := make([]byte, 8<<20)
	runtime.GC()
	live := liveHeap()
	Past(live+256<<10, LeanPercent) // a sixteenth of it is more than is free
	second := live + 64<<20
	Past(second, LeanPercent)
	runtime.GC()
	waitFor(t, func() bool { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p == LeanPercent })
	if got := debug.SetMemoryLimit(-1); got != second {
		t.Errorf("memory limit %d after the second call's first collection, want its ceiling %d", got, second)
	}
	Past(live/2, LeanPercent) // passed at once: the limit is dropped
	runtime.GC()
	waitFor(t, func() bool { return debug.SetMemoryLimit(-1) != live/2 })
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("memory limit %d once dropped, want the one before the first call (%d)", got, int64(math.MaxInt64))
	}
	runtime.KeepAlive(keep)
}

// waitFor waits a bounded while for the finalizer's goroutine to make ok
// true.
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 1000 {
		if ok() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the finalizer did not run after a collection")
}
