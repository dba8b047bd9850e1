//go:build !(js && wasm)

package main

import (
	"github.com/oiebench/oiebench/cmd/oiebench/collector"
	"github.com/oiebench/oiebench/core/evaluate"
)

// collectLess is set by main, and only there: a test that runs a command
// in-process keeps the collector the test binary has.
var collectLess bool

// setCollector is collector.For; a test sees through it which commands set
// the collector, and for how many bytes, without setting the test binary's.
var setCollector = collector.For

// collectLessFor sets the collector for the run (internal/collector) once
// its files are read; it does nothing unless main set collectLess. score,
// stats and convert call it, with the files as given (the commands whose
// memory internal/membench measures).
func collectLessFor(files ...evaluate.Input) {
	if !collectLess {
		return
	}
	var size int64
	for _, f := range files {
		size += int64(len(f.Data))
	}
	setCollector(size)
}
