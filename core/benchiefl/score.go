package benchiefl

import (
	"fmt"
	"sort"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Quirk is one accidental behaviour of the reference script that the
// reference mode keeps and the corrected mode removes (benchie-fl.md,
// section 15).
type Quirk uint16

// The quirks, in the order they are reported.
const (
	// QuirkLastCharacter: the last character of column 4 is cut, a real one
	// when the file's last line has no line break or the line has more
	// columns.
	QuirkLastCharacter Quirk = 1 << iota
	// QuirkExtraColumns: columns after the 4th are ignored (corrected: joined
	// to the object, as BenchIE does for n-ary extractions).
	QuirkExtraColumns
	// QuirkByPosition: extraction id n is the n-th sentence of the file
	// (corrected: the sentence with id n).
	QuirkByPosition
	// QuirkMergedRuns: consecutive identical extractions are one unit, whose
	// exact match counts twice in recall.
	QuirkMergedRuns
	// QuirkPooledTexts: a system's identical extraction texts are pooled
	// across sentences; only the first can count as correct.
	QuirkPooledTexts
	// QuirkPhantom: a sentence with no triple (and any empty synset, and
	// the entries an empty line too many makes) counts in the recall
	// denominator.
	QuirkPhantom
	// QuirkRelationPunctuation: the lenient no-punctuation route compares
	// the gold relation without punctuation to the system's with it.
	QuirkRelationPunctuation
	// QuirkRecallWeight: an extraction credited with several synsets counts
	// 2 in recall (1 when its last pooled position is a multiple of 10).
	QuirkRecallWeight
	// QuirkPairCap: the XY pairs stop after 1,001.
	QuirkPairCap

	quirkEnd
)

// AllQuirks is the reference mode.
const AllQuirks = quirkEnd - 1

var quirkNames = map[Quirk]string{
	QuirkLastCharacter: "last-character", QuirkExtraColumns: "extra-columns", QuirkByPosition: "by-position",
	QuirkMergedRuns: "merged-runs", QuirkPooledTexts: "pooled-texts", QuirkPhantom: "phantom-synsets",
	QuirkRelationPunctuation: "relation-punctuation", QuirkRecallWeight: "recall-weight", QuirkPairCap: "pair-cap",
}

// String names the quirks set in q, joined by "+".
func (q Quirk) String() string {
	var names []string
	for b := Quirk(1); b < quirkEnd; b <<= 1 {
		if q&b != 0 {
			names = append(names, quirkNames[b])
		}
	}
	return strings.Join(names, "+")
}

// Quirks lists every quirk, one bit each.
func Quirks() []Quirk {
	var out []Quirk
	for b := Quirk(1); b < quirkEnd; b <<= 1 {
		out = append(out, b)
	}
	return out
}

// Route is how an extraction came to be credited with a synset.
type Route uint8

// The routes, in the order a credited pair is attributed to them.
const (
	RouteExact Route = iota
	RouteVariant
	RouteLenient
	RouteExactNoPunct
	RouteLenientNoPunct
	NumRoutes
)

var routeNames = [...]string{"exact", "variant", "lenient", "exact_no_punct", "lenient_no_punct"}

// String is the route's name in the JSON report.
func (r Route) String() string { return routeNames[r] }

// Score is one mode's totals.
type Score struct {
	Precision, Recall, F1 float64
	// Extractions is the precision denominator, Matched its numerator.
	Extractions, Matched int
	// Synsets is the recall denominator, Credited its numerator (in the
	// reference mode with its weights).
	Synsets, Credited int
	// Routes counts the credited (extraction, synset) pairs by route.
	Routes [NumRoutes]int
}

// Match is one synset credited to an extraction.
type Match struct {
	Synset int
	Route  Route
}

// Judgement explains one extraction's fate in one mode.
type Judgement struct {
	Sentence int // entry index; -1 when the sentence is not in the gold
	// Matches are the synsets the assignment gave it.
	Matches []Match
	// Counted tells whether it counts as a matched extraction; in the
	// reference mode an extraction given a synset does not when an
	// identical text came earlier.
	Counted bool
}

// Result is one system scored in both modes.
type Result struct {
	Reference, Corrected Score
	// Judgements per mode, parallel to the input extractions.
	RefJudgements, CorJudgements []Judgement
	// MovedBy lists the quirks that each, corrected alone, change the
	// reference score; empty when the modes agree (or only together differ,
	// then Differ is still set).
	MovedBy []Quirk
	Differ  bool
	// Ignored counts extractions whose sentence is not in the gold (in the
	// reference mode: whose id is not a position 1..entries).
	Ignored  int
	Warnings []oie.Warning
	// Unscorable says why the reference script would crash on this gold
	// and file instead of scoring them ("" when it scores them): no
	// published number can exist for them, and the reference mode's score
	// is oiebench's reading of what the script would have done.
	Unscorable string
}

// Mode picks one of the two scores.
func (r *Result) Mode(corrected bool) (Score, []Judgement) {
	if corrected {
		return r.Corrected, r.CorJudgements
	}
	return r.Reference, r.RefJudgements
}

// Item is an extraction string of a sentence given by position (the judged
// extractions of the human match file).
type Item struct {
	Sentence int // entry index
	Text     string
}

// item is an extraction ready for the assignment.
type item struct {
	sent int // -1: not in the gold
	text string
}

// Options tune scoring.
type Options struct {
	// Pause, when set, is called now and then (every few sentences
	// compiled, every few dozen extractions matched): the page yields to
	// the browser.
	Pause func()
}

// Score scores a system's extractions in both modes.
func (g *Gold) Score(sys *oie.System, opt Options) *Result {
	build := func(q Quirk) ([]item, int) { return g.systemItems(sys, q) }
	res := g.score(build, opt.Pause)
	_, res.Ignored = build(AllQuirks)
	_, ignoredCor := build(0)
	if res.Ignored > 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: sys.Path, Msg: fmt.Sprintf(
			"%d extraction(s) name no sentence of the gold by position (reference mode), %d by id (corrected mode): left out", res.Ignored, ignoredCor)})
	}
	if sys.Extractions.Len() == 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: sys.Path, Msg: "no extraction: the reference divides by zero; precision is 0"})
	}
	if res.Unscorable == "" {
		res.Unscorable = g.Unscorable
	}
	if res.Unscorable == "" {
		res.Unscorable = g.unreadable(sys)
	}
	if res.Unscorable != "" {
		res.Warnings = append(res.Warnings, oie.Warning{File: sys.Path, Msg: "the reference script could not score this file (" + res.Unscorable + "): no published number can exist for it; the reference mode shows what the script would have given had it gone on"})
	}
	return res
}

