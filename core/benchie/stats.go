package benchie

import (
	"hash/maphash"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

// Stats describes a gold file.
type Stats struct {
	Sentences int `json:"sentences"`
	// EmptySentences have no synset at all.
	EmptySentences int `json:"empty_sentences"`
	Synsets        int `json:"synsets"`
	// Triples counts the annotated triple lines.
	Triples int `json:"triples"`
	// Extractions counts distinct surface triples, distinct within each
	// synset and summed over synsets: the triples a system could produce.
	Extractions int `json:"extractions"`
	// Exact is false when the budgets (synsetFormBudget and the others)
	// left some synset uncounted: Extractions and FormsPerSynset are then
	// lower bounds ("at least").
	Exact bool `json:"exact"`
	// FormsPerSynset summarises surface triples per synset.
	FormsPerSynset Summary `json:"forms_per_synset"`
	// TriplesPerSynset summarises annotated triples per synset.
	TriplesPerSynset Summary `json:"triples_per_synset"`
}

// Summary is the mean, median and range of a count.
type Summary struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
}

// Counting surface forms lists them, and a slot with k optional units has
// 2^k of them, so the count runs under budgets (README, "Hostile files"):
// every slot expansion is priced before it is made, and one that would
// exceed what is left is not made. A synset that is not counted whole gets
// a lower bound (see triplesAtLeast) and Stats.Exact turns false, so time
// and memory follow the input, never 2^k.
const (
	// synsetFormBudget bounds the slot forms listed for one synset
	// (duplicates included) plus the forms compared across its slots and
	// its slots compared by their words (see formCounter).
	synsetFormBudget = 1 << 16
	// synsetByteBudget bounds the bytes of slot forms written for one synset.
	synsetByteBudget = 8 << 20
	// goldFormBudget and goldByteBudget bound the work for the whole gold,
	// plus formsPerByte and bytesPerByte per byte of triple text, so that a
	// large ordinary gold is always counted whole.
	goldFormBudget = 1 << 21
	goldByteBudget = 32 << 20
	formsPerByte   = 4
	bytesPerByte   = 128
	// lowerBoundCap caps one synset's lower bound (any smaller number is
	// still a lower bound), so that sums cannot overflow.
	lowerBoundCap = 1 << 30
)

// Stats counts the gold's sentences, synsets and surface forms. Forms are
// counted from the slots' forms, listed only where two slots may share
// some, under a budget; see Stats.Exact.
func (g *Gold) Stats() Stats {
	g.stats.once.Do(func() {
		g.stats.value = g.countStats(nil)
		g.stats.counted.Store(true)
	})
	return g.stats.value
}

// StatsCounted reports whether Stats has been counted (it is counted once
// and kept): a page shows scores first and counts a large gold after.
func (g *Gold) StatsCounted() bool { return g.stats.counted.Load() }

// CountStats is Stats calling pause (when set) every so many surface forms,
// for the page. It counts outside the lock of Stats, so that nothing waits
// on it while it pauses (a Stats call meanwhile counts for itself).
func (g *Gold) CountStats(pause func()) Stats {
	if pause != nil && !g.StatsCounted() {
		st := g.countStats(pause)
		g.stats.once.Do(func() {
			g.stats.value = st
			g.stats.counted.Store(true)
		})
	}
	return g.Stats()
}

func (g *Gold) countStats(pause func()) Stats {
	st := Stats{Sentences: len(g.Sentences), Exact: true}
	var forms, triples []int
	fc := formCounter{pause: pause, gold: g}
	size := 0
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for _, t := range syn.Triples {
				size += int(t.n[0]) + int(t.n[1]) + int(t.n[2]) + 8
			}
		}
	}
	fc.goldForms = goldFormBudget + formsPerByte*size
	fc.goldBytes = goldByteBudget + bytesPerByte*size
	for _, s := range g.Sentences {
		if len(s.Synsets) == 0 {
			st.EmptySentences++
		}
		for _, syn := range s.Synsets {
			n, exact := fc.tripleForms(syn)
			n += len(syn.Junk) // a line the reader did not understand is one more (unmatchable) entry, as in the reference
			fc.paced(tripleWork * len(syn.Triples))
			st.Exact = st.Exact && exact
			forms = append(forms, n)
			triples = append(triples, len(syn.Triples))
			st.Extractions += n
			st.Triples += len(syn.Triples)
		}
	}
	st.Synsets = len(forms)
	st.FormsPerSynset = summarise(forms)
	st.TriplesPerSynset = summarise(triples)
	return st
}

