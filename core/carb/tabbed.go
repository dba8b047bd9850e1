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
	// LeadingBOM holds the byte order marks that started a tabbed file
	// whose first line is an extraction: CaRB keeps them in that line's
	// sentence, and Score keys that line's extraction with them.
	LeadingBOM string
	// ReaderFailure is set when CaRB's own reader stops on the file (a
	// byte order mark on a blank line, any ReVerb file) while oiebench
	// reads it: ScoreWith makes it the Result.Failure of Reference mode.
	ReaderFailure *oie.ReferenceFailure
	Warnings      []oie.Warning
}

// ReadTabbed reads system extractions in CaRB's tabbed form,
// sentence<TAB>confidence<TAB>relation<TAB>arg1<TAB>arg2...; blank lines
// are skipped, and an extraction may have no argument (three columns).
// As CaRB's reader does, the line is stripped of white space (Python's
// str.strip, oie.TrimSpace) before it is split on tabs, so empty fields at
// its end are not arguments: "S<TAB>0.9<TAB>rel<TAB>arg1<TAB>" has one
// argument. Fields inside the line are kept as written: the scorer splits
// on white space anyway.
// It returns every extraction of the file or a *oie.ParseError.
func ReadTabbed(file string, data []byte) (*Predictions, error) {
	lines, err := oie.SplitContentLines(file, data)
	if err != nil {
		return nil, err
	}
	p := &Predictions{Path: file}
	bom := leadingBOMs(data)
	if bom != "" && len(lines) > 0 && lines[0].Num == 1 {
		p.LeadingBOM = bom
	}
	for _, l := range lines {
		text := oie.TrimSpace(l.Text)
		lead := strings.Index(l.Text, text) // columns count in the line as written
		f := strings.Split(text, "\t")
		if len(f) < 3 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(text)),
				Msg: fmt.Sprintf("expected at least 3 tab-separated columns (sentence, confidence, relation, arg1, ...), found %d", len(f)), Err: oie.ErrFieldCount}
		}
		c, err := oie.ParseConfidence(f[1])
		if err != nil {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(f[0])+1),
				Msg: fmt.Sprintf("expected a confidence in column 2, %v", err), Err: oie.ErrSyntax}
		}
		p.Extractions = append(p.Extractions, Prediction{
			Sentence: f[0], Confidence: c, Line: l.Num,
			Tuple: Tuple{Relation: f[2], Args: f[3:]},
		})
	}
	if bom != "" && len(lines) > 0 && lines[0].Num == 1 {
		p.Warnings = append(p.Warnings, oie.Warning{File: file, Line: 1, Msg: "the file starts with a byte order mark, which CaRB's reader keeps in the first sentence: for CaRB, that line's sentence is not aligned with the gold's (as in CaRB); save the file without it to have it aligned"})
	} else if bom != "" {
		p.ReaderFailure = bomOnBlankLine(file)
	}
	if len(p.Extractions) == 0 {
		p.Warnings = append(p.Warnings, oie.Warning{File: file, Msg: "the file holds no extractions"})
	}
	return p, nil
}

// leadingBOMs returns the byte order marks that start data. CaRB opens its
// files as plain UTF-8, which keeps a byte order mark as a character of the
// first line; Python's strip does not remove it, so it stays in the first
// sentence, whose key then matches no other sentence. The gold reader keeps
// it in the text; a system's is kept aside (Predictions.LeadingBOM), for
// Score alone: converted or scored by BenchIE, the sentence is the one
// written.
func leadingBOMs(data []byte) string {
	return string(data[:len(data)-len(oie.TrimBOM(data))])
}

// bomOnBlankLine is the reference's failure on a file whose byte order
// mark stands on a blank line: the line is not blank to CaRB's reader,
// which then finds too few columns on it.
func bomOnBlankLine(file string) *oie.ReferenceFailure {
	return &oie.ReferenceFailure{Scorer: Options{}.Title(), File: file, Line: 1,
		Msg: "the file starts with a byte order mark on a blank line, which CaRB's reader cannot read (the line is not blank to it); oiebench reads it without the mark"}
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

// StrippedByReader warns about the extractions WriteTabbed writes in a form
// CaRB's reader reads differently: a line ending in empty (or white-space)
// arguments loses them when CaRB strips it, so an extraction with an empty
// object has no arg2 for CaRB (and scores 0 against every two-argument gold
// tuple), and one with an empty relation and no argument has too few
// columns. Nil when every extraction reads back as written.
func StrippedByReader(p *Predictions) []oie.Warning {
	var lines []int
	for i, e := range p.Extractions {
		last := e.Relation
		if len(e.Args) > 0 {
			last = e.Args[len(e.Args)-1]
		}
		if oie.TrimSpace(last) == "" {
			lines = append(lines, max(e.Line, i+1))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return []oie.Warning{{File: p.Path, Msg: fmt.Sprintf(
		"%d extraction(s) end with an empty field (an empty object, or an empty relation without arguments): CaRB strips each line before splitting it on tabs, so it reads them with that field gone (an empty object is no arg2, which scores 0 against every two-argument gold tuple): %s",
		len(lines), LineList(lines))}}
}

func lineNote(line int) string {
	if line > 0 {
		return fmt.Sprintf(" (line %d)", line)
	}
	return ""
}
