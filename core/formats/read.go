package formats

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

// Input is a file to read.
type Input struct {
	File string // shown in messages
	Data []byte
	// Pause and Shared are passed on to the readers that take them (see
	// oie.SystemOptions).
	Pause  func()
	Shared bool
	// EachObject is passed on to the JSON Lines reader (oie.SystemOptions).
	EachObject oie.JSONObjectFunc
}

// contentLines splits the file into its lines that are not blank, sharing
// the file's memory when it is Shared.
func (in Input) contentLines() ([]oie.Line, error) {
	if in.Shared {
		return oie.SplitContentLinesShared(in.File, in.Data)
	}
	return oie.SplitContentLines(in.File, in.Data)
}

// Extractions are a system file read in some format: by sentence id or by
// sentence text, never both.
type Extractions struct {
	Format *Format
	ByID   *oie.System       // formats that name sentences by id
	ByText *carb.Predictions // formats that name sentences by text
}

// Len is the number of extractions read.
func (x *Extractions) Len() int {
	if x.ByText != nil {
		return len(x.ByText.Extractions)
	}
	return x.ByID.Extractions.Len()
}

type reader func(in Input) (*Extractions, error)

// Read reads a system file in format f; a nil f detects the format (see
// Detect) and is an error naming the candidates when detection is not
// confident. Refused formats are errors that say why.
func Read(in Input, f *Format) (*Extractions, error) {
	if f == nil {
		// A file that is not text is said so, at its first bad byte,
		// rather than of no recognisable format.
		if err := oie.CheckText(in.File, in.Data, in.Pause); err != nil {
			return nil, err
		}
		d := detect(in.Data, in.Pause)
		if err := d.SystemError(in.File); err != nil {
			return nil, err
		}
		f = d.Format
	} else if d := detect(in.Data, in.Pause); d.Format != nil && d.Format != f && d.Format.Role == Refused {
		// A format chosen by name does not make a file that can never be
		// scored (CoNLL tokens, CoreNLP without sentences) readable: its
		// word indexes or confidences would pass for sentence ids.
		return nil, &oie.ParseError{File: in.File, Line: 1, Err: ErrRefused,
			Msg: fmt.Sprintf("asked to read it as %s, but this looks like %s: %s", f.Label, d.Format.Label, d.Format.Refusal)}
	} else if d.Format != nil && d.Format != f && d.Format.byHeader {
		// Nor does it read a file whose header names other columns.
		return nil, &oie.ParseError{File: in.File, Line: 1, Err: ErrRefused,
			Msg: fmt.Sprintf("asked to read it as %s, but its first line is the header of %s, which names other columns: read as %s, they would be shifted; read it as %s",
				f.Label, d.Format.Label, f.Label, d.Format.Name)}
	}
	if f.read == nil {
		if f.Role == Refused {
			return nil, &oie.ParseError{File: in.File, Line: 1, Msg: fmt.Sprintf("read as %s: %s", f.Label, f.Refusal), Err: ErrRefused}
		}
		return nil, &oie.ParseError{File: in.File, Msg: fmt.Sprintf("a %s is not system extractions", f.Label), Err: ErrRefused}
	}
	x, err := f.read(in)
	if err != nil {
		return nil, err
	}
	x.Format = f
	if x.ByID != nil {
		x.ByID.Format = oie.Format(f.Name)
	}
	return x, nil
}

// lineReader walks the lines of a text file for the readers below and
// keeps the tally of lines skipped.
type lineReader struct {
	file    string
	lines   []oie.Line
	preds   *carb.Predictions
	skipped []int // lines skipped, as the reference reader skips them
	why     string
	notes   []oie.Warning
}

// newLineReader splits the file into its lines that are not blank: every
// line format here skips those, as the reference readers do.
func newLineReader(in Input) (*lineReader, error) {
	lines, err := in.contentLines()
	if err != nil {
		return nil, err
	}
	return &lineReader{file: in.File, lines: lines, preds: &carb.Predictions{Path: in.File}}, nil
}

func (r *lineReader) add(sentence string, conf float64, line int, rel string, args ...string) {
	r.preds.Extractions = append(r.preds.Extractions, carb.Prediction{Sentence: sentence, Confidence: conf, Line: line,
		Tuple: carb.Tuple{Relation: rel, Args: args}})
}

func (r *lineReader) skip(line int, why string) {
	r.skipped = append(r.skipped, line)
	if r.why == "" {
		r.why = why
	}
}

