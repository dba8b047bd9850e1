package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/report"
)

// The score table's BenchIE^FL columns: its score in the mode shown first,
// and BenchIE^FL minus BenchIE (regular facet).

// flTooltip gives the counts behind a BenchIE^FL cell, the routes that
// credited its synsets and the other mode where it differs.
func flTooltip(s report.System, facet report.Group) string {
	fl := s.BenchIEFL
	if fl == nil {
		return ""
	}
	if facet == report.GroupFLDelta {
		return "BenchIE^FL minus BenchIE (regular facet): what lenient matching and the re-annotation change"
	}
	r := fl.Routes
	t := fmt.Sprintf("BenchIE^FL (%s mode) · P %d / %d extractions · R %d / %d synsets · credited by exact %d, variant %d, lenient %d, exact without punctuation %d, lenient without punctuation %d",
		fl.Mode, fl.MatchedExtractions, fl.Extractions, fl.CreditedSynsets, fl.Synsets, r.Exact, r.Variant, r.Lenient, r.ExactNoPunct, r.LenientNoPunct)
	if o := fl.Other; o != nil {
		t += fmt.Sprintf(" · %s mode: P %.4f R %.4f F1 %.4f (moved by %s)", o.Mode, o.Precision, o.Recall, o.F1, strings.Join(o.MovedBy, ", "))
	}
	if fl.ReferenceCannotScore != "" {
		t += " · the reference script could not score this file (" + fl.ReferenceCannotScore + "): no published number exists for it"
	}
	return t
}
