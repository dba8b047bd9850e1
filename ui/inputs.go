package ui

import (
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// Inputs is the user's side of the page: files to add (picker and drop
// zone), the files added, the files refused, and the scoring options.
type Inputs struct {
	M *Model
	// FacetNote explains why the last facet cannot be unchecked.
	FacetNote string
	// listDraft is the list of sentences typed; listPicked tells that
	// "These sentences" is chosen while the field waits for a list.
	listDraft  string
	listPicked bool
}

// addFiles adds the gold or system files chosen.
func (c *Inputs) addFiles(files js.Value) { c.M.App.AddFiles(files, false) }

// addEGold adds the BenchIE-E gold chosen.
func (c *Inputs) addEGold(files js.Value) { c.M.App.AddFiles(files, true) }

// ReadAsKinds are the choices of the read-as select.
func (c *Inputs) ReadAsKinds() []evaluate.Kind {
	return append([]evaluate.Kind{evaluate.KindAuto}, evaluate.Kinds...)
}

// SetReadAs changes how the next files are read.
func (c *Inputs) SetReadAs(e vugu.DOMEvent) {
	c.M.App.SetReadAs(evaluate.Kind(e.PropString("target", "value")))
}

// SystemKinds are the formats a system file can be read as again: every
// system format of the registry.
func (c *Inputs) SystemKinds() []evaluate.Kind {
	var ks []evaluate.Kind
	for _, f := range formats.All() {
		if f.Role == formats.System {
			ks = append(ks, evaluate.Kind(f.Name))
		}
	}
	return ks
}

// CaRBGoldKinds are the formats a CaRB gold can be read as again: the
// command line's --gold-format for the CaRB scorer's gold.
func (c *Inputs) CaRBGoldKinds() []evaluate.Kind {
	return []evaluate.Kind{evaluate.KindCaRBGold, evaluate.KindOIE2016}
}

// Formats lists every format of the registry, for the Formats panel.
func (c *Inputs) Formats() []*formats.Format { return formats.All() }

// FormatNote describes a format for the panel: its lines, and why it is
// refused when it is.
func (c *Inputs) FormatNote(f *formats.Format) string {
	note := f.Description + "."
	switch f.Role {
	case formats.Refused:
		note += " Refused: " + f.Refusal + "."
	case formats.BenchIEGold, formats.CaRBGold, formats.WiRe57Gold:
		note += " A gold."
	case formats.Annotations:
		note += " Opened in the annotation studio."
	}
	if f.ByText {
		note += " Names sentences by text: aligned with the gold's sentences."
	}
	return note
}

// exampleText shows a format's example line with its tabs visible.
func exampleText(f *formats.Format) string { return strings.ReplaceAll(f.Example, "\t", " ⇥ ") }

// Reread reads a system file again in the chosen format.
func (c *Inputs) Reread(f FileEntry, e vugu.DOMEvent) {
	c.M.App.Reread(f.ID, evaluate.Kind(e.PropString("target", "value")))
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
	case RoleCaRBOwnGold:
		return "CaRB gold of its own"
	case RoleCaRBOwn:
		return "system “" + f.System + "” of the CaRB gold of its own"
	}
	return "system “" + f.System + "”"
}

// Size is a file size in words (report.Size, as the command line writes it).
func Size(n int) string { return report.Size(n) }

// AnswerCaRB answers CaRBAsk.
func (c *Inputs) AnswerCaRB(a CaRBAnswer) { c.M.App.AnswerCaRBGold(a) }

