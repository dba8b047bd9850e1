package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/vugu/vugu"
)

// TripleBuilder builds a triple from the sentence's tokens and typed words:
// three slots of word chips, optional units, the synset it goes to, and a
// live preview of the surface forms it stands for and of the loaded system
// extractions it matches.
type TripleBuilder struct {
	S *Studio
}

// D is the draft of the sentence on screen.
func (c *TripleBuilder) D() *Draft { return c.S.Draft() }

// P is the draft's preview (core/annotate's Preview).
func (c *TripleBuilder) P() annotate.Preview {
	sen := c.S.Sentence()
	return c.S.Preview(sen, c.D(), c.S.App.Extractions(sen.ID))
}

// Class marks the builder while it edits an existing triple.
func (c *TripleBuilder) Class() string {
	if c.D().Editing {
		return "builder editing"
	}
	return "builder"
}

// Title says what the builder does now.
func (c *TripleBuilder) Title() string {
	if d := c.D(); d.Editing {
		return fmt.Sprintf("Editing triple %d of synset %d", d.EditAt[1]+1, d.EditAt[0]+1)
	}
	return "New triple"
}

// SlotIndexes are 0, 1, 2.
func (c *TripleBuilder) SlotIndexes() []int { return []int{0, 1, 2} }

// slotTitle names a slot.
func slotTitle(k int) string { return [3]string{"Subject", "Relation", "Object"}[k] }

// SlotBoxClass marks the active slot and a slot with an error.
func (c *TripleBuilder) SlotBoxClass(k int) string {
	cls := "slot-box"
	if k == c.D().Slot {
		cls += " active"
	}
	for _, is := range c.SlotIssues(k) {
		if is.Severity == annotate.SeverityError {
			cls += " has-error"
			break
		}
	}
	return cls
}

// SlotAria describes a slot for screen readers.
func (c *TripleBuilder) SlotAria(k int) string {
	s := slotTitle(k)
	if k == c.D().Slot {
		s += " (active: tokens go here)"
	}
	return s
}

// Chips are the words of slot k.
func (c *TripleBuilder) Chips(k int) []WordView {
	words := c.D().Triple.Slots[k].Words
	views := wordViews(c.S.Sentence(), words, func(j int) bool {
		for _, is := range c.SlotIssues(k) {
			if is.Word == j {
				return true
			}
		}
		return false
	})
	for j := range views {
		cls := "chip"
		for _, part := range strings.Fields(views[j].Class) {
			switch part {
			case "opt", "typed", "bad":
				cls += " " + part
			}
		}
		views[j].Class = cls
	}
	return views
}

// OpensUnit and ClosesUnit show the brackets a word carries.
func (c *TripleBuilder) OpensUnit(k, j int) bool  { return c.D().Triple.Slots[k].Words[j].Open }
func (c *TripleBuilder) ClosesUnit(k, j int) bool { return c.D().Triple.Slots[k].Words[j].Close }

// Selected reports whether word j of slot k is selected.
func (c *TripleBuilder) Selected(k, j int) bool {
	s := c.D().Sel
	return s.Selected && s.Slot == k && j >= s.From && j <= s.To
}

// Select selects a word; with Shift, a run of words.
func (c *TripleBuilder) Select(k, j int, e vugu.DOMEvent) {
	c.S.SelectWord(k, j, e.PropBool("shiftKey"))
}

// SetTyped keeps what is typed in the word box.
func (c *TripleBuilder) SetTyped(e vugu.DOMEvent) { c.D().Typed = e.PropString("target", "value") }

// TypedKey adds the typed words with Enter (Ctrl+Enter adds the triple).
func (c *TripleBuilder) TypedKey(e vugu.DOMEvent) {
	if e.PropString("key") != "Enter" || e.PropBool("ctrlKey") || e.PropBool("metaKey") {
		return
	}
	c.D().Typed = e.PropString("target", "value")
	c.S.AddTyped()
}

