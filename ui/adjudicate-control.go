package ui

import (
	"fmt"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/vugu/vugu"
)

// AdjudicateControl adds an incorrect extraction to the gold (BenchIE's
// third annotation round): to one of the sentence's synsets or to a new
// one. The gold it goes to is an edited copy of the gold on screen, so the
// published gold is never changed; the scores follow at once.
type AdjudicateControl struct {
	M          *Model
	System     int // position of the system in the evaluation
	Extraction int // position of the extraction among the system's
	Synsets    int // synsets of the sentence
}

// key identifies the extraction, for the target chosen.
func (c *AdjudicateControl) key() [2]int { return [2]int{c.System, c.Extraction} }

// ID names the control's elements.
func (c *AdjudicateControl) ID(part string) string {
	return fmt.Sprintf("adjudicate-%s-%d-%d", part, c.System, c.Extraction)
}

// To is the synset chosen; a new one unless the user chose.
func (c *AdjudicateControl) To() int {
	if to, ok := c.M.Studio.adjudicate[c.key()]; ok && to < c.Synsets {
		return to
	}
	return annotate.NewSynset
}

// Targets are the sentence's synsets.
func (c *AdjudicateControl) Targets() []int {
	out := make([]int, c.Synsets)
	for k := range out {
		out[k] = k
	}
	return out
}

// SetTo chooses the synset.
func (c *AdjudicateControl) SetTo(e vugu.DOMEvent) {
	to := annotate.NewSynset
	setInt(&to, e.PropString("target", "value"))
	if c.M.Studio.adjudicate == nil {
		c.M.Studio.adjudicate = map[[2]int]int{}
	}
	c.M.Studio.adjudicate[c.key()] = to
}

// Label is the button's text.
func (c *AdjudicateControl) Label() string {
	if _, edited := c.M.Studio.WorkBySource(c.M.Source); edited {
		return "Add to the gold"
	}
	return "Add to an edited copy"
}

// Help explains where the extraction goes.
func (c *AdjudicateControl) Help() string {
	if _, edited := c.M.Studio.WorkBySource(c.M.Source); edited {
		return "Adds the extraction to this edited gold; the scores update at once, and Undo takes it back."
	}
	return "Adds the extraction to an edited copy of this gold, which the page then scores; the published gold stays as it is, one click away."
}

// Add adjudicates the extraction.
func (c *AdjudicateControl) Add() {
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