// warnLines notes, when lines is not empty, a warning that ends with them.
func (r *lineReader) warnLines(lines []int, msg string) {
	if len(lines) > 0 {
		r.notes = append(r.notes, oie.Warning{File: r.file, Msg: fmt.Sprintf("%d %s (%s)", len(lines), msg, carb.LineList(lines))})
	}
}

func (r *lineReader) errAt(l oie.Line, off int, kind error, format string, args ...any) error {
	return &oie.ParseError{File: r.file, Line: l.Num, Column: oie.Column(l.Text, off), Msg: fmt.Sprintf(format, args...), Err: kind}
}

// done returns what was read, with one warning for the lines skipped.
func (r *lineReader) done() (*Extractions, error) {
	if n := len(r.skipped); n > 0 {
		r.preds.Warnings = append(r.preds.Warnings, oie.Warning{File: r.file,
			Msg: fmt.Sprintf("%d line(s) skipped (%s), as the reference reader skips them: %s", n, r.why, carb.LineList(r.skipped))})
	}
	r.preds.Warnings = append(r.preds.Warnings, r.notes...)
	if len(r.preds.Extractions) == 0 {
		r.preds.Warnings = append(r.preds.Warnings, oie.Warning{File: r.file, Msg: "the file holds no extractions"})
	}
	return &Extractions{ByText: r.preds}, nil
}

// fields splits a line trimmed as the reference readers trim it (Python's
// str.strip, so trailing empty columns go) into tab-separated fields, with
// the byte offset of each field in the line.
func fields(text string) ([]string, []int) {
	t := oie.TrimSpace(text)
	lead := strings.Index(text, t)
	f := strings.Split(t, "\t")
	offs := make([]int, len(f))
	at := lead
	for i, s := range f {
		offs[i] = at
		at += len(s) + 1
	}
	return f, offs
}

// number reads a confidence: a finite number, what oie.ParseConfidence
// takes, without making its error (detecting a format asks this of every
// column of 200 lines, and the errors' formatting was most of detecting
// in the page).
func number(s string) (float64, bool) {
	c, ok := oie.PythonFloat(s)
	if !ok || math.IsNaN(c) || math.IsInf(c, 0) {
		return 0, false
	}
	return c, true
}

// confidence reads field k of a line as a confidence, or is the error at
// its column, which says what was found (oie.ParseConfidence).
func (r *lineReader) confidence(l oie.Line, f []string, offs []int, k int) (float64, error) {
	c, err := oie.ParseConfidence(f[k])
	if err != nil {
		return 0, r.errAt(l, offs[k], oie.ErrSyntax, "expected a confidence in column %d, %v", k+1, err)
	}
	return c, nil
}

func readBenchIETSV(in Input) (*Extractions, error) {
	s, err := oie.ReadSystem(in.File, in.Data, oie.SystemOptions{Format: oie.FormatTSV, Pause: in.Pause, Shared: in.Shared})
	if err != nil {
		return nil, err
	}
	return &Extractions{ByID: s}, nil
}

func readJSONL(in Input) (*Extractions, error) {
	s, err := oie.ReadSystem(in.File, in.Data, oie.SystemOptions{Format: oie.FormatJSONL, Pause: in.Pause, Shared: in.Shared, EachObject: in.EachObject})
	if err != nil {
		return nil, err
	}
	return &Extractions{ByID: s}, nil
}

func readCaRBTabbed(in Input) (*Extractions, error) {
	p, err := carb.ReadTabbed(in.File, in.Data)
	if err != nil {
		return nil, err
	}
	return &Extractions{ByText: p}, nil
}

// argText is the text of an OpenIE 4/5 argument or relation,
// Name(text,List(...)): what lies between the first "(" and ",List(".
func argText(s string) (string, bool) {
	i := strings.IndexByte(s, '(')
	j := strings.Index(s, ",List(")
	if i < 0 || j < i {
		return "", false
	}
	return s[i+1 : j], true
}

