package oie

// ReferenceFailure reports an input on which a reference scorer stops with
// an error instead of printing numbers (a crash, an assertion, an undefined
// area under the curve). The input is not malformed for oiebench, and a
// corrected mode may score it; in reference mode there is no number to
// reproduce, so the scorer returns this error instead of inventing one.
type ReferenceFailure struct {
	// Scorer names the reference column, e.g. "CaRB(s,s)", "OIE16-C",
	// "WiRe57-C".
	Scorer string
	// File, Line and Column place the input that makes the reference fail;
	// Line is 0 when the file as a whole is at fault.
	File         string
	Line, Column int
	// Msg says what the reference does, in words (e.g. "recall is not
	// monotone over the thresholds, so scikit-learn's auc raises an error").
	Msg string
}

func (e *ReferenceFailure) Error() string {
	return formatPlace(e.File, e.Line, e.Column) + "the reference " + e.Scorer + " could not score this file: " + e.Msg
}
