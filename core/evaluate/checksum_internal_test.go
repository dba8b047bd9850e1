package evaluate

import (
	"bytes"
	"testing"
)

// checksumPaused hashes what checksum hashes, pausing between parts of
// checksumPauseEvery bytes and never after the last.
func TestChecksumPaused(t *testing.T) {
	for _, size := range []int{0, 1, checksumPauseEvery - 1, checksumPauseEvery, checksumPauseEvery + 1, 5*checksumPauseEvery + 7} {
		data := bytes.Repeat([]byte("sent_id:1\tHe slept .\n"), size/21+1)[:size]
		pauses := 0
		got, want := checksumPaused(data, func() { pauses++ }), checksum(data)
		if got != want {
			t.Errorf("%d bytes: paced %s, plain %s", size, got, want)
		}
		if parts := (size + checksumPauseEvery - 1) / checksumPauseEvery; pauses != max(0, parts-1) {
			t.Errorf("%d bytes: %d pauses, want %d", size, pauses, max(0, parts-1))
		}
	}
}
