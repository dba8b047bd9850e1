package main

import (
	"bytes"
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
