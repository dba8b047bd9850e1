package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// maxListed bounds the sentences listed at once; a search narrows the rest.
const maxListed = 500

// The Sentences list is mounted in part (issue 26): its first render
// mounts listMount options (more than its box shows in a window up to
// 1,900 px tall: an option is about 70 px tall, the box at most the window
// less 250 px) and, past them, those up to listMargin beyond the selected
// one; each later turn, after the browser's (App.Later), mounts listGrow
// more until the list is whole (for the browser's find in page; 120 a turn
// were a task of 180 ms at 1x under load, its DOM nodes made in one go).
// Another list (the filter changed: a system chosen, a search typed) is
// mounted in part again: its options all change, and building 300 of them
// with the detail held one task for 150 ms. The keys move through the
// whole list, and the option they select is mounted with the render that
// selects it.
const (
	listMount  = 24
	listMargin = 20
	listGrow   = 40
)

// The selected sentence's detail is built in parts too (issue 26: the
// Sentences view opened by a click was one task of 80-110 ms at 1x, most
// of it the systems' blocks of sentence 1, about 50 DOM nodes per
// extraction): its first render builds the sentence, its synsets and the
// first part of its systems; each later turn, after the browser's, the
// next part, before the list's later parts. A part is the next systems up
// to detailPartRows extractions shown, at least one system. Each part is
// appended below the blocks built before it, so what is shown never moves.
// Parts start again for another sentence or another choice of systems,
// not when the same sentence is explained again (a new evaluation, a
// window grown): its blocks stay built.
const detailPartRows = 8

// detailKey is what a detail's parts are built for: a sentence and the
// system the filter chose (-1: all).
type detailKey struct {
	sentence string
	system   int
}

// SentencesView is the sentence explorer: a filtered list of sentences and
// the explanation of the one selected.
type SentencesView struct {
	M *Model

	mounted int     // options the later turns mounted
	growing bool    // a later turn is due
	of      listKey // the list they mounted
	// As of this build's list (BeforeBuild): the gold index of the
	// sentence selected, the options mounted and the list's length.
	selected int
	part     []explain.SentenceSummary
	listed   int
	// The detail of the sentence selected (BeforeBuild), the sentence and
	// system its parts are built for and the systems built (see
	// detailPartRows).
	detail      explain.SentenceView
	detailOf    detailKey
	detailBuilt int
}

// Facets are the facets that can be explored.
func (c *SentencesView) Facets() []benchie.Facet { return c.M.Explorer.Facets() }

// FacetLabel names a facet as the paper does.
func (c *SentencesView) FacetLabel(f benchie.Facet) string { return report.FacetLabel(string(f)) }

// Filter is the filter the controls set.
func (c *SentencesView) Filter() explain.Filter { return c.M.SentenceFilter() }

// Shows are the choices of the "show" select (the system is chosen beside).
func (c *SentencesView) Shows() [][2]string {
	return [][2]string{
		{string(explain.ShowAll), "All sentences"},
		{string(explain.ShowMisses), "With a missed synset"},
		{string(explain.ShowErrors), "With an incorrect extraction"},
	}
}

// List is the sentences the filter keeps, at most maxListed.
func (c *SentencesView) List() []explain.SentenceSummary {
	l := c.M.SentenceList(c.Filter())
	if len(l) > maxListed {
		return l[:maxListed]
	}
	return l
}

// BeforeBuild finds, once per build, the sentence selected (as Selected)
// and the part of the list mounted (see listMount): the list's attributes,
// built before its options, say whether it is whole.
func (c *SentencesView) BeforeBuild() {
	if key := (listKey{c.M.Explorer, c.Filter()}); key != c.of {
		c.of, c.mounted = key, 0
	}
	l := c.List()
	at, n := c.selectedAt(l), max(listMount, c.mounted)
	c.selected = -1
	if at >= 0 {
		n, c.selected = max(n, at+1+listMargin), l[at].Index
	}
	c.part, c.listed = l[:min(n, len(l))], len(l)
	if c.selected < 0 {
		return
	}
	c.detail = c.Detail()
	if key := (detailKey{c.detail.ID, c.M.SystemIndex(c.M.Prefs.System)}); key != c.detailOf {
		c.detailOf, c.detailBuilt = key, detailPartEnd(c.detail.Systems, 0)
	}
}

// detailPartEnd is where the detail's part that begins at system from
// ends: past the systems up to detailPartRows extractions shown, at least
// one.
func detailPartEnd(systems []explain.SystemView, from int) int {
	rows := 0
	for i := from; i < len(systems); i++ {
		rows += len(systems[i].Extractions)
		if i > from && rows > detailPartRows {
			return i
		}
	}
	return len(systems)
}

// DetailPart is how many of the detail's systems are built
// (SentenceDetail's Part).
func (c *SentencesView) DetailPart() int { return c.detailBuilt }

// Mounted is the part of the list mounted now.
func (c *SentencesView) Mounted() []explain.SentenceSummary { return c.part }

// Busy is the list's aria-busy: "true" while later turns still mount
// options.
func (c *SentencesView) Busy() string { return fmt.Sprint(len(c.part) < c.listed) }

