//go:build !(js && wasm)

package main

import (
	"sync"

	"github.com/oiebench/oiebench/cmd/oiebench/collector"
)

// collectLess is set by main, and only there: a test that runs a command
// in-process keeps the collector the test binary has.
var collectLess bool

// setCollector is collector.For; a test sees through it which commands set
// the collector, and for how many bytes, without setting the test binary's.
var setCollector = collector.For

// inputRead is the count of input bytes the run has read (readInput).
var inputRead struct {
	sync.Mutex
	bytes int64
}

// collectLessFor adds n bytes read to the run's input and sets the
// collector for all of it (cmd/oiebench/collector). readInput, which reads every input
// of every command, calls it after each file: every command runs under
// the same ceiling for the same bytes, and a command that reads more later
// (an --against gold, a --tags file) raises it. It does nothing unless main
// set collectLess.
func collectLessFor(n int) {
	if !collectLess {
		return
	}
	// Under the lock, so that two files read at once (the gold and the
	// systems) set the collector in the order of the counts.
	inputRead.Lock()
	defer inputRead.Unlock()
	inputRead.bytes += int64(n)
	setCollector(inputRead.bytes)
}
