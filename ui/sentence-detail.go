package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu"
)

// SentenceDetail explains one sentence: its gold synsets with their optional
// units and the systems that covered them, and every extraction with its
// verdict; an incorrect one with its closest gold triples, the differing
// tokens marked slot by slot. It is built again only when what it shows
// changed, and otherwise returns its last output, whose nodes the renderer
// then skips (as ListOption does): a render that leaves the detail as it
// was (a key in the list, a later part of the list mounted) costs nothing
// here. Its AdjudicateControls build themselves on every render.
type SentenceDetail struct {
	SentenceDetailBody
	shown detailShown // what out shows
	out   *vugu.BuildOut
}

// detailShown is everything a SentenceDetailBody's output is made of: its
// fields, the language of the source, the windows of the sentence and
// whether the studio runs (adjudicating).
type detailShown struct {
	m                        *Model
	view                     explain.SentenceView
	sideBySide, hidden, edit bool // edit: Remove set
	lang                     string
	full                     bool
	synsets, part            int
	extractions              []int // shown, per system
	studio                   bool
}

// same tells whether two details show the same. A view is compared by its
// lists' identity: the model caches a sentence's view, and a view whose
// lists are new is built anew.
func (a *detailShown) same(b *detailShown) bool {
	return a.m == b.m && a.view.Index == b.view.Index && a.view.ID == b.view.ID && a.view.Facet == b.view.Facet &&
		a.view.Text == b.view.Text && sameList(a.view.Synsets, b.view.Synsets) && sameList(a.view.Systems, b.view.Systems) &&
		a.sideBySide == b.sideBySide && a.hidden == b.hidden && a.edit == b.edit && a.lang == b.lang &&
		a.full == b.full && a.synsets == b.synsets && a.part == b.part && slices.Equal(a.extractions, b.extractions) && a.studio == b.studio
}

// sameList tells whether two slices are the same list (not equal ones).
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Build returns the last output while the detail shows the same.
func (c *SentenceDetail) Build(in *vugu.BuildIn) *vugu.BuildOut {
	c.lang, c.full = c.Lang(), c.Full()
	shown := detailShown{m: c.M, view: c.View, sideBySide: c.SideBySide, hidden: c.Hidden, edit: c.Remove != nil,
		lang: c.lang, full: c.full, synsets: c.SynsetsShown(), part: c.Part, studio: c.adjudicating()}
	for _, sv := range c.View.Systems {
		shown.extractions = append(shown.extractions, c.Shown(sv))
	}
	if c.out == nil || !shown.same(&c.shown) {
		c.shown, c.out = shown, c.SentenceDetailBody.Build(in)
	}
	return c.out
}

// SentenceDetailBody is what a SentenceDetail shows
// (sentence-detail-body.vugu). An extraction's markup, repeated for each
// row of the window, has no white space between its tags (each tag's ">"
// begins the next line): its boxes are flex, grid or block, where white
// space shows nothing, and it was a third of the row's DOM nodes.
type SentenceDetailBody struct {
	M    *Model
	View explain.SentenceView
	// SideBySide puts the systems in columns (the comparison).
	SideBySide bool
	// Hidden shows a view stripped of the gold's text (an exercise whose
	// gold students do not see, exercise.Hide): no forms, no gold triples.
	Hidden bool
	// Remove, when set, puts a Remove button on each extraction (an
	// exercise's student removes their own extraction by its index).
	Remove func(ext int)
	// Part, when above 0, builds the blocks of the view's first Part
	// systems only, the systems' box marked busy (the Sentences view builds
	// the rest a part per turn: detailPartEnd); 0 builds them all.
	Part int

	// Lang and Full, once per build: each slot reads them.
	lang string
	full bool
}

// Lang is the language of the sentence text, for screen readers and fonts.
func (c *SentenceDetailBody) Lang() string {
	if d, ok := benchmarks.DatasetByKey(c.M.Source); ok {
		return d.Lang
	}
	return ""
}

// FacetLabel names the facet the verdicts are on.
func (c *SentenceDetailBody) FacetLabel() string { return report.FacetLabel(string(c.View.Facet)) }

// Coverage is one system's part in a synset, for its header.
type Coverage struct {
	Class, Text string
}

// CoverageOf says which systems covered a synset: one line per system when
// two at most are shown, else who covered it and who missed it.
func (c *SentenceDetailBody) CoverageOf(s explain.SynsetView) []Coverage {
	var out []Coverage
	var covered, missed []string
	for i, sys := range c.View.Systems {
		at := s.CoveredBy[i]
		if at < 0 {
			missed = append(missed, sys.Name)
			if len(c.View.Systems) <= 2 {
				out = append(out, Coverage{"verdict missed", "○ missed by " + sys.Name})
			}
			continue
		}
		covered = append(covered, sys.Name)
		if len(c.View.Systems) <= 2 {
			out = append(out, Coverage{"verdict correct", fmt.Sprintf("✓ %s (line %d)", sys.Name, sys.Lines[at])})
		}
	}
	if len(c.View.Systems) <= 2 {
		return out
	}
	if len(covered) > 0 {
		out = append(out, Coverage{"verdict correct", "✓ covered by " + strings.Join(covered, ", ")})
	}
	if len(missed) > 0 {
		out = append(out, Coverage{"verdict missed", "○ missed by " + strings.Join(missed, ", ")})
	}
	return out
}

