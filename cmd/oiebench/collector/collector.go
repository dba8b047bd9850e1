// Package collector sets Go's garbage collector for a command-line run of
// oiebench: off until the heap reaches a ceiling proportional to the input,
// then on with a lean goal. Reading and compiling keep nearly all they
// allocate, so collecting before the ceiling finds little to free (it took
// a tenth of the CPU at 100× BenchIE when on from the start); past the
// ceiling the heap grows a quarter past what the last collection kept
// instead of doubling, so that the peak stays near what is live
// (docs/reliability.md, "Memory").
//
// It is the command's business, not the library's: the page and the Worker,
// whose memory is scarce, never use it; `oiebench`'s main and the scale
// benchmark's child (which scores as `oiebench score` does) do.
package collector

import (
	"runtime"
	"runtime/debug"
)

// The policy: off up to Fixed plus PerByte bytes per byte of input, then
// GOGC LeanPercent.
const (
	Fixed       = 64 << 20
	PerByte     = 4
	LeanPercent = 25
)

// For sets the collector for a run that read inputBytes bytes of files.
func For(inputBytes int64) { Past(Fixed+PerByte*inputBytes, LeanPercent) }

// Past turns the collector off until the heap reaches ceiling bytes, and
// then on at GOGC percent, with the memory limit as it was.
func Past(ceiling int64, percent int) {
	debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(ceiling)
	// The first collection is the ceiling's; a finalizer runs after it.
	runtime.SetFinalizer(&ceilingReached{}, func(*ceilingReached) {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	})
}

// ceilingReached is freed by the first collection (see Past).
type ceilingReached struct{ _ *byte }
