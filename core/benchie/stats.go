package benchie

import (
	"slices"
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
		g.stats.value = g.countStats()
		g.stats.counted.Store(true)
	})
	return g.stats.value
}

// StatsCounted reports whether Stats has been counted (it is counted once
// and kept): a page shows scores first and counts a large gold after.
func (g *Gold) StatsCounted() bool { return g.stats.counted.Load() }

func (g *Gold) countStats() Stats {
	st := Stats{Sentences: len(g.Sentences), Exact: true}
	var forms, triples []int
	for _, s := range g.Sentences {
		if len(s.Synsets) == 0 {
			st.EmptySentences++
		}
		for _, syn := range s.Synsets {
			n, exact := synsetForms(syn)
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

// synsetForms counts the distinct surface triples of a synset. A line the
// reader did not understand counts as one more (unmatchable) entry, as in
// the reference.
func synsetForms(syn *Synset) (int, bool) {
	n, exact := tripleForms(syn)
	return n + len(syn.Junk), exact
}

// tripleForms counts the distinct surface triples of the synset's triples.
// Slot forms are interned per slot position, so a triple form is a packed
// triple of small ids and no triple string is ever built.
func tripleForms(syn *Synset) (int, bool) {
	var ids [3]map[string]uint64
	var keys []uint64
	for _, t := range syn.Triples {
		var slots [3][]uint64
		total := 1
		for k, slot := range t.Slots() {
			// Counted as written: the reference keeps gold slots untrimmed,
			// so " in X" and "in X" are two strings in its count.
			units, _ := parseUnits(slot)
			forms := ExpandUnits(units, statsBudget)
			if forms == nil || total*len(forms) > statsBudget {
				return max(len(keys), statsBudget), false
			}
			total *= len(forms)
			if len(syn.Triples) == 1 {
				continue // nothing to deduplicate across triples
			}
			if ids[k] == nil {
				ids[k] = map[string]uint64{}
			}
			for _, f := range forms {
				id, ok := ids[k][f]
				if !ok {
					id = uint64(len(ids[k]))
					ids[k][f] = id
				}
				slots[k] = append(slots[k], id)
			}
		}
		if len(syn.Triples) == 1 {
			return total, true
		}
		for _, s := range slots[0] {
			for _, r := range slots[1] {
				for _, o := range slots[2] {
					keys = append(keys, s<<42|r<<21|o) // ids stay below 2^21 (the budget)
				}
			}
		}
		if len(keys) > 4*statsBudget {
			keys = uniq(keys)
			if len(keys) > statsBudget {
				return len(keys), false
			}
		}
	}
	keys = uniq(keys)
	return len(keys), len(keys) <= statsBudget
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
