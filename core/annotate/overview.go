package annotate

import (
	"strings"
	"unicode"
)

// SentenceStatus sums up one sentence for a studio's sentence list.
type SentenceStatus struct {
	Index            int // position in the document
	Synsets, Triples int
	Errors, Warnings int // Validate's issues placed in the sentence
}

// Annotated reports whether the sentence has at least one synset.
func (st SentenceStatus) Annotated() bool { return st.Synsets > 0 }

// Overview is the progress of a document: how many sentences have synsets,
// the totals, and each sentence's status.
type Overview struct {
	Sentences, Annotated int
	Synsets, Triples     int
	Errors, Warnings     int
	Statuses             []SentenceStatus // in document order
}

// Overview counts the document's progress; issues are what Validate
// returned for it (passed in because a UI keeps them anyway).
func (d *Document) Overview(issues []Issue) Overview {
	o := Overview{Sentences: len(d.Sentences), Statuses: make([]SentenceStatus, len(d.Sentences))}
	for i, s := range d.Sentences {
		st := SentenceStatus{Index: i, Synsets: len(s.Synsets)}
		for _, syn := range s.Synsets {
			st.Triples += len(syn.Triples)
		}
		o.Statuses[i] = st
		o.Synsets += st.Synsets
		o.Triples += st.Triples
		if st.Annotated() {
			o.Annotated++
		}
	}
	for _, is := range issues {
		isError := is.Severity == SeverityError
		if isError {
			o.Errors++
		} else {
			o.Warnings++
		}
		if is.Sentence >= 0 && is.Sentence < len(o.Statuses) {
			if isError {
				o.Statuses[is.Sentence].Errors++
			} else {
				o.Statuses[is.Sentence].Warnings++
			}
		}
	}
	return o
}

// Find returns the positions of the sentences a search keeps, in document
// order. "#ID" keeps the sentence with that id (or ids starting with it);
// other text keeps the sentences whose text or triples contain every word
// of the query, ignoring case. An empty query keeps every sentence.
func (d *Document) Find(query string) []int {
	query = strings.TrimSpace(query)
	var out []int
	if id, ok := strings.CutPrefix(query, "#"); ok {
		id = strings.TrimSpace(id)
		for i, s := range d.Sentences {
			if s.ID == id {
				return []int{i}
			}
		}
		for i, s := range d.Sentences {
			if strings.HasPrefix(s.ID, id) {
				out = append(out, i)
			}
		}
		return out
	}
	words := strings.FieldsFunc(strings.ToLower(query), unicode.IsSpace)
	for i, s := range d.Sentences {
		if len(words) == 0 || s.contains(words) {
			out = append(out, i)
		}
	}
	return out
}

// contains reports whether every word occurs in the sentence's text or in
// one of its triples (each word may be found in a different place).
func (s *Sentence) contains(words []string) bool {
	var triples strings.Builder
	text := strings.ToLower(s.Text)
	for _, w := range words {
		if strings.Contains(text, w) {
			continue
		}
		if triples.Len() == 0 {
			for _, syn := range s.Synsets {
				for _, t := range syn.Triples {
					tt := s.TripleText(t)
					triples.WriteString(strings.ToLower(tt.Subject + " " + tt.Relation + " " + tt.Object + "\n"))
				}
			}
		}
		if !strings.Contains(triples.String(), w) {
			return false
		}
	}
	return true
}
