package explain

import (
	"slices"
	"sort"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// Explorer explains an evaluation sentence by sentence, on the facets of the
// main gold (BenchIE-E is scored against another gold and is not explored).
type Explorer struct {
	ev *evaluate.Evaluation
	// bySentence[system] lists the system's extractions of each sentence,
	// in file order. Verdicts name the same sentence on every facet.
	bySentence []benchie.Groups
	forms      map[*benchie.Synset]formCount
	// SearchClosest, when above 0, bounds the incorrect extractions of one
	// system in one sentence whose closest gold triples Sentence looks for
	// (the first, in file order), and their size (SearchClosestBytes): the
	// search costs time in proportion to the extraction's tokens times the
	// gold's, and a page shows a window of rows, not 20,000 at once. The
	// others are marked ClosestSkipped.
	SearchClosest int
	// SlotWords, when above 0, bounds the words of an extraction's slot
	// that Sentence makes into tokens; the rest of the slot is kept as one
	// text (ExtractionView.Rest, its words counted in RestWords): a page
	// shows a slot's first words, and a 10 MB slot is 2.6 million tokens.
	SlotWords int
}

// SearchClosestBytes bounds, under Explorer.SearchClosest, the extraction
// whose closest gold triples are looked for: a 10 MB extraction would be
// compared token by token with every gold triple of its sentence.
const SearchClosestBytes = 4096

type formCount struct {
	n     int
	exact bool
}

// NewExplorer indexes an evaluation for exploring.
func NewExplorer(ev *evaluate.Evaluation) *Explorer {
	x := &Explorer{ev: ev, forms: map[*benchie.Synset]formCount{}}
	n := len(ev.Gold.Sentences)
	for i := range ev.Systems {
		var js []benchie.Judgement
		if res := x.anyResult(i); res != nil {
			js = res.Judgements
		}
		x.bySentence = append(x.bySentence, benchie.GroupJudgements(js, n, func(j benchie.Judgement) int { return j.Sentence }))
	}
	return x
}

// Evaluation returns the evaluation being explored.
func (x *Explorer) Evaluation() *evaluate.Evaluation { return x.ev }

// Facets lists the facets that can be explored, in canonical order.
func (x *Explorer) Facets() []benchie.Facet {
	var fs []benchie.Facet
	for _, f := range benchie.Facets {
		if x.ev.Compiled[f] != nil {
			fs = append(fs, f)
		}
	}
	return fs
}

func (x *Explorer) anyResult(system int) *benchie.Result {
	for _, f := range benchie.Facets {
		if r := x.ev.Results[system][string(f)]; r != nil {
			return r
		}
	}
	return nil
}

func (x *Explorer) result(system int, f benchie.Facet) *benchie.Result {
	if system < 0 || system >= len(x.ev.Results) {
		return nil
	}
	return x.ev.Results[system][string(f)]
}

// Show chooses which sentences the list keeps.
type Show string

const (
	ShowAll    Show = "all"    // every sentence
	ShowMisses Show = "misses" // a system leaves a synset uncovered
	ShowErrors Show = "errors" // a system has an incorrect extraction
)

// Filter selects sentences of the list.
type Filter struct {
	Facet  benchie.Facet
	System int // the system Show looks at; -1: any system
	Show   Show
	// Query keeps sentences whose ID equals it (a leading '#' is ignored) or
	// whose text contains it, ignoring case; empty keeps all.
	Query string
}

// SentenceSummary is one row of the sentence list.
type SentenceSummary struct {
	Index    int // into the gold's sentences
	ID, Text string
	Synsets  int
	// For the filter's system (summed over systems when it is -1):
	Correct int // synsets covered
	Missed  int // synsets not covered
	Errors  int // incorrect extractions
}

// Sentences lists the sentences the filter keeps, in gold order.
func (x *Explorer) Sentences(f Filter) []SentenceSummary {
	q := strings.ToLower(oie.TrimSpace(f.Query))
	id := strings.TrimPrefix(q, "#")
	systems := x.systemsFor(f.System)
	var out []SentenceSummary
	for si, s := range x.ev.Gold.Sentences {
		if q != "" && strings.ToLower(s.ID) != id && !strings.Contains(strings.ToLower(s.Text), q) {
			continue
		}
		sum := SentenceSummary{Index: si, ID: s.ID, Text: s.Text, Synsets: len(s.Synsets)}
		for _, sys := range systems {
			res := x.result(sys, f.Facet)
			if res == nil {
				continue
			}
			credits := res.Credits()
			for ki := range s.Synsets {
				if len(credits.Of(si, ki)) > 0 {
					sum.Correct++
				} else {
					sum.Missed++
				}
			}
			for _, k := range x.bySentence[sys].Group(si) {
				if res.Judgements[k].Verdict == benchie.Incorrect {
					sum.Errors++
				}
			}
		}
		switch {
		case f.Show == ShowMisses && sum.Missed == 0:
			continue
		case f.Show == ShowErrors && sum.Errors == 0:
			continue
		}
		out = append(out, sum)
	}
	return out
}

func (x *Explorer) systemsFor(system int) []int {
	if system >= 0 && system < len(x.ev.Systems) {
		return []int{system}
	}
	all := make([]int, len(x.ev.Systems))
	for i := range all {
		all[i] = i
	}
	return all
}

// SentenceView is everything the page shows about one sentence.
type SentenceView struct {
	Index    int
	ID, Text string
	Facet    benchie.Facet
	Synsets  []SynsetView
	Systems  []SystemView
}

// SynsetView is one gold synset.
type SynsetView struct {
	Index int
	Label string // the header as written
	// Forms counts its distinct surface triples (FormsExact false: at least).
	Forms      int
	FormsExact bool
	Triples    [][3][]Token
	// CoveredBy is parallel to SentenceView.Systems: the extraction credited
	// with the synset (its position among that system's extractions of the
	// sentence: an index into Extractions when explained, into Lines
	// always), or -1.
	CoveredBy []int
}

// SystemView is one system's extractions of the sentence.
type SystemView struct {
	System int
	Name   string
	// Extractions are the system's extractions of the sentence explained,
	// in file order: all of them, or the first of them (SentenceWindow).
	Extractions []ExtractionView
	// Unexplained counts the extractions past Extractions, not explained.
	Unexplained int
	// Verdicts counts every extraction of the sentence by verdict, and
	// Lines gives their lines in the system file, explained or not.
	Verdicts  map[benchie.Verdict]int
	Lines     []int
	Uncovered []int // synsets no extraction covered
}

// Total counts the system's extractions of the sentence, explained or not.
func (s SystemView) Total() int { return len(s.Extractions) + s.Unexplained }

// ExtractionView is one extraction with its verdict explained.
type ExtractionView struct {
	Index int // among the system's extractions
	Line  int // in the system file
	Slots [3][]Token
	// Rest is the text of each slot past its tokens, and RestWords counts
	// its words, when the Explorer's SlotWords cut the slot ("" and 0
	// otherwise); RestWords is -1 for a rest longer than RestCountBytes,
	// whose words are not counted.
	Rest      [3]string
	RestWords [3]int
	Verdict   benchie.Verdict
	// Synset and Triple are the gold synset credited and the triple matched
	// (Correct, Duplicate); -1 otherwise.
	Synset, Triple int
	// Closest lists, for an incorrect extraction, the gold triples that agree
	// with it in the most slots, fewest differing tokens first.
	Closest []ClosestView
	// MoreClosest counts equally close triples left out of Closest.
	MoreClosest int
	// ClosestSkipped is set for an incorrect extraction past the
	// Explorer's SearchClosest, whose closest triples were not looked for.
	ClosestSkipped bool
	// FL is BenchIE^FL's verdict, when the evaluation has BenchIE^FL.
	FL *FLView
}

// FLView is BenchIE^FL's verdict on an extraction (in the mode shown first):
// the synsets its assignment gave it, each with the route that made it a
// candidate. Synsets are numbered as the BenchIE^FL reader reads the gold.
type FLView struct {
	Mode    string
	Matches []FLMatch
	// Counted is false when the extraction was given a synset but does not
	// count as matched (the reference pools identical texts).
	Counted bool
}

// FLMatch is one synset credited to an extraction by BenchIE^FL.
type FLMatch struct {
	Synset int    // 0-based, in the FL reading of the sentence
	Label  string // its header as written
	Route  string // exact, variant, lenient, exact_no_punct, lenient_no_punct
}

// ClosestView is a gold triple compared with an incorrect extraction.
type ClosestView struct {
	Synset, Triple int
	Agree          [3]bool // slot equals a form of the gold slot
	Gold, Ext      [3][]Token
	Differing      int // tokens marked Missing or Extra
}

// MaxClosest bounds the closest triples shown per incorrect extraction.
const MaxClosest = 3

// Sentence explains sentence si on a facet for the given systems (nil: all).
func (x *Explorer) Sentence(si int, f benchie.Facet, systems []int) SentenceView {
	return x.SentenceWindow(si, f, systems, nil)
}

// SentenceWindow is Sentence with only the first rows(system) extractions
// of each system explained (in file order; rows nil: all of them): a page
// shows a window of a sentence's extractions, and explaining the 20,000 it
// does not show is what held it. The others are counted
// (SystemView.Unexplained, Verdicts, Lines), not explained.
func (x *Explorer) SentenceWindow(si int, f benchie.Facet, systems []int, rows func(system int) int) SentenceView {
	s := x.ev.Gold.Sentences[si]
	v := SentenceView{Index: si, ID: s.ID, Text: s.Text, Facet: f}
	if systems == nil {
		systems = x.systemsFor(-1)
	}
	for ki, syn := range s.Synsets {
		fc := x.formCount(syn)
		sv := SynsetView{Index: ki, Label: syn.Label, Forms: fc.n, FormsExact: fc.exact}
		for i := range syn.Triples {
			sv.Triples = append(sv.Triples, goldTriple(syn.Triple(i), f))
		}
		v.Synsets = append(v.Synsets, sv)
	}
	compiled := x.ev.Compiled[f]
	for _, sys := range systems {
		res := x.result(sys, f)
		if res == nil || compiled == nil {
			continue
		}
		system := x.ev.Systems[sys]
		ks := x.bySentence[sys].Group(si)
		explained := len(ks)
		if rows != nil {
			explained = max(0, min(explained, rows(sys)))
		}
		view := SystemView{System: sys, Name: system.Name, Unexplained: len(ks) - explained,
			Verdicts: map[benchie.Verdict]int{}, Lines: make([]int, len(ks))}
		for r, k := range ks {
			j := res.Judgements[k]
			view.Verdicts[j.Verdict]++
			view.Lines[r] = system.Extractions.At(k).Line
		}
		view.Extractions = x.explainRows(si, f, sys, nil, explained)
		for ki := range s.Synsets {
			cov := res.Credits().Of(si, ki)
			at := -1
			if len(cov) > 0 {
				at = slices.Index(ks, cov[0])
			} else {
				view.Uncovered = append(view.Uncovered, ki)
			}
			v.Synsets[ki].CoveredBy = append(v.Synsets[ki].CoveredBy, at)
		}
		v.Systems = append(v.Systems, view)
	}
	return v
}

// MoreRows is v, a view of SentenceWindow, with each system's extractions
// explained up to rows(system) (never fewer than v explains): it explains
// only the rows past v's, and keeps v's counts, so that "Show 20 more"
// costs the 50 rows, not the window nor the sentence. v is not changed.
func (x *Explorer) MoreRows(v SentenceView, rows func(system int) int) SentenceView {
	v.Systems = slices.Clone(v.Systems)
	for i, sv := range v.Systems {
		total := sv.Total()
		want := min(total, rows(sv.System))
		if want <= len(sv.Extractions) {
			continue
		}
		sv.Extractions = x.explainRows(v.Index, v.Facet, sv.System, slices.Clip(sv.Extractions), want)
		sv.Unexplained = total - want
		v.Systems[i] = sv
	}
	return v
}

// explainRows explains a system's extractions of sentence si in file order
// past those of done, up to the first n (done's rows come first, as they
// are). The closest gold triples are looked for as SearchClosest says,
// counting the incorrect extractions of done.
func (x *Explorer) explainRows(si int, f benchie.Facet, sys int, done []ExtractionView, n int) []ExtractionView {
	res, compiled, s := x.result(sys, f), x.ev.Compiled[f], x.ev.Gold.Sentences[si]
	system, ks := x.ev.Systems[sys], x.bySentence[sys].Group(si)
	incorrect := 0
	for _, e := range done {
		if e.Verdict == benchie.Incorrect {
			incorrect++
		}
	}
	out := done
	for _, k := range ks[len(done):n] {
		j := res.Judgements[k]
		e := system.Extractions.At(k)
		t := e.Folded().Trimmed()
		ev := ExtractionView{Index: k, Line: e.Line, Verdict: j.Verdict, Synset: j.Synset, Triple: j.Triple}
		for i, slot := range t.Slots() {
			if x.SlotWords > 0 {
				ev.Slots[i], ev.Rest[i], ev.RestWords[i] = slotTokensCut(slot, x.SlotWords)
			} else {
				ev.Slots[i] = SlotTokens(slot)
			}
		}
		if j.Verdict == benchie.Incorrect {
			incorrect++
			if x.SearchClosest > 0 && (incorrect > x.SearchClosest || len(t.Subject)+len(t.Relation)+len(t.Object) > SearchClosestBytes) {
				ev.ClosestSkipped = true
			} else {
				ev.Closest, ev.MoreClosest = closest(compiled, s, si, t, f)
			}
		}
		ev.FL = x.flView(sys, k)
		out = append(out, ev)
	}
	return out
}

func goldTriple(t oie.Triple, f benchie.Facet) [3][]Token {
	var out [3][]Token
	for i, slot := range t.Slots() {
		out[i] = GoldTokens(slot, f)
	}
	return out
}

// closest compares an incorrect extraction with the gold triples that agree
// with it in the most slots and keeps those with the fewest differing tokens.
func closest(c *benchie.Compiled, s *benchie.Sentence, si int, t oie.Triple, f benchie.Facet) ([]ClosestView, int) {
	var views []ClosestView
	for _, cl := range c.Closest(si, t) {
		gold := goldTriple(s.Synsets[cl.Synset].Triple(cl.Triple), f)
		cv := ClosestView{Synset: cl.Synset, Triple: cl.Triple, Agree: cl.Slots}
		for i, slot := range t.Slots() {
			cv.Gold[i], cv.Ext[i] = DiffSlot(gold[i], SlotTokens(slot))
			cv.Differing += cost(cv.Gold[i], cv.Ext[i])
		}
		views = append(views, cv)
	}
	// sort.SliceStable: one sorting code for every element type keeps the
	// page's evaluator small (docs/architecture.md).
	sort.SliceStable(views, func(i, j int) bool { return views[i].Differing < views[j].Differing })
	if len(views) > MaxClosest {
		return views[:MaxClosest], len(views) - MaxClosest
	}
	return views, 0
}

// formCount counts a synset's surface triples with the gold statistics'
// own counting, on a gold made of that synset alone.
func (x *Explorer) formCount(syn *benchie.Synset) formCount {
	if fc, ok := x.forms[syn]; ok {
		return fc
	}
	one := &benchie.Gold{Sentences: []*benchie.Sentence{{Synsets: []*benchie.Synset{syn}}}}
	st := one.Stats()
	fc := formCount{st.Extractions, st.Exact}
	x.forms[syn] = fc
	return fc
}

// flView is BenchIE^FL's verdict on extraction k of a system, or nil.
func (x *Explorer) flView(sys, k int) *FLView {
	ev := x.ev
	if ev.FLGold == nil || sys >= len(ev.FL) {
		return nil
	}
	_, js := ev.FL[sys].Mode(ev.FLCorrected)
	j := js[k]
	v := &FLView{Mode: evaluate.FLModeName(ev.FLCorrected), Counted: j.Counted}
	for _, m := range j.Matches {
		v.Matches = append(v.Matches, FLMatch{Synset: m.Synset, Label: ev.FLGold.Entries[j.Sentence].Synsets[m.Synset].Label, Route: m.Route.String()})
	}
	return v
}