// unreadable says why the reference script cannot read a system file
// (benchie-fl.md, section 3), "" when it can.
func (g *Gold) unreadable(sys *oie.System) string {
	switch {
	case sys.Format != oie.FormatTSV:
		return ""
	case sys.BOM:
		return "a byte-order mark: int() cannot read the first id"
	case sys.HeaderLine > 0:
		return fmt.Sprintf("line %d is a header row: int() cannot read its id", sys.HeaderLine)
	case sys.BlankLines > 0:
		return fmt.Sprintf("%d blank line(s): the script splits each into fewer than 4 columns", sys.BlankLines)
	case sys.Extractions.Len() == 0:
		return "no extraction: precision divides by zero"
	}
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		switch n, ok := pyInt(e.SentID); {
		case !ok:
			return fmt.Sprintf("line %d: int() cannot read the id %q", e.Line, e.SentID)
		case n > tableSize || n <= -tableSize:
			return fmt.Sprintf("line %d: id %d is outside the script's table of %d sentences", e.Line, n, tableSize)
		}
	}
	return ""
}

// ScoreItems scores extraction strings given by sentence position (no
// reading quirks apply to them).
func (g *Gold) ScoreItems(items []Item) *Result {
	its := make([]item, len(items))
	for i, it := range items {
		its[i] = item{sent: it.Sentence, text: it.Text}
		if it.Sentence < 0 || it.Sentence >= len(g.Entries) {
			its[i].sent = -1
		}
	}
	return g.score(func(Quirk) ([]item, int) { return its, 0 }, nil)
}

func (g *Gold) score(build func(Quirk) ([]item, int), pause func()) *Result {
	memo := map[memoKey]*signals{}
	g.compile(pause)
	run := func(q Quirk) (Score, []Judgement) {
		items, _ := build(q)
		sc, js, _ := g.run(items, q, memo, pause)
		return sc, js
	}
	res := &Result{}
	var crash bool
	res.Reference, res.RefJudgements, crash = g.run(firstItems(build(AllQuirks)), AllQuirks, memo, pause)
	if crash {
		res.Unscorable = "identical adjacent extractions merged into one unit whose later copy claims a synset: the script's bookkeeping indexes past the first unit (IndexError)"
	}
	res.Corrected, res.CorJudgements = run(0)
	res.Differ = !sameScore(res.Reference, res.Corrected)
	if res.Differ {
		for _, q := range Quirks() {
			if s, _ := run(AllQuirks &^ q); !sameScore(s, res.Reference) {
				res.MovedBy = append(res.MovedBy, q)
			}
		}
	}
	return res
}