// SynsetClass marks synsets that no shown system covered.
func (c *SentenceDetailBody) SynsetClass(s explain.SynsetView) string {
	for _, at := range s.CoveredBy {
		if at >= 0 {
			return "synset"
		}
	}
	if len(s.CoveredBy) == 0 {
		return "synset"
	}
	return "synset uncovered"
}

// FormsText counts a synset's surface forms.
func (c *SentenceDetailBody) FormsText(s explain.SynsetView) string {
	if c.Hidden {
		return "a fact of the gold"
	}
	more := ""
	if !s.FormsExact {
		more = "at least "
	}
	word := "surface forms"
	if s.Forms == 1 {
		word = "surface form"
	}
	return fmt.Sprintf("%s%s %s", more, Thousands(s.Forms), word)
}

// TokClass styles a token by its mark and optionality.
func TokClass(t explain.Token) string {
	cls := "tok"
	if t.Optional {
		cls += " opt"
		if t.UnitStart {
			cls += " opt-start"
		}
		if t.UnitEnd {
			cls += " opt-end"
		}
	}
	switch t.Mark {
	case explain.Missing:
		cls += " missing"
	case explain.Extra:
		cls += " extra"
	case explain.Dropped:
		cls += " dropped"
	}
	return cls
}

// TokTitle says in words what a token's style means.
func TokTitle(t explain.Token) string {
	switch t.Mark {
	case explain.Missing:
		return "missing from the extraction"
	case explain.Extra:
		return "not in this gold form"
	case explain.Dropped:
		return "optional, left out"
	}
	if t.Optional {
		return "optional"
	}
	return ""
}

// VerdictClass and VerdictText show an extraction's verdict with an icon.
func VerdictClass(e explain.ExtractionView) string { return "verdict " + e.Verdict.String() }

func (c *SentenceDetailBody) VerdictText(e explain.ExtractionView) string {
	switch e.Verdict {
	case benchie.Correct:
		return fmt.Sprintf("✓ correct · synset %d", e.Synset+1)
	case benchie.Duplicate:
		return fmt.Sprintf("= duplicate · synset %d", e.Synset+1)
	case benchie.Incorrect:
		return "✗ incorrect"
	}
	return "– ignored"
}

// extractionClass styles an extraction's box by verdict.
func extractionClass(e explain.ExtractionView) string { return "extraction " + e.Verdict.String() }

var slotNames = [3]string{"subject", "relation", "object"}

// slotLabel names slot i, for screen readers.
func slotLabel(i int) string { return slotNames[i] }

