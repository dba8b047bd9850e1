package oie

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// Format names an input format of system extractions.
type Format string

// The system formats ReadSystem understands.
const (
	FormatAuto  Format = ""            // not chosen: the registry (core/formats) detects it; ReadSystem refuses it
	FormatTSV   Format = "benchie-tsv" // sent_id<TAB>subject<TAB>relation<TAB>object[<TAB>arg...][<TAB>confidence]
	FormatJSONL Format = "jsonl"       // one {"sent_id","subject","relation","object","arguments","confidence"} a line
)

// ConfidenceMode says how a TSV file's columns after the object are read.
type ConfidenceMode int

const (
	// ConfidenceAuto reads the last column as a confidence when every line
	// has five or more columns and every last column is a number.
	ConfidenceAuto ConfidenceMode = iota
	// ConfidenceColumn requires the last column of every line to be a confidence.
	ConfidenceColumn
	// ConfidenceNone reads every column after the object as an argument.
	ConfidenceNone
)

// SystemOptions tune ReadSystem.
type SystemOptions struct {
	// Format is FormatTSV or FormatJSONL: a file's format is detected by
	// the registry (core/formats), never here.
	Format     Format
	Confidence ConfidenceMode
	// Pause, when set, is called every PauseEvery lines (and between
	// megabytes while the text is checked): the page yields to the browser.
	Pause func()
	// Shared lets the extractions share data's memory instead of a copy:
	// data must then never change (see TextOf).
	Shared bool
	// EachObject, when set, is given each JSON Lines extraction's object as
	// read, so a caller reads its own fields without parsing the line again.
	EachObject JSONObjectFunc
}

// JSONObjectFunc is given a JSON Lines line and its object (SystemOptions).
type JSONObjectFunc func(l Line, obj gjson.Result)

// System is one system's extractions, as read from one file.
type System struct {
	Path          string
	Format        Format
	HasConfidence bool // every extraction carries a confidence
	Extractions   Extractions
	Warnings      []Warning
	// OpenLastLine is the number of the file's last line when no line break
	// ends it, else 0 (the BenchIE^FL reference cuts a character there).
	OpenLastLine int
	// BOM, BlankLines and HeaderLine record what the reader skipped: a
	// byte-order mark (the BenchIE script keeps it in the first line's id),
	// lines of white space only (FirstBlankLine is the first of them, 0 if
	// none), a header row's line number (0: none). The reference scripts
	// crash on blank lines; BenchIE^FL's on each of these.
	BOM            bool
	BlankLines     int
	FirstBlankLine int
	HeaderLine     int
}

// ReadSystem reads system extractions from data; file names the input in
// messages. It returns every extraction of the file or an error.
func ReadSystem(file string, data []byte, opt SystemOptions) (*System, error) {
	format := opt.Format
	if format != FormatTSV && format != FormatJSONL {
		return nil, &ParseError{File: file, Msg: fmt.Sprintf("unknown system format %q: expected %s or %s (core/formats reads the others and detects formats)", format, FormatTSV, FormatJSONL), Err: ErrSyntax}
	}
	if err := CheckText(file, data, opt.Pause); err != nil {
		return nil, err
	}
	text := TrimBOM(data)
	src := normalCR(stringOf(text, opt.Shared))
	exts, err := extractionsIn(src) // the lines' strings are cut from src
	if err != nil {
		return nil, &ParseError{File: file, Msg: err.Error(), Err: ErrTooLarge}
	}
	lines := splitText(src, true, opt.Pause) // both formats skip blank lines
	count := lineCount(text, opt.Pause)
	sys := &System{Path: file, Format: format, BOM: len(text) < len(data), Extractions: exts,
		BlankLines: count - len(lines), FirstBlankLine: firstBlankLine(lines, count)}
	if sys.BOM && len(text) == 0 { // the BOM alone is a line, which holds nothing else
		sys.FirstBlankLine = 1
	}
	if n := len(lines); n > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r' {
		sys.OpenLastLine = lines[n-1].Num
	}
	switch format {
	case FormatTSV:
		err = readTSV(sys, lines, opt.Confidence, opt.Pause)
	case FormatJSONL:
		err = readJSONL(sys, lines, opt.Pause, opt.EachObject)
	}
	if err != nil {
		return nil, err
	}
	if sys.Extractions.Len() == 0 {
		sys.Warnings = append(sys.Warnings, Warning{File: file, Msg: "the file holds no extractions"})
	}
	return sys, nil
}