func firstItems(items []item, _ int) []item { return items }

func sameScore(a, b Score) bool {
	return a.Precision == b.Precision && a.Recall == b.Recall && a.Matched == b.Matched &&
		a.Extractions == b.Extractions && a.Credited == b.Credited && a.Synsets == b.Synsets
}

// systemItems reads a system's extractions as the quirks say.
func (g *Gold) systemItems(sys *oie.System, q Quirk) ([]item, int) {
	items := make([]item, sys.Extractions.Len())
	ignored := 0
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		sent := -1
		if q&QuirkByPosition != 0 {
			sent = g.position(e.SentID)
		} else if k, ok := g.index[e.SentID]; ok {
			sent = k
		}
		if sent < 0 {
			ignored++
		}
		obj := e.Object
		more := len(e.Extra) > 0 || e.HasConfidence
		if q&QuirkLastCharacter != 0 && sys.Format == oie.FormatTSV && (more || e.Line == sys.OpenLastLine) {
			obj = cutLast(obj, 1)
		}
		if q&QuirkExtraColumns == 0 && len(e.Extra) > 0 {
			obj += " " + strings.Join(e.Extra, " ")
		}
		items[i] = item{sent: sent, text: e.Subject + " - " + e.Relation + " - " + obj}
	}
	return items, ignored
}

// tableSize is the reference's fixed table of sentences: id n goes to slot
// n-1, and an id of 0 or below wraps to the end (Python's negative index).
const tableSize = 300

// position is the entry an extraction id names in the reference mode, or -1.
func (g *Gold) position(id string) int {
	n, ok := pyInt(id)
	switch {
	case !ok:
		return -1
	case n >= 1 && n <= len(g.Entries):
		return n - 1
	case n <= 0 && n > -tableSize && len(g.Entries) >= tableSize:
		return tableSize - 1 + n
	}
	return -1
}

type memoKey struct {
	sent int
	text string
}

// unit is one or more identical consecutive extractions of a block (more
// only with QuirkMergedRuns).
type unit struct {
	items []int // indices into the items
	sg    *signals
}

