package oie

import (
	"errors"
	"math"
	"strconv"
	"testing"
)

// pythonFloatParsed is PythonFloat as it was defined before floatSpelling:
// every string given to strconv.ParseFloat.
func pythonFloatParsed(s string) (float64, bool) {
	c, err := strconv.ParseFloat(TrimSpace(s), 64)
	if errors.Is(err, strconv.ErrRange) && math.IsInf(c, 0) {
		return c, true
	}
	return c, err == nil
}

var floatCases = []string{
	"", " ", "0", "1", "-1", "+1", " 0.5 ", "1e5", "1E-5", "1e999", "-1e999", "1e-999", "inf", "-Inf", "+INFINITY",
	"infinity", "nan", "NaN", "-nan", "0x1p-2", "0X1P+2", "0x1.8p1", "1_000", "0x_1p0", "1__0", "_1", ".5", "5.", ".",
	"1 2", "1,5", "١", "½", "0.5\u00a0", "\u20070.5", "the cat", "e", "p", "x", "0x", "1e", "--1", "1-", "ln", "0.9, 0.8",
}

// PythonFloat with its spelling screened reads every string as strconv
// does (FuzzPythonFloat for the rest).
func TestPythonFloatScreened(t *testing.T) {
	for _, s := range floatCases {
		c, ok := PythonFloat(s)
		want, wantOK := pythonFloatParsed(s)
		if ok != wantOK || c != want && !(math.IsNaN(c) && math.IsNaN(want)) {
			t.Errorf("PythonFloat(%q) = %v, %v; ParseFloat's reading %v, %v", s, c, ok, want, wantOK)
		}
	}
}

func FuzzPythonFloat(f *testing.F) {
	for _, s := range floatCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := PythonFloat(s)
		want, wantOK := pythonFloatParsed(s)
		if ok != wantOK || c != want && !(math.IsNaN(c) && math.IsNaN(want)) {
			t.Errorf("PythonFloat(%q) = %v, %v; ParseFloat's reading %v, %v", s, c, ok, want, wantOK)
		}
	})
}
