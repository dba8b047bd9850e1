package oie

import (
	"sync/atomic"
	"time"
)

// Turns is a clock of the turns a single-threaded host gets between slices
// of long work: the browser between the page's loops, the Worker's event
// loop between slices of scoring. Its Pacer is the pause those loops call
// (see PauseEvery). The slice is counted from the host's last turn, shared
// by every pacer of one clock: loops that each counted their own time
// would, together, hold the thread for several slices in one task.
type Turns struct {
	epoch time.Time
	last  atomic.Int64 // when the host last ran, as time since epoch
}

// NewTurns returns a clock whose host has just run.
func NewTurns() *Turns { return &Turns{epoch: time.Now()} }

// Since is the time since the host last ran.
func (t *Turns) Since() time.Duration {
	return time.Since(t.epoch) - time.Duration(t.last.Load())
}

// Ran records that the host has just run.
func (t *Turns) Ran() { t.last.Store(int64(time.Since(t.epoch))) }

// Pacer returns a pause that, once slice has passed since the host last
// ran, calls yield (which lets the host run) and records the turn.
func (t *Turns) Pacer(slice time.Duration, yield func()) func() {
	return func() {
		if t.Since() < slice {
			return
		}
		yield()
		t.Ran()
	}
}
