package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// Root is the whole page.
type Root struct {
	M *Model

	tableMarked bool
	focusTab    bool
}

// Tabs lists the page's views in order.
func (c *Root) Tabs() []View {
	return []View{ViewScores, ViewSentences, ViewCompare, ViewCharts, ViewStudio, ViewAgreement}
}

// TabLabel names a view.
func (c *Root) TabLabel(v View) string {
	return map[View]string{ViewScores: "Scores", ViewSentences: "Sentences", ViewCompare: "Compare two systems", ViewCharts: "Charts", ViewStudio: "Annotate", ViewAgreement: "Agreement"}[v]
}

// View is the view on screen.
func (c *Root) View() View {
	switch c.M.Prefs.View {
	case ViewSentences, ViewCompare, ViewCharts, ViewStudio, ViewAgreement:
		return c.M.Prefs.View
	}
	return ViewScores
}

// Show switches to a view.
func (c *Root) Show(v View) {
	c.M.Prefs.View = v
	c.M.App.SavePrefs()
}

// TabKey moves between tabs with the arrow keys, as the ARIA tabs pattern
// does; focus follows in AfterRender.
func (c *Root) TabKey(e vugu.DOMEvent) {
	tabs := c.Tabs()
	i := 0
	for k, v := range tabs {
		if v == c.View() {
			i = k
		}
	}
	i, ok := tabList.onKey(e, i, len(tabs))
	if !ok {
		return
	}
	c.Show(tabs[i])
	c.focusTab = true
}

// TabIndex keeps only the selected tab in the tab order (ARIA tabs).
func (c *Root) TabIndex(v View) string {
	if v == c.View() {
		return "0"
	}
	return "-1"
}

// DragEnter and DragLeave light the drop zone while files are over the page.
func (c *Root) DragEnter(e vugu.DOMEvent) { c.M.Dragging++ }

func (c *Root) DragLeave() {
	if c.M.Dragging > 0 {
		c.M.Dragging--
	}
}

// Drop adds the files dropped anywhere on the page (its default, opening
// the file, is prevented by the element's data-prevent).
func (c *Root) Drop(e vugu.DOMEvent) {
	c.M.Dragging = 0
	dt := e.JSEvent().Get("dataTransfer")
	if !dt.Truthy() {
		return
	}
	if files := dt.Get("files"); files.Truthy() && files.Length() > 0 {
		c.M.App.AddFiles(files, false)
	}
}

// Ready is the data-ready attribute: "table" once the table on screen is
// final (CaRB's columns included), for tests and embedding pages;
// "prerendered" while the page shows the first screen written at build time.
func (c *Root) Ready() string {
	switch {
	case c.M.Prerendered:
		return "prerendered"
	case c.M.Fatal != "":
		return "error"
	case c.M.Eval != nil && c.M.Settled() && !c.M.Analyses.CaRBPending:
		return "table"
	case c.M.Eval != nil:
		return "scoring"
	}
	return "loading"
}

// AfterRender runs once the DOM shows the last build (the render loop calls
// it: Vugu's Rendered hook skips the root component). It marks the moment
// the first table is on screen, the navigation-to-table time of ./build.sh
// bench, and moves focus after tab keys.
func (c *Root) AfterRender() {
	if !c.tableMarked && c.M.Eval != nil && c.M.Settled() { // BenchIE's columns: CaRB's follow
		c.tableMarked = true
		c.M.App.Mark("oiebench-table")
	}
	if c.M.ScrollActive {
		c.M.ScrollActive = false
		c.M.App.ScrollIntoView("[role=listbox] [aria-selected=true]", "nearest")
	}
	// The new row is scrolled to once the table on screen has it.
	if c.M.ScrollNew && len(c.M.NewRows) > 0 && c.View() == ViewScores && c.M.Eval != nil && hasSystem(&c.M.Eval.Report, c.M.NewRows[0]) {
		c.M.ScrollNew = false
		c.M.App.ScrollIntoView(`#scores tr[data-row="`+cssString(c.M.NewRows[0])+`"]`, "center")
	}
	if c.focusTab {
		c.focusTab = false
		c.M.App.Focus("tab-"+string(c.View()), false)
	}
}

// hasSystem tells whether r has a row named name.
func hasSystem(r *report.Report, name string) bool {
	for _, s := range r.Systems {
		if s.Name == name {
			return true
		}
	}
	return false
}

// Retry and Discard answer the recovery notice (see Recovery).
func (c *Root) Retry() { c.M.App.RetryStored() }

// Discard deletes the held files.
func (c *Root) Discard() { c.M.App.DiscardStored() }

// cssString escapes s for a double-quoted CSS attribute value.
func cssString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\a `).Replace(s)
}

// Announcement is what the page's live region says: the systems of the
// files added last, with their rank by the first facet's F1, once scored.
func (c *Root) Announcement() string {
	if len(c.M.NewRows) == 0 || c.M.Eval == nil {
		return ""
	}
	r := &c.M.Eval.Report
	if len(r.Options.Facets) == 0 {
		return ""
	}
	facet := r.Options.Facets[0]
	var parts []string
	for _, name := range c.M.NewRows {
		if p := rankOf(r, facet, name); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// rankOf says where system name ranks by facet's F1 ("" when not scored).
func rankOf(r *report.Report, facet, name string) string {
	var f1 float64
	found := false
	for _, s := range r.Systems {
		if s.Name == name {
			if sc := s.BenchIE.Facet(facet); sc != nil {
				f1, found = sc.F1, true
			}
		}
	}
	if !found {
		return ""
	}
	rank := 1
	for _, s := range r.Systems {
		if sc := s.BenchIE.Facet(facet); sc != nil && sc.F1 > f1 {
			rank++
		}
	}
	return fmt.Sprintf("%s added: %s F1 %.3f, rank %d of %d.", name, report.FacetLabel(facet), f1, rank, len(r.Systems))
}