// formCounter counts the distinct surface triples of synsets, one at a time,
// reusing its tables from one synset to the next.
//
// A synset's triples stand for the union of the products S_i × R_i × O_i of
// their slots' form sets. The counter never lists that union: it takes each
// distinct slot string of a position once (a "set"), knows a set's size
// without listing its forms where the words tell (distinctWordForms), and
// lists and interns forms only where two different sets meet at a position.
// It then counts the union slot by slot: the subject forms are grouped by
// the sets that hold them, and each group weighs as many as its forms times
// the count of the remaining slots of the triples whose sets hold them. The
// work follows the slot forms, not their products.
type formCounter struct {
	setOf   [3]internTable // slot string -> set, per position
	sets    [3][]slotSet
	unitBuf []Unit         // the units of the synset's sets
	triples [][3]int32     // the synset's distinct triples, as sets
	ids     [3]internTable // listed form -> id, per position
	seen    internTable    // the forms of one slot, to count them
	idBuf   []int32        // the ids of listed sets
	mark    []int32        // per id: the last pass that met it
	pass    int32
	inSet   []int32 // per set of a position: the last pass that chose it
	// per position: scratch of count
	pairs   [3][]uint64
	present [3][]int32
	shared  [3][]bool
	runs    [3][]formRun
	sub     [3][]int32
	// the expansion of one slot; forms built by joining units are written
	// in buf (see join)
	buf     []byte
	forms   []string
	started []bool
	units   [3][]Unit

	// what is left of the budgets: for the synset being counted, and for
	// the whole gold
	synForms, synBytes   int
	goldForms, goldBytes int

	pause func()
	gold  *Gold // whose triples are counted (nil: slots parsed again)
	work  int
}

// maxComparedSets bounds the sets of a position compared pairwise by their
// words; beyond, all are listed.
const maxComparedSets = 256

// slotSet is one distinct slot string of a position in a synset.
type slotSet struct {
	uOff, uN int32 // its units, in unitBuf
	// words and required have a bit set for each word (a run between
	// spaces) of its units, and of its required units, but the empty word;
	// bits tells they are set (they are made when first compared)
	words, required uint64
	bits            bool
	size            int  // its distinct forms; -1 until known
	listed          bool // its ids are in idBuf
	idOff, idN      int32
}

// statsPauseEvery is the work (forms listed or counted, synsets' triples
// weighted) between two calls of the pause: about 0.5 ms natively, 10-20 ms
// in the page's WebAssembly. It was 1<<14, 14 ms natively: the page then
// counted BenchIE English's statistics in tasks of 88-319 ms.
const statsPauseEvery = 256

// tripleWork weighs a synset's own work (interning its slot strings,
// comparing its sets), which counts no form, in the pacing of paced.
const tripleWork = 16

// formRun is the sets (pairs[from:to], low halves) that hold one form.
type formRun struct{ from, to int32 }

// paced counts work done and pauses every so often.
func (fc *formCounter) paced(n int) {
	if fc.pause == nil {
		return
	}
	if fc.work += n; fc.work >= statsPauseEvery {
		fc.work = 0
		fc.pause()
	}
}

// spend takes forms and bytes from the budgets, or reports false (and takes
// nothing) when they do not fit.
func (fc *formCounter) spend(forms, bytes int) bool {
	if forms < 0 || bytes < 0 || forms > min(fc.synForms, fc.goldForms) || bytes > min(fc.synBytes, fc.goldBytes) {
		return false
	}
	fc.synForms -= forms
	fc.goldForms -= forms
	fc.synBytes -= bytes
	fc.goldBytes -= bytes
	return true
}

