package main

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
)

// startLimit is Go's soft memory limit while the page's start holds the
// collector (holdStart): the bundled benchmark's start allocates about
// 50 MB on the page's heap from navigation to settled (BenchIE English,
// 1.4 MB of data, 6.6 MB live once settled), about 90 MB when an early
// click scores it again; past the limit the collector runs as it must, so
// the start's heap stays under it whatever happens meanwhile.
const startLimit = 64 << 20

// collector is the page's collector policy. Go's collector in the browser
// marks the live heap in one task of the page's thread (no preemption):
// during the bundled start there were ten collections at 1×, tasks of up
// to 60 ms (over 200 ms on a loaded machine), while the gold's statistics,
// CaRB's columns and the analyses ran (docs/page-responsiveness.md, "The
// collector during the start"). Its functions are called from one thread
// in the browser; natively (tests) a race between them can only run a
// collection early or late.
var collector struct {
	// load is set from a load's start to its first table (holdCollector);
	// start from the page's start to the moment it settles (holdStart).
	load, start atomic.Bool
}

// startHolds is set in the browser (memory_js.go). Natively the tests'
// apps share one process, whose heap startLimit was not set for (their
// starts would collect at it over and over): TestStartCollector sets it in
// a process of its own.
var startHolds bool

// holdStart turns the collector off for a fresh visitor's start (no saved
// state, no stored files: BenchIE English), under startLimit, until the
// page has settled (settleStart): then one collection runs, in a turn of
// its own, instead of one every time the heap doubled while the page
// loaded. Another start holds it only until its table, as every load does
// (holdCollector). BenchIE^FL ends the hold (its live heap, 45 MB on
// English, would make the collector run at the limit over and over), and
// so do the user's files (endStart).
func holdStart() {
	if startHolds && !collector.start.Swap(true) {
		debug.SetMemoryLimit(startLimit)
		debug.SetGCPercent(heldGC)
	}
}

// endStart gives back the page's memory limit (memoryLimit) and, unless a load
// holds the collector, Go's default. Files the user picks end the start's
// hold too: their size is the user's (up to maxHeldSize), which
// startLimit was not set for; their load holds the collector until its
// table.
func endStart() {
	if collector.start.Swap(false) {
		debug.SetMemoryLimit(memoryLimit)
		if !collector.load.Load() {
			debug.SetGCPercent(100)
		}
	}
}

// settleStart ends the start's hold once the page has settled (the final
// table, the gold's statistics, the work after the table, no score asked
// for): after the browser's pending tasks (input first) it collects once
// and gives the collector back. Call it, with the EventEnv lock held,
// wherever that state may have been reached. A start that fails (a build
// without the bundled data) stays held, under startLimit, until files are
// picked.
func (a *app) settleStart() {
	if collector.start.Load() && a.requested.Load() == a.scored.Load() && a.extrasIdle() && a.firstLaidOut() {
		go func() {
			a.br.Yield()
			if collector.start.Load() {
				runtime.GC() // traced "(forced)" with GODEBUG=gctrace=1 (e2e TestStartCollectsOnce)
				endStart()
			}
		}()
	}
}
