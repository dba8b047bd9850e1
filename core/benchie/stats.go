package benchie

import (
	"slices"
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
	// Exact is false when some synset stands for more than statsBudget
	// surface triples: Extractions is then a lower bound ("more than").
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

// statsBudget bounds the surface triples counted for one synset (and keeps
// interned slot ids below 2^21).
const statsBudget = 1 << 20

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

// tripleForms counts the distinct surface triples of the synset's triples.
// Slot forms are interned per slot position, so a triple form is a packed
// triple of small ids and no triple string is ever built.
func (fc *formCounter) tripleForms(syn *Synset) (int, bool) {
	single := len(syn.Triples) == 1 // nothing to deduplicate across triples
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
	for _, t := range syn.Triples {
		total := 1
		for k, slot := range t.Slots() {
			// Counted as written: the reference keeps gold slots untrimmed,
			// so " in X" and "in X" are two strings in its count. A slot
			// without surrounding space reads as the reader read it.
			var units []Unit
			if t.arena != nil && len(slot) > 0 && oie.TrimSpace(slot) == slot {
				units = t.arena.of(t.units[k])
			} else {
				units, _ = parseUnits(slot)
			}
			forms := fc.expand(units, statsBudget)
			if forms == nil || total*len(forms) > statsBudget {
				return max(len(fc.keys), statsBudget), false
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
					fc.keys = append(fc.keys, s<<42|r<<21|o) // ids stay below 2^21 (the budget)
				}
			}
		}
		fc.paced(total)
		if len(fc.keys) > 4*statsBudget {
			fc.keys = uniq(fc.keys)
			if len(fc.keys) > statsBudget {
				return len(fc.keys), false
			}
		}
	}
	fc.keys = uniq(fc.keys)
	return len(fc.keys), len(fc.keys) <= statsBudget
}

// expand is ExpandUnits into the counter's buffers: the distinct forms of a
// slot (valid until the next call), or nil beyond limit forms.
func (fc *formCounter) expand(units []Unit, limit int) []string {
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
	forms, started, ok := expandInto(units, limit, append(fc.forms, ""), append(fc.started[:0], false), fc.join)
	fc.forms, fc.started = forms, started
	if !ok {
		return nil
	}
	if fc.seen == nil {
		fc.seen = map[string]struct{}{}
	}
	return dedupeWith(forms, fc.seen)
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
