package wire57

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

// WiRe57-C is OpenIE6's wire57_evaluation.py (docs/spec/carb-variants.md
// section 7): WiRe57's tuple match and greedy assignment on a CaRB gold in
// the allennlp form, sentences keyed by their exact text, no confidences.

// AllenNLPLine is one line of an allennlp-form file as WiRe57-C reads it.
type AllenNLPLine struct {
	Sentence string // field 1, exactly as written (after the line's trim)
	// Ref holds arg1, rel and arg2 as the reference cuts them: from the
	// first opening tag to the last closing tag, tag characters stripped
	// from both ends, then white space (7.1); without a space inside the
	// tags this eats letters ("<arg1>area</arg1>" gives "e").
	Ref [3]string
	// Exact holds the text between the tags, trimmed (Corrected mode).
	Exact [3]string
	Line  int
}

// AllenNLP is an allennlp-form file, gold or system, in file order.
type AllenNLP struct {
	Path  string
	Lines []AllenNLPLine
}

// ReadAllenNLP reads an allennlp-form file as WiRe57-C does (7.1): blank
// lines are skipped; every other line, trimmed, must have exactly three
// tab-separated fields and a tagged arg1, rel and arg2 in field 2,
// otherwise it is a *oie.ParseError (the reference stops on it too). The
// confidence is not read.
func ReadAllenNLP(file string, data []byte) (*AllenNLP, error) {
	lines, err := oie.SplitContentLines(file, data)
	if err != nil {
		return nil, err
	}
	a := &AllenNLP{Path: file}
	for _, l := range lines {
		text := oie.TrimSpace(l.Text)
		lead := strings.Index(l.Text, text)
		f := strings.Split(text, "\t")
		if len(f) != 3 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(text)), Err: oie.ErrFieldCount,
				Msg: fmt.Sprintf("expected exactly 3 tab-separated fields (sentence, tagged extraction, confidence), found %d; WiRe57-C's reader stops here too", len(f))}
		}
		line := AllenNLPLine{Sentence: f[0], Line: l.Num}
		for i, tag := range slotTags {
			open, close := "<"+tag+">", "</"+tag+">"
			from := strings.Index(f[1], open)
			to := strings.LastIndex(f[1], close)
			if from < 0 || to < from+len(open) {
				return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(f[0])+1), Err: oie.ErrSyntax,
					Msg: fmt.Sprintf("expected %s...%s in field 2; WiRe57-C's reader stops without it", open, close)}
			}
			span := f[1][from : to+len(close)]
			line.Ref[i] = oie.TrimSpace(strings.Trim(strings.Trim(span, open), close))
			line.Exact[i] = oie.TrimSpace(f[1][from+len(open) : to])
		}
		a.Lines = append(a.Lines, line)
	}
	if len(a.Lines) == 0 {
		return nil, &oie.ParseError{File: file, Line: 1, Err: oie.ErrNoContent,
			Msg: "no extractions: expected lines of the form sentence<TAB><arg1> a1 </arg1> <rel> r </rel> <arg2> a2 </arg2><TAB>confidence"}
	}
	return a, nil
}

// slotTags are the tags of arg1, rel and arg2, in AllenNLPLine's order.
var slotTags = [3]string{"arg1", "rel", "arg2"}

// AllenNLPFromCaRB turns a CaRB gold into WiRe57-C's gold (1.1): arguments
// 2..n joined with single spaces into arg2, sentences in gold order; Ref
// and Exact are the same.
func AllenNLPFromCaRB(g *carb.Gold) *AllenNLP {
	a := &AllenNLP{Path: g.Path}
	for _, s := range g.Sentences {
		for _, t := range s.Tuples {
			var slots [3]string
			slots[1] = t.Relation
			if len(t.Args) > 0 {
				slots[0] = t.Args[0]
			}
			if len(t.Args) > 1 {
				slots[2] = strings.Join(t.Args[1:], " ")
			}
			a.Lines = append(a.Lines, AllenNLPLine{Sentence: s.Text, Ref: slots, Exact: slots, Line: t.Line})
		}
	}
	return a
}

// sentences groups the lines by exact sentence text, in order of first
// appearance. In Reference mode a new run of a sentence's lines (after a
// line of another sentence) replaces its earlier lines; superseded counts
// them. In Corrected mode every run counts.
func (a *AllenNLP) sentences(mode carb.Mode) (order []string, lines map[string][]int, superseded int) {
	lines = map[string][]int{}
	for i, l := range a.Lines {
		_, seen := lines[l.Sentence]
		if !seen {
			order = append(order, l.Sentence)
		}
		if mode == carb.Reference && seen && (i == 0 || a.Lines[i-1].Sentence != l.Sentence) {
			superseded += len(lines[l.Sentence])
			lines[l.Sentence] = nil
		}
		lines[l.Sentence] = append(lines[l.Sentence], i)
	}
	return order, lines, superseded
}