// run scores items under the quirks q (sections 8 and 9). crash tells
// that the reference's phase-2 bookkeeping would fail: a merged unit other
// than a block's first claims a position past the first unit's vector.
func (g *Gold) run(items []item, q Quirk, memo map[memoKey]*signals, pause func()) (sc Score, js []Judgement, crash bool) {
	comp := g.compile(nil)
	js = make([]Judgement, len(items))
	// Blocks: each sentence's extractions in file order.
	blocks := map[int][]int{}
	var sents []int
	for i, it := range items {
		js[i].Sentence = it.sent
		if it.sent < 0 {
			continue
		}
		sc.Extractions++
		if _, ok := blocks[it.sent]; !ok {
			sents = append(sents, it.sent)
		}
		blocks[it.sent] = append(blocks[it.sent], i)
	}
	sort.Ints(sents)
	capIdx, rpIdx := 1, 1
	if q&QuirkPairCap != 0 {
		capIdx = 0
	}
	if q&QuirkRelationPunctuation != 0 {
		rpIdx = 0
	}
	for _, si := range sents {
		s := comp[si]
		if s.skip {
			continue
		}
		w := len(s.syn)
		var units []unit
		for _, i := range blocks[si] {
			if n := len(units); q&QuirkMergedRuns != 0 && n > 0 && items[units[n-1].items[0]].text == items[i].text {
				units[n-1].items = append(units[n-1].items, i)
				continue
			}
			k := memoKey{si, items[i].text}
			sg := memo[k]
			if sg == nil {
				sg = computeSignals(s, items[i].text)
				memo[k] = sg
				if pause != nil && len(memo)%pauseEvery == 0 {
					pause()
				}
			}
			units = append(units, unit{items: []int{i}, sg: sg})
		}
		taken := make([]bool, w) // TAKEN(c): some extraction of the block matches c exactly
		for _, u := range units {
			for c, x := range u.sg.exact {
				taken[c] = taken[c] || x
			}
		}
		cand := func(u *unit, c int) (Route, bool) {
			sg := u.sg
			free := !sg.xe && !taken[c] // LEN needs no exact match around
			switch {
			case sg.exact[c]:
				return RouteExact, true
			case sg.variant[capIdx][c]:
				return RouteVariant, true
			case free && sg.lenient[c]:
				return RouteLenient, true
			case sg.np[c]:
				return RouteExactNoPunct, true
			case free && sg.lenientNP[rpIdx][c]:
				return RouteLenientNoPunct, true
			}
			return 0, false
		}
		// Positions index a unit's concatenated vectors: position p is
		// synset p%w of copy p/w.
		got := make([][]Match, len(units)) // matches by position
		taken1 := map[int]bool{}
		done := make([]bool, len(units))
		for ui := range units {
			u := &units[ui]
			for p := 0; p < w*len(u.items); p++ {
				if u.sg.exact[p%w] {
					done[ui] = true
					if !taken1[p] {
						taken1[p] = true
						got[ui] = append(got[ui], Match{p, RouteExact})
					}
				}
			}
		}
		owner := map[int]int{}
		for ui := range units {
			if done[ui] {
				continue
			}
			u := &units[ui]
			for p := 0; p < w*len(u.items); p++ {
				route, ok := cand(u, p%w)
				if !ok || taken1[p] {
					continue
				}
				if ui > 0 && p >= w*len(units[0].items) {
					crash = true
				}
				if prev, had := owner[p]; had {
					got[prev] = nil // a later claimant takes it over
				}
				owner[p] = ui
				got[ui] = []Match{{p, route}}
				break
			}
		}
		for ui, u := range units {
			for _, m := range got[ui] {
				i := u.items[m.Synset/w]
				js[i].Matches = append(js[i].Matches, Match{m.Synset % w, m.Route})
			}
		}
	}
	g.count(items, js, sents, blocks, q, &sc)
	return sc, js, crash
}

// count turns the assignment into P and R (section 9).
func (g *Gold) count(items []item, js []Judgement, sents []int, blocks map[int][]int, q Quirk, sc *Score) {
	comp := g.compile(nil)
	// Pooled positions: the rows of a text, sentence by sentence,
	// occurrence by occurrence, synset by synset, numbered from 1.
	rows := map[string]int{}
	pos := make([][]int, len(items))
	order := make([]int, 0, sc.Extractions) // the list L: by sentence, then file order
	for _, si := range sents {
		order = append(order, blocks[si]...)
		if comp[si].skip {
			continue
		}
		w := len(comp[si].syn)
		for _, i := range blocks[si] {
			base := rows[items[i].text]
			for _, m := range js[i].Matches {
				pos[i] = append(pos[i], base+m.Synset+1)
			}
			sort.Ints(pos[i])
			rows[items[i].text] = base + w
		}
	}
	weight := func(ps []int) int {
		if q&QuirkRecallWeight == 0 || len(ps) < 2 {
			return len(ps)
		}
		if ps[len(ps)-1]%10 == 0 {
			return 1
		}
		return 2
	}
	for _, i := range order {
		for _, m := range js[i].Matches {
			sc.Routes[m.Route]++
		}
	}
	if q&QuirkPooledTexts != 0 {
		pooled := map[string][]int{}
		first := map[string]int{}
		for _, i := range order {
			t := items[i].text
			if _, ok := first[t]; !ok {
				first[t] = i
			}
			pooled[t] = append(pooled[t], pos[i]...)
		}
		for t, i := range first {
			if ps := pooled[t]; len(ps) > 0 {
				sort.Ints(ps)
				js[i].Counted = true
				sc.Matched++
				sc.Credited += weight(ps)
			}
		}
	} else {
		for _, i := range order {
			if len(pos[i]) > 0 {
				js[i].Counted = true
				sc.Matched++
				sc.Credited += weight(pos[i])
			}
		}
	}
	sc.Synsets = g.SynsetCount(q&QuirkPhantom != 0)
	if sc.Extractions > 0 {
		sc.Precision = float64(sc.Matched) / float64(sc.Extractions)
	}
	if sc.Synsets > 0 {
		sc.Recall = float64(sc.Credited) / float64(sc.Synsets)
	}
	if sc.Precision+sc.Recall > 0 {
		sc.F1 = 2 * sc.Precision * sc.Recall / (sc.Precision + sc.Recall)
	}
}
