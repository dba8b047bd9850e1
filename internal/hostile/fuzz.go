package hostile

import (
	"fmt"
	"runtime/metrics"
	"testing"
	"time"
)

// The limits of one fuzz input: what it may allocate (FuzzFloor plus
// FuzzPerByte for each of its bytes: the budgets of the statistics and the
// agreement are about 100 MB at most) and how long it may run (a guard
// against exponential work, far beyond any honest input of a fuzzer's size,
// not a measure of speed).
const (
	FuzzFloor   = 256 << 20
	FuzzPerByte = 1 << 10
	FuzzTime    = 20 * time.Second
)

// allocated is the bytes allocated on the heap so far (runtime/metrics:
// read without stopping the world, so cheap enough for every input).
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// Watch limits the input being fuzzed, of size bytes; call the returned
// stop when it is done (defer it). While the input runs, a watchdog ends
// the process when it goes over a limit, so that the fuzzer reports the
// input before the machine runs out of memory; stop checks the limits once
// more and fails the test.
func Watch(t testing.TB, size int) (stop func()) {
	return watch(t, size, FuzzFloor+FuzzPerByte*uint64(size), Slowdown*FuzzTime, func(msg string) {
		panic(msg) // ends the process: the fuzzer keeps the input
	})
}

// watch is Watch with its limits given, and what the watchdog does.
func watch(t testing.TB, size int, limit uint64, most time.Duration, halt func(string)) (stop func()) {
	start, began := allocated(), time.Now()
	done := make(chan struct{})
	over := func() string {
		if a := allocated() - start; a > limit {
			return fmt.Sprintf("an input of %d B allocated %d B, over its limit of %d B", size, a, limit)
		}
		if d := time.Since(began); d > most {
			return fmt.Sprintf("an input of %d B ran %v, over its limit of %v", size, d.Round(time.Millisecond), most)
		}
		return ""
	}
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if msg := over(); msg != "" {
					halt(msg)
					return
				}
			}
		}
	}()
	return func() {
		close(done)
		if msg := over(); msg != "" {
			t.Fatal(msg)
		}
	}
}
