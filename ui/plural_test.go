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

func TestCreditedExtractions(t *testing.T) {
	for _, c := range []struct {
		n, stray int
		want     string
	}{
		{1, 1, "1 extraction with stray spaces in its slots is"},
		{1, 0, "1 extraction that matches a gold form with white space at an edge is"},
		{3, 3, "3 extractions with stray spaces in their slots are"},
		{3, 0, "3 extractions that match a gold form with white space at an edge are"},
		{3, 1, "3 extractions (1 with stray spaces in their slots, 2 matching a gold form with white space at an edge) are"},
	} {
		if got := creditedExtractions(c.n, c.stray); got != c.want {
			t.Errorf("creditedExtractions(%d, %d) = %q, want %q", c.n, c.stray, got, c.want)
		}
	}
}