// firstBlankLine returns the number of the first line that holds only
// white space, given the lines that are not blank and the count of all
// lines (as Python's universal newlines count them); 0 if none.
func firstBlankLine(lines []Line, count int) int {
	for k, l := range lines {
		if l.Num != k+1 {
			return k + 1
		}
	}
	if len(lines) < count {
		return len(lines) + 1
	}
	return 0
}

// readTSV and readJSONL read the lines of a file that are not blank
// (ReadSystem leaves those out).
func readTSV(sys *System, lines []Line, mode ConfidenceMode, pause func()) error {
	// One pass reads every line, the columns after the object as
	// arguments; a second, when the last column is a confidence, moves it.
	if len(lines) > 0 {
		if names, ok := headerRow(lines[0].Text); ok {
			// Column names, not an extraction: read as one, the row would name
			// a sentence "sent_id" and, worse, keep a confidence column from
			// being taken for one (its values would join the object).
			sys.HeaderLine = lines[0].Num
			sys.Warnings = append(sys.Warnings, Warning{File: sys.Path, Line: lines[0].Num, Column: 1,
				Msg: fmt.Sprintf("a header row (%s): read as column names, not as an extraction", strings.Join(names, ", "))})
			if mode == ConfidenceAuto { // the names say what the last column is
				mode = ConfidenceNone
				if len(names) >= 5 && isConfidenceName(names[len(names)-1]) {
					mode = ConfidenceColumn
				}
			}
			lines = lines[1:]
		}
	}
	sys.Extractions.rows = make([]extractionRow, 0, len(lines))
	allConf := true // every line has five or more columns, the last a number
	for k, l := range lines {
		if pause != nil && k%PauseEvery == PauseEvery-1 {
			pause()
		}
		// White space before the id, a tab included, is dropped, as the
		// BenchIE script (which strips every line) drops it.
		text := strings.TrimLeftFunc(l.Text, IsSpace)
		var head [4]string
		n, rest := 0, text
		for n < 4 {
			i := strings.IndexByte(rest, '\t')
			if i < 0 {
				head[n], rest = rest, ""
				n++
				break
			}
			head[n], rest = rest[:i], rest[i+1:]
			n++
		}
		if n < 4 {
			msg := fmt.Sprintf("expected at least 4 tab-separated columns (sent_id, subject, relation, object), found %d", n)
			if len(text) < len(l.Text) {
				msg += " after the white space that starts the line (tabs too), which is dropped as the BenchIE script drops it"
			}
			return &ParseError{File: sys.Path, Line: l.Num, Column: Column(l.Text, len(l.Text)), Msg: msg, Err: ErrFieldCount}
		}
		id := TrimSpace(head[0]) // not empty: text starts with no white space
		e := Extraction{SentID: id, Triple: Triple{head[1], head[2], head[3]}, Line: l.Num, IDSpaced: !strings.HasSuffix(head[0], id), Indented: len(text) < len(l.Text)}
		if len(text) > len(head[0])+len(head[1])+len(head[2])+len(head[3])+3 { // more columns
			e.Extra = strings.Split(rest, "\t")
			if allConf {
				allConf = isNumber(e.Extra[len(e.Extra)-1])
			}
		} else {
			allConf = false
		}
		if err := sys.Extractions.add(e); err != nil {
			return &ParseError{File: sys.Path, Line: l.Num, Column: 1, Msg: err.Error(), Err: ErrTooLarge}
		}
	}
	withConf := mode == ConfidenceColumn || (mode == ConfidenceAuto && sys.Extractions.Len() > 0 && allConf)
	sys.HasConfidence = withConf && sys.Extractions.Len() > 0
	if !withConf {
		return nil
	}
	// The last argument of each row becomes its confidence; the arguments
	// kept move down over the confidences' places.
	x := &sys.Extractions
	kept := uint32(0)
	for i := range x.rows {
		r := &x.rows[i]
		text := lines[i].Text // one extraction a line: blank lines are not in lines
		if r.nargs == 0 {
			return &ParseError{File: sys.Path, Line: int(r.line), Column: Column(text, len(text)), Msg: "expected a confidence in column 5", Err: ErrFieldCount}
		}
		last := x.str(x.args[r.args+r.nargs-1])
		c, err := ParseConfidence(last)
		if err != nil {
			return &ParseError{File: sys.Path, Line: int(r.line), Column: Column(text, len(text)-len(last)),
				Msg: fmt.Sprintf("expected a confidence in the last column, %v", err), Err: ErrSyntax}
		}
		r.confidence, r.flags = c, r.flags|hasConfidence
		copy(x.args[kept:], x.args[r.args:r.args+r.nargs-1])
		r.args, r.nargs = kept, r.nargs-1
		kept += r.nargs
	}
	x.args = x.args[:kept]
	return nil
}

