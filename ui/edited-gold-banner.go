package ui

import (
	"github.com/oiebench/oiebench/core/annotate"
)

// EditedGoldBanner stands above the views whenever the gold being scored
// is a studio work, above all an edited copy of a published gold: the
// published numbers are never replaced silently. It names the copy, its
// checksum beside the published one, and offers the way back.
type EditedGoldBanner struct {
	M *Model
}

// Work is the work being scored.
func (c *EditedGoldBanner) Work() WorkInfo {
	w, _ := c.M.Studio.WorkBySource(c.M.Source)
	return w
}

// Shown reports whether the gold on the switch is a work.
func (c *EditedGoldBanner) Shown() bool {
	if c.M.Studio == nil {
		return false
	}
	_, ok := c.M.Studio.WorkBySource(c.M.Source)
	return ok
}

// Counts compares the copy's size with the published gold's.
func (c *EditedGoldBanner) Counts() string {
	w := c.Work()
	t := Count(w.Synsets, "synset") + " in " + Count(w.Sentences, "sentence")
	if w.Published != nil {
		t += " (published: " + Count(w.Published.Synsets, "synset") + ")"
	}
	return t + "."
}

// SHA is the checksum of the gold scored, which the signature names.
func (c *EditedGoldBanner) SHA() string {
	if c.M.Eval == nil {
		return "…"
	}
	return c.M.Eval.Report.Gold.SHA256
}

// open makes the banner's work the studio's open work.
func (c *EditedGoldBanner) open() bool {
	s := c.M.Studio
	if s.Work == nil || s.Work.ID != c.Work().ID {
		s.App.SelectWork(c.Work().ID)
	}
	return s.Work != nil && s.Work.ID == c.Work().ID
}

// CanUndo reports whether the work has a step to undo (a work that is not
// open in the studio is opened first, so its button stays enabled).
func (c *EditedGoldBanner) CanUndo() bool {
	s := c.M.Studio
	if s.Work == nil || s.Work.ID != c.Work().ID {
		return true
	}
	return s.Work.Ed.CanUndo()
}

// UndoTitle says what Undo would undo.
func (c *EditedGoldBanner) UndoTitle() string {
	s := c.M.Studio
	if s.Work != nil && s.Work.ID == c.Work().ID {
		if undo, _ := s.Work.Ed.History(); len(undo) > 0 {
			return "Undo " + OpLabel(undo[len(undo)-1])
		}
	}
	return "Undo the last change to this gold"
}

// Undo undoes the last change to the work.
func (c *EditedGoldBanner) Undo() {
	if c.open() {
		c.M.Studio.Undo()
	}
}

// Export downloads the work as a BenchIE gold file.
func (c *EditedGoldBanner) Export() {
	if c.open() {
		c.M.Studio.App.Export(annotate.FormatBenchIE)
	}
}

// OpenInStudio shows the work in the studio.
func (c *EditedGoldBanner) OpenInStudio() {
	if c.open() {
		c.M.Prefs.View = ViewStudio
		c.M.App.SavePrefs()
	}
}
