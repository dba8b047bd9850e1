package report

import (
	"slices"
	"strings"
)

// SortKey names a column of the score table: a metric of a facet, or, with
// no facet, the system name (Metric "name") or the report's own order (the
// zero key).
type SortKey struct {
	Facet  Group  `json:"facet,omitempty"`  // a column group: regular, concat, carb, …
	Metric string `json:"metric,omitempty"` // precision, recall, f1, tp, fp, fn; or name
}

// ByName sorts by system name.
var ByName = SortKey{Metric: "name"}

// Order returns the indices of the report's systems sorted by key, stably;
// systems without the metric go last, whatever the direction.
func Order(r Report, key SortKey, desc bool) []int {
	order := make([]int, len(r.Systems))
	for i := range order {
		order[i] = i
	}
	if key == (SortKey{}) {
		if desc {
			slices.Reverse(order)
		}
		return order
	}
	m := Metric{Facet: key.Facet, Name: key.Metric}
	slices.SortStableFunc(order, func(a, b int) int {
		sa, sb := r.Systems[a], r.Systems[b]
		var c int
		if key.Facet == "" {
			c = strings.Compare(strings.ToLower(sa.Name), strings.ToLower(sb.Name))
		} else {
			va, oka := m.Value(sa)
			vb, okb := m.Value(sb)
			switch {
			case oka != okb:
				if oka {
					return -1
				}
				return 1
			case va < vb:
				c = -1
			case va > vb:
				c = 1
			}
		}
		if desc {
			c = -c
		}
		return c
	})
	return order
}

// Reorder returns a copy of the report with its systems in the given order,
// so that an export lists them as the table on screen does.
func Reorder(r Report, order []int) Report {
	out := r
	out.Systems = make([]System, 0, len(order))
	for _, i := range order {
		out.Systems = append(out.Systems, r.Systems[i])
	}
	return out
}

// Disagreement is a score on which the paper's rule and the official script
// differ (benchie.md, section 6): in the totals, or only in which synsets
// some correct extractions are credited to.
type Disagreement struct {
	System string
	Facet  string
	Shown  *Score // under the mode the report was made in
	Other  *Score // under the other mode; nil when the totals agree
	// Credits counts extractions the two modes credit to different synsets;
	// StrayCredits, those of them with white space at a slot's edge (the
	// others match a gold form with white space at an edge).
	Credits, StrayCredits int
}

// Disagreements lists every score of the report on which the modes differ.
func Disagreements(r Report) []Disagreement {
	var out []Disagreement
	for _, s := range r.Systems {
		for _, f := range r.Options.Facets {
			if sc := s.BenchIE.Facet(f); sc != nil && (sc.Other != nil || sc.CreditsDiffer > 0) {
				out = append(out, Disagreement{System: s.Name, Facet: f, Shown: sc, Other: sc.Other, Credits: sc.CreditsDiffer, StrayCredits: sc.CreditsStraySpaces})
			}
		}
	}
	return out
}