// slotUnits is how the statistics read slot k of t: as written (the
// reference keeps gold slots untrimmed, so " in X" and "in X" are two
// strings in its count), as the reader read it.
func (fc *formCounter) slotUnits(t *GoldTriple, k int, slot string) []Unit {
	fc.units[k] = fc.gold.unitsRead(fc.units[k][:0], t, k, slot)
	return fc.units[k]
}

// internTable numbers strings 0, 1, 2, … in the order first seen. Emptying
// it costs nothing whatever it held (a map costs its largest size to
// clear), so that one large synset does not slow every later one.
type internTable struct {
	slots []internSlot // a power of two of them, at most half full
	n     int32
	gen   uint32 // slots of another generation are empty
	seed  maphash.Seed
}

type internSlot struct {
	gen uint32
	id  int32
	key string
}

// reset empties the table.
func (t *internTable) reset() {
	t.n = 0
	if t.gen++; t.gen == 0 { // wrapped: forget every generation
		clear(t.slots)
		t.gen = 1
	}
}

// len is how many strings the table holds.
func (t *internTable) len() int { return int(t.n) }

// intern gives key's number, and whether it was new.
func (t *internTable) intern(key string) (int32, bool) {
	if 2*int(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := maphash.String(t.seed, key) & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.gen != t.gen {
			*sl = internSlot{t.gen, t.n, key}
			t.n++
			return sl.id, true
		}
		if sl.key == key {
			return sl.id, false
		}
	}
}

func (t *internTable) grow() {
	if t.slots == nil {
		t.gen, t.seed = 1, maphash.MakeSeed()
	}
	old := t.slots
	t.slots = make([]internSlot, max(64, 2*len(old)))
	// Written before it is read: a fresh page first read maps the zero page,
	// and the write that follows copies it and flushes every core's TLB
	// (a third of this table's cost at the English gold's size).
	clear(t.slots)
	mask := uint64(len(t.slots) - 1)
	for _, sl := range old {
		if sl.gen != t.gen {
			continue
		}
		i := maphash.String(t.seed, sl.key) & mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = sl
	}
}

// tripleForms counts the distinct surface triples of the synset's triples.
// Beyond the budgets it returns a lower bound and false.
func (fc *formCounter) tripleForms(syn *Synset) (int, bool) {
	fc.synForms, fc.synBytes = synsetFormBudget, synsetByteBudget
	// The forms of the last synset are dead: their tables are emptied before
	// use, so the buffer they are written in can be written again.
	fc.buf = fc.buf[:0]
	fc.unitBuf, fc.idBuf, fc.triples, fc.mark = fc.unitBuf[:0], fc.idBuf[:0], fc.triples[:0], fc.mark[:0]
	for k := range fc.sets {
		fc.setOf[k].reset()
		fc.ids[k].reset()
		fc.sets[k] = fc.sets[k][:0]
	}
	for i := range syn.Triples {
		t := &syn.Triples[i]
		var tr [3]int32
		for k, slot := range syn.Triple(i).Slots() {
			c, fresh := fc.setOf[k].intern(slot)
			if fresh {
				units := fc.slotUnits(t, k, slot)
				fc.sets[k] = append(fc.sets[k], slotSet{uOff: int32(len(fc.unitBuf)), uN: int32(len(units)), size: -1})
				fc.unitBuf = append(fc.unitBuf, units...)
			}
			tr[k] = c
		}
		fc.triples = append(fc.triples, tr)
	}
	// Triples alike stand for the same forms: keep one of each.
	// sort.Slice, not slices.SortFunc: the same pdqsort, without a copy of
	// it for this element type in the page's evaluator (about 19 KB).
	sort.Slice(fc.triples, func(i, j int) bool { return slices.Compare(fc.triples[i][:], fc.triples[j][:]) < 0 })
	fc.triples = slices.Compact(fc.triples)
	if len(fc.triples) == 0 {
		return 0, true
	}
	all := fc.sub[0][:0]
	for i := range fc.triples {
		all = append(all, int32(i))
	}
	fc.sub[0] = all
	n, ok := fc.count(all, 0)
	if !ok {
		return fc.atLeast(syn), false
	}
	if n >= lowerBoundCap {
		return lowerBoundCap, false
	}
	return n, true
}

