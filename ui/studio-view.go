package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/vugu/vugu"
)

// StudioView is the annotation studio: the works, the sentences of the one
// open with its progress, and the sentence being annotated.
type StudioView struct {
	S *Studio
}

// PickWork opens the work chosen in the work switch.
func (c *StudioView) PickWork(e vugu.DOMEvent) { c.S.App.SelectWork(e.PropString("target", "value")) }

// IsOpen reports whether a work is the one open.
func (c *StudioView) IsOpen(w WorkInfo) bool { return c.S.Work != nil && c.S.Work.ID == w.ID }

// WorkOption describes a work in the switch.
func (c *StudioView) WorkOption(w WorkInfo) string {
	return w.Label() + " · " + Count(w.Sentences, "sentence")
}

// AddOpen reports whether the form that adds sentences is open.
func (c *StudioView) AddOpen() bool { return c.S.Panel != nil && c.S.Panel.Kind == "add-sentences" }

// OpenAdd opens the form that adds sentences to the work.
func (c *StudioView) OpenAdd() {
	c.S.Panel = &Panel{Kind: "add-sentences", Synset: -1, Triple: -1}
	c.S.Focus = "studio-add-text"
}

// CloseAdd closes it.
func (c *StudioView) CloseAdd() { c.S.Panel = nil }

// SetPanelText keeps what is typed in the open form.
func (c *StudioView) SetPanelText(e vugu.DOMEvent) { c.S.SetPanelText(e.PropString("target", "value")) }

// SetPaste keeps what is typed in the sentences box.
func (c *StudioView) SetPaste(e vugu.DOMEvent) { c.S.Paste = e.PropString("target", "value") }

// Bundled lists the golds that can be copied for adjudication: key, label.
func (c *StudioView) Bundled() [][2]string {
	var out [][2]string
	for _, d := range benchmarks.BenchIE {
		out = append(out, [2]string{d.Key, d.Label})
	}
	return out
}

// Exports lists the export formats: format, button label, tooltip.
func (c *StudioView) Exports() [][3]string {
	return [][3]string{
		{string(annotate.FormatBenchIE), "BenchIE gold", "The gold file the scorer reads (sent_id lines, synsets, triples)"},
		{string(annotate.FormatAnnIE), "AnnIE JSON", "AnnIE's progress file, with what AnnIE cannot hold kept in an extension"},
		{string(annotate.FormatText), "Text", "A readable listing with the problems found under each triple"},
	}
}

// UndoTitle and RedoTitle say what the buttons would undo or redo.
func (c *StudioView) UndoTitle() string {
	undo, _ := c.S.Work.Ed.History()
	if len(undo) == 0 {
		return "Nothing to undo"
	}
	return "Undo " + OpLabel(undo[len(undo)-1]) + " (Ctrl+Z)"
}

func (c *StudioView) RedoTitle() string {
	_, redo := c.S.Work.Ed.History()
	if len(redo) == 0 {
		return "Nothing to redo"
	}
	return "Redo " + OpLabel(redo[0]) + " (Ctrl+Shift+Z)"
}

// SaveText is the autosave's status line.
func (c *StudioView) SaveText() string {
	sv := c.S.Save
	switch {
	case c.S.Work == nil && len(c.S.Works) == 0:
		return ""
	case sv.Err != "":
		return "Not saved: " + strings.TrimSuffix(sv.Err, ".") + ". Export your work to keep it."
	case sv.Saving || !sv.Saved:
		return "Saving…"
	case !c.S.Stored:
		return "Not kept by this browser"
	}
	return "✓ Saved in this browser"
}

// SaveErrorText says that the autosave failed, at once and in full: what
// was stored before stays stored, the changes since are only in this tab.
func (c *StudioView) SaveErrorText() string {
	return "Your changes are no longer being saved in this browser (" + strings.TrimSuffix(c.S.Save.Err, ".") + "). What was saved before is kept; the changes since are only in this tab and are lost when it closes. Download the work now to keep them."
}

