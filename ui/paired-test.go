package ui

import (
	"fmt"

	"github.com/oiebench/oiebench/core/report"
)

// PairedTest says whether the two systems of the Compare view differ in F1
// by more than chance: the paired approximate randomisation test
// (analysis.Compare), in words, with its numbers.
type PairedTest struct {
	M *Model
}

// key names the test of the systems and facet on screen.
func (c *PairedTest) key() TestKey {
	a, b := c.M.ComparedSystems()
	names := c.M.SystemNames()
	return TestKey{A: names[a], B: names[b], Facet: c.M.ExploreFacet()}
}

// Test is the test of the systems on screen, or nil while it runs.
func (c *PairedTest) Test() *report.Comparison { return c.M.Analyses.Tests[c.key()] }

// Same reports whether a system is compared with itself: there is nothing
// to test.
func (c *PairedTest) Same() bool {
	k := c.key()
	return k.A == k.B
}

// Waiting says what is being computed, or that there is nothing to test.
func (c *PairedTest) Waiting() string {
	if c.Same() {
		return "Choose two different systems to test whether they differ."
	}
	return fmt.Sprintf("Testing whether the difference in F1 is significant (%s rounds of approximate randomisation)…", Thousands(c.M.Analyses.Rounds))
}

// VerdictClass marks a significant difference.
func (c *PairedTest) VerdictClass() string {
	if c.Test().Significant() {
		return "verdict-text significant"
	}
	return "verdict-text"
}

// Details gives the numbers behind the verdict.
func (c *PairedTest) Details() string {
	t := c.Test()
	return fmt.Sprintf("F1 %s %.3f, %s %.3f. Paired-bootstrap 95%% interval of ΔF1: %.3f to %.3f. Two-sided test over %s, seed %d; significant means p < %g.",
		t.A, t.AF1, t.B, t.BF1, t.DeltaCI95[0], t.DeltaCI95[1], Count(t.Sentences, "sentence"), t.Seed, report.SignificanceLevel)
}
