package carb

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Prediction is one system extraction in CaRB's terms: the sentence it was
// extracted from (aligned with the gold by SentenceKey), a confidence and
// the tuple.
type Prediction struct {
	Sentence   string
	Confidence float64
	Tuple
	// Line is the 1-based line in the file the prediction was read from
	// (for a converted BenchIE file, the line of the BenchIE extraction).
	Line int
}

// Predictions are one system's extractions, in file order.
type Predictions struct {
	Path        string
	Extractions []Prediction
	// NoSentence counts BenchIE extractions FromBenchIE dropped because the
	// sentence list has no sentence with their id.
	NoSentence int
	Warnings   []oie.Warning
}

// ReadTabbed reads system extractions in CaRB's tabbed form,
// sentence<TAB>confidence<TAB>relation<TAB>arg1<TAB>arg2...; blank lines
// are skipped, and an extraction may have no argument (three columns). Fields are kept as written: the scorer splits on white space
// anyway, and an empty trailing argument is an argument that is present.
// It returns every extraction of the file or a *oie.ParseError.
func ReadTabbed(file string, data []byte) (*Predictions, error) {
	lines, err := oie.SplitContentLines(file, data)
	if err != nil {
		return nil, err
	}
	p := &Predictions{Path: file}
	for _, l := range lines {
		f := strings.Split(l.Text, "\t")
		if len(f) < 3 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, len(l.Text)),
				Msg: fmt.Sprintf("expected at least 3 tab-separated columns (sentence, confidence, relation, arg1, ...), found %d", len(f)), Err: oie.ErrFieldCount}
		}
		if oie.TrimSpace(f[0]) == "" {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: 1,
				Msg: "empty sentence: expected the sentence text in column 1", Err: oie.ErrEmptyField}
		}
		c, err := oie.ParseConfidence(f[1])
		if err != nil {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, len(f[0])+1),
				Msg: fmt.Sprintf("expected a confidence in column 2, %v", err), Err: oie.ErrSyntax}
		}
		p.Extractions = append(p.Extractions, Prediction{
			Sentence: f[0], Confidence: c, Line: l.Num,
			Tuple: Tuple{Relation: f[2], Args: f[3:]},
		})
	}
	if len(p.Extractions) == 0 {
		p.Warnings = append(p.Warnings, oie.Warning{File: file, Msg: "the file holds no extractions"})
	}
	return p, nil
}

// WriteTabbed writes predictions in CaRB's tabbed form, one a line, in
// order. Confidences are written in the shortest form that reads back to
// the same number. A prediction without arguments is written with three
// columns, as CaRB's reader accepts it. A field holding a tab or a line
// break cannot be written and is an error; nothing is written after it.
func WriteTabbed(w io.Writer, p *Predictions) error {
	bw := bufio.NewWriter(w)
	for i, e := range p.Extractions {
		fields := append([]string{e.Sentence, e.Relation}, e.Args...)
		for _, f := range fields {
			if strings.ContainsAny(f, "\t\n\r") {
				return fmt.Errorf("carb: cannot write extraction %d%s in tabbed form: %q holds a tab or a line break", i+1, lineNote(e.Line), f)
			}
		}
		if oie.TrimSpace(e.Sentence) == "" {
			return fmt.Errorf("carb: cannot write extraction %d%s in tabbed form: empty sentence", i+1, lineNote(e.Line))
		}
		if math.IsNaN(e.Confidence) || math.IsInf(e.Confidence, 0) {
			return fmt.Errorf("carb: cannot write extraction %d%s in tabbed form: confidence %v", i+1, lineNote(e.Line), e.Confidence)
		}
		if i == 0 {
			bw.WriteString(oie.BOMGuard(e.Sentence))
		}
		bw.WriteString(e.Sentence)
		bw.WriteByte('\t')
		bw.WriteString(strconv.FormatFloat(e.Confidence, 'g', -1, 64))
		bw.WriteByte('\t')
		bw.WriteString(e.Relation)
		for _, a := range e.Args {
			bw.WriteByte('\t')
			bw.WriteString(a)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

func lineNote(line int) string {
	if line > 0 {
		return fmt.Sprintf(" (line %d)", line)
	}
	return ""
}