// mayShare reports whether two slots may have a form in common: not when
// one has a required word that the other has nowhere (every form of a slot
// holds its required words, and a form's words are its units' words).
func (s *slotSet) mayShare(o *slotSet) bool {
	return s.required&^o.words == 0 && o.required&^s.words == 0
}

// wordBits is the words and the required words of units, as bits.
func wordBits(units []Unit) (words, required uint64) {
	for _, u := range units {
		for w := range strings.SplitSeq(u.Text, " ") {
			if w == "" {
				continue
			}
			h := uint64(14695981039346656037)
			for i := 0; i < len(w); i++ {
				h = (h ^ uint64(w[i])) * 1099511628211
			}
			bit := uint64(1) << (h >> 58)
			words |= bit
			if !u.Optional {
				required |= bit
			}
		}
	}
	return words, required
}

// setUnits is the units of set c of position k.
func (fc *formCounter) setUnits(k int, c int32) []Unit {
	s := &fc.sets[k][c]
	return fc.unitBuf[s.uOff : s.uOff+s.uN]
}

// size is the number of distinct forms of set c of position k, found
// without listing them where the words tell.
func (fc *formCounter) size(k int, c int32) (int, bool) {
	s := &fc.sets[k][c]
	if s.size < 0 {
		units := fc.setUnits(k, c)
		if n, ok := distinctWordForms(units); ok {
			s.size = n
		} else {
			forms := fc.expand(units)
			if forms == nil {
				return 0, false
			}
			fc.paced(len(forms))
			fc.seen.reset()
			for _, f := range forms {
				fc.seen.intern(f)
			}
			s = &fc.sets[k][c]
			s.size = fc.seen.len()
		}
	}
	return s.size, true
}

// list gives the ids of the distinct forms of set c of position k, listing
// and interning them the first time.
func (fc *formCounter) list(k int, c int32) ([]int32, bool) {
	s := &fc.sets[k][c]
	if !s.listed {
		forms := fc.expand(fc.setUnits(k, c))
		if forms == nil {
			return nil, false
		}
		fc.paced(len(forms))
		ids := &fc.ids[k]
		fc.pass++
		off := len(fc.idBuf)
		for _, f := range forms {
			id, fresh := ids.intern(f)
			if fresh && int(id) >= len(fc.mark) {
				fc.mark = append(fc.mark, 0)
			}
			if fc.mark[id] != fc.pass { // a form twice in one slot is one form
				fc.mark[id] = fc.pass
				fc.idBuf = append(fc.idBuf, id)
			}
		}
		s = &fc.sets[k][c]
		s.listed, s.idOff, s.idN = true, int32(off), int32(len(fc.idBuf)-off)
		s.size = int(s.idN)
	}
	return fc.idBuf[s.idOff : s.idOff+s.idN], true
}

