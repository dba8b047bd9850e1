package formats

import (
	"encoding/csv"
	"errors"
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
	f := strings.Split(line, "\t")
	if !strings.EqualFold(oie.TrimSpace(f[0]), "document id") {
		return nil, false
	}
	return headerColumns(f, kgToolboxColumns)
}

// headerColumns finds, among a header's names, the column of each of
// columns (any one of its names, case and surrounding space aside): where
// the columns read are, or false when one is missing.
func headerColumns(header []string, columns [][]string) ([]int, bool) {
	at := make([]int, len(columns))
	for k, names := range columns {
		at[k] = slices.IndexFunc(header, func(h string) bool {
			return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(oie.TrimSpace(h), n) })
		})
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
	need := 0    // the columns a line must have to hold them
	for _, l := range r.lines {
		if at == nil {
			var ok bool
			if at, ok = kgToolboxHeader(oie.TrimSpace(l.Text)); !ok {
				return nil, r.errAt(l, 0, oie.ErrSyntax, "expected KGExtractionToolbox's header first: document id, subject, predicate, predicate lemmatized, object, confidence, sentence (tab-separated)")
			}
			need = slices.Max(at) + 1
			continue
		}
		f, offs := fields(l.Text)
		if len(f) < need {
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

// The toolbox also exports the extractions it keeps in its database as
// comma-separated files (its case studies' *_nf.csv, *_pf.csv, *_sf.csv,
// *_ef.csv: the extractions after its filters), quoted as Python's csv
// module quotes:
//
//	document_id,subject_str,predicate_org,predicate,object_str,text
//	"subject_str","subject_id","subject_type","predicate_org","predicate","relation","object_str","object_id","object_type","text"
//
// The triple is the subject and object as kept (subject_str, object_str:
// the toolbox lower-cases and cuts them) and the predicate as the sentence
// has it (predicate_org; predicate is its lemma); the sentence is the text
// column. There is no confidence: every extraction gets 1, as Graphene's.

// kgToolboxCSVColumns are the header names of the columns read, in the
// order subject, predicate, object, sentence.
var kgToolboxCSVColumns = [][]string{{"subject_str"}, {"predicate_org"}, {"object_str"}, {"text"}}

// csvRecord reads one line of comma-separated values. A field quoted
// across lines is an error here: the toolbox writes one record a line.
func csvRecord(line string) ([]string, error) {
	r := csv.NewReader(strings.NewReader(line))
	r.FieldsPerRecord = -1
	return r.Read()
}

// kgToolboxCSVHeader returns where the columns read are in a header line
// and how many columns it names, or false when the line is not the header
// of the toolbox's CSV export.
func kgToolboxCSVHeader(line string) (at []int, width int, ok bool) {
	f, err := csvRecord(line)
	if err != nil {
		return nil, 0, false
	}
	at, ok = headerColumns(f, kgToolboxCSVColumns)
	return at, len(f), ok
}

func readKGToolboxCSV(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	var at []int // subject, predicate, object, sentence
	width := 0
	for _, l := range r.lines {
		if at == nil {
			var ok bool
			if at, width, ok = kgToolboxCSVHeader(l.Text); !ok {
				return nil, r.errAt(l, 0, oie.ErrSyntax, "expected the header of KGExtractionToolbox's CSV export first, naming the columns subject_str, predicate_org, object_str, text (comma-separated)")
			}
			continue
		}
		f, err := csvRecord(l.Text)
		if pe := (*csv.ParseError)(nil); errors.As(err, &pe) {
			if strings.Count(l.Text, `"`)%2 == 1 {
				return nil, r.errAt(l, len(l.Text), oie.ErrSyntax, "a quoted field is not closed on its line: expected one record a line, as the toolbox writes them")
			}
			return nil, r.errAt(l, max(0, pe.Column-1), oie.ErrSyntax, "expected comma-separated values, quoted as the toolbox quotes them: %v", pe.Err)
		} else if err != nil {
			return nil, r.errAt(l, 0, oie.ErrSyntax, "expected comma-separated values: %v", err)
		}
		if len(f) != width {
			return nil, r.errAt(l, len(l.Text), oie.ErrFieldCount, "expected %d comma-separated columns, as the header names them, found %d", width, len(f))
		}
		slot := func(k int) string { return oie.TrimSpace(f[at[k]]) }
		r.add(slot(3), 1, l.Num, slot(1), slot(0), slot(2))
	}
	return r.done()
}
