package benchie

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/oiebench/oiebench/core/oie"
)

// Facet is a way of matching extractions against the gold.
type Facet string

// The facets of BenchIE. BenchIE-E is Regular scoring of a separate E gold.
const (
	Regular Facet = "regular" // exact match, slot by slot
	Concat  Facet = "concat"  // BenchIE-C: the three slots joined by one space
	Minimal Facet = "minimal" // BenchIE-M: gold stripped of optional material
)

// Facets lists the facets in their canonical order.
var Facets = []Facet{Regular, Concat, Minimal}

// ParseFacet checks a facet name.
func ParseFacet(s string) (Facet, error) {
	for _, f := range Facets {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown facet %q: expected regular, concat or minimal", s)
}

// Compiled is a gold prepared for one facet: every slot parsed into units
// once, small slots expanded, and subjects indexed, so that any number of
// systems can be scored against it.
type Compiled struct {
	Gold  *Gold
	Facet Facet
	set   *compiledSet
	base  []int32 // per sentence, the synsets before it; the total last
}

// compiledSet is a gold's slots compiled for a facet, kept with the gold.
// Its triples locate their units instead of holding them, so that the
// garbage collector has nothing to follow in millions of slots.
type compiledSet struct {
	sents []compiledSentence // parallel to Gold.Sentences
	// triples holds every sentence's triples, one sentence's after
	// another's (see compiledSentence.first): one allocation, and no slice
	// header a sentence.
	triples []storedTriple
	own     unitArena // units parsed here: BenchIE-M's changed slots, slots of triples made in memory
	// slots locates in own the slots whose units are not their gold
	// triple's as read (see storedTriple.own), each triple's one after
	// another.
	slots []unitRef
}

// compiledSentence is 64 bytes, not the 144 of six slice headers: a
// large gold has tens of thousands of sentences in each compilation.
type compiledSentence struct {
	// synsetEnds holds, for each synset, the index in the sentence's
	// triples past its last triple (see locate); BenchIE-M shares the
	// regular compilation's.
	synsetEnds []int32
	// entries are the triples an extraction can be a form of, found by the
	// words its slots start and end with, in four lists one after another
	// (see list), the first three ended by ends.
	entries []entry
	ends    [3]uint32
	// first is the index in compiledSet.triples of the sentence's first
	// triple; every triple of every synset follows, in file order.
	first int32
}

// synsets is the number of the sentence's synsets.
func (cs *compiledSentence) synsets() int { return len(cs.synsetEnds) }

// tripleCount is the number of the sentence's triples.
func (cs *compiledSentence) tripleCount() int {
	if len(cs.synsetEnds) == 0 {
		return 0
	}
	return int(cs.synsetEnds[len(cs.synsetEnds)-1])
}

// triplesOf returns the triples of sentence si, in file order.
//
// Not inlined, as list: inlined at each use they were 5 KB of the page's
// evaluator.
//
//go:noinline
func (s *compiledSet) triplesOf(si int) []storedTriple {
	cs := &s.sents[si]
	return s.triples[cs.first : int(cs.first)+cs.tripleCount()]
}

// The lists of a sentence's index entries (compiledSentence.list).
// listSlots holds, for each (first word of the subject, first word of the
// relation, last word of the object) that a triple's forms can have, the
// triple, by the hash of the three words, sorted by hash and then file
// order; listJoined does the same for (first word of the subject, last
// word of the object), for BenchIE-C. A form starts and ends with the same
// words as the string it equals, so these filters lose nothing; a hash
// collision only adds a candidate, which the match then rejects. A triple
// with too many such words (dozens of optional units) is in listAny (or
// listAnyJoined) instead, in file order: a candidate for every extraction.
const (
	listSlots = iota
	listJoined
	listAny
	listAnyJoined
)

// list returns the sentence's list k of index entries (listSlots,
// listJoined, listAny or listAnyJoined).
//
//go:noinline
func (cs *compiledSentence) list(k int) []entry {
	lo, hi := uint32(0), uint32(len(cs.entries))
	if k > 0 {
		lo = cs.ends[k-1]
	}
	if k < len(cs.ends) {
		hi = cs.ends[k]
	}
	return cs.entries[lo:hi:hi]
}

// locate returns the synset of triple i and its place in the synset: they
// are found, not kept with each triple (8 bytes a triple in each
// compilation).
func (cs *compiledSentence) locate(i int) (synset, triple int) {
	k, _ := slices.BinarySearchFunc(cs.synsetEnds, int32(i), func(end, i int32) int {
		if end <= i {
			return -1
		}
		return 1
	})
	if k > 0 {
		i -= int(cs.synsetEnds[k-1])
	}
	return k, i
}

// unindexed returns the triples every extraction is compared with under
// facet f.
func (cs *compiledSentence) unindexed(f Facet) []entry {
	if f == Concat {
		return cs.list(listAnyJoined)
	}
	return cs.list(listAny)
}

// maxKeys bounds the index entries of one triple.
const maxKeys = 64

// entry is an index entry: the key's hash in the high 32 bits, the triple
// (its index in the sentence's triples) in the low ones, so that entries
// sort by hash and then file order as plain numbers.
type entry uint64

func newEntry(hash uint32, triple int) entry { return entry(hash)<<32 | entry(uint32(triple)) }

func (e entry) triple() int32 { return int32(uint32(e)) }

// storedTriple is a compiled triple as kept: 20 bytes. What newPattern
// derives from a slot's units is derived again when the slot is matched,
// from the units it unpacks anyway: kept, it doubled the compilations, the
// largest part of a large gold's memory (docs/reliability.md, "Memory").
// Only the bounds of the forms' lengths are kept, narrowed, so that most
// candidates are refused before their units are unpacked. A slot whose
// units are those its gold triple was read with is found through the gold
// triple (bit k of gold), not kept again: most slots of both compilations;
// so is a BenchIE-M slot made of the gold triple's required units (bit
// 3+k: a clean slot's, see appendMinimalOf).
type storedTriple struct {
	lens [3]lengthBounds
	// edgySlots has bit k set when slot k has forms with white space at an
	// edge (see matchSlotsTrimmed).
	edgySlots uint8
	gold      uint8
	// own is the index in compiledSet.slots of the first slot not the gold
	// triple's; the triple's others follow it.
	own int32
}

// goldSlot reports whether slot k's units are its gold triple's as read.
func (st *storedTriple) goldSlot(k int) bool { return st.gold&(1<<k) != 0 }

// goldRequired reports whether slot k's units are the required ones of
// its gold triple's as read.
func (st *storedTriple) goldRequired(k int) bool { return st.gold&(1<<(3+k)) != 0 }

// ownSlot is the index in compiledSet.slots of slot k, found neither way
// through the gold triple.
func (st *storedTriple) ownSlot(k int) int32 {
	n := st.own
	for j := range k {
		if !st.goldSlot(j) && !st.goldRequired(j) {
			n++
		}
	}
	return n
}

// lengthBounds are a pattern's minLen and maxLen in 16 bits: a minLen
// past them is kept as their largest value, a maxLen past them as 0 (no
// bound), so that they refuse only what the pattern's refuse.
type lengthBounds struct{ min, max uint16 }

func boundsOf(p pattern) lengthBounds {
	b := lengthBounds{uint16(min(p.minLen, 1<<16-1)), uint16(p.maxLen)}
	if p.maxLen > 1<<16-1 {
		b.max = 0
	}
	return b
}

// refuses reports whether no form of the slot is n bytes long.
func (b lengthBounds) refuses(n int) bool {
	return b.max > 0 && (n < int(b.min) || n > int(b.max))
}

// refusesJoined reports whether no form of the triple's slots joined by
// single spaces is n bytes long.
func (st *storedTriple) refusesJoined(n int) bool {
	l := &st.lens
	if l[0].max == 0 || l[1].max == 0 || l[2].max == 0 {
		return false
	}
	n -= 2
	return n < int(l[0].min)+int(l[1].min)+int(l[2].min) || n > int(l[0].max)+int(l[1].max)+int(l[2].max)
}

// edgy reports whether a slot of the triple has forms with white space at
// an edge (see matchSlotsTrimmed).
func (st *storedTriple) edgy() bool { return st.edgySlots != 0 }

// compiledTriple is a compiled triple with its units at hand, for matching.
type compiledTriple struct {
	synset, triple int32
	slots          [3]pattern
}

// triple returns triple i of sentence si, its units at hand.
func (c *Compiled) triple(si, i int) compiledTriple {
	var units []Unit
	return c.tripleIn(si, i, &units)
}

// tripleIn is triple with its units unpacked into *units (reused from one
// call to the next: see compiledSet.patternIn).
func (c *Compiled) tripleIn(si, i int, units *[]Unit) compiledTriple {
	st := &c.set.triplesOf(si)[i]
	gt, k, ti := c.goldTriple(si, i)
	ct := compiledTriple{synset: int32(k), triple: int32(ti)}
	*units = (*units)[:0]
	for k := range ct.slots {
		ct.slots[k] = c.set.slotIn(c.Gold, gt, st, k, units)
	}
	return ct
}

// goldTriple returns the gold triple that the sentence's triple i was
// compiled from, its synset and its place in the synset.
func (c *Compiled) goldTriple(si, i int) (gt *GoldTriple, synset, triple int) {
	k, ti := c.set.sents[si].locate(i)
	return &c.Gold.Sentences[si].Synsets[k].Triples[ti], k, ti
}

// slotIn returns slot k of st, compiled from gt, with its units at hand,
// unpacked at the end of *units (see unitsIn).
func (s *compiledSet) slotIn(g *Gold, gt *GoldTriple, st *storedTriple, k int, units *[]Unit) pattern {
	return patternOf(s.unitsIn(g, gt, st, k, units), st.edgySlots&(1<<k) != 0)
}

// unitsIn unpacks the units of slot k of st, compiled from gt, at the end
// of *units and returns them: the arenas keep units packed (see
// unitArena), and a buffer the caller reuses unpacks them without garbage.
// They are good until *units is emptied.
func (s *compiledSet) unitsIn(g *Gold, gt *GoldTriple, st *storedTriple, k int, units *[]Unit) []Unit {
	from := len(*units)
	switch {
	case st.goldSlot(k):
		*units = g.units.appendOf(*units, gt.unitsOf(k))
	case st.goldRequired(k):
		*units = g.units.appendOf(*units, gt.unitsOf(k))
		kept := slices.DeleteFunc((*units)[from:], func(u Unit) bool { return u.Optional })
		*units = (*units)[:from+len(kept)]
	default:
		*units = s.own.appendOf(*units, s.slots[st.ownSlot(k)])
	}
	return (*units)[from:len(*units):len(*units)]
}

// Compile prepares the gold for a facet. The parsed slots are kept with the
// gold, so BenchIE and BenchIE-C share them and BenchIE-M parses again only
// the slots that hold optional material.
func Compile(g *Gold, f Facet) *Compiled { return CompileWith(g, f, nil) }

// CompileWith is Compile calling pause (when set) every few sentences, for
// the page; see oie.PauseEvery.
func CompileWith(g *Gold, f Facet, pause func()) *Compiled {
	set := g.compiledSet(f == Minimal, pause)
	return &Compiled{Gold: g, Facet: f, set: set, base: synsetBase(set)}
}

// compiled caches a gold's compiled slots: index 0 as written, 1 for
// BenchIE-M.
type compiled struct {
	once sync.Once
	done atomic.Bool
	set  *compiledSet
}

// get returns the cached value, making it first if needed. With a pause it
// is made outside the once, so that no lock is held while pausing (a second
// caller meanwhile makes its own; the first to finish is kept).
func (c *compiled) get(make func() *compiledSet, pause func()) *compiledSet {
	if pause != nil && !c.done.Load() {
		set := make()
		c.once.Do(func() { c.set = set; c.done.Store(true) })
	}
	c.once.Do(func() { c.set = make(); c.done.Store(true) })
	return c.set
}

func (g *Gold) compiledSet(minimal bool, pause func()) *compiledSet {
	if g.parent != nil { // a subset: the chosen sentences of the whole gold's
		k := map[bool]int{false: 0, true: 1}[minimal]
		return g.compiled[k].get(func() *compiledSet { return g.parent.compiledSet(minimal, pause).pick(g.picks) }, pause)
	}
	if !minimal {
		return g.compiled[0].get(func() *compiledSet { return compileSentences(g, nil, pause) }, pause)
	}
	return g.compiled[1].get(func() *compiledSet {
		return compileSentences(g, g.compiledSet(false, pause), pause)
	}, pause)
}

// compileSentences parses every slot; given the regular compilation, it
// builds BenchIE-M, reusing the slots without '['. The triples and the
// index entries of all sentences share a few allocations.
func compileSentences(g *Gold, regular *compiledSet, pause func()) *compiledSet {
	n := len(g.Sentences)
	set := &compiledSet{sents: make([]compiledSentence, n), own: unitArena{base: g.units.base}}
	set.triples = make([]storedTriple, triplesIn(g.Sentences))
	if !oie.ManyCores || pause != nil || n < parallelCompile || runtime.GOMAXPROCS(0) < 2 {
		compileRange(g, regular, pause, set, set.triples, 0, 0, n)
		return set
	}
	// Natively, a large gold is compiled in two halves on two cores, each
	// into its own part of set.triples: the second half's own units go to
	// an arena of its own, appended to the first's after.
	mid := n / 2
	second := &compiledSet{sents: set.sents, own: unitArena{base: g.units.base}}
	var wg sync.WaitGroup
	split := triplesIn(g.Sentences[:mid])
	wg.Go(func() { compileRange(g, regular, nil, second, set.triples, split, mid, n) })
	compileRange(g, regular, nil, set, set.triples, 0, 0, mid)
	wg.Wait()
	shift := int32(len(set.own.blocks))
	set.own.blocks = append(set.own.blocks, second.own.blocks...)
	for k := range second.slots {
		if second.slots[k].block != inlineUnit {
			second.slots[k].block += shift
		}
	}
	slotShift := int32(len(set.slots))
	set.slots = append(set.slots, second.slots...)
	for i := range set.triples[split:] {
		set.triples[split+i].own += slotShift
	}
	return set
}

// parallelCompile is the fewest sentences compiled in two halves.
const parallelCompile = 256

// triplesIn counts the triples of the sentences' synsets.
func triplesIn(sentences []*Sentence) int {
	n := 0
	for _, s := range sentences {
		for _, syn := range s.Synsets {
			n += len(syn.Triples)
		}
	}
	return n
}

// compilePauseEvery is how many sentences compileRange compiles between two
// calls of its pause: 64 took 70-105 ms in the page's WebAssembly (BenchIE
// English), one long task each.
const compilePauseEvery = 8

// compileRange compiles the sentences lo to hi (excluded) into set.sents,
// their triples into triples from index from on, the units it parses into
// set.own.
func compileRange(g *Gold, regular *compiledSet, pause func(), set *compiledSet, triples []storedTriple, from, lo, hi int) {
	c := rangeCompiler{g: g, regular: regular, set: set, f: Regular, from: int32(from)}
	if regular != nil {
		c.f = Minimal
	}
	synsets := 0
	for _, s := range g.Sentences[lo:hi] {
		synsets += len(s.Synsets)
	}
	// Appended to, the part of triples this range fills: it never
	// outgrows it.
	c.triples = triples[from : from : from+triplesIn(g.Sentences[lo:hi])]
	if regular == nil {
		c.ends = make([]int32, 0, synsets)
	}
	for si := lo; si < hi; si++ {
		if pause != nil && si%compilePauseEvery == compilePauseEvery-1 {
			pause()
		}
		c.sentence(si)
	}
}

// rangeCompiler is what compileRange shares between the sentences it
// compiles: the blocks their triples and index entries are carved from,
// and buffers. Each sentence, and each triple in it, is a call of its own
// (sentence, triple, index): in WebAssembly, V8 optimises a function once it
// has run a while, in the background, and uses the optimised code from the
// function's next call on; a loop inside one call would run all its
// sentences in baseline code, and a large function takes long to optimise.
type rangeCompiler struct {
	g            *Gold
	regular, set *compiledSet
	f            Facet
	triples      []storedTriple
	from         int32 // the index in set.triples of triples[0]
	// One sentence's entries, then kept in block.
	keyed, joined, any, anyJoined []entry
	block                         []entry
	words, rels, lasts            []string
	units, slot                   []Unit  // unpacked units (see compiledSet.pattern)
	ends                          []int32 // the block synsetEnds are carved from
}

// sentence compiles sentence si into c.set.sents[si].
func (c *rangeCompiler) sentence(si int) {
	s := c.g.Sentences[si]
	cs := &c.set.sents[si]
	start := len(c.triples)
	c.keyed, c.joined, c.any, c.anyJoined = c.keyed[:0], c.joined[:0], c.any[:0], c.anyJoined[:0]
	endsStart := len(c.ends)
	for ki, syn := range s.Synsets {
		for ti := range syn.Triples {
			i := len(c.triples) - start
			st, ct := c.triple(si, i, ki, ti)
			c.triples = append(c.triples, st)
			c.index(&st, &ct, i)
		}
		c.ends = append(c.ends, int32(len(c.triples)-start))
	}
	cs.synsetEnds = c.ends[endsStart:len(c.ends):len(c.ends)]
	if c.regular != nil { // the same synsets and triples
		cs.synsetEnds = c.regular.sents[si].synsetEnds
		c.ends = c.ends[:endsStart]
	}
	cs.first = c.from + int32(start)
	c.keepEntries(cs, si)
}

// triple compiles triple ti of synset ki of sentence si, the sentence's
// triple i: as kept, and with its units at hand (in c.units) for index.
func (c *rangeCompiler) triple(si, i, ki, ti int) (storedTriple, compiledTriple) {
	g, regular, set := c.g, c.regular, c.set
	syn := g.Sentences[si].Synsets[ki]
	t := &syn.Triples[ti]
	st := storedTriple{own: int32(len(set.slots))}
	var ct compiledTriple
	c.units = c.units[:0] // the three slots' units, one after another
	for k, slot := range syn.Triple(ti).Slots() {
		from := len(c.units)
		switch {
		case regular != nil && !t.holdsOpen(k, slot):
			rt := &regular.triplesOf(si)[i]
			if rt.goldSlot(k) {
				c.units = g.units.appendOf(c.units, t.unitsOf(k))
				st.gold |= 1 << k
			} else { // parsed by the regular compilation: a copy of its units
				regular.unitsIn(g, t, rt, k, &c.units)
				set.slots = append(set.slots, set.own.keep(c.units[from:]))
			}
			st.edgySlots |= rt.edgySlots & (1 << k)
			st.lens[k] = rt.lens[k]
		case regular == nil && g.readHere(t):
			c.units = g.units.appendOf(c.units, t.unitsOf(k))
			st.gold |= 1 << k
			st.derive(k, newPattern(c.units[from:]))
		default:
			if regular != nil && t.cleanSlot(k) { // no '[' nor '(' is left: one required unit
				c.slot = g.unitsRead(c.slot[:0], t, k, slot)
				c.units = appendMinimalOf(c.units, c.slot)
				if len(c.units)-from > 1 && g.readHere(t) { // the required units, as read: found again through t
					st.gold |= 1 << (3 + k)
					st.derive(k, newPattern(c.units[from:]))
					break
				}
			} else {
				c.units = appendSlotUnits(c.units, slot, c.f)
			}
			set.slots = append(set.slots, set.own.keep(c.units[from:]))
			st.derive(k, newPattern(c.units[from:]))
		}
		// A later slot may move c.units; this slot's units stay where they are.
		ct.slots[k] = patternOf(c.units[from:len(c.units):len(c.units)], st.edgySlots&(1<<k) != 0)
	}
	return st, ct
}

// derive keeps what is kept of p, slot k's pattern.
func (st *storedTriple) derive(k int, p pattern) {
	if p.edgy {
		st.edgySlots |= 1 << k
	}
	st.lens[k] = boundsOf(p)
}

// index adds the index entries of st, the sentence's triple i, with its
// units at hand in ct.
func (c *rangeCompiler) index(st *storedTriple, ct *compiledTriple, i int) {
	// BenchIE-C is matched on the regular compilation only: BenchIE-M's
	// has no joined index (it was a tenth of the compiled gold).
	concat := c.f == Regular
	if st.edgy() { // its forms' words at the ends are not the stripped ones
		if concat {
			c.anyJoined = append(c.anyJoined, newEntry(0, i))
		}
		c.any = append(c.any, newEntry(0, i))
		return
	}
	c.words = ct.slots[0].appendFirstWords(c.words[:0])
	c.rels = ct.slots[1].appendFirstWords(c.rels[:0])
	c.lasts = ct.slots[2].appendLastWords(c.lasts[:0])
	words, rels, lasts := c.words, c.rels, c.lasts
	// The two indexes decide apart: BenchIE-C's keys have no
	// relation, so a triple can be too wide for one and not the other.
	switch {
	case !concat:
	case len(words)*len(lasts) > maxKeys:
		c.anyJoined = append(c.anyJoined, newEntry(0, i))
	default:
		for _, w := range words {
			for _, l := range lasts {
				c.joined = append(c.joined, newEntry(keyHash(w, "", l), i))
			}
		}
	}
	if len(words)*len(rels)*len(lasts) > maxKeys {
		c.any = append(c.any, newEntry(0, i))
		return
	}
	for _, w := range words {
		for _, l := range lasts {
			for _, r := range rels {
				c.keyed = append(c.keyed, newEntry(keyHash(w, r, l), i))
			}
		}
	}
}

// keepEntries sorts and deduplicates the keyed and joined entries of one
// sentence, and keeps them and its unindexed ones (in file order already)
// as cs.entries, copied into c.block, or into a new block when they do not
// fit: entries appended to one growing slice would leave the sentences
// before in the arrays it outgrew, all kept (a third of the index was such
// copies).
//
// BenchIE-M's entries of sentence si are the regular compilation's when
// those cover them (see coveredByRegular): most sentences then keep no
// index of their own (it was 0.05 bytes a byte of a large gold).
func (c *rangeCompiler) keepEntries(cs *compiledSentence, si int) {
	keyed := sortedSet(c.keyed)
	if c.regular != nil && c.coveredByRegular(si, keyed) {
		rs := &c.regular.sents[si]
		cs.entries, cs.ends = rs.entries, rs.ends
		return
	}
	lists := [...][]entry{listSlots: keyed, listJoined: sortedSet(c.joined), listAny: c.any, listAnyJoined: c.anyJoined}
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	if n == 0 {
		return
	}
	if cap(c.block)-len(c.block) < n {
		c.block = make([]entry, 0, max(entryBlock, n))
	}
	from := len(c.block)
	for k, l := range lists {
		c.block = append(c.block, l...)
		if k < len(cs.ends) {
			cs.ends[k] = uint32(len(c.block) - from)
		}
	}
	cs.entries = c.block[from:len(c.block):len(c.block)]
}

// coveredByRegular reports whether the regular compilation's index of
// sentence si finds every candidate BenchIE-M's would: the same triples
// unindexed (so that Unindexed and the scorer's memo count the same), and
// keyed, BenchIE-M's keyed entries, among its keyed ones. An entry more
// only adds a candidate, which the match refuses as it refuses a hash
// collision's: a triple of which an extraction is a BenchIE-M form has
// that extraction's key among its BenchIE-M entries. Its joined lists
// stay unused: BenchIE-C is matched on the regular compilation.
func (c *rangeCompiler) coveredByRegular(si int, keyed []entry) bool {
	rs := &c.regular.sents[si]
	return slices.Equal(c.any, rs.list(listAny)) && sortedSubset(keyed, rs.list(listSlots))
}

// sortedSubset reports whether every entry of a is in b, both sorted.
func sortedSubset(a, b []entry) bool {
	for _, e := range a {
		i, found := slices.BinarySearch(b, e)
		if !found {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// sortedSet sorts es and removes its repeats.
func sortedSet(es []entry) []entry {
	slices.Sort(es)
	return slices.Compact(es)
}

// entryBlock is the fewest index entries a block holds (128 KiB).
const entryBlock = 16 << 10

// entriesOf returns the entries with hash h, in file order.
func entriesOf(es []entry, h uint32) []entry {
	i, _ := slices.BinarySearch(es, newEntry(h, 0))
	j := i
	for j < len(es) && uint32(es[j]>>32) == h {
		j++
	}
	return es[i:j]
}

// keyHash is 32-bit FNV-1a of the words of an index key, with a space (which
// no word holds) after each of them.
func keyHash(first, rel, last string) uint32 {
	h := fnv(2166136261, first)
	h = (h ^ ' ') * 16777619
	h = fnv(h, rel)
	h = (h ^ ' ') * 16777619
	return fnv(h, last)
}

func fnv(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// firstMatch returns the index (into triples) of the first triple, in file
// order, of which t is a form under the facet; -1 if there is none.
func (c *Compiled) firstMatch(si int, t oie.Triple) int {
	var buf matchBuffers
	return c.firstMatchIn(si, t, &buf, false)
}

// matchBuffers are what matching reuses from one extraction to the next
// (Score keeps one for a system: scoring a million extractions makes no
// garbage): BenchIE-C's joined slots, and the gold's units unpacked.
type matchBuffers struct {
	joined []byte
	units  []Unit
}

// firstMatchIn is firstMatch with buffers. With exact, the gold's forms
// are compared as made, not stripped: the reference script's synset
// lookup.
func (c *Compiled) firstMatchIn(si int, t oie.Triple, buf *matchBuffers, exact bool) int {
	cs := &c.set.sents[si]
	if c.Facet == Concat {
		// The joined slots start with the subject's first word and end
		// with the object's last word.
		cands, unindexed := entriesOf(cs.list(listJoined), keyHash(firstWord(t.Subject), "", lastWord(t.Object))), cs.list(listAnyJoined)
		if len(cands) == 0 && len(unindexed) == 0 {
			return -1
		}
		b := append(append(append(append(append(buf.joined[:0], t.Subject...), ' '), t.Relation...), ' '), t.Object...)
		buf.joined = b
		joined := unsafe.String(unsafe.SliceData(b), len(b)) // lives only in this call
		triples := c.set.triplesOf(si)
		return firstOf(cands, unindexed, func(i int32) bool {
			if triples[i].refusesJoined(len(joined)) {
				return false
			}
			ct := c.tripleIn(si, int(i), &buf.units)
			return ct.matchConcat(joined, exact)
		})
	}
	cands := entriesOf(cs.list(listSlots), keyHash(firstWord(t.Subject), firstWord(t.Relation), lastWord(t.Object)))
	return firstOf(cands, cs.list(listAny), func(i int32) bool { return c.matchAt(si, int(i), t, exact, &buf.units) })
}

// firstOf returns the first triple, in file order, of two lists of
// candidates sorted by file order that matches; -1 if none does.
func firstOf(a, b []entry, match func(int32) bool) int {
	for len(a) > 0 || len(b) > 0 {
		var i int32
		if len(b) == 0 || (len(a) > 0 && a[0].triple() < b[0].triple()) {
			i, a = a[0].triple(), a[1:]
		} else {
			i, b = b[0].triple(), b[1:]
		}
		if match(i) {
			return int(i)
		}
	}
	return -1
}

// firstWord is s up to its first space.
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// lastWord is s after its last space.
func lastWord(s string) string { return s[strings.LastIndexByte(s, ' ')+1:] }

// matchAt is compiledTriple.match on the sentence's stored triple i, its
// units unpacked into *units.
func (c *Compiled) matchAt(si, i int, t oie.Triple, exact bool, units *[]Unit) bool {
	st := &c.set.triplesOf(si)[i]
	var ps [3]pattern
	slots := t.Slots()
	*units = (*units)[:0]
	// The cheap refusals of all three slots (lengths, first and last
	// words) come before any search, which can be long.
	if st.lens[1].refuses(len(t.Relation)) || st.lens[0].refuses(len(t.Subject)) || st.lens[2].refuses(len(t.Object)) {
		return false
	}
	gt, _, _ := c.goldTriple(si, i)
	for _, k := range [3]int{1, 0, 2} { // as match: the relation first
		s := slots[k]
		ps[k] = c.set.slotIn(c.Gold, gt, st, k, units)
		if !ps[k].fits(len(s)) || ps[k].optional > 0 && !ps[k].endsFit(s) {
			return false
		}
	}
	for _, k := range [3]int{1, 0, 2} {
		if exact && !ps[k].searchExact(slots[k]) || !exact && !ps[k].search(slots[k]) {
			return false
		}
	}
	return true
}

// match reports whether t is a form of the triple, slot by slot. Relations
// differ most between the triples of a sentence, so they are tried first.
func (ct *compiledTriple) match(t oie.Triple) bool {
	return ct.slots[1].match(t.Relation) && ct.slots[0].match(t.Subject) && ct.slots[2].match(t.Object)
}

// matchConcat reports whether joined is a form of the triple with its three
// slots joined by single spaces; unless exact, each slot's form stripped
// first.
func (ct *compiledTriple) matchConcat(joined string, exact bool) bool {
	s, r, o := &ct.slots[0], &ct.slots[1], &ct.slots[2]
	if !exact && (s.edgy || r.edgy || o.edgy) {
		return matchSlotsTrimmed(joined, []*pattern{s, r, o})
	}
	if s.maxLen > 0 && r.maxLen > 0 && o.maxLen > 0 { // the forms' lengths, two spaces between the slots
		if n := int32(len(joined)) - 2; n < s.minLen+r.minLen+o.minLen || n > s.maxLen+r.maxLen+o.maxLen {
			return false
		}
	}
	if s.optional+r.optional+o.optional <= maxBacktrackUnits {
		later := [2][]Unit{r.units, o.units}
		if m, decided := tryBacktrack(joined, s.units, later[:]); decided {
			return m
		}
	}
	return matchSlots(joined, []*pattern{s, r, o})
}

// slotMatches reports, slot by slot, whether t's slots are forms of the
// gold triple's slots: the basis of "closest gold triple".
func (ct *compiledTriple) slotMatches(t oie.Triple) [3]bool {
	s := t.Slots()
	return [3]bool{ct.slots[0].match(s[0]), ct.slots[1].match(s[1]), ct.slots[2].match(s[2])}
}
