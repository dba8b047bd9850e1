package benchie

import (
	"fmt"
	"strings"
	"sync"

	"github.com/oiebench/oiebench/core/oie"
)

// Verdict is what the scorer decided about one extraction.
type Verdict uint8

const (
	// Incorrect: no gold triple of the sentence has the extraction as a form.
	Incorrect Verdict = iota
	// Correct: the extraction is the first to cover its synset.
	Correct
	// Duplicate: correct, but its synset was already covered.
	Duplicate
	// Ignored: the extraction names a sentence that is not in the gold, or,
	// in reference-compatible mode, its line is one the official script
	// leaves out (an id with white space after it, a BOM's first line, a
	// line it cannot split; benchie.md section 6.1).
	Ignored
)

var verdictNames = [...]string{"incorrect", "correct", "duplicate", "ignored"}

func (v Verdict) String() string { return verdictNames[v] }

// Judgement explains the verdict on one extraction.
type Judgement struct {
	Verdict  Verdict
	Sentence int // index into Gold.Sentences; -1 when the id names no gold sentence
	Synset   int // the synset credited (Correct, Duplicate); else -1
	Triple   int // the gold triple of that synset the extraction equals; -1 if none
}

// Counts are the totals of one scoring run.
type Counts struct {
	TP, FP, FN            int
	Precision, Recall, F1 float64
}

// NewCounts applies the fact-level rule: precision TP/(TP+FP) (0 when both
// are 0), recall TP/synsets, F1 their harmonic mean (0 when both are 0).
func NewCounts(tp, fp, synsets int) Counts {
	c := Counts{TP: tp, FP: fp, FN: synsets - tp}
	if tp+fp > 0 {
		c.Precision = float64(tp) / float64(tp+fp)
	}
	if synsets > 0 {
		c.Recall = float64(tp) / float64(synsets)
	}
	if c.Precision+c.Recall > 0 {
		c.F1 = 2 * c.Precision * c.Recall / (c.Precision + c.Recall)
	}
	return c
}

// Options tune scoring.
type Options struct {
	// ReferenceCompat reproduces the official script's synset lookup with
	// untrimmed slots (benchie.md, section 6) instead of the paper's rule.
	ReferenceCompat bool
	// Pause, when set, is called every scorePauseEvery extractions (the page
	// yields to the browser).
	Pause func()
}

// scorePauseEvery is how many extractions Score judges between two calls of
// its pause: oie.PauseEvery (1,024) took 100-150 ms in the page's
// WebAssembly on BenchIE English, one long task each.
const scorePauseEvery = 128

// Result is one system scored against one compiled gold, with everything
// needed to explain each number.
type Result struct {
	Facet           Facet
	ReferenceCompat bool
	Counts
	// Judgements is parallel to the system's extractions.
	Judgements []Judgement
	// Ignored counts extractions of sentences that are not in the gold.
	Ignored    int
	UnknownIDs []string // distinct, in order of first appearance
	// OutsideSubset counts the ignored extractions that are on sentences of
	// the whole gold left out of a subset (Gold.Subset).
	OutsideSubset int
	// Other holds the totals under the other mode (paper rule or reference
	// script); ModesDisagree is set when they differ from Counts.
	Other         Counts
	ModesDisagree bool
	// CreditsDiffer counts correct extractions that the two modes credit to
	// different synsets; it can be non-zero while the totals agree.
	CreditsDiffer int
	// StrayCredits counts those of CreditsDiffer whose extraction has
	// white space at a slot's edge (the script looks the synset up with it);
	// the others match a gold form with white space at an edge.
	StrayCredits int
	// ScriptCrash, when set, says why the reference script cannot score
	// the system file at all (benchie.md, section 6.1): no published number
	// can exist for it.
	ScriptCrash string
	Warnings    []oie.Warning

	compiled    *Compiled // the gold it was scored on, for Credits
	creditsOnce sync.Once
	credits     *Credits
}

// Credits lists, per synset, the extractions credited to it (indices into
// the system's extractions), the first one being Correct. It is made on
// first use, from the judgements, and kept: a report of the scores alone
// (the command line's) never needs it, and at 100× BenchIE English it was
// a tenth of scoring's time and memory.
func (r *Result) Credits() *Credits {
	r.creditsOnce.Do(func() { r.credits = r.compiled.creditsOf(r.Judgements) })
	return r.credits
}