// DownloadUnsaved downloads the open work as the BenchIE export does.
func (c *StudioView) DownloadUnsaved() { c.S.App.Export(annotate.FormatBenchIE) }

// SaveTitle says how long the last save took.
func (c *StudioView) SaveTitle() string {
	if c.S.Save.Took == "" {
		return "Every change is saved in this browser as it is made"
	}
	return fmt.Sprintf("Every change is saved in this browser as it is made; the last save took %s (%s to write the snapshot)", c.S.Save.Took, c.S.Save.Snapshot)
}

// Progress is the open work's progress.
func (c *StudioView) Progress() annotate.Overview { return c.S.Overview() }

// ProgressText sums the progress up.
func (c *StudioView) ProgressText() string {
	o := c.Progress()
	return fmt.Sprintf("%d of %d sentences annotated · %s synset%s · %s triple%s", o.Annotated, o.Sentences,
		Thousands(o.Synsets), plural(o.Synsets), Thousands(o.Triples), plural(o.Triples))
}

// IssuesText counts the problems Validate found.
func (c *StudioView) IssuesText() string {
	o := c.Progress()
	return fmt.Sprintf("✖ %d error%s · ⚠ %d warning%s (see the sentences marked)", o.Errors, plural(o.Errors), o.Warnings, plural(o.Warnings))
}

// MeterStyle is the width of the progress bar.
func (c *StudioView) MeterStyle() string {
	o := c.Progress()
	if o.Sentences == 0 {
		return "width: 0"
	}
	return fmt.Sprintf("width: %.1f%%", 100*float64(o.Annotated)/float64(o.Sentences))
}

// Filters are the choices of the "show" select.
func (c *StudioView) Filters() [][2]string {
	return [][2]string{
		{string(FilterAll), "All sentences"},
		{string(FilterTodo), "Not annotated yet"},
		{string(FilterAnnotated), "Annotated"},
		{string(FilterIssues), "With problems"},
	}
}

// SetQuery and SetFilter narrow the list and show its first sentence
// when the one on screen is no longer listed. (A sentence that leaves the
// list while it is annotated, say from "not annotated yet", stays on
// screen: the list changes under it, not the work.)
func (c *StudioView) SetQuery(e vugu.DOMEvent) {
	c.S.Prefs.Query = e.PropString("target", "value")
	c.followList()
}

func (c *StudioView) SetFilter(e vugu.DOMEvent) {
	c.S.Prefs.Filter = StudioFilter(e.PropString("target", "value"))
	c.followList()
}

func (c *StudioView) followList() {
	if v := c.S.Visible(); len(v) > 0 && !slices.Contains(v, c.S.SentenceIndex()) {
		c.S.ShowSentence(v[0]) // saves the prefs
		return
	}
	c.S.App.SaveStudioPrefs()
}

// Listed is the sentences listed, at most maxListed.
func (c *StudioView) Listed() []int {
	l := c.S.Visible()
	return l[:min(len(l), maxListed)]
}

// CountText says how many sentences the list keeps.
func (c *StudioView) CountText() string {
	n, all := len(c.S.Visible()), len(c.S.Doc().Sentences)
	t := fmt.Sprintf("%d of %s", n, Count(all, "sentence"))
	if n > maxListed {
		t += fmt.Sprintf(" (the first %d listed: search to narrow)", maxListed)
	}
	return t
}

// Show puts a sentence on screen.
func (c *StudioView) Show(i int) { c.S.ShowSentence(i) }

// ListKey moves through the list with the arrow, Home and End keys.
func (c *StudioView) ListKey(e vugu.DOMEvent) {
	l := c.Listed()
	at := 0
	for k, i := range l {
		if i == c.S.SentenceIndex() {
			at = k
		}
	}
	at, ok := listbox.onKey(e, at, len(l))
	if !ok {
		return
	}
	c.S.ShowSentence(l[at])
	c.S.scroll = true
}