// readColumnar reads OpenIE 4 (five: false) or OpenIE 5 columnar output.
func readColumnar(five bool) reader {
	return func(in Input) (*Extractions, error) {
		r, err := newLineReader(in)
		if err != nil {
			return nil, err
		}
		var nary []int // OpenIE 4 lines whose column 5 holds several arguments
		for _, l := range r.lines {
			f, offs := fields(l.Text)
			if len(f) < 6 {
				return nil, r.errAt(l, len(l.Text), oie.ErrFieldCount,
					"expected 6 tab-separated columns (confidence, context, arg1, relation, arg2, sentence), found %d", len(f))
			}
			conf, err := r.confidence(l, f, offs, 0)
			if err != nil {
				return nil, err
			}
			if f[2] == "" || f[3] == "" || f[4] == "" {
				r.skip(l.Num, "an argument or the relation is missing")
				continue
			}
			var texts [3]string
			for k := range texts {
				var ok bool
				if texts[k], ok = argText(f[2+k]); !ok {
					return nil, r.errAt(l, offs[2+k], oie.ErrSyntax, "expected Name(text,List(...)) in column %d, found %q", 3+k, abbreviate(f[2+k]))
				}
			}
			arg1, rel := texts[0], texts[1]
			args := []string{arg1, texts[2]}
			if !five && strings.Contains(f[4], ");") {
				nary = append(nary, l.Num)
			}
			if five {
				args = args[:1]
				for _, part := range strings.Split(f[4], ");") {
					a, ok := argText(part)
					if !ok {
						return nil, r.errAt(l, offs[4], oie.ErrSyntax, "expected arguments Name(text,List(...)) joined by \"; \" in column 5, found %q", abbreviate(part))
					}
					args = append(args, a)
				}
				if f[1] != "" {
					ctx, ok := argText(f[1])
					if !ok {
						return nil, r.errAt(l, offs[1], oie.ErrSyntax, "expected Context(text,List(...)) in column 2, found %q", abbreviate(f[1]))
					}
					if !strings.HasPrefix(arg1+" "+rel, ctx) {
						args[0] = ctx + " " + arg1
					}
				}
			}
			r.add(f[5], conf, l.Num, rel, args...)
		}
		// OpenIE 4.2 writes n-ary extractions as OpenIE 5 does; the
		// reference OpenIE 4 reader keeps the first argument only.
		r.warnLines(nary, "line(s) hold several arguments in column 5, joined by \"; \" (as OpenIE 4.2 and OpenIE 5 write them): read as OpenIE 4, only the first is kept, as CaRB's OpenIE 4 reader keeps it; read the file as openie5 to keep them all")
		return r.done()
	}
}

func readClausIE(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	sentence, seen := "", false
	var bare []int // lines with a slot not in quotes
	for _, l := range r.lines {
		f, offs := fields(l.Text)
		switch len(f) {
		case 1:
			sentence, seen = f[0], true
		case 5:
			if !seen {
				return nil, r.errAt(l, 0, oie.ErrSyntax, "extraction before any sentence line: expected the sentence first")
			}
			conf, err := r.confidence(l, f, offs, 4)
			if err != nil {
				return nil, err
			}
			if !quoted(f[1]) || !quoted(f[2]) || !quoted(f[3]) {
				bare = append(bare, l.Num)
			}
			r.add(sentence, conf, l.Num, cutEnds(f[2]), cutEnds(f[1]), cutEnds(f[3]))
		default:
			r.skip(l.Num, "neither a sentence nor 5 columns")
		}
	}
	r.warnLines(bare, "extraction line(s) have a slot not in quotes: CaRB's ClausIE reader cuts the first and last character of every slot, quoted or not, and so does this reading; is this a ClausIE file")
	return r.done()
}

// cutEnds removes the first and last character of a ClausIE slot, as
// CaRB's reader does: they are the quotes ClausIE writes around it, and
// are cut whether they are quotes or not.
func cutEnds(s string) string {
	_, first := utf8.DecodeRuneInString(s)
	_, last := utf8.DecodeLastRuneInString(s)
	if first+last >= len(s) {
		return ""
	}
	return s[first : len(s)-last]
}

// tabular is a format of one extraction a line in tab-separated columns
// at fixed places: PropS, ReVerb (and CoreNLP's -format reverb), Ollie.
type tabular struct {
	minCols        int
	columns        string // what they are, for the error that counts them
	conf, sentence int    // their columns (0-based)
	header         bool   // the first line that is not blank is a header
	tuple          func(f []string) (rel string, args []string)
}

func (t tabular) read(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	header := t.header
	for _, l := range r.lines {
		if header {
			header = false
			continue
		}
		f, offs := fields(l.Text)
		if len(f) < t.minCols {
			return nil, r.errAt(l, len(l.Text), oie.ErrFieldCount, "expected at least %d tab-separated columns (%s), found %d", t.minCols, t.columns, len(f))
		}
		conf, err := r.confidence(l, f, offs, t.conf)
		if err != nil {
			return nil, err
		}
		rel, args := t.tuple(f)
		r.add(f[t.sentence], conf, l.Num, rel, args...)
	}
	return r.done()
}

