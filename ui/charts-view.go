package ui

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// ChartsView shows the paper's figures for the systems on screen: slot
// errors, error patterns, F1 by sentence bucket, the multi-facet profile
// and, when confidences vary, precision-recall curves. The core draws them
// (package chart) from the analysed report; this view lays them out.
type ChartsView struct {
	M *Model
}

// Busy reports whether the analyses of the table on screen are still being
// computed (or CaRB, whose PR curves they draw, is still coming).
func (c *ChartsView) Busy() bool {
	return c.M.Analyses.Report == nil || c.M.Analyses.Facet != c.M.AnalysisFacet() || c.M.Analyses.CaRBPending
}

// ProgressLabel says what is being computed.
func (c *ChartsView) ProgressLabel() string {
	switch p := c.M.Analyses.Progress; {
	case c.M.Analyses.CaRBPending:
		return "Adding CaRB's scores first…"
	case p != nil:
		return p.Label
	}
	return "Analysing the systems…"
}

// Done and Total are the progress of the analyses.
func (c *ChartsView) Done() int {
	if p := c.M.Analyses.Progress; p != nil {
		return p.Done
	}
	return 0
}

func (c *ChartsView) Total() int {
	if p := c.M.Analyses.Progress; p != nil {
		return p.Total
	}
	return 0
}

// Facets are the facets that can be analysed.
func (c *ChartsView) Facets() []benchie.Facet { return c.M.Explorer.Facets() }

// FacetLabel names a facet as the paper does.
func (c *ChartsView) FacetLabel(f benchie.Facet) string { return report.FacetLabel(string(f)) }

// SetFacet analyses another facet.
func (c *ChartsView) SetFacet(e vugu.DOMEvent) {
	c.M.Prefs.Analysis.Facet = benchie.Facet(e.PropString("target", "value"))
	c.M.App.SavePrefs()
}

// SVG is a chart's markup, drawn by the core (no user text is unescaped).
func (c *ChartsView) SVG(f chart.Figure) vugu.HTML { return vugu.HTML(f.SVG) }

// Export saves a chart as SVG or PNG.
func (c *ChartsView) Export(f chart.Figure, format string) { c.M.App.ExportChart(f, format) }

// NoPRCurve reports that the PR chart is missing for want of confidences.
func (c *ChartsView) NoPRCurve() bool {
	for _, f := range c.M.Analyses.Figures {
		if f.Key == "pr-curves" {
			return false
		}
	}
	return true
}

// Signature is the analysis signature: the report's and every setting.
func (c *ChartsView) Signature() string {
	for _, s := range c.M.Analyses.Report.Systems {
		if s.Analysis != nil {
			return s.Analysis.Signature
		}
	}
	return c.M.Analyses.Report.Signature
}

// Took says how long the analyses took in this browser.
func (c *ChartsView) Took() string {
	a := c.M.Analyses
	return fmt.Sprintf("Analysed in %s in this browser: closest gold triples of every incorrect extraction, sentence buckets, and %s bootstrap samples per system.", a.Took, Thousands(a.Samples))
}
