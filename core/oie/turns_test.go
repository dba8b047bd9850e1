package oie

import (
	"testing"
	"time"
)

// A pacer yields only once the slice has passed since the host last ran,
// counted across every pacer of the clock, and not again right after.
func TestTurnsPacer(t *testing.T) {
	const slice = 20 * time.Millisecond
	clock := NewTurns()
	yields := 0
	first := clock.Pacer(slice, func() { yields++ })
	first()
	if yields != 0 {
		t.Fatalf("%d yields within the slice after the host ran", yields)
	}
	time.Sleep(slice + 5*time.Millisecond)
	second := clock.Pacer(slice, func() { yields++ })
	second()
	if yields != 1 {
		t.Fatalf("past the slice: %d yields, want 1", yields)
	}
	first() // the host has just run (second's yield)
	if yields != 1 || clock.Since() >= slice {
		t.Fatalf("right after the host ran: %d yields, %v since its turn", yields, clock.Since())
	}
}