var (
	// PropS: the arguments are every second column from the fifth on,
	// after their labels; an extraction may have none.
	readPropS = tabular{minCols: 3, columns: "confidence, sentence, relation, label, argument, ...", conf: 0, sentence: 1,
		tuple: func(f []string) (string, []string) {
			var args []string
			for k := 4; k < len(f); k += 2 {
				args = append(args, f[k])
			}
			return f[2], args
		}}.read
	readReVerb = tabular{minCols: 13, columns: "file, sentence number, arg1, relation, arg2, 6 offsets, confidence, sentence", conf: 11, sentence: 12,
		tuple: func(f []string) (string, []string) { return f[3], []string{f[2], f[4]} }}.read
	readOllie = tabular{minCols: 7, columns: "confidence, arg1, relation, arg2, enabler, attribution, sentence", conf: 0, sentence: 6, header: true,
		tuple: func(f []string) (string, []string) { return f[2], []string{f[1], f[3]} }}.read
)

// readReVerbNative reads ReVerb's own output with the fields CaRB's
// tabbed route would take (sentence 13, confidence 12, relation 4, arg1 3,
// arg2 5), and marks that CaRB's ReVerb reader cannot read it: it fails on
// every file, so no published CaRB number exists for one (carb.md, turn 3).
func readReVerbNative(in Input) (*Extractions, error) {
	x, err := readReVerb(in)
	if err != nil {
		return nil, err
	}
	x.ByText.ReaderFailure = carb.ReaderFailure("reverb", in.File, carb.Options{})
	return x, nil
}

func readAllenNLP(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	for _, l := range r.lines {
		f, offs := fields(l.Text)
		if len(f) < 2 {
			return nil, r.errAt(l, len(l.Text), oie.ErrFieldCount, "expected sentence<TAB>tagged extraction<TAB>confidence, found 1 column")
		}
		conf := 1.0
		if len(f) > 2 {
			if conf, err = r.confidence(l, f, offs, 2); err != nil {
				return nil, err
			}
		}
		a1, rel, a2 := tagged(f[1], "arg1"), tagged(f[1], "rel"), tagged(f[1], "arg2")
		if a1 == "" && rel == "" && a2 == "" {
			r.skip(l.Num, "no <arg1>, <rel> or <arg2> text")
			continue
		}
		r.add(f[0], conf, l.Num, rel, a1, a2)
	}
	return r.done()
}

// tagged returns the trimmed text between <tag> and </tag>, or "".
func tagged(s, tag string) string {
	_, rest, ok := strings.Cut(s, "<"+tag+">")
	if !ok {
		return ""
	}
	text, _, _ := strings.Cut(rest, "</"+tag+">")
	return oie.TrimSpace(text)
}

func readCoreNLPWithID(in Input) (*Extractions, error) {
	lines, err := in.contentLines()
	if err != nil {
		return nil, err
	}
	s := &oie.System{Path: in.File, HasConfidence: true}
	for _, l := range lines {
		f := strings.Split(l.Text, "\t")
		if len(f) < 5 {
			return nil, &oie.ParseError{File: in.File, Line: l.Num, Column: oie.Column(l.Text, len(l.Text)), Err: oie.ErrFieldCount,
				Msg: fmt.Sprintf("expected 5 tab-separated columns (sentence id, confidence, subject, relation, object), found %d", len(f))}
		}
		conf, err := oie.ParseConfidence(f[1])
		if err != nil {
			return nil, &oie.ParseError{File: in.File, Line: l.Num, Column: oie.Column(l.Text, len(f[0])+1), Err: oie.ErrSyntax,
				Msg: fmt.Sprintf("expected a confidence in column 2, %v", err)}
		}
		id := oie.TrimSpace(f[0])
		if id == "" {
			return nil, &oie.ParseError{File: in.File, Line: l.Num, Column: 1, Err: oie.ErrEmptyField, Msg: "empty sentence id: expected the id of a gold sentence in column 1"}
		}
		e := oie.Extraction{SentID: id, Triple: oie.Triple{Subject: f[2], Relation: f[3], Object: f[4]}, Confidence: conf, HasConfidence: true, Line: l.Num}
		if len(f) > 5 {
			e.Extra = f[5:]
		}
		s.Extractions.Append(e)
	}
	if s.Extractions.Len() == 0 {
		s.HasConfidence = false
		s.Warnings = append(s.Warnings, oie.Warning{File: in.File, Msg: "the file holds no extractions"})
	}
	return &Extractions{ByID: s}, nil
}

func abbreviate(s string) string {
	const n = 60
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
