package report

import (
	"fmt"
	"strings"
)

// BenchIEFL is a BenchIE^FL score (Lamarche & Langlais, 2024): P is matched
// extractions over extractions, R credited synsets over synsets. Mode is
// "reference" (the reference script's numbers, every quirk kept) or
// "corrected"; Other is the other mode's score when the two differ, with
// the quirks that each, corrected alone, move the reference score.
type BenchIEFL struct {
	Precision          float64    `json:"precision"`
	Recall             float64    `json:"recall"`
	F1                 float64    `json:"f1"`
	Extractions        int        `json:"extractions"`
	MatchedExtractions int        `json:"matched_extractions"`
	CreditedSynsets    int        `json:"credited_synsets"`
	Synsets            int        `json:"synsets"`
	Routes             FLRoutes   `json:"routes"`
	Mode               string     `json:"mode"`
	MovedBy            []string   `json:"moved_by,omitempty"`
	Other              *BenchIEFL `json:"other,omitempty"`
	// Delta is BenchIE^FL minus BenchIE (regular facet), when both are scored.
	Delta *Delta `json:"delta,omitempty"`
	// ReferenceCannotScore says why the reference script could not score this
	// gold and file (it would crash): no published number can exist for them.
	ReferenceCannotScore string `json:"reference_cannot_score,omitempty"`
}

// FLRoutes counts the credited (extraction, synset) pairs by the route
// that made the extraction a candidate: exact, a conjunct or apposition
// variant, the lenient rule, exact without punctuation, lenient without.
type FLRoutes struct {
	Exact          int `json:"exact"`
	Variant        int `json:"variant"`
	Lenient        int `json:"lenient"`
	ExactNoPunct   int `json:"exact_no_punct"`
	LenientNoPunct int `json:"lenient_no_punct"`
}

// flNotes are the table's lines about BenchIE^FL: the other mode where it
// differs, and what moved it.
func (r *Report) flNotes() []string {
	var out []string
	for _, s := range r.Systems {
		fl := s.BenchIEFL
		if fl == nil || fl.Other == nil {
			continue
		}
		o := fl.Other
		out = append(out, fmt.Sprintf("BenchIE^FL %s: %s mode P %.4f R %.4f F1 %.4f (moved by %s)",
			s.Name, o.Mode, o.Precision, o.Recall, o.F1, strings.Join(o.MovedBy, ", ")))
	}
	return out
}
