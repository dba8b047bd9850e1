package ui

import (
	"strconv"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/vugu/vugu"
)

// AdjudicateControl adds an incorrect extraction to the gold (BenchIE's
// third annotation round): to one of the sentence's synsets or to a new
// one. The gold it goes to is an edited copy of the gold on screen, so the
// published gold is never changed; the scores follow at once. Each
// incorrect extraction a sentence's detail shows has one, built on every
// render: it returns its last output while what it shows is the same (as
// ListOption does).
type AdjudicateControl struct {
	AdjudicateControlBody
	shown adjudicateShown // what out shows
	out   *vugu.BuildOut
}

// adjudicateShown is what an AdjudicateControlBody's output is made of.
type adjudicateShown struct {
	m                           *Model
	system, extraction, synsets int
	to                          int
	edited                      bool // the gold on screen is a studio work
}

// Build returns the last output while the control shows the same.
func (c *AdjudicateControl) Build(in *vugu.BuildIn) *vugu.BuildOut {
	shown := adjudicateShown{c.M, c.System, c.Extraction, c.Synsets, c.To(), c.edited()}
	if c.out == nil || shown != c.shown {
		c.shown, c.out = shown, c.AdjudicateControlBody.Build(in)
	}
	return c.out
}

// AdjudicateControlBody is what an AdjudicateControl shows
// (adjudicate-control-body.vugu).
type AdjudicateControlBody struct {
	M          *Model
	System     int // position of the system in the evaluation
	Extraction int // position of the extraction among the system's
	Synsets    int // synsets of the sentence
}

// key identifies the extraction, for the target chosen.
func (c *AdjudicateControlBody) key() [2]int { return [2]int{c.System, c.Extraction} }

// ID names the control's elements.
func (c *AdjudicateControlBody) ID(part string) string {
	return "adjudicate-" + part + "-" + c.Key()
}

// Key names the extraction: its system's position and its own.
func (c *AdjudicateControlBody) Key() string {
	return strconv.Itoa(c.System) + "-" + strconv.Itoa(c.Extraction)
}

// To is the synset chosen; a new one unless the user chose.
func (c *AdjudicateControlBody) To() int {
	if to, ok := c.M.Studio.adjudicate[c.key()]; ok && to < c.Synsets {
		return to
	}
	return annotate.NewSynset
}

// Targets are the sentence's synsets.
func (c *AdjudicateControlBody) Targets() []int {
	out := make([]int, c.Synsets)
	for k := range out {
		out[k] = k
	}
	return out
}

// targetValue is the value of synset k's option (SetTo reads it).
func targetValue(k int) string { return strconv.Itoa(k) }

// SetTo chooses the synset.
func (c *AdjudicateControlBody) SetTo(e vugu.DOMEvent) {
	to := annotate.NewSynset
	setInt(&to, e.PropString("target", "value"))
	if c.M.Studio.adjudicate == nil {
		c.M.Studio.adjudicate = map[[2]int]int{}
	}
	c.M.Studio.adjudicate[c.key()] = to
}

// edited tells whether the gold on screen is a studio work (the
// extraction goes to it) rather than a published gold.
func (c *AdjudicateControlBody) edited() bool {
	_, edited := c.M.Studio.WorkBySource(c.M.Source)
	return edited
}

// Label is the button's text.
func (c *AdjudicateControlBody) Label() string {
	if c.edited() {
		return "Add to the gold"
	}
	return "Add to an edited copy"
}

// Help explains where the extraction goes.
func (c *AdjudicateControlBody) Help() string {
	if c.edited() {
		return "Adds the extraction to this edited gold; the scores update at once, and Undo takes it back."
	}
	return "Adds the extraction to an edited copy of this gold, which the page then scores; the published gold stays as it is, one click away."
}

// Add adjudicates the extraction.
func (c *AdjudicateControlBody) Add() {
	c.M.Studio.App.Adjudicate(c.System, c.Extraction, c.To())
	delete(c.M.Studio.adjudicate, c.key())
}

// CanAdjudicate reports whether an extraction can be added to the gold:
// an incorrect one, when the studio runs.
func (c *SentenceDetailBody) CanAdjudicate(e explain.ExtractionView) bool {
	return c.adjudicating() && e.Verdict == benchie.Incorrect
}

// adjudicating tells whether the studio runs, to take extractions.
func (c *SentenceDetailBody) adjudicating() bool { return c.M.Studio != nil && c.M.Studio.App != nil }