// Coverage lists, per sentence and synset, the extractions credited to it,
// as Credits does, in a slice per synset made at each call (not kept: a
// page holding a large evaluation reads Credits, which holds no pointer
// for Go's collector to follow).
func (r *Result) Coverage() [][][]int { return r.Credits().lists() }

// Credits are a result's credited extractions, synset by synset: the
// synsets are numbered over the whole gold (sentence si's synset ki is
// base[si]+ki), each synset a group of Groups, in the order of the
// system's extractions. It holds no pointers, so however large, the
// collector marks it without reading it.
type Credits struct {
	base []int32 // the compiled gold's: per sentence, the synsets before it
	Groups
}

// Of returns the extractions credited to synset ki of sentence si, the
// first one being Correct; nil when there are none. The slice is the
// Credits' own: appending to it copies it.
func (c *Credits) Of(si, ki int) []int { return c.Group(int(c.base[si]) + ki) }

// Synsets is the number of the gold's synsets.
func (c *Credits) Synsets() int { return int(c.base[len(c.base)-1]) }

// lists returns the credits as a list per sentence and synset, the
// lists of all synsets sharing c's storage.
func (c *Credits) lists() [][][]int {
	n := len(c.base) - 1
	all := make([][]int, c.base[n])
	for g := range all {
		all[g] = c.Group(g)
	}
	cov := make([][][]int, n)
	for si := range cov {
		cov[si] = all[c.base[si]:c.base[si+1]:c.base[si+1]]
	}
	return cov
}

// Groups are the judgements of a system grouped by a number (a synset, a
// sentence): group g's are the indices flat[start[g]:start[g+1]], in the
// judgements' order. One slice of offsets and one of indices, no slice a
// group: nothing in it is a pointer for Go's collector to follow.
type Groups struct {
	start []int32
	flat  []int
}

// GroupJudgements groups the indices of js among n groups by group (a
// negative group leaves a judgement out), as a counting sort does: count,
// sum, place.
func GroupJudgements(js []Judgement, n int, group func(Judgement) int) Groups {
	start := make([]int32, n+1)
	for _, j := range js {
		if g := group(j); g >= 0 {
			start[g+1]++
		}
	}
	for g := range n {
		start[g+1] += start[g]
	}
	flat := make([]int, start[n])
	// start[g] is group g's next free place while placing; its end after.
	for i, j := range js {
		if g := group(j); g >= 0 {
			flat[start[g]] = i
			start[g]++
		}
	}
	copy(start[1:], start[:n])
	start[0] = 0
	return Groups{start, flat}
}

// Group returns the indices of group g (nil when there are none); the
// slice is the Groups' own.
func (gs Groups) Group(g int) []int {
	if gs.start[g] == gs.start[g+1] {
		return nil
	}
	return gs.flat[gs.start[g]:gs.start[g+1]:gs.start[g+1]]
}

// SentenceCounts counts, per sentence, the gold's synsets and those
// credited with an extraction: Coverage's lengths, without making or
// keeping it. A page that sends every result's per-sentence counts to be
// bootstrapped need not hold every facet's coverage afterwards.
func (r *Result) SentenceCounts() (credited, synsets []int32) {
	base := r.compiled.base
	n := len(base) - 1
	credited, synsets = make([]int32, n), make([]int32, n)
	for si := range synsets {
		synsets[si] = base[si+1] - base[si]
	}
	seen := make([]bool, base[n])
	for _, j := range r.Judgements {
		if j.Synset < 0 {
			continue
		}
		if g := base[j.Sentence] + int32(j.Synset); !seen[g] {
			seen[g] = true
			credited[j.Sentence]++
		}
	}
	return credited, synsets
}