// count is the number of distinct surface triples, restricted to positions
// k and after, of the triples m (indices of fc.triples, ascending).
func (fc *formCounter) count(m []int32, k int) (int, bool) {
	if k == 3 {
		return 1, true
	}
	first := fc.triples[m[0]][k]
	same := true
	for _, i := range m[1:] {
		same = same && fc.triples[i][k] == first
	}
	if same { // one set: its forms times the rest
		n, ok := fc.size(k, first)
		if !ok {
			return 0, false
		}
		rest, ok := fc.count(m, k+1)
		return min(n*rest, lowerBoundCap), ok
	}
	// The sets of position k among m, each once.
	fc.pass++
	if need := len(fc.sets[k]); len(fc.inSet) < need {
		fc.inSet = append(fc.inSet, make([]int32, need-len(fc.inSet))...)
	}
	present := fc.present[k][:0]
	for _, i := range m {
		if c := fc.triples[i][k]; fc.inSet[c] != fc.pass {
			fc.inSet[c] = fc.pass
			present = append(present, c)
		}
	}
	fc.present[k] = present
	// A set whose forms the words show to be none of the others' is counted
	// alone, without listing; the others are listed and compared.
	shared := fc.shared[k][:0]
	for range present {
		shared = append(shared, len(present) > maxComparedSets)
	}
	fc.shared[k] = shared
	if len(present) <= maxComparedSets {
		if !fc.spend(len(present)*len(present)/64, 0) {
			return 0, false
		}
		for _, c := range present {
			if s := &fc.sets[k][c]; !s.bits {
				s.words, s.required = wordBits(fc.setUnits(k, c))
				s.bits = true
			}
		}
		for a, ca := range present {
			for b := a + 1; b < len(present); b++ {
				if fc.sets[k][ca].mayShare(&fc.sets[k][present[b]]) {
					shared[a], shared[b] = true, true
				}
			}
		}
	}
	pairs := fc.pairs[k][:0]
	for a, c := range present {
		if !shared[a] {
			continue
		}
		ids, ok := fc.list(k, c)
		if !ok || !fc.spend(len(ids), 0) {
			return 0, false
		}
		fc.paced(len(ids))
		for _, id := range ids {
			pairs = append(pairs, uint64(id)<<32|uint64(c))
		}
	}
	slices.Sort(pairs)
	fc.pairs[k] = pairs
	total := 0
	for a, c := range present {
		if shared[a] {
			continue
		}
		n, ok := fc.size(k, c)
		if !ok {
			return 0, false
		}
		rest := 1
		if k < 2 {
			sub := fc.sub[k+1][:0]
			for _, i := range m {
				if fc.triples[i][k] == c {
					sub = append(sub, i)
				}
			}
			fc.sub[k+1] = sub
			if rest, ok = fc.count(sub, k+1); !ok {
				return 0, false
			}
		}
		total = min(total+n*rest, lowerBoundCap)
	}
	if k == 2 { // the distinct forms
		for j := range pairs {
			if j == 0 || pairs[j]>>32 != pairs[j-1]>>32 {
				total++
			}
		}
		return min(total, lowerBoundCap), true
	}
	// Forms held by the same sets count alike: group them.
	runs := fc.runs[k][:0]
	for j := 0; j < len(pairs); {
		e := j + 1
		for e < len(pairs) && pairs[e]>>32 == pairs[j]>>32 {
			e++
		}
		runs = append(runs, formRun{int32(j), int32(e)})
		j = e
	}
	sets := func(r formRun) []uint64 { return pairs[r.from:r.to] }
	cmpRuns := func(a, b formRun) int {
		return slices.CompareFunc(sets(a), sets(b), func(x, y uint64) int { return int(int32(x)) - int(int32(y)) })
	}
	sort.Slice(runs, func(i, j int) bool { return cmpRuns(runs[i], runs[j]) < 0 }) // as above (15 KB)
	fc.runs[k] = runs
	for j := 0; j < len(runs); {
		e := j + 1
		for e < len(runs) && cmpRuns(runs[e], runs[j]) == 0 {
			e++
		}
		// The triples of m whose set at k holds these forms.
		fc.pass++
		for _, p := range sets(runs[j]) {
			fc.inSet[uint32(p)] = fc.pass
		}
		sub := fc.sub[k+1][:0]
		for _, i := range m {
			if fc.inSet[fc.triples[i][k]] == fc.pass {
				sub = append(sub, i)
			}
		}
		fc.sub[k+1] = sub
		rest, ok := fc.count(sub, k+1)
		if !ok {
			return 0, false
		}
		total = min(total+(e-j)*rest, lowerBoundCap)
		j = e
	}
	return total, true
}

