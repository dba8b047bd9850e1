package formats

import (
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// number takes what oie.ParseConfidence takes, with the same value.
func TestNumberIsParseConfidence(t *testing.T) {
	for _, s := range []string{"0.5", " 0.25\t", "1", "-3", "1e-3", "1E5", "+.5", "5.", "1_000", "0x1p-2", "1e999", "-1e999",
		"inf", "-Infinity", "nan", "NaN", "", " ", "abc", "0.5x", "Argument(x)", "--", "１", "0.1.2"} {
		c, ok := number(s)
		want, err := oie.ParseConfidence(s)
		if ok != (err == nil) || ok && c != want {
			t.Errorf("number(%q) = %v, %v; ParseConfidence: %v, %v", s, c, ok, want, err)
		}
	}
}