// Score scores one system against the compiled gold.
func (c *Compiled) Score(sys *oie.System, opt Options) *Result {
	n := sys.Extractions.Len()
	res := &Result{Facet: c.Facet, ReferenceCompat: opt.ReferenceCompat, Judgements: make([]Judgement, n), compiled: c}
	// credited synsets under the paper rule and under the reference script
	// (-1: none, a false positive; leftOut: the line is not scored)
	paper, script := make([]int, n), make([]int, n)
	var buf matchBuffers // see firstMatchIn
	// The matches in sentences with unindexed triples (see compiledSentence),
	// which every extraction of the sentence is compared with, are kept by
	// extraction: a file that repeats one extraction many times against
	// many such triples pays for it once.
	type memoKey struct {
		si    int
		t     oie.Triple
		exact bool
	}
	var memo map[memoKey]int
	match := func(si int, t oie.Triple, exact bool) int {
		if len(c.set.sents[si].unindexed(c.Facet)) == 0 {
			return c.firstMatchIn(si, t, &buf, exact)
		}
		if memo == nil {
			memo = map[memoKey]int{}
		}
		m, ok := memo[memoKey{si, t, exact}]
		if !ok {
			m = c.firstMatchIn(si, t, &buf, exact)
			memo[memoKey{si, t, exact}] = m
		}
		return m
	}
	// scriptCredit is the synset the reference script credits an
	// extraction read as raw (its slots as the script splits them) and
	// matching triple m when stripped: it looks the synset up again with
	// raw against the gold's forms as made, and when that fails it credits
	// the sentence's last synset (benchie.md, sections 6 and 6.1).
	scriptCredit := func(si int, raw oie.Triple, trimmed bool, m int) int {
		cs := &c.set.sents[si]
		if trimmed && !c.set.triplesOf(si)[m].edgy() {
			k, _ := cs.locate(m)
			return k
		}
		if mu := match(si, raw, true); mu >= 0 {
			k, _ := cs.locate(mu)
			return k
		}
		return cs.synsets() - 1
	}
	edges := scriptEdges{tsv: sys.Format == oie.FormatTSV}
	if edges.tsv && sys.FirstBlankLine > 0 {
		edges.crash, edges.crashLine = fmt.Sprintf("line %d is blank", sys.FirstBlankLine), sys.FirstBlankLine
	}
	junk := c.junkTriples()
	unknown := map[string]bool{}
	// A system's extractions come sentence by sentence, mostly in the
	// gold's order: when the id changes, the next sentence is tried before
	// the index (a lookup in a large gold's index misses the cache).
	lastID, lastSI, lastOK := "", 0, false
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		if opt.Pause != nil && i%scorePauseEvery == scorePauseEvery-1 {
			opt.Pause()
		}
		j := &res.Judgements[i]
		*j = Judgement{Verdict: Incorrect, Sentence: -1, Synset: -1, Triple: -1}
		paper[i], script[i] = -1, -1
		if i == 0 || e.SentID != lastID {
			lastID = e.SentID
			if next := lastSI + 1; lastOK && next < len(c.Gold.Sentences) && c.Gold.Sentences[next].ID == e.SentID {
				lastSI = next
			} else {
				lastSI, lastOK = c.Gold.SentenceIndex(e.SentID)
			}
		}
		si, ok := lastSI, lastOK
		if !ok {
			j.Verdict = Ignored
			paper[i], script[i] = leftOut, leftOut
			res.Ignored++
			if _, in := c.Gold.Whole().SentenceIndex(e.SentID); in && c.Gold.IsSubset() {
				res.OutsideSubset++
			}
			if !unknown[e.SentID] {
				unknown[e.SentID] = true
				res.UnknownIDs = append(res.UnknownIDs, e.SentID)
			}
			edges.read(sys, e, false)
			continue
		}
		j.Sentence = si
		raw := e.Folded()
		t := raw.Trimmed()
		m := match(si, t, false)
		cs := &c.set.sents[si]
		if m >= 0 {
			j.Synset, j.Triple = cs.locate(m)
			paper[i] = j.Synset
		}
		// The script's reading of the line (section 6.1), when it differs.
		sraw, scored := edges.read(sys, e, true)
		switch {
		case !scored:
			script[i] = leftOut
		case sraw == raw && m >= 0 && junk[si] == nil:
			script[i] = scriptCredit(si, raw, raw == t, m)
		default:
			st := sraw.Trimmed()
			ms := m
			if sraw != raw {
				ms = match(si, st, false)
			}
			// the junk lines the script reads as triples (section 1)
			correct, first := ms >= 0, -1
			for _, jl := range junk[si] {
				correct = correct || jl.matches(c.Facet, st, false)
				if first < 0 && jl.matches(c.Facet, sraw, true) {
					first = jl.synset
				}
			}
			switch {
			case !correct:
			case ms >= 0 && first < 0:
				script[i] = scriptCredit(si, sraw, sraw == st, ms)
			case first >= 0:
				script[i] = first
				if mu := match(si, sraw, true); mu >= 0 {
					if k, _ := cs.locate(mu); k < first {
						script[i] = k
					}
				}
			default:
				script[i] = scriptCredit(si, sraw, false, ms)
			}
		}
		if script[i] >= 0 && paper[i] >= 0 && script[i] != paper[i] && sraw != sraw.Trimmed() {
			edges.strayCredits++
		}
		if opt.ReferenceCompat && script[i] != paper[i] {
			switch {
			case script[i] == leftOut:
				j.Verdict, j.Synset, j.Triple = Ignored, -1, -1
			case script[i] < 0:
				j.Synset, j.Triple = -1, -1
			default: // the credited synset changes; the matching triple is not in it
				j.Synset, j.Triple = script[i], -1
			}
		}
	}
	for i := range paper {
		if paper[i] != script[i] && paper[i] >= 0 && script[i] >= 0 {
			res.CreditsDiffer++
		}
	}
	chosen, other := paper, script
	if opt.ReferenceCompat {
		chosen, other = script, paper
	}
	res.Counts = c.totals(res.Judgements, chosen, true)
	res.Other = c.totals(res.Judgements, other, false)
	res.ModesDisagree = res.Counts != res.Other
	res.ScriptCrash = edges.crash
	if res.ScriptCrash != "" && !opt.ReferenceCompat {
		// no script numbers exist to compare with
		res.ModesDisagree, res.CreditsDiffer, edges.strayCredits = false, 0, 0
	}
	res.StrayCredits = edges.strayCredits
	res.Warnings = c.scoreWarnings(sys, res, &edges)
	return res
}

