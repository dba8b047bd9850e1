// Package collector sets Go's garbage collector for a command-line run of
// oiebench: off until the heap reaches a ceiling proportional to the input,
// then on with a lean goal. Reading and compiling keep nearly all they
// allocate, so collecting before the ceiling finds little to free (it took
// a tenth of the CPU at 100× BenchIE when on from the start); past the
// ceiling the heap grows a quarter past what the last collection kept
// instead of doubling, and, while what is live stays well under the
// ceiling, no further than the ceiling, so that the peak stays near what
// is live and under the ceiling (docs/reliability.md, "Memory").
//
// It is the command's business, not the library's: the page and the Worker,
// whose memory is scarce, never use it; `oiebench`'s main and the scale
// benchmark's child (which scores as `oiebench score` does) do.
package collector

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The goal: a run's peak resident memory under Fixed plus PerByte bytes
// per byte of input (docs/reliability.md, "Memory"). The policy: off up to
// CeilingPercent of the goal, then GOGC LeanPercent. The ceiling is under
// the goal by what the process holds that Go's memory limit does not count
// (its code, about 5 MiB) and the limit's overshoot, so that the peak is
// 5% under the goal (BenchIE at 50 MB: the peak follows the ceiling).
const (
	Fixed          = 64 << 20
	PerByte        = 4
	CeilingPercent = 90
	LeanPercent    = 25
)

// For sets the collector for a run that read inputBytes bytes of files. A
// command calls it again as it reads more (cmd/oiebench's readInput, after
// each file): each call starts the policy over at the ceiling of all read
// so far.
func For(inputBytes int64) {
	Past((Fixed+PerByte*inputBytes)/100*CeilingPercent, LeanPercent)
}

// policy is the state of the last Past: its generation, so that a
// collection seen by an earlier call's finalizer changes nothing, the
// memory limit it set (0 once dropped) and the limit before the first.
var policy struct {
	sync.Mutex
	generation  int
	set, before int64
}

// Past turns the collector off until the heap reaches ceiling bytes, and
// then on at GOGC percent. The ceiling stays the memory limit until a
// collection leaves less than 1/limitRoom of it free: then the limit is as
// it was. Nearer the limit the collector would run over and over (up to
// half the CPU: twice the time of a BenchIE^FL run, whose live heap is
// many times its input); below it, the limit keeps a run from passing the
// ceiling a quarter past what is live (BenchIE at 50 MB: 25 MiB less).
// A later call replaces an earlier one; the limit restored is still the
// one before the first.
func Past(ceiling int64, percent int) {
	policy.Lock()
	defer policy.Unlock()
	debug.SetGCPercent(-1)
	if limit := debug.SetMemoryLimit(ceiling); policy.set == 0 || limit != policy.set {
		policy.before = limit // not a limit of an earlier call's
	}
	policy.set = ceiling
	policy.generation++
	generation := policy.generation
	// The first collection is the ceiling's; a finalizer runs after it, and
	// after each later one while the limit is kept.
	var afterCollection func(*ceilingReached)
	afterCollection = func(*ceilingReached) {
		policy.Lock()
		defer policy.Unlock()
		if generation != policy.generation {
			return // a later call's ceiling rules
		}
		debug.SetGCPercent(percent)
		if liveHeap() > ceiling-ceiling/limitRoom {
			debug.SetMemoryLimit(policy.before)
			policy.set = 0
			return
		}
		runtime.SetFinalizer(&ceilingReached{}, afterCollection)
	}
	runtime.SetFinalizer(&ceilingReached{}, afterCollection)
}

// The memory limit is kept while the last collection left at least
// 1/limitRoom of it free: with a sixteenth (15 MiB at 50 MB of BenchIE,
// whose compiled gold is 7/8 of the ceiling) a collection comes every few
// hundred milliseconds of scoring, not over and over.
const limitRoom = 16

// liveHeap is what the last collection kept.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// ceilingReached is freed by the first collection (see Past).
type ceilingReached struct{ _ *byte }
