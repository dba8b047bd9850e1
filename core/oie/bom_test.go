package oie_test

import (
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// A byte order mark is a mark only at the very start of a file, where one
// or several are removed; further on, U+FEFF is text.
func TestTrimBOM(t *testing.T) {
	for in, want := range map[string]string{
		"\ufeffa\tb":      "a\tb",
		"\ufeff\ufeffa":   "a",
		"\ufeff":          "",
		"a\ufeff":         "a\ufeff",
		"\n\ufeffa":       "\n\ufeffa",
		" \ufeffa":        " \ufeffa",
		"\xef\xbb":        "\xef\xbb", // a cut mark is no mark
		"\ufeff\xef\xbbx": "\xef\xbbx",
	} {
		if got := string(oie.TrimBOM([]byte(in))); got != want {
			t.Errorf("TrimBOM(%q) = %q, want %q", in, got, want)
		}
	}
}
