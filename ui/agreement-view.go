package ui

import (
	"fmt"
	"html"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// AgreementView shows two annotators' fact-level agreement (core/annotate's
// Agree), overall and per sentence, and the synsets only one of them has.
type AgreementView struct {
	S *Studio
}

// A is the agreement state.
func (c *AgreementView) A() *Agreement { return &c.S.Agree }

// SideIndexes are 0 (A) and 1 (B).
func (c *AgreementView) SideIndexes() []int { return []int{0, 1} }

// SideName and SideKey name a side.
func (c *AgreementView) SideName(side int) string { return [2]string{"A", "B"}[side] }
func (c *AgreementView) SideKey(side int) string  { return [2]string{"a", "b"}[side] }

// Side is a side's gold, or nil.
func (c *AgreementView) Side(side int) *AgreeSide { return c.A().Sides[side] }

// SideWork is the work chosen for a side, if any.
func (c *AgreementView) SideWork(side int) string {
	if s := c.Side(side); s != nil {
		return s.WorkID
	}
	return ""
}

// SideCounts describes a side's gold.
func (c *AgreementView) SideCounts(side int) string {
	d := c.Side(side).Doc
	syn, tri := d.Count()
	return Count(len(d.Sentences), "sentence") + " · " + Count(syn, "synset") + " · " + Count(tri, "triple")
}

// takeFiles reads the gold file chosen for a side.
func (c *AgreementView) takeFiles(side int) func(js.Value) {
	return func(files js.Value) { c.S.App.AgreementFiles(side, files) }
}

// PickWork takes a work for a side.
func (c *AgreementView) PickWork(side int, e vugu.DOMEvent) {
	if id := e.PropString("target", "value"); id != "" {
		c.S.App.AgreementWork(side, id)
	}
}

// IAAText is the overall agreement, or its range.
func (c *AgreementView) IAAText() string {
	r := c.A().Result
	if r.Exact {
		return decimals(r.IAA, 3)
	}
	return decimals(r.IAA, 3) + "–" + decimals(r.IAAMax, 3)
}

// DirectionText says how much of one gold the other's triples cover.
func (c *AgreementView) DirectionText(dir int) string {
	r := c.A().Result
	d, from, to := r.AB, "A", "B"
	if dir == 1 {
		d, from, to = r.BA, "B", "A"
	}
	return fmt.Sprintf("%s's triples cover %s of %s's %s (recall %.3f)", from, Thousands(d.Covered), to, Count(d.Synsets, "synset"), d.Recall)
}

// OnlyText counts the synsets one annotator alone has.
func (c *AgreementView) OnlyText() string {
	r := c.A().Result
	return fmt.Sprintf("%d synset%s only A has · %d only B has", len(r.OnlyA), plural(len(r.OnlyA)), len(r.OnlyB))
}

// differs reports whether the two annotators differ on a sentence.
func (c *AgreementView) differs(sa annotate.SentenceAgreement) bool {
	return sa.Agreement < 1 || sa.A < 0 || sa.B < 0
}

// Rows are the positions in Result.Sentences of the sentences listed.
func (c *AgreementView) Rows() []int {
	var out []int
	for i, sa := range c.A().Result.Sentences {
		if !c.A().OnlyDiffers || c.differs(sa) {
			out = append(out, i)
		}
	}
	return out
}

// ToggleDiffers lists every sentence or only those where they differ.
func (c *AgreementView) ToggleDiffers() { c.A().OnlyDiffers = !c.A().OnlyDiffers }

// SelectedRow is the sentence shown: the chosen one if listed, else the first.
func (c *AgreementView) SelectedRow() int {
	rows := c.Rows()
	for _, i := range rows {
		if i == c.A().Selected {
			return i
		}
	}
	if len(rows) > 0 {
		return rows[0]
	}
	return -1
}

// Select shows a sentence.
func (c *AgreementView) Select(i int) { c.A().Selected = i }

// Key moves through the list with the arrow keys.
func (c *AgreementView) Key(e vugu.DOMEvent) {
	rows := c.Rows()
	at := 0
	for k, i := range rows {
		if i == c.SelectedRow() {
			at = k
		}
	}
	if len(rows) == 0 {
		return
	}
	switch key := e.PropString("key"); key {
	case "a", "b", "m":
		c.SetTake(rows[at], map[string]string{"a": "A", "b": "B", "m": "both"}[key])
		return
	}
	if at, ok := rowList.onKey(e, at, len(rows)); ok {
		c.Select(rows[at])
	}
}

// sentence returns a side's sentence of a result row, or nil.
func (c *AgreementView) sentence(side, i int) *annotate.Sentence {
	sa := c.A().Result.Sentences[i]
	at := sa.A
	if side == 1 {
		at = sa.B
	}
	if at < 0 || c.Side(side) == nil || at >= len(c.Side(side).Doc.Sentences) {
		return nil
	}
	return c.Side(side).Doc.Sentences[at]
}

// RowText is the sentence's text, from whichever side has it.
func (c *AgreementView) RowText(i int) string {
	for _, side := range c.SideIndexes() {
		if s := c.sentence(side, i); s != nil {
			return s.Text
		}
	}
	return ""
}

// RowValue is a sentence's agreement.
func (c *AgreementView) RowValue(i int) string {
	return Fixed(c.A().Result.Sentences[i].Agreement)
}

// RowTally sums a sentence up.
func (c *AgreementView) RowTally(i int) []string {
	sa := c.A().Result.Sentences[i]
	t := []string{}
	switch {
	case sa.A < 0:
		t = append(t, "only B has this sentence")
	case sa.B < 0:
		t = append(t, "only A has this sentence")
	default:
		t = append(t, fmt.Sprintf("synsets: A %d, B %d", sa.BA.Synsets, sa.AB.Synsets))
	}
	if c.A().Differ[sa.ID] {
		t = append(t, "⚠ texts differ")
	}
	if tk := c.TakeOf(i); tk != string(annotate.TakeBoth) {
		t = append(t, "merge takes "+tk)
	}
	if n := c.only(0, i); n > 0 {
		t = append(t, fmt.Sprintf("○ %d only A", n))
	}
	if n := c.only(1, i); n > 0 {
		t = append(t, fmt.Sprintf("○ %d only B", n))
	}
	return t
}

// only counts a side's synsets of a sentence that the other lacks.
func (c *AgreementView) only(side, i int) int {
	n := 0
	for _, ref := range c.onlyRefs(side) {
		if ref.SentenceID == c.A().Result.Sentences[i].ID {
			n++
		}
	}
	return n
}

func (c *AgreementView) onlyRefs(side int) []annotate.SynsetRef {
	if side == 0 {
		return c.A().Result.OnlyA
	}
	return c.A().Result.OnlyB
}

// AgreeSynset is a synset of one side in the detail.
type AgreeSynset struct {
	Index   int
	Only    bool
	Class   string
	Triples []string
	Side    string // "A" or "B"
	// Differs marks a shared synset whose triples the other side writes
	// otherwise (no synset of the other side has the same triples).
	Differs bool
}

// DetailSynsets lists a side's synsets of the sentence shown, marking
// those the other side lacks.
func (c *AgreementView) DetailSynsets(side int) []AgreeSynset {
	i := c.SelectedRow()
	s := c.sentence(side, i)
	if s == nil {
		return nil
	}
	only := map[int]bool{}
	for _, ref := range c.onlyRefs(side) {
		if ref.SentenceID == s.ID {
			only[ref.Synset] = true
		}
	}
	var out []AgreeSynset
	for k, syn := range s.Synsets {
		v := AgreeSynset{Index: k, Only: only[k], Class: "synset"}
		if v.Only {
			v.Class = "synset uncovered"
		}
		for _, t := range syn.Triples {
			v.Triples = append(v.Triples, formText(s.TripleText(t)))
		}
		out = append(out, v)
	}
	return out
}

// Takes are the choices of a merge for a sentence: value and label.
func (c *AgreementView) Takes() [][2]string {
	return [][2]string{{string(annotate.TakeA), "take A's synsets"}, {string(annotate.TakeB), "take B's synsets"}, {string(annotate.TakeBoth), "take both (A's, then those only B has)"}}
}

// TakeOf is what the merge takes of result row i.
func (c *AgreementView) TakeOf(i int) string {
	if i < 0 {
		return ""
	}
	if t, ok := c.A().Take[c.A().Result.Sentences[i].ID]; ok {
		return string(t)
	}
	return string(annotate.TakeBoth)
}

// SetTake chooses what the merge takes of result row i.
func (c *AgreementView) SetTake(i int, t string) {
	if i < 0 || i >= len(c.A().Result.Sentences) {
		return
	}
	if c.A().Take == nil {
		c.A().Take = map[string]annotate.Take{}
	}
	c.A().Take[c.A().Result.Sentences[i].ID] = annotate.Take(t)
}

// TakeText counts the sentences taken from each side.
func (c *AgreementView) TakeText() string {
	n := map[string]int{}
	for i := range c.A().Result.Sentences {
		n[c.TakeOf(i)]++
	}
	return fmt.Sprintf("%d sentences from A, %d from B, %d from both", n["A"], n["B"], n["both"])
}

// AgreeGroup is one group of the detail: synsets only A has, only B has,
// or both have.
type AgreeGroup struct {
	Key, Title string
	Synsets    []AgreeSynset
}

// Groups sorts the synsets of the sentence shown into those only A has,
// only B has, and both have (a shared synset the other side writes with
// other triples is marked Differs).
func (c *AgreementView) Groups() []AgreeGroup {
	a, b := c.DetailSynsets(0), c.DetailSynsets(1)
	texts := func(vs []AgreeSynset) map[string]bool {
		m := map[string]bool{}
		for _, v := range vs {
			m[strings.Join(v.Triples, "\n")] = true
		}
		return m
	}
	ta, tb := texts(a), texts(b)
	gs := []AgreeGroup{{Key: "only-a", Title: "Only A has"}, {Key: "only-b", Title: "Only B has"}, {Key: "both", Title: "Both have"}}
	for side, vs := range [2][]AgreeSynset{a, b} {
		other := [2]map[string]bool{tb, ta}[side]
		for _, v := range vs {
			v.Side = c.SideName(side)
			if v.Only {
				gs[side].Synsets = append(gs[side].Synsets, v)
				continue
			}
			v.Differs = !other[strings.Join(v.Triples, "\n")]
			gs[2].Synsets = append(gs[2].Synsets, v)
		}
	}
	return gs
}

// GroupsHTML writes the groups of the sentence shown (Groups), one line
// per synset: display only, so written as one piece of HTML (Vugu's code
// for the same markup costs the page's evaluator far more).
func (c *AgreementView) GroupsHTML() vugu.HTML {
	var b strings.Builder
	for _, g := range c.Groups() {
		fmt.Fprintf(&b, `<section data-group="%s"><h4>%s (%d)</h4><ol class="synsets">`, g.Key, g.Title, len(g.Synsets))
		for _, sv := range g.Synsets {
			differs := ""
			if sv.Differs {
				differs = " (the other writes it otherwise)"
			}
			fmt.Fprintf(&b, `<li class="synset" data-only="%t" data-side="%s" data-differs="%t">%s's synset %d%s: %s</li>`,
				sv.Only, sv.Side, sv.Differs, sv.Side, sv.Index+1, differs, html.EscapeString(strings.Join(sv.Triples, " · ")))
		}
		b.WriteString(`</ol></section>`)
	}
	return vugu.HTML(b.String())
}

// WarningsText is the warnings about the two golds, one after another.
func (c *AgreementView) WarningsText() string { return strings.Join(c.A().Warnings, " ") }