// headerRow tells whether a BenchIE TSV line is a row of column names
// (sent_id, subject, relation, object, ...), as spreadsheets and pandas
// write them, and returns them. Every column must be a name such files use:
// a sentence id never is one.
func headerRow(line string) ([]string, bool) {
	cols := strings.Split(line, "\t")
	if len(cols) < 4 {
		return nil, false
	}
	names := make([]string, len(cols))
	for i, c := range cols {
		n := strings.ToLower(strings.Join(strings.Fields(c), "_"))
		if !headerNames[n] && !isConfidenceName(n) {
			return nil, false
		}
		names[i] = TrimSpace(c)
	}
	return names, idNames[strings.ToLower(strings.Join(strings.Fields(cols[0]), "_"))]
}

// idNames name the sentence id column; headerNames every other column.
var (
	idNames     = map[string]bool{"sent_id": true, "sentence_id": true, "sentid": true, "sid": true, "id": true, "sent": true, "sentence": true}
	headerNames = map[string]bool{"sent_id": true, "sentence_id": true, "sentid": true, "sid": true, "id": true, "sent": true, "sentence": true,
		"subject": true, "subj": true, "arg1": true, "arg0": true, "head": true,
		"relation": true, "rel": true, "predicate": true, "pred": true,
		"object": true, "obj": true, "arg2": true, "tail": true, "arg3": true, "arg4": true, "argument": true, "arguments": true, "args": true}
)

// isConfidenceName tells whether a column name is a confidence's.
func isConfidenceName(n string) bool {
	switch strings.ToLower(n) {
	case "confidence", "conf", "score", "probability", "prob":
		return true
	}
	return false
}

// ParseConfidence reads a confidence as CaRB's readers read one (Python's
// float), but only a finite one: NaN cannot be ordered among confidences,
// and an infinite one, which Python writes for float('-inf') and CaRB takes
// as the lowest of all, would be a threshold no report can show. The error
// says what was found, and for an infinity what to write instead; every
// reader's message that names a confidence's column ends with it.
func ParseConfidence(s string) (float64, error) {
	const infiniteConfidence = "found %q, an infinite confidence: CaRB's reader takes it as the %s of all, but a threshold must be a finite number to be reported; " +
		"write instead a number %s than every other confidence of the file: the extractions are then ordered as CaRB orders them, and every score is CaRB's (the threshold shown aside)"
	c, ok := PythonFloat(s)
	switch {
	case !ok:
		return 0, fmt.Errorf("found %q", s)
	case math.IsNaN(c):
		return 0, fmt.Errorf("found %q, which is not a number and cannot be ordered among confidences", s)
	case math.IsInf(c, -1):
		return 0, fmt.Errorf(infiniteConfidence, s, "lowest", "lower")
	case math.IsInf(c, 1):
		return 0, fmt.Errorf(infiniteConfidence, s, "highest", "higher")
	}
	return c, nil
}

// PythonFloat reads s as Python's float() does, the reference scripts'
// reading of a confidence: surrounding space is left out, and infinities and
// NaN are numbers, as is a value out of range (1e999 is an infinity). ok is
// false for anything else.
func PythonFloat(s string) (c float64, ok bool) {
	s = TrimSpace(s)
	if !floatSpelling(s) {
		return 0, false // what ParseFloat says, without its error, a copy of s
	}
	c, err := strconv.ParseFloat(s, 64)
	if errors.Is(err, strconv.ErrRange) && math.IsInf(c, 0) {
		return c, true
	}
	return c, err == nil
}

