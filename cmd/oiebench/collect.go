//go:build !(js && wasm)

package main

import (
	"runtime"
	"runtime/debug"

	"github.com/oiebench/oiebench/core/evaluate"
)

// collectLess is set by main, and only there: a test that runs a command
// in-process keeps the collector the test binary has.
var collectLess bool

// collectLessFor turns Go's collector off for a run of the command line
// until the heap reaches a ceiling of 256 MiB plus 8 bytes per byte of
// input, and then back to what it was; it does nothing unless main set
// collectLess. A run keeps to its end nearly all it allocates (the gold,
// its compilation, the systems and their results: 100× BenchIE allocates
// about 1.1 GB for 140 MB of files), so collecting finds little to free and
// took a tenth of the CPU at 100× and a sixth of the English profile; a run
// that does make garbage is collected as usual past the ceiling. The
// command's business, not the library's: the page and the Worker, whose
// memory is scarce, never do this.
func collectLessFor(req evaluate.Request) {
	if collectLess {
		collectPast(256<<20 + 8*req.InputBytes())
	}
}

// collectPast turns the collector off until the heap reaches ceiling bytes.
func collectPast(ceiling int64) {
	percent := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(ceiling)
	// The first collection is the ceiling's; a finalizer runs after it.
	runtime.SetFinalizer(&ceilingReached{}, func(*ceilingReached) {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	})
}

// ceilingReached is freed by the first collection (see collectPast).
type ceilingReached struct{ _ *byte }
