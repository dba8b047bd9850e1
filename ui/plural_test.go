package ui

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "synset", "0 synsets"},
		{1, "synset", "1 synset"},
		{2, "synset", "2 synsets"},
		{1, "system extraction", "1 system extraction"},
		{12000, "sentence", "12\u202f000 sentences"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
