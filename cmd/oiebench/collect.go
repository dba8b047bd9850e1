//go:build !(js && wasm)

package main

import (
	"github.com/oiebench/oiebench/cmd/oiebench/collector"
	"github.com/oiebench/oiebench/core/evaluate"
)

// collectLess is set by main, and only there: a test that runs a command
// in-process keeps the collector the test binary has.
var collectLess bool

// collectLessFor sets the collector for the run (internal/collector) once
// its files are read; it does nothing unless main set collectLess. Every
// command that reads benchmark files calls it, with the files as given.
func collectLessFor(files ...evaluate.Input) {
	if !collectLess {
		return
	}
	var size int64
	for _, f := range files {
		size += int64(len(f.Data))
	}
	collector.For(size)
}