// excerptText is the line at fault with a caret under the column.
func excerptText(ex *explain.Excerpt) string {
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

// FacetHelp says what a facet compares, as the BenchIE paper defines it.
func (c *Inputs) FacetHelp(f benchie.Facet) string {
	switch f {
	case benchie.Concat:
		return "BenchIE-C: the three slots joined into one string and compared as one, so a word may sit in another slot than in the gold."
	case benchie.Minimal:
		return "BenchIE-M: against the gold without its bracketed optional parts, i.e. its minimal extractions."
	}
	return "BenchIE: slot by slot against every surface form of the fact synsets."
}

// ToggleFacet scores with or without a facet. Unchecking the last one is
// refused with a note, and its checkbox is checked again: the option does
// not change, so the render would leave the box unchecked.
func (c *Inputs) ToggleFacet(f benchie.Facet, e vugu.DOMEvent) {
	if !c.setFacet(f) {
		e.JSEventTarget().Set("checked", true)
	}
}

// setFacet turns facet f on or off; it reports false, with a note, when f
// is the only facet left.
func (c *Inputs) setFacet(f benchie.Facet) bool {
	on := !c.M.Options.HasFacet(f)
	if !on && len(c.M.Options.Facets) <= 1 {
		c.FacetNote = "At least one facet is needed: check another one before unchecking " + c.FacetLabel(f) + "."
		return false
	}
	c.FacetNote = ""
	c.M.App.SetOptions(c.M.Options.WithFacet(f, on))
	return true
}

// ToggleCompat switches the reference-compatible mode.
func (c *Inputs) ToggleCompat() {
	o := c.M.Options
	o.ReferenceCompat = !o.ReferenceCompat
	c.M.App.SetOptions(o)
}

// SentencesMode is the choice of sentences shown: all, covered or list.
func (c *Inputs) SentencesMode() string {
	switch s := c.M.Options.Sentences; {
	case s == evaluate.Covered:
		return "covered"
	case s != "" || c.listPicked:
		return "list"
	}
	return "all"
}

// SentenceList is the list of ids and ranges in its field.
func (c *Inputs) SentenceList() string {
	if s := c.M.Options.Sentences; s != "" && s != evaluate.Covered {
		return s
	}
	return c.listDraft
}

// SetSentencesMode chooses all sentences, those the files cover, or the
// list in the field (when it holds one; else the field waits for it).
func (c *Inputs) SetSentencesMode(mode string) {
	c.listPicked = mode == "list"
	switch mode {
	case "all":
		c.M.ScoreSentences("")
	case "covered":
		c.M.ScoreSentences(evaluate.Covered)
	default:
		if c.listDraft != "" {
			c.M.ScoreSentences(c.listDraft)
		}
	}
}

// SetSentenceList scores the sentences typed in the field ("1-5,9").
func (c *Inputs) SetSentenceList(e vugu.DOMEvent) {
	c.listDraft = strings.TrimSpace(e.PropString("target", "value"))
	c.listPicked = true
	c.M.ScoreSentences(c.listDraft)
}

// SentencesError says why the chosen sentences could not be scored.
func (c *Inputs) SentencesError() string {
	if c.M.Eval == nil || c.M.Eval.SentencesErr == nil {
		return ""
	}
	return c.M.Eval.SentencesErr.Error() + ": every sentence is scored."
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

// SetMake keeps a field of the "Make an exercise" form.
func (c *Inputs) SetMake(field string, e vugu.DOMEvent) {
	switch field {
	case "sentences":
		c.M.Make.Sentences = e.PropString("target", "value")
	case "title":
		c.M.Make.Title = e.PropString("target", "value")
	case "show":
		c.M.Make.ShowGold = e.PropBool("target", "checked")
	}
}

// MakeExercise downloads the exercise the form describes.
func (c *Inputs) MakeExercise() {
	c.M.App.MakeExercise(c.M.Make.Sentences, c.M.Make.Title, c.M.Make.ShowGold)
}

// MakeNoteClass styles the form's note as an error when it is one.
func (c *Inputs) MakeNoteClass() string {
	if c.M.Make.Failed {
		return "notice error"
	}
	return "hint"
}

// ToggleMake shows or hides the "Make an exercise" form.
func (c *Inputs) ToggleMake() { c.M.Make.Open = !c.M.Make.Open }

// VerifiedAttr is the verification panel's data-verified: "true" or
// "false", for tests and styles.
func (c *Inputs) VerifiedAttr() string {
	if c.M.Verification.OK {
		return "true"
	}
	return "false"
}

// ElsewhereText says which of the user's files are scored on another gold
// only, and why they are not here.
func ElsewhereText(e Elsewhere) string {
	return strings.Join(e.Names, ", ") + ": added on " + e.Label + "; not scored on this gold (its sentences differ, or a system here has the same name)."
}