// junkLine is a gold line the reader did not understand, as the
// reference script reads it (benchie.md, sections 1 and 6.1): its first
// three characters are taken as the three slots of a triple of its synset,
// which an extraction can match (the ZH gold's "2 0 6 :" gives the triple
// ("2"; " "; "0"), whose stripped form is ("2"; ""; "0")).
type junkLine struct {
	synset int
	ct     compiledTriple
}

// junkTriples returns, per sentence, its junk lines that give a triple, in
// file order; nil when the gold has none.
func (c *Compiled) junkTriples() map[int][]junkLine {
	var out map[int][]junkLine
	for si, s := range c.Gold.Sentences {
		for k, syn := range s.Synsets {
			for _, text := range syn.JunkText {
				chars := []rune(text)
				if len(chars) < 3 {
					continue
				}
				jl := junkLine{synset: k}
				for n := range jl.ct.slots {
					jl.ct.slots[n] = newPattern(SlotUnits(string(chars[n]), c.Facet))
				}
				if out == nil {
					out = map[int][]junkLine{}
				}
				out[si] = append(out[si], jl)
			}
		}
	}
	return out
}

// matches reports whether t is a form of the junk line's triple under
// facet f: with exact, a form as made (the script's lookup), else a form
// stripped.
func (jl *junkLine) matches(f Facet, t oie.Triple, exact bool) bool {
	if f == Concat {
		return jl.ct.matchConcat(t.Subject+" "+t.Relation+" "+t.Object, exact)
	}
	if !exact {
		return jl.ct.match(t)
	}
	return jl.ct.slots[0].searchExact(t.Subject) && jl.ct.slots[1].searchExact(t.Relation) && jl.ct.slots[2].searchExact(t.Object)
}

// leftOut marks, among the synsets credited under one mode, an extraction
// that mode does not score at all.
const leftOut = -2

// scriptEdges reads a BenchIE TSV line as the reference script does
// (benchie.md, section 6.1): the line stripped, then split on tabs; the id
// not trimmed; the columns after the fourth ignored; a BOM kept in the first
// id. It counts what it met, for the warnings.
type scriptEdges struct {
	tsv bool // only TSV lines are the script's input
	// lines the script reads differently
	spacedIDs, bomLine, extraColumns, strippedEnds, indented int
	crash                                                    string // why the script cannot score the file; "" if it can
	crashLine                                                int
	strayCredits                                             int // credits that differ for a slot with stray spaces
}

// read returns e's triple as the script reads it, and whether the script
// scores the line at all; inGold says whether e's (trimmed) id names a
// gold sentence.
func (x *scriptEdges) read(sys *oie.System, e oie.Extraction, inGold bool) (oie.Triple, bool) {
	if !x.tsv {
		return e.Folded(), inGold
	}
	rest := e.HasConfidence // something that is not white space follows the object
	for _, a := range e.Extra {
		rest = rest || oie.TrimSpace(a) != ""
	}
	if e.Indented {
		x.indented++
	}
	t := e.Triple
	if !rest {
		t.Object = strings.TrimRightFunc(t.Object, oie.IsSpace)
		if t.Object == "" { // the script cannot split the line: not scored
			if x.crash == "" || e.Line < x.crashLine { // the script stops at the first
				x.crash, x.crashLine = fmt.Sprintf("line %d has fewer than 4 fields once stripped (an empty object ends it)", e.Line), e.Line
			}
			return t, false
		}
		if len(e.Extra) > 0 || t.Object != e.Object {
			x.strippedEnds++
		}
	} else if len(e.Extra) > 0 {
		x.extraColumns++
	}
	switch {
	case sys.BOM && e.Line == 1:
		x.bomLine++
		return t, false
	case e.IDSpaced:
		x.spacedIDs++
		return t, false
	}
	return t, inGold
}

