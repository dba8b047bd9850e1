package evaluate

import (
	"runtime"
	"runtime/debug"
)

// CollectLess turns Go's collector off for a run of the command line until
// the heap reaches a ceiling of 256 MiB plus 8 bytes per byte of input, and
// then back to what it was. A run keeps to its end nearly all it allocates
// (the gold, its compilation, the systems and their results: 100× BenchIE
// allocates about 1.1 GB for 140 MB of files), so collecting finds little
// to free and took a tenth of the CPU at 100× and a sixth of the English
// profile; a run that does make garbage is collected as usual past the
// ceiling. Not for the page or the Worker, whose memory is scarce.
func CollectLess(req Request) {
	size := int64(len(req.Gold.Data))
	for _, in := range append(req.Systems, optional(req.EGold, req.CaRBGold)...) {
		size += int64(len(in.Data))
	}
	collectPast(256<<20 + 8*size)
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

// ceilingReached is freed by the first collection (see CollectLess).
type ceilingReached struct{ _ *byte }

// optional lists the inputs that are given.
func optional(ins ...*Input) []Input {
	var out []Input
	for _, in := range ins {
		if in != nil {
			out = append(out, *in)
		}
	}
	return out
}
