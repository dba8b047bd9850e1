package main

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// startLimit is Go's soft memory limit while the page's start holds the
// collector (holdStart): the bundled benchmark's start allocates about
// 40 MB on the page's heap from navigation to settled (BenchIE English,
// 1.4 MB of data, 6.6 MB live once settled), 80 MB when an early click
// scores it again; past the limit the collector runs as it must, so the
// start's heap stays under it whatever happens meanwhile.
const startLimit = 64 << 20

// collector is the page's collector policy. Go's collector in the browser
// marks the live heap in one task of the page's thread (no preemption):
// during the bundled start there were a dozen collections at 1×, each a
// task of 20–60 ms (over 200 ms on a loaded machine), while the gold's
// statistics, CaRB's columns and the analyses ran
// (docs/page-responsiveness.md, "The collector during the start").
var collector struct {
	mu sync.Mutex
	// load is set from a load's start to its first table (holdCollector);
	// start from the page's start to the moment it settles (holdStart).
	load, start bool
	// limit is the memory limit the start's replaced.
	limit int64
}

// holdStart turns the collector off for a start with no stored files,
// under startLimit, until the page has settled (settleStart): then one
// collection runs at the browser's idle, instead of one every time the
// heap doubled while the page loaded. A start with stored files holds it
// only until its table, as every load does (holdCollector).
func holdStart() {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	if !collector.start {
		collector.start = true
		collector.limit = debug.SetMemoryLimit(startLimit)
		debug.SetGCPercent(heldGC)
	}
}

// endStart gives back the limit the start replaced and, unless a load holds
// the collector, Go's default (the lock must be held).
func endStart() {
	if collector.start {
		collector.start = false
		debug.SetMemoryLimit(collector.limit)
		if !collector.load {
			debug.SetGCPercent(100)
		}
	}
}

// endStartForFiles ends the start's hold when the user's files are read:
// their size is the user's (up to maxHeldSize), which startLimit was not
// set for; their load holds the collector until its table instead.
func endStartForFiles() {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	endStart()
}

// collectorHeld reports whether a load or the start holds the collector.
func collectorHeld() bool {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	return collector.load || collector.start
}

// settleStart ends the start's hold once the page has settled (the final
// table, the gold's statistics, the work after the table, no score asked
// for) or stopped: at the browser's next idle moment it collects once and
// gives the collector back. Call it without the EventEnv lock, wherever
// that state may have been reached.
func (a *app) settleStart() {
	collector.mu.Lock()
	start := collector.start
	collector.mu.Unlock()
	if !start {
		return
	}
	a.env.RLock()
	settled := a.requested.Load() == a.scored.Load() && a.extrasIdle() && (a.m.Fatal != "" || a.firstLaidOut())
	a.env.RUnlock()
	if !settled {
		return
	}
	go func() {
		<-browserIdle()
		collector.mu.Lock()
		defer collector.mu.Unlock()
		if collector.start {
			runtime.GC()
			endStart()
			a.br.Mark("oiebench-start-collected")
		}
	}()
}
