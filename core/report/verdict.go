package report

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
)

// SignificanceLevel is the level below which Verdict calls a difference
// significant.
const SignificanceLevel = 0.05

// Significant reports whether the test rejects, at SignificanceLevel, that
// the two systems score alike.
func (c *Comparison) Significant() bool { return c.PValue < SignificanceLevel }

// Verdict says in one sentence what the test found, e.g. "ClausIE and
// MinIE do not differ significantly on BenchIE F1 (ΔF1 = 0.002, p = 0.94,
// approximate randomisation, 10,000 rounds)".
func (c *Comparison) Verdict() string {
	metric := cmp.Or(FacetLabel(c.Facet), c.Facet) + " F1"
	method := strings.ReplaceAll(c.Method, "-", " ")
	details := fmt.Sprintf("(ΔF1 = %s, %s, %s, %s rounds)", signed(c.DeltaF1), c.PText(), method, thousands(c.Samples))
	if !c.Significant() {
		return fmt.Sprintf("%s and %s do not differ significantly on %s %s", c.A, c.B, metric, details)
	}
	higher, lower := c.A, c.B
	if c.DeltaF1 < 0 {
		higher, lower = lower, higher
	}
	return fmt.Sprintf("%s scores higher than %s on %s, and the difference is significant %s", higher, lower, metric, details)
}

// PText writes the p-value as a report gives it: two significant digits,
// or "p < 0.001".
func (c *Comparison) PText() string {
	if c.PValue < 0.001 {
		return "p < 0.001"
	}
	return "p = " + strconv.FormatFloat(c.PValue, 'g', 2, 64)
}

// signed writes a difference with three decimals and a true minus sign.
func signed(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	if s == "-0.000" {
		s = "0.000"
	}
	return strings.Replace(s, "-", "−", 1)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