// creditsOf lists the extractions credited to each synset (a judgement's
// Synset is the synset its extraction is credited to under the chosen mode,
// -1 for none).
func (c *Compiled) creditsOf(js []Judgement) *Credits {
	base := c.base
	return &Credits{base: base, Groups: GroupJudgements(js, int(base[len(base)-1]), func(j Judgement) int {
		if j.Synset < 0 {
			return -1
		}
		return int(base[j.Sentence]) + j.Synset
	})}
}

// synsetBase returns, for each sentence of set, the number of synsets
// before it, and the total last.
func synsetBase(set *compiledSet) []int32 {
	base := make([]int32, len(set.sents)+1)
	for si := range set.sents {
		base[si+1] = base[si] + int32(set.sents[si].synsets())
	}
	return base
}

// totals counts the extractions credited under one mode (credited: a
// synset per extraction, -1 for none): a synset's first extraction is a
// true positive, an uncredited one a false positive. With verdicts, it
// also judges each credited extraction Correct (its synset's first) or
// Duplicate.
func (c *Compiled) totals(js []Judgement, credited []int, verdicts bool) Counts {
	base := c.base
	synsets := base[len(base)-1] // the gold's, counted once at compilation
	covered := make([]bool, synsets)
	tp, fp := 0, 0
	for i := range js {
		j := &js[i]
		switch {
		case credited[i] == leftOut:
		case credited[i] < 0:
			fp++
		default:
			g := base[j.Sentence] + int32(credited[i])
			first := !covered[g]
			if first {
				covered[g] = true
				tp++
			}
			if verdicts {
				j.Verdict = Duplicate
				if first {
					j.Verdict = Correct
				}
			}
		}
	}
	return NewCounts(tp, fp, int(synsets))
}

func (c *Compiled) scoreWarnings(sys *oie.System, res *Result, edges *scriptEdges) []oie.Warning {
	var ws []oie.Warning
	if res.Ignored > 0 {
		// On a subset, the sentences of the whole gold that were not chosen
		// are told apart from ids the gold does not have.
		var outside, unknown []string
		for _, id := range res.UnknownIDs {
			if _, ok := c.Gold.Whole().SentenceIndex(id); ok {
				outside = append(outside, id)
			} else {
				unknown = append(unknown, id)
			}
		}
		if len(outside) > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d extraction(s) are on %d sentence(s) outside the chosen sentences and are left out of the score (ids %s)",
				res.OutsideSubset, len(outside), firstIDs(outside))})
		}
		if n := res.Ignored - res.OutsideSubset; n > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d extraction(s) name sentences not in the gold and are left out of the score (ids %s)",
				n, firstIDs(unknown))})
		}
		if res.Ignored == sys.Extractions.Len() && res.OutsideSubset == 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: "no extraction names a sentence of this gold: is this the system file for this gold (language, sentence ids)?"})
		}
	}
	if res.ScriptCrash != "" {
		ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("the reference BenchIE script cannot score this file (%s: it stops with an IndexError), so no published number can exist for it; the scores shown are oiebench's %s",
			res.ScriptCrash, map[bool]string{false: "(the paper's rule)", true: "reading of the script's rules"}[res.ReferenceCompat])})
	}
	// The lines the script reads otherwise (benchie.md, section 6.1).
	if edges.indented > 0 { // read alike in both modes, but not as the spec's column 1
		ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d line(s) start with white space before the sentence id: it is dropped and the lines scored, as the reference script does (it strips each line)", edges.indented)})
	}
	if res.ReferenceCompat {
		if edges.bomLine > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Line: 1, Msg: "the file starts with a UTF-8 byte order mark: the reference script keeps it in the first line's sentence id, which then names no sentence, so line 1 is left out of the score"})
		}
		if edges.spacedIDs > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d line(s) have white space after the sentence id: the reference script does not trim the id, names no sentence by it and leaves them out of the score", edges.spacedIDs)})
		}
		if edges.extraColumns > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d line(s) have text in columns after the object: the reference script ignores every column after the fourth, and so does this score", edges.extraColumns)})
		}
	} else {
		if edges.bomLine > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Line: 1, Msg: "the file starts with a UTF-8 byte order mark, dropped here; the reference script keeps it in the first line's id and leaves line 1 out"})
		}
		if edges.spacedIDs > 0 {
			ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%d line(s) have white space after the sentence id: the id is trimmed and the lines scored; the reference script names no sentence by such an id and leaves them out", edges.spacedIDs)})
		}
	}
	var why []string
	if res.CreditsDiffer > 0 {
		why = append(why, fmt.Sprintf("%d extraction(s) %s credited to another synset", res.CreditsDiffer, creditCause(res.CreditsDiffer, edges.strayCredits)))
	}
	if n := edges.bomLine + edges.spacedIDs; n > 0 {
		why = append(why, fmt.Sprintf("%d line(s) it leaves out (a BOM or white space in the id)", n))
	}
	if edges.extraColumns > 0 {
		why = append(why, fmt.Sprintf("%d line(s) whose columns after the object it ignores", edges.extraColumns))
	}
	if len(why) == 0 { // sections 1 and 6.1
		why = append(why, "it reads a junk gold line as a triple, or leaves out a line it cannot split")
	}
	switch {
	case res.ModesDisagree:
		p, s := res.Counts, res.Other
		if res.ReferenceCompat {
			p, s = s, p
		}
		ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%s facet: the paper's rule and the reference script disagree (%s): paper TP %d P %.4f R %.4f F1 %.4f; script TP %d P %.4f R %.4f F1 %.4f",
			c.Facet, strings.Join(why, "; "), p.TP, p.Precision, p.Recall, p.F1, s.TP, s.Precision, s.Recall, s.F1)})
	case res.CreditsDiffer > 0:
		ws = append(ws, oie.Warning{File: sys.Path, Msg: fmt.Sprintf("%s facet: the reference script credits %d extraction(s) %s to another synset than the paper's rule; the totals agree",
			c.Facet, res.CreditsDiffer, creditCause(res.CreditsDiffer, edges.strayCredits))})
	}
	return ws
}