// floatSpelling reports whether s has only bytes that strconv.ParseFloat
// reads (digits, letters for hex, exponents, inf and nan, signs, '.' and
// '_'). Detecting a format asks PythonFloat of every column of 200 lines,
// most of them words: each ParseFloat error copied its column.
func floatSpelling(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20 // a letter in lower case
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'z' || s[i] == '+' || s[i] == '-' || s[i] == '.' || s[i] == '_') {
			return false
		}
	}
	return true
}

// isNumber: what Python's float reads: a column of them is a confidence
// column, which ParseConfidence then reads.
func isNumber(s string) bool {
	_, ok := PythonFloat(s)
	return ok
}

// jsonlPauseEvery: a JSON Lines extraction costs several times a TSV line
// (its JSON checked, each key looked up): 1,024 lines of a class's
// 10-key submission held the page's thread for 80 ms.
const jsonlPauseEvery = PauseEvery / 4

func readJSONL(sys *System, lines []Line, pause func(), each JSONObjectFunc) error {
	allConf := true
	for k, l := range lines {
		if pause != nil && k%jsonlPauseEvery == jsonlPauseEvery-1 {
			pause()
		}
		text := l.Text
		if off, msg := CheckJSON(text); off >= 0 {
			return &ParseError{File: sys.Path, Line: l.Num, Column: Column(text, off), Msg: "invalid JSON: " + msg + " (expected one JSON object a line)", Err: ErrSyntax}
		}
		obj := gjson.Parse(text)
		if !obj.IsObject() {
			return &ParseError{File: sys.Path, Line: l.Num, Column: Column(text, obj.Index), Msg: "expected a JSON object", Err: ErrSyntax}
		}
		e := Extraction{Line: l.Num}
		id := obj.Get("sent_id")
		switch id.Type {
		case gjson.String, gjson.Number:
			e.SentID = TrimSpace(id.String())
		case gjson.Null:
			if !id.Exists() {
				return &ParseError{File: sys.Path, Line: l.Num, Column: 1, Msg: `missing "sent_id": expected the id of a gold sentence`, Err: ErrEmptyField}
			}
			fallthrough
		default:
			return jsonFieldError(sys.Path, l, id, `"sent_id" must be a string or a number`)
		}
		if e.SentID == "" {
			return jsonFieldError(sys.Path, l, id, `empty "sent_id": expected the id of a gold sentence`)
		}
		slots := [3]*string{&e.Subject, &e.Relation, &e.Object}
		for i, key := range [3]string{"subject", "relation", "object"} {
			v := obj.Get(key)
			if !v.Exists() {
				return &ParseError{File: sys.Path, Line: l.Num, Column: 1, Msg: fmt.Sprintf("missing %q: expected a string", key), Err: ErrEmptyField}
			}
			if v.Type != gjson.String {
				return jsonFieldError(sys.Path, l, v, fmt.Sprintf("%q must be a string", key))
			}
			*slots[i] = v.String()
		}
		if args := obj.Get("arguments"); args.Exists() && args.Type != gjson.Null {
			extra, err := StringArray(args, `"arguments"`, func(v gjson.Result, msg string) error { return jsonFieldError(sys.Path, l, v, msg) })
			if err != nil {
				return err
			}
			e.Extra = append(e.Extra, extra...)
		}
		if c := obj.Get("confidence"); c.Exists() && c.Type != gjson.Null {
			if c.Type != gjson.Number {
				return jsonFieldError(sys.Path, l, c, `"confidence" must be a number`)
			}
			e.Confidence, e.HasConfidence = c.Float(), true
		} else {
			allConf = false
		}
		if err := sys.Extractions.add(e); err != nil {
			return &ParseError{File: sys.Path, Line: l.Num, Column: 1, Msg: err.Error(), Err: ErrTooLarge}
		}
		if each != nil {
			each(l, obj)
		}
	}
	sys.HasConfidence = allConf && sys.Extractions.Len() > 0
	return nil
}

// maxJSONDepth bounds the nesting of JSON input (a JSON Lines extraction
// needs 2: an object holding an "arguments" array; WiRe57 and AnnIE files
// need a few more). gjson validates by recursion, one call per level, and
// under js/wasm a value nested some ten thousand levels deep exhausts the
// stack of the page or the Worker.
const maxJSONDepth = 100

func jsonFieldError(file string, l Line, v gjson.Result, msg string) error {
	return &ParseError{File: file, Line: l.Num, Column: Column(l.Text, v.Index), Msg: msg, Err: ErrSyntax}
}
