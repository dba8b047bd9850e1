package ui

import (
	"fmt"
	"html"
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

// SetupHTML is the queue's form: the systems to pool, the suggestions per
// sentence, who accepts them, and Start (Change and Click take them). One
// piece of HTML, for the page's size: Vugu's code for these inputs cost
// the page's evaluator ~30 kB.
func (c *SuggestQueueView) SetupHTML() vugu.HTML {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<p class="hint">Extractions of the chosen systems that no synset of this work accepts, clustered per sentence, ranked by how many systems produced them.</p><p>`)
	for i, s := range c.Q().Systems {
		checked := ""
		if s.Chosen {
			checked = " checked"
		}
		b.WriteString(`<label><input type="checkbox" data-index="` + strconv.Itoa(i) + `" data-system="` + esc(s.Key) + `"` + checked + `> ` + esc(s.Label) + `</label> `)
	}
	b.WriteString(`</p><p><label>Per sentence <input type="number" id="suggest-top" min="1" value="` + strconv.Itoa(c.Q().Top) + `"></label> ` +
		`<label>Accepted by <input type="text" id="suggest-who" value="` + esc(c.Q().Who) + `"></label> ` +
		`<button type="button" class="button primary" id="suggest-start" data-act="start">Start (Enter)</button></p>`)
	return vugu.HTML(b.String())
}

// Change takes a change of the form: a system chosen or dropped, the
// suggestions per sentence, who accepts them.
func (c *SuggestQueueView) Change(e vugu.DOMEvent) {
	q := c.Q()
	value := e.PropString("target", "value")
	switch e.PropString("target", "id") {
	case "suggest-top":
		if n, err := strconv.Atoi(value); err == nil && n >= 1 {
			q.Top = n
		}
	case "suggest-who":
		q.Who = value
	default:
		if i, err := strconv.Atoi(e.PropString("target", "dataset", "index")); err == nil && i >= 0 && i < len(q.Systems) {
			q.Systems[i].Chosen = e.PropBool("target", "checked")
		}
	}
}

// RunningHTML is the running queue: progress, the suggestion with its
// sentence, triple, systems and the sentence's synsets, and the buttons
// (Click handles them). Written as one piece of HTML: Vugu's code for the
// same markup cost the page's evaluator some 100 kB.
func (c *SuggestQueueView) RunningHTML() vugu.HTML {
	q := c.Q()
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<p id="suggest-progress" data-done="%d" data-len="%d" data-accepted="%d">%d of %s decided · %d accepted</p>`,
		q.Done, q.Len, q.Accepted, q.Done, Count(q.Len, "suggestion"), q.Accepted)
	button := func(act, id, label string) {
		fmt.Fprintf(&b, `<button type="button" class="button" data-act="%s" id="%s">%s</button> `, act, id, esc(label))
	}
	if it := q.Item; it != nil {
		fmt.Fprintf(&b, `<div id="suggest-item" data-sentence="%s" data-rank="%d"><p class="sentence-text">#%s (suggestion %d of %d): %s</p>`,
			esc(it.SentenceID), it.Rank, esc(it.SentenceID), it.Rank, it.Of, esc(it.Text))
		fmt.Fprintf(&b, `<p class="proposed" id="suggest-triple">(%s; %s; %s)</p><p class="hint">From %s (%s): %s</p><ol class="suggest-synsets">`,
			esc(it.Triple[0]), esc(it.Triple[1]), esc(it.Triple[2]), Count(len(it.Systems), "system"), Count(it.Members, "extraction"), esc(strings.Join(it.Systems, ", ")))
		for k, ts := range it.Synsets {
			mark := ""
			if k+1 == it.Closest {
				mark = " (closest)"
			}
			fmt.Fprintf(&b, `<li data-synset="%d" aria-current="%t">%d%s: %s</li>`, k+1, k+1 == q.Target, k+1, mark, esc(strings.Join(ts, " · ")))
		}
		b.WriteString(`</ol>`)
		if len(it.Synsets) == 0 {
			b.WriteString(`<p class="hint">The sentence has no synset yet: accepting makes its first.</p>`)
		}
		button(SuggestAcceptNew, "suggest-accept", "a · accept as a new synset")
		if q.Target >= 1 {
			button(SuggestAcceptForm, "suggest-form", fmt.Sprintf("f · accept as a form of synset %d", q.Target))
		}
		button(SuggestReject, "suggest-reject", "r · reject")
		button(SuggestSkip, "suggest-skip", "s · skip")
		b.WriteString(`</div>`)
	} else {
		b.WriteString(`<p class="notice" id="suggest-finished">Every suggestion is decided.</p>`)
	}
	b.WriteString(`<p>`)
	button("undo", "suggest-undo", "u · undo")
	button("errata", "suggest-errata", "e · export errata")
	button("end", "suggest-end", "End the queue")
	b.WriteString(`</p>`)
	if q.Said != "" {
		fmt.Fprintf(&b, `<p class="studio-status" role="status" id="suggest-said">%s</p>`, esc(q.Said))
	}
	b.WriteString(`<p class="hint" id="suggest-keys">Keys: a accept as a new synset · 1–9 accept as a surface form of synset N · ← → choose a synset, f or Enter accept as its form · r reject · s skip · u or Ctrl+Z undo · e export the errata · Esc close (q opens again).</p>`)
	return vugu.HTML(b.String())
}

// Click runs the button of the running queue that was clicked: the
// event's summary names its data-act (wasm/app/dom), "" for a click
// elsewhere.
func (c *SuggestQueueView) Click(e vugu.DOMEvent) {
	app := c.S.App
	switch act := e.PropString("target", "act"); act {
	case "start":
		app.StartSuggestions()
	case SuggestAcceptForm:
		app.DecideSuggestion(act, c.Q().Target)
	case SuggestAcceptNew, SuggestReject, SuggestSkip:
		app.DecideSuggestion(act, 0)
	case "undo":
		app.UndoSuggestion()
	case "errata":
		app.ExportErrata()
	case "end":
		app.EndSuggestions()
	}
}
