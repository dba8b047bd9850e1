package wire57

import (
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
	panic("wire57.ReadAllenNLP: not yet implemented")
}

// AllenNLPFromCaRB turns a CaRB gold into WiRe57-C's gold (1.1): arguments
// 2..n joined with single spaces into arg2, sentences in gold order; Ref
// and Exact are the same.
func AllenNLPFromCaRB(g *carb.Gold) *AllenNLP {
	panic("wire57.AllenNLPFromCaRB: not yet implemented")
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
	panic("wire57.ScoreCaRBGold: not yet implemented")
}