// Why says how close a gold triple is.
func (c *SentenceDetailBody) Why(cl explain.ClosestView) string {
	var agree, differ []string
	for i, ok := range cl.Agree {
		if ok {
			agree = append(agree, slotNames[i])
		} else {
			differ = append(differ, slotNames[i])
		}
	}
	t := fmt.Sprintf("Closest gold: synset %d, triple %d. ", cl.Synset+1, cl.Triple+1)
	if c.Hidden {
		t = "Closest gold triple (not shown): "
	}
	switch len(agree) {
	case 0:
		t += "No slot agrees"
	case 3:
		t += "Every slot agrees"
	default:
		t += "Agrees in the " + strings.Join(agree, " and ") + "; differs in the " + strings.Join(differ, " and ")
	}
	return t + fmt.Sprintf(" (%d differing token%s).", cl.Differing, plural(cl.Differing))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// SlotClass marks a slot of a closest triple as agreeing or not.
func SlotClass(cl explain.ClosestView, i int) string {
	if cl.Agree[i] {
		return "slot agree"
	}
	return "slot differ"
}

// moreText counts equally close triples not shown.
func moreText(e explain.ExtractionView) string {
	return fmt.Sprintf("%d more gold triple%s equally close.", e.MoreClosest, plural(e.MoreClosest))
}

// SystemSummary counts a system's verdicts in the sentence.
func (c *SentenceDetailBody) SystemSummary(s explain.SystemView) string {
	n := s.Verdicts
	return fmt.Sprintf("%d extraction%s · %d correct · %d duplicate · %d incorrect · %d synset%s missed",
		s.Total(), plural(s.Total()), n[benchie.Correct], n[benchie.Duplicate], n[benchie.Incorrect],
		len(s.Uncovered), plural(len(s.Uncovered)))
}

// missedText lists the synsets a system left uncovered.
func missedText(s explain.SystemView) string {
	nums := make([]string, len(s.Uncovered))
	for i, k := range s.Uncovered {
		nums[i] = synsetNumber(k)
	}
	word := "synsets"
	if len(nums) == 1 {
		word = "synset"
	}
	return "○ missed " + word + " " + strings.Join(nums, ", ")
}

// SystemsBuilt are the systems whose blocks are built (see Part), and
// SystemsBusy the systems' box's aria-busy: "true" while some are not.
func (c *SentenceDetailBody) SystemsBuilt() []explain.SystemView {
	if c.Part > 0 && c.Part < len(c.View.Systems) {
		return c.View.Systems[:c.Part]
	}
	return c.View.Systems
}

func (c *SentenceDetailBody) SystemsBusy() string {
	return strconv.FormatBool(len(c.SystemsBuilt()) < len(c.View.Systems))
}

// SystemsClass lays the systems out in columns when comparing.
func (c *SentenceDetailBody) SystemsClass() string {
	if c.SideBySide {
		return "systems side-by-side"
	}
	return "systems"
}

// lineText says which line of the system file an extraction is on.
func lineText(line int) string { return "line " + strconv.Itoa(line) }

// synsetNumber numbers synsets from 1 as the gold file does.
func synsetNumber(i int) string { return strconv.Itoa(i + 1) }

// fLText is BenchIE^FL's verdict beside BenchIE's: the synsets its
// assignment gave the extraction, by route (synsets numbered as the
// BenchIE^FL reader reads the gold).
func fLText(e explain.ExtractionView) string {
	fl := e.FL
	if len(fl.Matches) == 0 {
		return "FL ✗"
	}
	var parts []string
	for _, m := range fl.Matches {
		parts = append(parts, fmt.Sprintf("synset %d by %s", m.Synset+1, strings.ReplaceAll(m.Route, "_", " ")))
	}
	t := "FL ✓ " + strings.Join(parts, ", ")
	if !fl.Counted {
		t += " (not counted: the same text came earlier)"
	}
	return t
}

// fLClass styles BenchIE^FL's verdict like BenchIE's.
func fLClass(e explain.ExtractionView) string {
	switch {
	case len(e.FL.Matches) == 0:
		return "verdict fl incorrect"
	case !e.FL.Counted:
		return "verdict fl duplicate"
	}
	return "verdict fl correct"
}

// fLTitle explains BenchIE^FL's verdict: its mode and the synsets' headers.
func fLTitle(e explain.ExtractionView) string {
	t := "BenchIE^FL, " + e.FL.Mode + " mode"
	for _, m := range e.FL.Matches {
		if m.Label != "" {
			t += " · synset " + strconv.Itoa(m.Synset+1) + ": " + m.Label
		}
	}
	return t
}

// The detail's windows (window.go): keys of its lists and its text.

func (c *SentenceDetailBody) key(list string) string { return windowKey(c.View.ID, list) }

// windowKey names a list of a sentence's detail in the Window;
// extractionsList names a system's extractions.
func windowKey(sentenceID, list string) string { return sentenceID + "\x00" + list }

func extractionsList(system string) string { return "system\x00" + system }

// Full tells whether the sentence's long text is shown whole.
func (c *SentenceDetailBody) Full() bool { return c.M.Window.Full(c.key("text")) }

// ShowAll shows the sentence's long text whole.
func (c *SentenceDetailBody) ShowAll() { c.M.Window.ShowAll(c.key("text")) }

// Text is the sentence's text, cut at windowText characters unless full.
func (c *SentenceDetailBody) Text() string { return cut(c.View.Text, windowText, c.Full()) }

// TextCut tells whether the sentence's text is shown cut.
func (c *SentenceDetailBody) TextCut() bool { return c.Text() != c.View.Text }

// Synsets are the synsets shown, and SynsetsShown how many.
func (c *SentenceDetailBody) Synsets() []explain.SynsetView {
	return c.View.Synsets[:c.SynsetsShown()]
}

func (c *SentenceDetailBody) SynsetsShown() int {
	return c.M.Window.Rows(c.key("synsets"), len(c.View.Synsets))
}

// MoreSynsets shows the next page of synsets.
func (c *SentenceDetailBody) MoreSynsets() { c.M.Window.More(c.key("synsets")) }

// Extractions are a system's extractions shown, and Shown how many (of
// sv.Total(); the view explains those shown, explain.SentenceWindow).
func (c *SentenceDetailBody) Extractions(sv explain.SystemView) []explain.ExtractionView {
	return sv.Extractions[:min(len(sv.Extractions), c.Shown(sv))]
}

func (c *SentenceDetailBody) Shown(sv explain.SystemView) int {
	return c.M.Window.Rows(c.key(extractionsList(sv.Name)), sv.Total())
}

// MoreExtractions shows a system's next page of extractions.
func (c *SentenceDetailBody) MoreExtractions(sv explain.SystemView) {
	c.M.Window.More(c.key(extractionsList(sv.Name)))
}
