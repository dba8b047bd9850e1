package evaluate

import (
	"runtime"
	"runtime/debug"
)

// CollectLess turns Go's collector off for a run of the command line until
// the heap reaches a ceiling of collectFixed plus collectPerByte bytes per
// byte of input, and then on with a lean goal (GOGC leanPercent). Reading
// and compiling keep nearly all they allocate, so collecting before the
// ceiling finds little to free (it took a tenth of the CPU at 100× BenchIE
// when on from the start); past the ceiling the heap grows a quarter past
// what the last collection kept instead of doubling, so that the peak stays
// near what is live (docs/reliability.md, "Memory"). Not for the page or the
// Worker, whose memory is scarce.
func CollectLess(req Request) {
	size := int64(len(req.Gold.Data))
	for _, in := range append(req.Systems, optional(req.EGold, req.CaRBGold)...) {
		size += int64(len(in.Data))
	}
	collectPast(collectFixed+collectPerByte*size, leanPercent)
}

// The collector's policy for the command line (CollectLess): off up to
// collectFixed plus collectPerByte bytes per byte of input, then GOGC
// leanPercent.
const (
	collectFixed   = 64 << 20
	collectPerByte = 4
	leanPercent    = 25
)

// collectPast turns the collector off until the heap reaches ceiling bytes,
// and then on at GOGC percent, with the memory limit as it was.
func collectPast(ceiling int64, percent int) {
	debug.SetGCPercent(-1)
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
