package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vugu/vugu"
)

// SuggestQueueView is the suggestion queue's panel in the studio: the
// systems to pool, then one suggestion at a time with its sentence, the
// proposed triple, its systems and rank, the sentence's synsets (the
// closest marked) and the keys that decide it.
type SuggestQueueView struct {
	S *Studio
}

// Q is the queue's state.
func (c *SuggestQueueView) Q() *SuggestQueue { return &c.S.Suggest }

// Close hides the panel; the queue stays.
func (c *SuggestQueueView) Close() { c.Q().Open = false }

// Toggle chooses or drops system i.
func (c *SuggestQueueView) Toggle(i int) {
	if i >= 0 && i < len(c.Q().Systems) {
		c.Q().Systems[i].Chosen = !c.Q().Systems[i].Chosen
	}
}

// SetTop takes the number of suggestions per sentence.
func (c *SuggestQueueView) SetTop(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil && n >= 1 {
		c.Q().Top = n
	}
}

// SetWho takes the name that signs accepted suggestions.
func (c *SuggestQueueView) SetWho(e vugu.DOMEvent) { c.Q().Who = e.PropString("target", "value") }

// ProgressText says how far the queue is.
func (c *SuggestQueueView) ProgressText() string {
	q := c.Q()
	return fmt.Sprintf("%d of %s decided · %d accepted", q.Done, Count(q.Len, "suggestion"), q.Accepted)
}

// SystemsText names the systems that produced the suggestion.
func (c *SuggestQueueView) SystemsText() string {
	it := c.Q().Item
	return fmt.Sprintf("From %s (%s): %s", Count(len(it.Systems), "system"), Count(it.Members, "extraction"), strings.Join(it.Systems, ", "))
}

// ItemText places the suggestion: its sentence and rank, and the text.
func (c *SuggestQueueView) ItemText() string {
	it := c.Q().Item
	return fmt.Sprintf("#%s (suggestion %d of %d): %s", it.SentenceID, it.Rank, it.Of, it.Text)
}

// TripleText is the proposed triple.
func (c *SuggestQueueView) TripleText() string {
	t := c.Q().Item.Triple
	return "(" + t[0] + "; " + t[1] + "; " + t[2] + ")"
}

// SynsetText is synset k of the suggestion's sentence on one line, the
// closest one marked.
func (c *SuggestQueueView) SynsetText(k int) string {
	it := c.Q().Item
	mark := ""
	if k+1 == it.Closest {
		mark = " (closest)"
	}
	return fmt.Sprintf("%d%s: %s", k+1, mark, strings.Join(it.Synsets[k], " · "))
}

// FormLabel names the "accept as a form of" button by its synset.
func (c *SuggestQueueView) FormLabel() string {
	if c.Q().Target < 1 {
		return "1–9 · accept as a form of a synset"
	}
	return fmt.Sprintf("f · accept as a form of synset %d", c.Q().Target)
}
