package hostile

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps what Fatal was given.
type recorder struct {
	testing.TB
	mu  sync.Mutex
	msg string
}

func (r *recorder) Fatal(args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msg = args[0].(string)
}

var sink [][]byte

// TestWatch: the limits of a fuzz input are enforced, by the watchdog while
// the input runs and by stop after it.
func TestWatch(t *testing.T) {
	var halted sync.WaitGroup
	halted.Add(1)
	var said string
	r := &recorder{TB: t}
	stop := watch(r, 10, 1<<20, time.Minute, func(msg string) { said = msg; halted.Done() })
	for range 64 {
		sink = append(sink, make([]byte, 1<<20))
	}
	halted.Wait() // the watchdog saw it
	stop()
	sink = nil
	if !strings.Contains(said, "over its limit of 1048576 B") || !strings.Contains(r.msg, "an input of 10 B allocated") {
		t.Errorf("watchdog %q, stop %q", said, r.msg)
	}

	r = &recorder{TB: t}
	halted.Add(1)
	stop = watch(r, 10, 1<<40, 50*time.Millisecond, func(msg string) { said = msg; halted.Done() })
	halted.Wait()
	stop()
	if !strings.Contains(said, "over its limit of 50ms") || !strings.Contains(r.msg, "ran") {
		t.Errorf("watchdog %q, stop %q", said, r.msg)
	}

	r = &recorder{TB: t}
	stop = watch(r, 10, 1<<30, time.Minute, func(msg string) { t.Error("halted:", msg) })
	stop()
	if r.msg != "" {
		t.Errorf("an input within its limits failed: %q", r.msg)
	}
}
