package annotate

import (
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// ToggleUnit makes the words from..to (inclusive) of a slot one optional
// unit, or required again when they already are exactly one unit. A UI
// calls it on the words a user selected; it returns a new slice.
//
// Brackets that would cross the new unit are removed first (a unit partly
// inside the range, a '[' or ']' inside it that pairs with nothing), so the
// result is always balanced around the range; units wholly outside it are
// kept.
func ToggleUnit(words []Word, from, to int) []Word {
	out := slices.Clone(words)
	if from < 0 || to >= len(out) || from > to {
		return out
	}
	for _, u := range unitSpans(out) {
		if u[0] == from && u[1] == to {
			out[from].Open, out[to].Close = false, false
			return out
		}
	}
	for _, u := range unitSpans(out) {
		if u[1] >= from && u[0] <= to { // overlaps the range
			out[u[0]].Open, out[u[1]].Close = false, false
		}
	}
	for j := from; j <= to; j++ { // brackets that pair with nothing
		out[j].Open, out[j].Close = false, false
	}
	out[from].Open, out[to].Close = true, true
	return out
}

// unitSpans lists the optional units of a slot as [first, last] word
// positions, pairing brackets as the reference does (see unitMembers).
func unitSpans(words []Word) [][2]int {
	var out [][2]int
	for j := 0; j < len(words); j++ {
		w := words[j]
		switch {
		case w.Open && w.Close:
			out = append(out, [2]int{j, j})
		case w.Open:
			end := j + 1
			for end < len(words) && !words[end].Close {
				end++
			}
			if end < len(words) {
				out = append(out, [2]int{j, end})
				j = end
			}
		}
	}
	return out
}

// OptionalWords marks the words of a slot that an optional unit holds, as
// the reference reads the brackets (a '[' never closed makes no unit), so
// that a UI shows optionality the way the scorer will read it.
func OptionalWords(words []Word) []bool { return unitMembers(words) }

// Preview is what a triple stands for before it is added to a sentence:
// its BenchIE text, its surface forms, what Validate would say about it,
// and which of some extractions of the sentence it matches.
type Preview struct {
	Text oie.Triple
	// Forms lists the first surface triples (at most the limit asked for).
	Forms []oie.Triple
	// FormCount counts the distinct surface triples; when Exact is false
	// there are more than FormCount.
	FormCount int
	Exact     bool
	// Issues are Validate's findings about the triple alone (Synset and
	// Triple 0: the triple as if it stood alone in a synset).
	Issues []Issue
	// Matches lists the extractions, by position in the slice given, that
	// equal one of the triple's surface forms (BenchIE, regular facet).
	Matches []int
}

// previewBudget bounds the forms counted for a preview; a triple with more
// is shown as "more than" that many.
const previewBudget = 4096

// Preview shows what triple t would stand for in this sentence: its first
// limit surface forms, their number, its problems, and which extractions
// (the slots of system extractions of this sentence, n-ary arguments
// folded into the object) it matches. Matching is the scorer's own: the
// sentence with t as its only triple is written as a BenchIE file, read
// back, and the extractions are scored against it.
func (s *Sentence) Preview(t Triple, exts []oie.Triple, limit int) Preview {
	p := Preview{Text: s.TripleText(t)}
	forms, ok := benchie.SurfaceForms(p.Text, benchie.Regular, previewBudget)
	p.FormCount, p.Exact = len(forms), ok
	if !ok {
		p.FormCount = previewBudget
	}
	p.Forms = forms[:min(max(limit, 0), len(forms))]

	alone := &Sentence{ID: s.ID, Text: s.Text, Tokens: s.Tokens, Synsets: []Synset{{Triples: []Triple{t}}}}
	for _, is := range alone.Validate(0) {
		if is.Triple >= 0 { // the sentence's own id and lines are not the triple's business
			p.Issues = append(p.Issues, is)
		}
	}
	if len(exts) == 0 {
		return p
	}
	if alone.ID == "" || alone.ID != oie.TrimSpace(alone.ID) {
		alone.ID = "1" // the id plays no part in matching
	}
	g, err := (&Document{Sentences: []*Sentence{alone}}).Gold("preview")
	if err != nil || len(g.Sentences) != 1 {
		return p // a triple whose line would not read back matches nothing
	}
	sys := &oie.System{Path: "preview"}
	for _, e := range exts {
		sys.Extractions.Append(oie.Extraction{SentID: alone.ID, Triple: e})
	}
	res := benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
	for i, j := range res.Judgements {
		if j.Verdict == benchie.Correct || j.Verdict == benchie.Duplicate {
			p.Matches = append(p.Matches, i)
		}
	}
	return p
}
