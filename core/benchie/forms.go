package benchie

import "github.com/oiebench/oiebench/core/oie"

// SurfaceForms lists the distinct surface triples a gold triple stands for
// under a facet (benchie.md section 2), as made: white space at a slot's
// edge stays, as in the reference's forms and the statistics' count (the
// matcher strips forms before it compares, section 6.1), for callers that need the forms themselves, such as agreement
// between two golds. Matching never uses it. It stops once more than limit
// forms exist and then reports false.
func SurfaceForms(t oie.Triple, f Facet, limit int) ([]oie.Triple, bool) {
	var slots [3][]string
	total := 1
	for k, slot := range t.Slots() {
		slots[k] = ExpandUnits(SlotUnits(slot, f), limit)
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
