package ui

import (
	"fmt"
	"github.com/oiebench/oiebench/core/benchmarks"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// Inputs is the user's side of the page: files to add (picker and drop
// zone), the files added, the files refused, and the scoring options.
type Inputs struct {
	M *Model
}

// Pick adds the files chosen in a file input.
func (c *Inputs) Pick(e vugu.DOMEvent, asEGold bool) {
	input := e.JSEventTarget()
	c.M.App.AddFiles(input.Get("files"), asEGold)
	input.Set("value", "") // choosing the same file again must fire change again
}

// ReadAsKinds are the choices of the read-as select.
func (c *Inputs) ReadAsKinds() []explain.Kind {
	return append([]explain.Kind{explain.KindAuto}, explain.Kinds...)
}

// SetReadAs changes how the next files are read.
func (c *Inputs) SetReadAs(e vugu.DOMEvent) {
	c.M.App.SetReadAs(explain.Kind(e.PropString("target", "value")))
}

// SystemKinds are the formats a system file can be read as again.
func (c *Inputs) SystemKinds() []explain.Kind {
	return []explain.Kind{explain.KindTSV, explain.KindJSONL, explain.KindCaRB}
}

// Reread reads a system file again in the chosen format.
func (c *Inputs) Reread(f FileEntry, e vugu.DOMEvent) {
	c.M.App.Reread(f.ID, explain.Kind(e.PropString("target", "value")))
}

// RoleLabel says what a file is to the evaluation.
func (c *Inputs) RoleLabel(f FileEntry) string {
	switch f.Role {
	case RoleGold:
		return "gold"
	case RoleEGold:
		return "BenchIE-E gold"
	case RoleCaRBGold:
		return "CaRB gold"
	case RoleWiRe57Gold:
		return "WiRe57 gold"
	case RoleWiRe57:
		return "WiRe57 extractions"
	}
	return "system “" + f.System + "”"
}

// Size is a file size in words.
func Size(n int) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// Dismiss removes a problem from the list.
func (c *Inputs) Dismiss(i int) {
	if i >= 0 && i < len(c.M.Problems) {
		c.M.Problems = append(c.M.Problems[:i:i], c.M.Problems[i+1:]...)
	}
}

// ExcerptText is the line at fault with a caret under the column.
func ExcerptText(ex *explain.Excerpt) string {
	if ex.Caret < 0 {
		return ex.Text
	}
	return ex.Text + "\n" + strings.Repeat(" ", ex.Caret) + "^"
}

// ZoneClass lights the drop zone up while files are dragged over the page.
func (c *Inputs) ZoneClass() string {
	if c.M.Dragging > 0 {
		return "dropzone over"
	}
	return "dropzone"
}

// Facets lists every facet, checked or not.
func (c *Inputs) Facets() []benchie.Facet { return benchie.Facets }

// FacetLabel names a facet as the paper does.
func (c *Inputs) FacetLabel(f benchie.Facet) string { return report.FacetLabel(string(f)) }

// ToggleFacet scores with or without a facet (at least one stays).
func (c *Inputs) ToggleFacet(f benchie.Facet) {
	c.M.App.SetOptions(c.M.Options.WithFacet(f, !c.M.Options.HasFacet(f)))
}

// ToggleCompat switches the reference-compatible mode.
func (c *Inputs) ToggleCompat() {
	o := c.M.Options
	o.ReferenceCompat = !o.ReferenceCompat
	c.M.App.SetOptions(o)
}

// FLFixed tells that the gold on screen is BenchIE^FL's, always scored
// with BenchIE^FL.
func (c *Inputs) FLFixed() bool {
	d, ok := benchmarks.DatasetByKey(c.M.Source)
	return ok && d.FL()
}

// FLChecked is the BenchIE^FL switch's state.
func (c *Inputs) FLChecked() bool { return c.M.Options.FL || c.FLFixed() }

// ToggleFL scores with or without BenchIE^FL.
func (c *Inputs) ToggleFL() {
	o := c.M.Options
	o.FL = !o.FL
	c.M.App.SetOptions(o)
}

// EGoldLabel is the text of the E gold picker.
func (c *Inputs) EGoldLabel() string {
	if e := c.EGold(); e != nil {
		return "Replace " + e.Name + "…"
	}
	return "Add an E gold file…"
}

// EGold is the BenchIE-E gold of the source, if the user gave one.
func (c *Inputs) EGold() *FileEntry {
	for i, f := range c.M.Files {
		if f.Role == RoleEGold {
			return &c.M.Files[i]
		}
	}
	return nil
}
