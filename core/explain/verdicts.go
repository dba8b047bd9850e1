package explain

import (
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
)

// VerdictRow is one extraction's BenchIE verdict on one facet, flat, for a
// table: `oiebench score --verdicts FILE` writes them, the Python package
// reads them into a DataFrame (report.verdicts()).
type VerdictRow struct {
	System string `json:"system"`
	// Sentence is the sentence id the extraction names (the gold's id).
	Sentence string `json:"sentence"`
	// Line is the extraction's 1-based line in its system file.
	Line int `json:"line"`
	// Extraction is the triple as the scorer compares it (n-ary arguments
	// folded into the object, slots trimmed).
	Extraction [3]string `json:"extraction"`
	Facet      string    `json:"facet"`
	// Verdict is correct, duplicate, incorrect or ignored.
	Verdict string `json:"verdict"`
	// Synset is the header of the gold synset credited (correct,
	// duplicate) or of the closest one (incorrect: the triple that agrees
	// in the most slots with the fewest differing tokens); "" when none.
	Synset string `json:"synset"`
	// Gold is that synset's triple, its optional units in brackets.
	Gold [3]string `json:"gold"`
	// Diff is, for an incorrect extraction, each slot with the gold words
	// it lacks as [-word-] and its words no gold form has as {+word+}.
	Diff [3]string `json:"diff"`
}

// Verdicts lists the verdict on every extraction of every system for the
// facets scored, system by system in the report's order, facet by facet,
// extraction by extraction in file order. It is a function, not a method
// of Explorer, so that the page, which explores but never lists, does not
// link it (a method of a type the page uses would be kept).
func Verdicts(ev *evaluate.Evaluation) []VerdictRow {
	x := NewExplorer(ev)
	var rows []VerdictRow
	for sys, system := range x.ev.Systems {
		for _, f := range x.Facets() {
			res, compiled := x.result(sys, f), x.ev.Compiled[f]
			if res == nil || compiled == nil {
				continue
			}
			for k, j := range res.Judgements {
				e := system.Extractions.At(k)
				t := e.Folded().Trimmed()
				row := VerdictRow{System: system.Name, Sentence: e.SentID, Line: e.Line, Extraction: t.Slots(), Facet: string(f), Verdict: j.Verdict.String()}
				switch {
				case j.Sentence < 0:
				case j.Verdict == benchie.Incorrect:
					s := x.ev.Gold.Sentences[j.Sentence]
					if cl, _ := closest(compiled, s, j.Sentence, t, f); len(cl) > 0 {
						c := cl[0]
						row.Synset = s.Synsets[c.Synset].Label
						row.Gold = goldText(goldTriple(s.Synsets[c.Synset].Triple(c.Triple), f))
						for i := range row.Diff {
							row.Diff[i] = WordDiff(c.Gold[i], c.Ext[i])
						}
					}
				case j.Synset >= 0:
					s := x.ev.Gold.Sentences[j.Sentence]
					row.Synset = s.Synsets[j.Synset].Label
					if j.Triple >= 0 {
						row.Gold = goldText(goldTriple(s.Synsets[j.Synset].Triple(j.Triple), f))
					}
				}
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// goldText writes a gold triple's slots with their optional units in
// brackets, as the gold file writes them.
func goldText(t [3][]Token) [3]string {
	var out [3]string
	for i, slot := range t {
		var b strings.Builder
		for k, tok := range slot {
			if k > 0 {
				b.WriteByte(' ')
			}
			if tok.Optional && tok.UnitStart {
				b.WriteByte('[')
			}
			b.WriteString(tok.Text)
			if tok.Optional && tok.UnitEnd {
				b.WriteByte(']')
			}
		}
		out[i] = b.String()
	}
	return out
}

// WordDiff writes a slot compared by DiffSlot as one line, word-diff style:
// shared words as they are, gold words the extraction lacks as [-word-],
// extraction words no gold form has as {+word+}. Optional gold words the
// extraction rightly leaves out (Dropped) are not differences and are left
// out.
func WordDiff(gold, ext []Token) string {
	var words []string
	i, j := 0, 0
	for i < len(gold) || j < len(ext) {
		switch {
		case i < len(gold) && gold[i].Mark == Dropped:
			i++
		case i < len(gold) && gold[i].Mark == Missing:
			words = append(words, "[-"+gold[i].Text+"-]")
			i++
		case j < len(ext) && ext[j].Mark == Extra:
			words = append(words, "{+"+ext[j].Text+"+}")
			j++
		case j < len(ext):
			// A shared word: the gold's is the same one, at i.
			words = append(words, ext[j].Text)
			j++
			i++
		default:
			i++ // a gold word marked Same past the extraction's end: not expected
		}
	}
	return strings.Join(words, " ")
}
