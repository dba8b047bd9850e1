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

// statsBudget bounds the surface triples counted for one synset.
const statsBudget = 1 << 20

// Stats counts the gold's sentences, synsets and surface forms. Forms are
// counted by expansion under a budget; see Stats.Exact.
func (g *Gold) Stats() Stats {
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

func tripleForms(syn *Synset) (int, bool) {
	seen := map[[3]string]struct{}{}
	for _, t := range syn.Triples {
		var slots [3][]string
		total := 1
		for k, slot := range t.Slots() {
			// Counted as written: the reference keeps gold slots untrimmed,
			// so " in X" and "in X" are two strings in its count.
			units, _ := parseUnits(slot)
			slots[k] = expandUnits(units, statsBudget)
			if slots[k] == nil || total*len(slots[k]) > statsBudget {
				return max(len(seen), statsBudget), false
			}
			total *= len(slots[k])
		}
		if len(syn.Triples) == 1 { // nothing to deduplicate across triples
			return total, true
		}
		for _, s := range slots[0] {
			for _, r := range slots[1] {
				for _, o := range slots[2] {
					seen[[3]string{s, r, o}] = struct{}{}
				}
			}
		}
		if len(seen) > statsBudget {
			return len(seen), false
		}
	}
	return len(seen), true
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
