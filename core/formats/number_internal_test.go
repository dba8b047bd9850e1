package formats

import (
	"strconv"
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

// isInt screens its spelling and then says what strconv.Atoi says.
func TestIsIntIsAtoi(t *testing.T) {
	for _, s := range []string{"0", "7", "-3", "+3", "007", "", " 1", "1 ", "1.0", "1e3", "--1", "+-1", "-", "+", "1_000", "0x10",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "١", "１", "12a", "the"} {
		_, err := strconv.Atoi(s)
		if got := isInt(s); got != (err == nil) {
			t.Errorf("isInt(%q) = %v, Atoi's error %v", s, got, err)
		}
	}
}
