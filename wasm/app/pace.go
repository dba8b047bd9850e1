package main

import (
	"bytes"
	"runtime/debug"
	"time"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
)

// paceSlice is how long the page works before it lets the browser run: a
// task over 50 ms is a long task to the browser, and input waits for it.
const paceSlice = 30 * time.Millisecond

// pause returns a function for the core's long loops (reading, compiling,
// scoring, counting: their Pause options), called every few hundred lines or
// extractions: once paceSlice has passed since the browser last ran, it
// calls then (if set; it may show progress, taking the EventEnv lock
// itself) and lets the browser run. Call it, and the loops, from a
// goroutine that holds no lock.
func (a *app) pause(then func()) func() {
	return pacer(func() {
		if then != nil {
			then()
		}
		a.br.Yield()
	})
}

// pacer returns a function for long loops that, once paceSlice has passed
// since the browser last ran, calls yield (which lets the browser run). The
// exercise page, which has no app, paces with it too.
func pacer(yield func()) func() { return pageTurns.Pacer(paceSlice, yield) }

// The slice is measured from the browser's last turn, for the whole page,
// not from each loop's own last yield. Go in the browser returns to it
// only when every goroutine waits: while one loop waits for its turn,
// another that counted its own time would go on for its own slice, and two
// loops at once (the CaRB columns and the intervals after the table) would
// hold the page's thread for seconds in one task, clicks waiting behind it
// (docs/page-responsiveness.md).
var pageTurns = oie.NewTurns() // the Worker paces with the same clock

// sinceTurn is the time since the browser last ran between the page's work.
func sinceTurn() time.Duration { return pageTurns.Since() }

// browserRan records that the browser has just run.
func browserRan() { pageTurns.Ran() }

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

// holdCollector turns the collector off until the next table is painted
// (releaseCollector), for a load of picked or dropped files and for a bundled
// benchmark's: its garbage (about 30 MB for BenchIE English) would otherwise
// be collected several times on the page's one thread before its first
// table, a third of reading and compiling the gold (README, The gold in
// WebAssembly).
func holdCollector() {
	if !collector.load.Swap(true) {
		debug.SetGCPercent(heldGC)
	}
}

// releaseCollector gives the collector back once a load is on screen (or
// failed, or has no gold to be scored with), unless the page's start holds
// it until it settles (collector.go).
func releaseCollector() {
	if collector.load.Swap(false) && !collector.start.Load() {
		debug.SetGCPercent(100) // Go's default
	}
}

// readingPause is the pause for reading one file of a pick: besides
// yielding, it moves the progress bar through the file (from its share of
// done to done+size of total bytes), at most five times a second. The
// readers pause every oie.PauseEvery lines, so the bytes read are counted
// from the file's typical line length (an estimate: detecting the format
// pauses every 16 of its first 200 lines too, checking the text every MB).
func (a *app) readingPause(label string, done, total int, data []byte) func() {
	head := data[:min(len(data), 1<<16)]
	lineLen := max(1, len(head)/max(1, bytes.Count(head, []byte{'\n'})))
	calls, shown := 0, time.Now()
	yield := a.pause(func() {
		if time.Since(shown) < 200*time.Millisecond {
			return
		}
		shown = time.Now()
		read := min(len(data), calls*oie.PauseEvery*lineLen)
		a.env.Lock()
		a.m.Progress = &ui.Progress{Label: label, Done: done + read, Total: total}
		a.env.UnlockRender()
	})
	return func() {
		calls++
		yield()
	}
}
