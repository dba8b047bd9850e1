package analysis

import (
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// Pattern tells, for subject, relation and object, whether the slot agrees
// with a closest gold triple.
type Pattern [3]bool

// Key is the pattern as the error buckets name it, e.g. "110".
func (p Pattern) Key() string {
	b := []byte("000")
	for i, ok := range p {
		if ok {
			b[i] = '1'
		}
	}
	return string(b)
}

// ExtractionError is an incorrect extraction with its closest gold triples.
type ExtractionError struct {
	Extraction int // index into the system's extractions
	Sentence   int // index into the gold's sentences
	Closest    []benchie.Closest
	// Patterns are the distinct patterns of Closest, in order of first
	// appearance; {000} when the sentence has no gold triple.
	Patterns []Pattern
}

// Errors finds the closest gold triples of every incorrect extraction, in
// the order of the system's extractions. res must be sys scored against c.
func Errors(c *benchie.Compiled, sys *oie.System, res *benchie.Result) []ExtractionError {
	return errorsPaced(c, sys, res, nil)
}

// errorsPaced is Errors calling pause (when set) after each incorrect
// extraction.
func errorsPaced(c *benchie.Compiled, sys *oie.System, res *benchie.Result, pause func()) []ExtractionError {
	var out []ExtractionError
	for i, j := range res.Judgements {
		if j.Verdict != benchie.Incorrect {
			continue
		}
		e := ExtractionError{Extraction: i, Sentence: j.Sentence}
		e.Closest = c.Closest(j.Sentence, sys.Extractions.At(i).Folded().Trimmed())
		for _, cl := range e.Closest {
			if p := Pattern(cl.Slots); !containsPattern(e.Patterns, p) {
				e.Patterns = append(e.Patterns, p)
			}
		}
		if len(e.Patterns) == 0 {
			e.Patterns = []Pattern{{}}
		}
		out = append(out, e)
		if pause != nil {
			pause()
		}
	}
	return out
}

func containsPattern(ps []Pattern, p Pattern) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// ErrorProfile is the summary of Errors that the paper plots.
type ErrorProfile struct {
	Incorrect  int
	SlotErrors report.SlotErrors
	Buckets    report.ErrorBuckets
	// BucketTotal is the sum of Buckets; Ties counts the extractions with
	// more than one pattern.
	BucketTotal, Ties int
}

// Profile counts slot errors and error buckets (see the package doc).
func Profile(errs []ExtractionError) ErrorProfile {
	p := ErrorProfile{Incorrect: len(errs)}
	for _, e := range errs {
		if len(e.Patterns) > 1 {
			p.Ties++
		}
		var wrong [3]bool
		for _, pat := range e.Patterns {
			// "111" would be a correct extraction: it cannot occur here.
			if p.Buckets.Add(pat.Key(), 1) {
				p.BucketTotal++
			}
			for k, ok := range pat {
				wrong[k] = wrong[k] || !ok
			}
		}
		for k, counts := range []*int{&p.SlotErrors.Subject, &p.SlotErrors.Relation, &p.SlotErrors.Object} {
			if wrong[k] {
				*counts++
			}
		}
	}
	return p
}