// Rendered asks for the next part of the detail, else of the list, after
// the browser's turn (App.Later), so that the browser paints and takes
// input between the parts.
func (c *SentencesView) Rendered(vugu.RenderedCtx) {
	if c.growing {
		return
	}
	if c.selected >= 0 && c.detailBuilt < len(c.detail.Systems) {
		c.growing = true
		built, of := c.detailBuilt, c.detailOf
		c.M.App.Later(func() {
			c.growing = false
			if c.detailOf == of && c.detailBuilt == built {
				c.detailBuilt = detailPartEnd(c.detail.Systems, built)
			}
		})
		return
	}
	if len(c.part) >= c.listed {
		return
	}
	c.growing = true
	shown, of := len(c.part), c.of
	c.M.App.Later(func() {
		c.growing = false
		if c.of == of {
			c.mounted = max(c.mounted, shown) + listGrow
		}
	})
}

// CountText says how many sentences the filter keeps.
func (c *SentencesView) CountText() string {
	n, all := len(c.M.SentenceList(c.Filter())), len(c.M.Eval.Gold.Sentences)
	t := fmt.Sprintf("%d of %s", n, Count(all, "sentence"))
	if n > maxListed {
		t += fmt.Sprintf(" (the first %d listed: search to narrow)", maxListed)
	}
	return t
}

// Selected is the gold index of the selected sentence: the chosen one when
// the filter keeps it, else the first listed; -1 when none is listed.
func (c *SentencesView) Selected() int {
	l := c.List()
	if at := c.selectedAt(l); at >= 0 {
		return l[at].Index
	}
	return -1
}

// selectedAt is the position in the list l of the selected sentence (see
// Selected), or -1.
func (c *SentencesView) selectedAt(l []explain.SentenceSummary) int {
	at := slices.IndexFunc(l, func(s explain.SentenceSummary) bool { return s.ID == c.M.Prefs.Sentence })
	if at < 0 && len(l) > 0 {
		return 0
	}
	return at
}

// Pick shows the sentence of an id (a ListOption clicked).
func (c *SentencesView) Pick(id string) {
	c.M.Prefs.Sentence = id
	c.M.App.SavePrefs()
}

// Key moves through the list with the arrow, Home and End keys.
func (c *SentencesView) Key(e vugu.DOMEvent) {
	if i, ok := moveInList(e, c.List(), c.Selected()); ok {
		c.Pick(c.List()[i].ID)
		c.M.ScrollActive = true
	}
}

// moveInList reads a key of a listbox; it returns the new position.
func moveInList(e vugu.DOMEvent, l []explain.SentenceSummary, selected int) (int, bool) {
	at := 0
	for i, s := range l {
		if s.Index == selected {
			at = i
		}
	}
	return listbox.onKey(e, at, len(l))
}

// optionID is the element id of a list item (aria-activedescendant).
func optionID(prefix string, index int) string { return prefix + "-" + strconv.Itoa(index) }

// Systems are the evaluated systems' names.
func (c *SentencesView) Systems() []string { return c.M.SystemNames() }

// SetFacet, SetSystem, SetShow and SetQuery change the filter.
func (c *SentencesView) SetFacet(e vugu.DOMEvent) {
	c.M.Prefs.Facet = benchie.Facet(e.PropString("target", "value"))
	c.M.App.SavePrefs()
}

func (c *SentencesView) SetSystem(e vugu.DOMEvent) {
	c.M.Prefs.System = e.PropString("target", "value")
	c.M.App.SavePrefs()
}

func (c *SentencesView) SetShow(e vugu.DOMEvent) {
	c.M.Prefs.Show = explain.Show(e.PropString("target", "value"))
	c.M.App.SavePrefs()
}

func (c *SentencesView) SetQuery(e vugu.DOMEvent) {
	c.M.Prefs.Query = e.PropString("target", "value")
	c.M.App.SavePrefs()
}

// Tally sums up a sentence for its list item; with every system shown the
// misses and errors are summed over systems.
func (c *SentencesView) Tally(s explain.SentenceSummary) []string {
	t := []string{Count(s.Synsets, "synset")}
	if s.Missed > 0 {
		t = append(t, fmt.Sprintf("○ %d missed", s.Missed))
	}
	if s.Errors > 0 {
		t = append(t, fmt.Sprintf("✗ %d incorrect", s.Errors))
	}
	if len(t) > 1 && len(c.M.Eval.Systems) > 1 && c.M.SystemIndex(c.M.Prefs.System) < 0 { // the filter's system, not the whole filter per row
		t = append(t, fmt.Sprintf("over %d systems", len(c.M.Eval.Systems)))
	}
	return t
}

// Detail explains the selected sentence for the chosen system (or all).
func (c *SentencesView) Detail() explain.SentenceView {
	var systems []int
	if i := c.M.SystemIndex(c.M.Prefs.System); i >= 0 {
		systems = []int{i}
	}
	return c.M.SentenceView(c.Selected(), c.M.ExploreFacet(), systems)
}

// Short cuts a sentence for the list.
func Short(s string) string {
	if r := []rune(s); len(r) > 160 {
		return strings.TrimSpace(string(r[:160])) + "…"
	}
	return s
}
