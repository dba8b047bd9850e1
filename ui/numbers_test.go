package ui

import (
	"fmt"
	"math"
	"testing"
)

func TestNumberFormats(t *testing.T) {
	for _, tc := range []struct {
		v            float64
		fixed, three string
		exact        string
	}{
		{0, "0.00", "0.000", "0"},
		{0.125, "0.12", "0.125", "0.125"},   // binary 0.125 is exact: ties go to even
		{0.3745, "0.37", "0.374", "0.3745"}, // 0.3745 is below its decimal in binary
		{1.0 / 3, "0.33", "0.333", "0.3333333333333333"},
		{2.0 / 3, "0.67", "0.667", "0.6666666666666666"},
		{-0.0125, "-0.01", "-0.013", "-0.0125"},
		{52.5, "52.50", "52.500", "52.5"},
		{math.Inf(1), "+Inf", "+Inf", "+Inf"},
	} {
		if got := Fixed(tc.v); got != tc.fixed {
			t.Errorf("Fixed(%v) = %q, want %q", tc.v, got, tc.fixed)
		}
		if got := decimals(tc.v, 3); got != tc.three {
			t.Errorf("decimals(%v, 3) = %q, want %q", tc.v, got, tc.three)
		}
		if got := Exact(tc.v); got != tc.exact {
			t.Errorf("Exact(%v) = %q, want %q", tc.v, got, tc.exact)
		}
		// The page wrote these with fmt's %.2f and %.3f before.
		if f2, f3 := fmt.Sprintf("%.2f", tc.v), fmt.Sprintf("%.3f", tc.v); f2 != Fixed(tc.v) || f3 != decimals(tc.v, 3) {
			t.Errorf("%v: fmt writes %q and %q", tc.v, f2, f3)
		}
	}
}
