package carb

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// FromBenchIE turns BenchIE extractions (sent_id, subject, relation, object
// and n-ary arguments) into CaRB predictions: the sentence is looked up by
// id in sentences (the first sentence with an id wins), the arguments are
// subject, object and the extra arguments in order, and the confidence is
// the extraction's, or 1.0 when it has none. Extractions whose id has no
// sentence cannot be aligned with any gold: they are dropped, counted in
// NoSentence and warned about once per id.
func FromBenchIE(sys *oie.System, sentences []oie.Sentence) *Predictions {
	text := make(map[string]string, len(sentences))
	for _, s := range sentences {
		if _, dup := text[s.ID]; !dup {
			text[s.ID] = s.Text
		}
	}
	p := &Predictions{Path: sys.Path, Extractions: make([]Prediction, 0, sys.Extractions.Len())}
	var missing []int // lines
	var ids []string
	seen := map[string]bool{}
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		sent, ok := text[e.SentID]
		if !ok {
			p.NoSentence++
			missing = append(missing, e.Line)
			if !seen[e.SentID] {
				seen[e.SentID] = true
				ids = append(ids, e.SentID)
			}
			continue
		}
		conf := 1.0
		if e.HasConfidence {
			conf = e.Confidence
		}
		args := make([]string, 0, 2+len(e.Extra))
		args = append(args, e.Subject, e.Object)
		args = append(args, e.Extra...)
		p.Extractions = append(p.Extractions, Prediction{Sentence: sent, Confidence: conf, Line: e.Line,
			Tuple: Tuple{Relation: e.Relation, Args: args}})
	}
	if len(missing) > 0 {
		p.Warnings = append(p.Warnings, oie.Warning{File: sys.Path, Msg: fmt.Sprintf(
			"%d of %d extraction(s) name %d sentence id(s) that are not in the sentence list (%s) and are left out: %s",
			len(missing), sys.Extractions.Len(), len(ids), quoteFirst(ids), LineList(missing))})
	}
	p.Warnings = oie.CapWarnings(p.Warnings, sys.Path)
	return p
}

// quoteFirst quotes the first few strings of a list.
func quoteFirst(ss []string) string {
	const shown = 5
	parts := make([]string, 0, shown)
	for _, s := range ss[:min(len(ss), shown)] {
		parts = append(parts, strconv.Quote(abbreviate(s)))
	}
	out := strings.Join(parts, ", ")
	if len(ss) > shown {
		out += fmt.Sprintf(" and %d more", len(ss)-shown)
	}
	return out
}

// LineList shows the first few of a list of line numbers in file order:
// "line 3, 7, 12 and 40 more". A line named several times in a row (one
// line of Graphene's holds several extractions) is shown once.
func LineList(lines []int) string {
	const shown = 5
	lines = slices.Compact(slices.Clone(lines))
	parts := make([]string, 0, shown)
	for _, l := range lines[:min(len(lines), shown)] {
		parts = append(parts, strconv.Itoa(l))
	}
	s := "line " + strings.Join(parts, ", ")
	if len(lines) > shown {
		s += fmt.Sprintf(" and %d more", len(lines)-shown)
	}
	return s
}

// ToBenchIE turns CaRB predictions into BenchIE extractions, finding each
// sentence's id in sentences by SentenceKey (the first sentence with a key
// wins). Arguments map to subject, object and extra arguments; a missing
// subject or object becomes an empty slot. Every extraction keeps its
// confidence. Predictions whose sentence is not in the list are dropped with
// a warning per sentence. The result's Format is empty: it was not read
// from a BenchIE file.
func ToBenchIE(p *Predictions, sentences []oie.Sentence) *oie.System {
	ids := make(map[string]string, len(sentences))
	for _, s := range sentences {
		k := SentenceKey(s.Text)
		if _, dup := ids[k]; !dup {
			ids[k] = s.ID
		}
	}
	sys := &oie.System{Path: p.Path, HasConfidence: true}
	warned := map[string]bool{}
	var missing []int
	var texts []string
	for _, e := range p.Extractions {
		k := SentenceKey(e.Sentence)
		id, ok := ids[k]
		if !ok {
			missing = append(missing, e.Line)
			if !warned[k] {
				warned[k] = true
				texts = append(texts, oie.TrimSpace(e.Sentence))
			}
			continue
		}
		x := oie.Extraction{SentID: id, Confidence: e.Confidence, HasConfidence: true, Line: e.Line}
		x.Relation = e.Relation
		if len(e.Args) > 0 {
			x.Subject = e.Args[0]
		}
		if len(e.Args) > 1 {
			x.Object = e.Args[1]
		}
		if len(e.Args) > 2 {
			x.Extra = append([]string(nil), e.Args[2:]...)
		}
		sys.Extractions.Append(x)
	}
	if len(missing) > 0 {
		sys.Warnings = append(sys.Warnings, oie.Warning{File: p.Path, Msg: fmt.Sprintf(
			"%d of %d extraction(s) are on %d sentence(s) that are not in the gold (%s) and are left out: %s",
			len(missing), len(p.Extractions), len(texts), quoteFirst(texts), LineList(missing))})
	}
	sys.HasConfidence = sys.Extractions.Len() > 0
	sys.Warnings = oie.CapWarnings(sys.Warnings, p.Path)
	return sys
}
