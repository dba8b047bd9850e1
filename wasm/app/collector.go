package main

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// startLimit is Go's soft memory limit while the page's start holds the
// collector (startHold): the bundled benchmark's start allocates about
// 50 MB on the page's heap from navigation to settled (BenchIE English,
// 1.4 MB of data, 6.6 MB live once settled), about 90 MB when an early
// click scores it again; past the limit the collector runs as it must, so
// the start's heap stays under it whatever happens meanwhile.
const startLimit = 64 << 20

// heldGC is the garbage collector's setting (GOGC) while files are read
// and scored: off. Each collection marks everything the page holds in one
// stretch of its thread (Go in the browser cannot be preempted, and marks
// while the page waits for an event): about 1 s for 100 times BenchIE
// English. Reading 100 MB would collect every time the heap doubles; with
// the collector off until the table is painted (score.go) there is one
// collection, after it. What is read is kept, so the peak hardly grows
// (README, Scale). A small load gains too: the English gold read and
// compiled a second time takes a fifth less time with the collector off
// (e2e BenchmarkGoldInPage). The memory limit (memoryLimit) makes the
// collector run in any case.
const heldGC = -1

// memoryLimit is the collector's soft limit in the page (memory_js.go): a
// WebAssembly page has at most 4 GB, and near the limit the collector works
// harder instead of asking for more. The files a page reads are bounded
// (maxFileSize, maxHeldSize) well below it.
const memoryLimit = 3 << 30

// A hold keeps Go's collector off (GOGC heldGC) while it lasts: Go's
// collector in the browser marks the live heap in one task of the page's
// thread (no preemption), and a load's garbage would be collected several
// times on it. The holds are one policy, the collector's settings computed
// from those that stand (collector.set).
type hold uint8

const (
	// loadHold lasts from a load's start (picked or dropped files, a bundled
	// benchmark) to its first table painted (score.go): its garbage, about
	// 30 MB for BenchIE English, would otherwise be collected several times
	// before the table, a third of reading and compiling the gold (README,
	// The gold in WebAssembly).
	loadHold hold = 1 << iota
	// startHold lasts from a fresh visitor's start (no saved state, no
	// stored files: BenchIE English) until the page has settled
	// (settleStart), under the soft memory limit startLimit: during the
	// start there were ten collections at 1×, tasks of up to 60 ms (over
	// 200 ms on a loaded machine), while the gold's statistics, CaRB's
	// columns and the analyses ran (docs/page-responsiveness.md, "The
	// collector during the start"). BenchIE^FL ends it (its live heap, 45 MB
	// on English, would make the collector run at the limit over and over),
	// and so do the user's files: their size is the user's (up to
	// maxHeldSize), which startLimit was not set for; their load holds the
	// collector until its table.
	startHold
)

// collector holds the holds that stand. Its functions are called from one
// thread in the browser, from several natively (tests).
var collector collectorState

type collectorState struct {
	mu   sync.Mutex
	held hold
}

// startHolds is set in the browser (memory_js.go). Natively the tests'
// apps share one process, whose heap startLimit was not set for (their
// starts would collect at it over and over): TestStartCollector sets it in
// a process of its own.
var startHolds bool

// holdCollector turns the collector off until releaseCollector(h). The
// start's hold is the browser's only (startHolds).
func holdCollector(h hold) {
	if h == startHold && !startHolds {
		return
	}
	collector.mu.Lock()
	defer collector.mu.Unlock()
	collector.set(collector.held | h)
}

// releaseCollector ends the hold h; the collector comes back once no hold
// stands (Go's default, GOGC 100), the page's memory limit (memoryLimit)
// once the start's has ended.
func releaseCollector(h hold) {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	collector.set(collector.held &^ h)
}

// collectorHeld reports whether the hold h stands.
func collectorHeld(h hold) bool {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	return collector.held&h != 0
}

// set makes held the holds that stand, and Go's settings theirs (the lock
// is held).
func (c *collectorState) set(held hold) {
	was := c.held
	c.held = held
	switch {
	case was == 0 && held != 0:
		debug.SetGCPercent(heldGC)
	case was != 0 && held == 0:
		debug.SetGCPercent(100) // Go's default
	}
	switch {
	case was&startHold == 0 && held&startHold != 0:
		debug.SetMemoryLimit(startLimit)
	case was&startHold != 0 && held&startHold == 0:
		debug.SetMemoryLimit(memoryLimit)
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
	if collectorHeld(startHold) && a.requested.Load() == a.scored.Load() && a.extrasIdle() && a.firstLaidOut() {
		go func() {
			a.br.Yield()
			if collectorHeld(startHold) {
				runtime.GC()                    // traced "(forced)" with GODEBUG=gctrace=1 (e2e TestStartCollectsOnce)
				a.br.Mark("oiebench-collected") // in the collection's task (e2e TestStartCollectionTask)
				releaseCollector(startHold)
			}
		}()
	}
}
