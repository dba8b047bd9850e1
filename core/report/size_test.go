package report

import "testing"

func TestSize(t *testing.T) {
	for n, want := range map[int]string{0: "0 bytes", 1: "1 byte", 1023: "1023 bytes", 1024: "1 kB", 759_600: "742 kB",
		1 << 20: "1.0 MB", 3_400_000: "3.2 MB", 3 << 30: "3.0 GB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
