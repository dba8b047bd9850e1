package benchie

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/oiebench/oiebench/core/oie"
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
	// synsetFormBudget bounds the forms listed for one synset, slot forms
	// and triple forms, duplicates included; it also keeps interned slot
	// ids below 2^21 (see tripleForms). The bundled golds need at most
	// 16,384 (German).
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
// counted by expansion under a budget; see Stats.Exact.
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
	fc := formCounter{pause: pause}
	size := 0
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for _, t := range syn.Triples {
				size += len(t.Subject) + len(t.Relation) + len(t.Object) + 8
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
			fc.paced(1)
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
type formCounter struct {
	ids   [3]map[string]uint64 // slot form -> id, per slot position
	slots [3][]uint64
	keys  []uint64
	// the expansion of one slot; forms built by joining units are written
	// in buf (see join)
	buf     []byte
	forms   []string
	started []bool
	seen    map[string]struct{}
	units   [3][]Unit

	// what is left of the budgets: for the synset being counted, and for
	// the whole gold
	synForms, synBytes   int
	goldForms, goldBytes int

	pause func()
	work  int
}

// paced counts work done and pauses every so often.
func (fc *formCounter) paced(n int) {
	if fc.pause == nil {
		return
	}
	if fc.work += n; fc.work >= 1<<14 {
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
// strings in its count); a slot without surrounding space reads as the
// reader read it.
func (fc *formCounter) slotUnits(t *GoldTriple, k int, slot string) []Unit {
	if t.arena != nil && len(slot) > 0 && oie.TrimSpace(slot) == slot {
		return t.arena.of(t.units[k])
	}
	fc.units[k], _, _ = appendUnits(fc.units[k][:0], slot)
	return fc.units[k]
}

// tripleForms counts the distinct surface triples of the synset's triples.
// Slot forms are interned per slot position, so a triple form is a packed
// triple of small ids and no triple string is ever built. Beyond the
// budgets it returns a lower bound and false.
func (fc *formCounter) tripleForms(syn *Synset) (int, bool) {
	single := len(syn.Triples) == 1 // nothing to deduplicate across triples
	fc.synForms, fc.synBytes = synsetFormBudget, synsetByteBudget
	// The forms of the last synset are dead: their tables are emptied before
	// use, so the buffer they are written in can be written again.
	fc.buf = fc.buf[:0]
	if !single {
		for k := range fc.ids {
			if fc.ids[k] == nil {
				fc.ids[k] = map[string]uint64{}
			}
			clear(fc.ids[k])
		}
		fc.keys = fc.keys[:0]
	}
	for i := range syn.Triples {
		t := &syn.Triples[i]
		total := 1
		for k, slot := range t.Slots() {
			units := fc.slotUnits(t, k, slot)
			if single { // a count is enough, and some slots have one without listing
				if n, ok := distinctWordForms(units); ok {
					total = min(total*n, lowerBoundCap)
					if total == lowerBoundCap {
						return fc.atLeast(syn), false
					}
					continue
				}
			}
			forms := fc.expand(units)
			if forms == nil || (!single && !fc.spend(total*len(forms), 0)) {
				return fc.atLeast(syn), false
			}
			total *= len(forms)
			fc.paced(len(forms))
			if single {
				continue
			}
			ids := fc.ids[k]
			fc.slots[k] = fc.slots[k][:0]
			for _, f := range forms {
				id, ok := ids[f]
				if !ok {
					id = uint64(len(ids))
					ids[f] = id
				}
				fc.slots[k] = append(fc.slots[k], id)
			}
		}
		if single {
			return total, true
		}
		for _, s := range fc.slots[0] {
			for _, r := range fc.slots[1] {
				for _, o := range fc.slots[2] {
					fc.keys = append(fc.keys, s<<42|r<<21|o) // ids stay below 2^21 (synsetFormBudget)
				}
			}
		}
		fc.paced(total)
	}
	fc.keys = uniq(fc.keys)
	return len(fc.keys), true
}

// atLeast is a lower bound of the synset's distinct surface triples, for a
// synset the budgets did not let tripleForms count: the distinct triples
// counted so far, or the most that one triple is sure to stand for.
func (fc *formCounter) atLeast(syn *Synset) int {
	n := len(uniq(fc.keys))
	for i := range syn.Triples {
		t := &syn.Triples[i]
		m := 1
		for k, slot := range t.Slots() {
			m = min(m*formsAtLeast(fc.slotUnits(t, k, slot)), lowerBoundCap)
		}
		n = max(n, m)
	}
	return n
}

// distinctWordForms counts the forms of a slot whose units are single
// words (no space), none empty and no two alike: then every choice of
// optional units gives another sequence of words, and so another form,
// and the slot has exactly 2^k forms for k optional units. ok is false for
// other slots, and beyond lowerBoundCap.
func distinctWordForms(units []Unit) (n int, ok bool) {
	if len(units) > 64 {
		return 0, false
	}
	k := 0
	for i, u := range units {
		if u.Text == "" || strings.IndexByte(u.Text, ' ') >= 0 {
			return 0, false
		}
		for _, v := range units[:i] {
			if v.Text == u.Text {
				return 0, false
			}
		}
		if u.Optional {
			k++
		}
	}
	if k >= 30 {
		return 0, false
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

// expand is ExpandUnits into the counter's buffers: the distinct forms of a
// slot (valid until the next call), or nil when its price does not fit
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
	if fc.seen == nil {
		fc.seen = map[string]struct{}{}
	}
	return dedupeWith(forms2, fc.seen)
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

func uniq(xs []uint64) []uint64 {
	slices.Sort(xs)
	return slices.Compact(xs)
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