// StateMark, StateClass and StateTitle show a sentence's state with a
// symbol, not by colour alone.
func (c *StudioView) StateMark(i int) string {
	st := c.Progress().Statuses[i]
	switch {
	case st.Errors > 0:
		return "✖"
	case st.Warnings > 0:
		return "⚠"
	case st.Annotated():
		return "✓"
	}
	return "○"
}

func (c *StudioView) StateClass(i int) string {
	return "state " + map[string]string{"✖": "error", "⚠": "warning", "✓": "done", "○": "todo"}[c.StateMark(i)]
}

func (c *StudioView) StateTitle(i int) string {
	return map[string]string{"✖": "has errors", "⚠": "has warnings", "✓": "annotated", "○": "not annotated yet"}[c.StateMark(i)]
}

// Tally sums a sentence up for its list item.
func (c *StudioView) Tally(i int) []string {
	st := c.Progress().Statuses[i]
	t := []string{fmt.Sprintf("%d synset%s", st.Synsets, plural(st.Synsets)), fmt.Sprintf("%d triple%s", st.Triples, plural(st.Triples))}
	if st.Errors > 0 {
		t = append(t, fmt.Sprintf("✖ %d", st.Errors))
	}
	if st.Warnings > 0 {
		t = append(t, fmt.Sprintf("⚠ %d", st.Warnings))
	}
	return t
}

// ToggleHelp shows or hides the keyboard shortcuts.
func (c *StudioView) ToggleHelp() { c.S.Help = !c.S.Help }

// Shortcut is one line of the keyboard help.
type Shortcut struct {
	Keys []string
	What string
}

// Shortcuts lists the studio's keys (Studio.Key runs them).
func Shortcuts() []Shortcut {
	return []Shortcut{
		{[]string{"1", "2", "3"}, "put clicked tokens into the subject, relation or object"},
		{[]string{"←", "→"}, "move between tokens; Enter adds one, Shift+Enter as optional"},
		{[]string{"t"}, "type a word that is not in the sentence"},
		{[]string{"o"}, "make the selected words (or the last one) optional, or required again"},
		{[]string{"⌫"}, "remove the selected words (or the last one)"},
		{[]string{"n"}, "add the next triple to a new synset"},
		{[]string{"Enter"}, "add the triple (Ctrl+Enter from a text box)"},
		{[]string{"Esc"}, "clear the triple, close a form"},
		{[]string{"j", "k"}, "next or previous sentence (also Alt+↓, Alt+↑)"},
		{[]string{"/"}, "search the sentences"},
		{[]string{"Ctrl+Z"}, "undo; Ctrl+Shift+Z or Ctrl+Y redo"},
		{[]string{"q"}, "open the suggestion queue (system extractions the gold lacks)"},
	}
}

// Rendered moves focus where an action asked for it, keeps the selected
// sentence in view after keyboard moves.
func (c *StudioView) Rendered() {
	if id := c.S.Focus; id != "" {
		c.S.Focus = ""
		// Focus fires focus events at once, and the render still holds the
		// event lock: focus after the render, from a task of its own.
		c.S.App.Focus(id, true)
	}
	if c.S.scroll {
		c.S.scroll = false
		c.S.App.ScrollIntoView("#studio-list [aria-selected=true]", "nearest")
	}
}

// Export downloads the open work in a format.
func (c *StudioView) Export(format string) { c.S.App.Export(annotate.Format(format)) }

// AskDelete asks before deleting the open work; KeepWork takes it back.
func (c *StudioView) AskDelete() {
	c.S.Confirm = c.S.Work.ID
	c.S.Focus = "studio-delete-keep"
}

func (c *StudioView) KeepWork() {
	c.S.Confirm = ""
	c.S.Focus = "studio-delete"
}
