package benchie

import "github.com/oiebench/oiebench/core/oie"

// SurfaceForms lists the distinct surface triples a gold triple stands for
// under a facet (benchie.md section 2), each slot's forms stripped as the
// matcher strips them before it compares (section 6.1), for callers that need the forms themselves, such as agreement
// between two golds. Matching never uses it. It stops once more than limit
// forms exist and then reports false.
func SurfaceForms(t oie.Triple, f Facet, limit int) ([]oie.Triple, bool) {
	var slots [3][]string
	total := 1
	for k, slot := range t.Slots() {
		slots[k] = trimmedForms(ExpandUnits(SlotUnits(slot, f), limit))
		if slots[k] == nil || total*len(slots[k]) > limit {
			return nil, false
		}
		total *= len(slots[k])
	}
	out := make([]oie.Triple, 0, total)
	for _, s := range slots[0] {
		for _, r := range slots[1] {
			for _, o := range slots[2] {
				out = append(out, oie.Triple{Subject: s, Relation: r, Object: o})
			}
		}
	}
	return out, true
}

// trimmedForms strips every form of a slot of its edge white space (a
// form made from a slot with white space at an edge keeps it), keeping the
// first of forms that become equal; nil stays nil.
func trimmedForms(forms []string) []string {
	for i, f := range forms {
		forms[i] = oie.TrimSpace(f)
	}
	return dedupe(forms)
}
