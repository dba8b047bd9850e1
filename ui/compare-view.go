package ui

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// CompareView sets two systems side by side: how many synsets each covers
// alone, and the sentences where they differ.
type CompareView struct {
	M *Model
}

// Names are the systems to choose from.
func (c *CompareView) Names() []string { return c.M.SystemNames() }

// A and B are the systems compared: the chosen ones, else the first two.
func (c *CompareView) A() int {
	a, _ := c.M.ComparedSystems()
	return a
}

func (c *CompareView) B() int {
	_, b := c.M.ComparedSystems()
	return b
}

// NameOf is the name of system i.
func (c *CompareView) NameOf(i int) string { return c.Names()[i] }

// SetA, SetB and SetFacet change what is compared.
func (c *CompareView) SetA(e vugu.DOMEvent) {
	c.M.Prefs.CompareA = e.PropString("target", "value")
	c.M.App.SavePrefs()
}

func (c *CompareView) SetB(e vugu.DOMEvent) {
	c.M.Prefs.CompareB = e.PropString("target", "value")
	c.M.App.SavePrefs()
}

func (c *CompareView) SetFacet(e vugu.DOMEvent) {
	c.M.Prefs.Facet = benchie.Facet(e.PropString("target", "value"))
	c.M.App.SavePrefs()
}

// Facets are the facets that can be compared.
func (c *CompareView) Facets() []benchie.Facet { return c.M.Explorer.Facets() }

// FacetLabel names a facet as the paper does.
func (c *CompareView) FacetLabel(f benchie.Facet) string { return report.FacetLabel(string(f)) }

// Comparison is the comparison on screen.
func (c *CompareView) Comparison() explain.Comparison {
	return c.M.Comparison(c.A(), c.B(), c.M.ExploreFacet())
}

// Chips are the summary figures.
func (c *CompareView) Chips() [][2]string {
	k := c.Comparison()
	a, b := c.NameOf(k.A), c.NameOf(k.B)
	both := "synsets covered by both"
	if k.Both == 1 {
		both = "synset covered by both"
	}
	return [][2]string{
		{Thousands(k.Both), both},
		{Thousands(k.OnlyA), "covered by " + a + " only"},
		{Thousands(k.OnlyB), "covered by " + b + " only"},
		{Thousands(k.Neither), "covered by neither"},
		{fmt.Sprintf("%d vs %d", k.ErrorsA, k.ErrorsB), "incorrect extractions"},
	}
}

// Differences are the sentences where the two differ.
func (c *CompareView) Differences() []explain.Difference { return c.Comparison().Sentences }

// Selected is the gold index of the difference shown, or -1.
func (c *CompareView) Selected() int {
	ds := c.Differences()
	for _, d := range ds {
		if d.ID == c.M.Prefs.CompareS {
			return d.Index
		}
	}
	if len(ds) > 0 {
		return ds[0].Index
	}
	return -1
}

// Pick shows the difference of a sentence id (a ListOption clicked).
func (c *CompareView) Pick(id string) {
	c.M.Prefs.CompareS = id
	c.M.App.SavePrefs()
}

// Key moves through the differences with the arrow keys.
func (c *CompareView) Key(e vugu.DOMEvent) {
	ds := c.Differences()
	l := make([]explain.SentenceSummary, len(ds))
	for i, d := range ds {
		l[i] = explain.SentenceSummary{Index: d.Index, ID: d.ID}
	}
	if i, ok := moveInList(e, l, c.Selected()); ok {
		c.Pick(ds[i].ID)
		c.M.ScrollActive = true
	}
}

// Tally sums up a difference for its list item.
func (c *CompareView) Tally(d explain.Difference) []string {
	k := c.Comparison()
	var t []string
	if len(d.OnlyA) > 0 {
		t = append(t, fmt.Sprintf("%s alone: %d", c.NameOf(k.A), len(d.OnlyA)))
	}
	if len(d.OnlyB) > 0 {
		t = append(t, fmt.Sprintf("%s alone: %d", c.NameOf(k.B), len(d.OnlyB)))
	}
	if d.ErrorsA != d.ErrorsB {
		t = append(t, fmt.Sprintf("✗ %d vs %d", d.ErrorsA, d.ErrorsB))
	}
	return t
}

// Detail explains the selected sentence for both systems.
func (c *CompareView) Detail() explain.SentenceView {
	return c.M.SentenceView(c.Selected(), c.M.ExploreFacet(), []int{c.A(), c.B()})
}
