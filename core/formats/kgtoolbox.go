package formats

import (
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// KGExtractionToolbox (HermannKroll/KGExtractionToolbox) writes the
// extractions of the OpenIE systems it runs, and of its own PathIE, as a
// TSV whose first line names the columns (README_03_EXTRACTION.md):
//
//	document id, subject, predicate, predicate lemmatized, object, confidence, sentence
//	document id, subject id, subject str, subject type, predicate, predicate lemmatized, object id, object str, object type, confidence, sentence
//
// The document id names a document of several sentences, not a sentence:
// the extraction's sentence is the last column's text. Read as BenchIE TSV,
// every column would be shifted (the document id taken for a sentence id,
// the predicate for the subject), so Read refuses that (see byHeader).

// kgToolboxColumns are the header names of the columns read, in the order
// subject, predicate, object, confidence, sentence; each may have either
// name.
var kgToolboxColumns = [][]string{{"subject", "subject str"}, {"predicate"}, {"object", "object str"}, {"confidence"}, {"sentence"}}

// kgToolboxHeader returns where the columns read are in a header line, and
// whether the line is KGExtractionToolbox's header.
func kgToolboxHeader(line string) ([]int, bool) {
	f := strings.Split(strings.ToLower(line), "\t")
	if oie.TrimSpace(f[0]) != "document id" {
		return nil, false
	}
	at := make([]int, len(kgToolboxColumns))
	for k, names := range kgToolboxColumns {
		at[k] = -1
		for i, name := range f {
			for _, n := range names {
				if oie.TrimSpace(name) == n {
					at[k] = i
				}
			}
		}
		if at[k] < 0 {
			return nil, false
		}
	}
	return at, true
}

func readKGToolbox(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	var at []int // subject, predicate, object, confidence, sentence
	for _, l := range r.lines {
		if at == nil {
			var ok bool
			if at, ok = kgToolboxHeader(oie.TrimSpace(l.Text)); !ok {
				return nil, r.errAt(l, 0, oie.ErrSyntax, "expected KGExtractionToolbox's header first: document id, subject, predicate, predicate lemmatized, object, confidence, sentence (tab-separated)")
			}
			continue
		}
		f, offs := fields(l.Text)
		if need := slices.Max(at) + 1; len(f) < need {
			return nil, r.errAt(l, len(l.Text), oie.ErrFieldCount, "expected %d tab-separated columns, as the header names them, found %d", need, len(f))
		}
		conf, err := r.confidence(l, f, offs, at[3])
		if err != nil {
			return nil, err
		}
		// The toolbox writes the predicate and object after a space.
		slot := func(k int) string { return oie.TrimSpace(f[at[k]]) }
		r.add(slot(4), conf, l.Num, slot(1), slot(0), slot(2))
	}
	return r.done()
}