// atLeast is a lower bound of the synset's distinct surface triples, for a
// synset the budgets did not let tripleForms count: the distinct triples
// counted so far, or the most that one triple is sure to stand for.
func (fc *formCounter) atLeast(syn *Synset) int {
	n := 0
	for i := range syn.Triples {
		t := &syn.Triples[i]
		m := 1
		for k, slot := range syn.Triple(i).Slots() {
			m = min(m*formsAtLeast(fc.slotUnits(t, k, slot)), lowerBoundCap)
		}
		n = max(n, m)
	}
	return n
}

// distinctWordForms counts the forms of a slot whose optional units' words
// (the runs between single spaces) are none empty and each found once in
// the whole slot: a form's words are its units' words, so the words of a
// form tell which optional units it keeps, and the slot has exactly 2^k
// forms for k optional units (its required words may be anything). ok is
// false for other slots, and beyond lowerBoundCap.
func distinctWordForms(units []Unit) (n int, ok bool) {
	var buf [64]string
	words := buf[:0]
	k := 0
	for _, u := range units {
		if !u.Optional {
			continue
		}
		for w := range strings.SplitSeq(u.Text, " ") {
			if w == "" || len(words) == cap(buf) || slices.Contains(words, w) {
				return 0, false
			}
			words = append(words, w)
		}
		k++
	}
	if k >= 30 {
		return 0, false
	}
	for _, u := range units { // no required word is an optional one
		if u.Optional {
			continue
		}
		for w := range strings.SplitSeq(u.Text, " ") {
			if slices.Contains(words, w) {
				return 0, false
			}
		}
	}
	return 1 << k, true
}

// formsAtLeast is a lower bound of a slot's distinct forms, found without
// listing them: the exact count of distinctWordForms where it applies;
// else, keeping the first j optional units that have text and deleting
// every other optional unit gives forms of strictly growing length for
// j = 0, 1, ..., so they differ.
func formsAtLeast(units []Unit) int {
	if n, ok := distinctWordForms(units); ok {
		return n
	}
	n := 1
	for _, u := range units {
		if u.Optional && u.Text != "" {
			n = min(n+1, lowerBoundCap)
		}
	}
	return n
}

// expand is ExpandUnits into the counter's buffers: the forms of a slot,
// duplicates included (valid until the next call), or nil when its price does not fit
// what is left of the budgets.
func (fc *formCounter) expand(units []Unit) []string {
	optional := false
	for _, u := range units {
		optional = optional || u.Optional
	}
	fc.forms = fc.forms[:0]
	if !optional { // one form
		switch len(units) {
		case 0:
			return append(fc.forms, "")
		case 1:
			return append(fc.forms, units[0].Text)
		}
		form := units[0].Text
		for _, u := range units[1:] {
			form = fc.join(form, u.Text)
		}
		return append(fc.forms, form)
	}
	forms, bytes := expansionPrice(units)
	if !fc.spend(forms, bytes) {
		return nil
	}
	forms2, started, _ := expandInto(units, -1, append(fc.forms, ""), append(fc.started[:0], false), fc.join)
	fc.forms, fc.started = forms2, started
	return forms2
}

// join is a + " " + b, written in the counter's buffer: the forms of a
// synset live only while it is counted (tripleForms empties the buffer for
// the next), so millions of forms are no garbage.
func (fc *formCounter) join(a, b string) string {
	start := len(fc.buf)
	fc.buf = append(fc.buf, a...)
	fc.buf = append(fc.buf, ' ')
	fc.buf = append(fc.buf, b...)
	return unsafe.String(&fc.buf[start], len(fc.buf)-start)
}

func summarise(xs []int) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	sum := 0
	for _, x := range s {
		sum += x
	}
	med := float64(s[len(s)/2])
	if len(s)%2 == 0 {
		med = float64(s[len(s)/2-1]+s[len(s)/2]) / 2
	}
	return Summary{Mean: float64(sum) / float64(len(s)), Median: med, Min: s[0], Max: s[len(s)-1]}
}