// Targets lists the synsets the draft can go to: a new one, then each.
func (c *TripleBuilder) Targets() []int {
	out := []int{annotate.NewSynset}
	for k := range c.S.Sentence().Synsets {
		out = append(out, k)
	}
	return out
}

// TargetName names a target synset by its number and first triple.
func (c *TripleBuilder) TargetName(k int) string {
	if k == annotate.NewSynset {
		return "a new synset (a new fact)"
	}
	syn := c.S.Sentence().Synsets[k]
	if len(syn.Triples) == 0 {
		return fmt.Sprintf("synset %d (empty)", k+1)
	}
	t := c.S.Sentence().TripleText(syn.Triples[0])
	return Short(fmt.Sprintf("synset %d: %s; %s; %s", k+1, t.Subject, t.Relation, t.Object))
}

// SetTarget chooses the synset the draft goes to.
func (c *TripleBuilder) SetTarget(e vugu.DOMEvent) {
	setInt(&c.D().Target, e.PropString("target", "value"))
}

// CommitLabel is the text of the main button.
func (c *TripleBuilder) CommitLabel() string {
	d := c.D()
	switch {
	case d.Editing:
		return "Save the triple"
	case d.Target == annotate.NewSynset:
		return "Add to a new synset"
	}
	return fmt.Sprintf("Add to synset %d", d.Target+1)
}

// SlotIssues are the preview's issues of slot k.
func (c *TripleBuilder) SlotIssues(k int) []annotate.Issue {
	var out []annotate.Issue
	if c.D().Empty() {
		return nil
	}
	for _, is := range c.P().Issues {
		// An empty slot is plain to see while a triple is being built.
		if is.Slot == k && is.Kind != annotate.IssueEmptySlot {
			out = append(out, withoutPlace(is))
		}
	}
	return out
}

// TripleIssues are the preview's issues of the whole triple.
func (c *TripleBuilder) TripleIssues() []annotate.Issue {
	var out []annotate.Issue
	for _, is := range c.P().Issues {
		if is.Slot < 0 {
			out = append(out, withoutPlace(is))
		}
	}
	return out
}

// withoutPlace drops the "sentence 1, synset 1, triple 1, ..." prefix of an
// issue of the draft (which is in no synset yet).
func withoutPlace(is annotate.Issue) annotate.Issue {
	is.Msg = is.Problem
	return is
}

// FormsText counts the surface forms the draft stands for.
func (c *TripleBuilder) FormsText() string {
	p := c.P()
	if !p.Exact {
		return fmt.Sprintf("Stands for more than %s surface triples.", Thousands(p.FormCount))
	}
	if p.FormCount == 1 {
		return "Stands for 1 surface triple:"
	}
	return fmt.Sprintf("Stands for %s surface triples:", Thousands(p.FormCount))
}

// MoreForms counts the forms not listed.
func (c *TripleBuilder) MoreForms() string { return Thousands(c.P().FormCount - len(c.P().Forms)) }

// formText writes a surface triple.
func formText(t oie.Triple) string {
	return "(" + t.Subject + "; " + t.Relation + "; " + t.Object + ")"
}

// MatchText says which loaded extractions the draft matches.
func (c *TripleBuilder) MatchText() string {
	exts := c.S.App.Extractions(c.S.Sentence().ID)
	n := len(c.P().Matches)
	switch {
	case len(exts) == 0:
		return "No system extractions of this sentence are loaded: add system files with this gold selected to see which ones it matches."
	case n == 0:
		return "Matches none of the " + Count(len(exts), "system extraction") + " of this sentence."
	}
	return fmt.Sprintf("✓ Matches %d of the %s of this sentence:", n, Count(len(exts), "system extraction"))
}

// MatchList lists the matched extractions with their system and line.
func (c *TripleBuilder) MatchList() []string {
	exts := c.S.App.Extractions(c.S.Sentence().ID)
	var out []string
	for _, i := range c.P().Matches {
		e := exts[i]
		out = append(out, fmt.Sprintf("✓ %s, line %d: %s", e.System, e.Line, formText(e.Triple.Trimmed())))
	}
	return out
}