// slots is the line's arg1, rel and arg2 under mode.
func (l *AllenNLPLine) slots(mode carb.Mode) [3]string {
	if mode == carb.Corrected {
		return l.Exact
	}
	return l.Ref
}

// CaRBResult is one system scored with WiRe57-C.
type CaRBResult struct {
	Mode                  carb.Mode
	Precision, Recall, F1 float64
	// PrecNum sums the precision of matched pairs, PrecDen counts the
	// predictions on gold sentences; RecNum sums their recall (it can
	// exceed RecDen), RecDen counts gold tuples.
	PrecNum, PrecDen, RecNum, RecDen float64
	Matches                          int
	// PredictionsWithoutGold are lines whose sentence text is not a gold
	// sentence's, exactly; Superseded are lines of a sentence left out
	// because a later run of that sentence replaced them (Reference mode).
	PredictionsWithoutGold, Superseded int
	// Failure is set when the reference stops (no prediction on any gold
	// sentence: ZeroDivisionError); the numbers are then 0.
	Failure  *oie.ReferenceFailure
	Warnings []oie.Warning
}

// ScoreCaRBGold scores a system against a CaRB gold with WiRe57-C. In
// Reference mode slots are Ref and a sentence's non-contiguous runs keep
// only the last one; in Corrected mode slots are Exact and runs are
// merged.
func ScoreCaRBGold(gold, sys *AllenNLP, mode carb.Mode) *CaRBResult {
	res := &CaRBResult{Mode: mode}
	goldOrder, goldLines, _ := gold.sentences(mode)
	sysOrder, sysLines, superseded := sys.sentences(mode)
	res.Superseded = superseded
	for _, s := range sysOrder {
		if _, ok := goldLines[s]; !ok {
			res.PredictionsWithoutGold += len(sysLines[s])
		}
	}
	for si, s := range goldOrder {
		tuples := make([]Tuple, len(goldLines[s]))
		for k, i := range goldLines[s] {
			sl := gold.Lines[i].slots(mode)
			for j, text := range sl {
				words := tokens(text)
				slot := Slot{Text: text, Words: words, Inferred: make([]bool, len(words))}
				switch j {
				case 0:
					tuples[k].Arg1 = slot
				case 1:
					tuples[k].Rel = slot
				case 2:
					tuples[k].Arg2 = slot
				}
			}
			tuples[k].Line = gold.Lines[i].Line
		}
		ids := sysLines[s]
		toks := make([]tokenized, len(ids))
		for k, i := range ids {
			sl := sys.Lines[i].slots(mode)
			toks[k] = tokenized{slots: [3][]string{tokens(sl[0]), tokens(sl[1]), tokens(sl[2])}}
		}
		// Each sentence's sums first, in pick order, then the totals, as
		// the reference adds them.
		var pn, rn float64
		for _, p := range matchSentence(si, tuples, toks, ids, carbGold) {
			pn += p.Score.Precision
			rn += p.Score.Recall
			res.Matches++
		}
		res.PrecNum += pn
		res.RecNum += rn
		res.PrecDen += float64(len(ids))
		res.RecDen += float64(len(tuples))
	}
	if res.PredictionsWithoutGold > 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: sys.Path, Msg: fmt.Sprintf(
			"%d of %d extraction(s) are on sentences whose text is not exactly a gold sentence's and are left out of the score", res.PredictionsWithoutGold, len(sys.Lines))})
	}
	if res.Superseded > 0 {
		res.Warnings = append(res.Warnings, oie.Warning{File: sys.Path, Msg: fmt.Sprintf(
			"%d extraction(s) are left out because a later run of lines of the same sentence replaces them, as WiRe57-C does", res.Superseded)})
	}
	if res.PrecDen == 0 {
		if mode == carb.Reference {
			res.Failure = &oie.ReferenceFailure{Scorer: "WiRe57-C", File: sys.Path, Msg: "no extraction is on a gold sentence, and the precision's division by zero raises ZeroDivisionError"}
		}
		return res
	}
	res.Precision, res.Recall = res.PrecNum/res.PrecDen, res.RecNum/res.RecDen
	if res.Precision+res.Recall > 0 {
		res.F1 = 2 * res.Precision * res.Recall / (res.Precision + res.Recall)
	}
	return res
}

// SameNumbers reports whether two WiRe57-C results print the same (P, R,
// F1, and whether the reference could score): a report shows both modes
// when they differ.
func (r *CaRBResult) SameNumbers(o *CaRBResult) bool {
	return (r.Failure == nil) == (o.Failure == nil) && r.Precision == o.Precision && r.Recall == o.Recall && r.F1 == o.F1
}