// creditCause says why the script credits n extractions to another synset,
// stray of them for stray spaces in their slots (section 6), the others for
// a gold form with white space at an edge (section 6.1).
func creditCause(n, stray int) string {
	switch stray {
	case n:
		return "with stray spaces"
	case 0:
		return "that match a gold form with white space at an edge"
	}
	return fmt.Sprintf("(%d with stray spaces, %d matching a gold form with white space at an edge)", stray, n-stray)
}

// Closest is a gold triple that agrees with an extraction in the most slots.
type Closest struct {
	Synset, Triple int
	Slots          [3]bool // subject, relation, object equal to a form of the gold slot
}

// Closest returns the gold triples of sentence si that agree with the
// (trimmed) triple t in the most slots; ties are all returned, in file order.
func (c *Compiled) Closest(si int, t oie.Triple) []Closest {
	var out []Closest
	var units []Unit
	best := -1
	for i := range c.set.triplesOf(si) {
		ct := c.tripleIn(si, i, &units)
		m := ct.slotMatches(t)
		n := count(m)
		if n < best {
			continue
		}
		if n > best {
			best, out = n, out[:0]
		}
		out = append(out, Closest{Synset: int(ct.synset), Triple: int(ct.triple), Slots: m})
	}
	return out
}

func count(m [3]bool) int {
	n := 0
	for _, b := range m {
		if b {
			n++
		}
	}
	return n
}

// Unindexed counts the comparisons that scoring sys makes with gold triples
// no index can filter (their slots start or end with too many optional
// words; see compiledSentence): every extraction of their sentence is
// compared with each of them, so this part of the work grows with
// extractions × triples. A service with a time limit refuses beyond its
// own bound (the Worker; evaluate.Request.MaxUnindexed).
func (c *Compiled) Unindexed(sys *oie.System) int {
	n := 0
	for k := range sys.Extractions.Len() {
		e := sys.Extractions.At(k)
		if si, ok := c.Gold.SentenceIndex(e.SentID); ok {
			n += len(c.set.sents[si].unindexed(c.Facet))
		}
	}
	return n
}

// firstIDs lists the first five ids, and how many more there are.
func firstIDs(ids []string) string {
	if len(ids) > 5 {
		return strings.Join(ids[:5], ", ") + fmt.Sprintf(" and %d more", len(ids)-5)
	}
	return strings.Join(ids, ", ")
}
