// Package hostile holds hostile inputs and measures what a piece of work
// allocates on them, for the tests that prove a reader or a count costs
// memory in proportion to its input (docs/fuzzing.md). Allocated
// bytes are counted, never wall-clock time: they do not depend on the
// machine's load, and the work that allocates nothing per step is bounded
// by the work that does.
package hostile

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"
)

// TestMemory is the memory a test that measures cost keeps under (a soft
// limit for Go's collector: the live data of such a test is far smaller).
const TestMemory = 160 << 20

// Allocated returns the bytes allocated on the heap while f ran.
func Allocated(f func()) uint64 {
	runtime.GC()
	before := allocated()
	f()
	return allocated() - before
}

// Bound is the cost a hostile input may have: Floor bytes plus PerByte for
// each byte of input.
type Bound struct {
	Floor   uint64
	PerByte uint64
}

// Proportional checks that run(gen(n)) allocates no more than the bound
// allows, for n and 10n, and that ten times the input costs at most about
// ten times as much: gen(10n) may allocate at most 12 times what gen(n)
// did, plus the bound's floor (the fixed start of a budget). It returns
// the two costs, for the test's log.
func Proportional(t *testing.T, name string, n int, gen func(n int) []byte, run func([]byte), b Bound) (small, large uint64) {
	t.Helper()
	// What is counted is allocation, not the heap's peak: the collector
	// may run as often as it needs to keep the test's memory under
	// TestMemory, which changes no count.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(TestMemory))
	in1, in10 := gen(n), gen(10*n)
	small = Allocated(func() { run(in1) })
	large = Allocated(func() { run(in10) })
	t.Logf("%s: %d B input → %d B allocated; %d B → %d B", name, len(in1), small, len(in10), large)
	for _, c := range []struct {
		in   []byte
		cost uint64
	}{{in1, small}, {in10, large}} {
		if limit := b.Floor + b.PerByte*uint64(len(c.in)); c.cost > limit {
			t.Errorf("%s: %d B of input allocated %d B, over %s", name, len(c.in), c.cost, b.describe(limit))
		}
	}
	if large > 12*small+b.Floor {
		t.Errorf("%s: ten times the input allocated %.1f times as much (%d B, then %d B)", name, float64(large)/float64(max(small, 1)), small, large)
	}
	return small, large
}

func (b Bound) describe(limit uint64) string {
	return fmt.Sprintf("the bound of %d B (%d B + %d B per input byte)", limit, b.Floor, b.PerByte)
}
