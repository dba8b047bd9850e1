package oie_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestMalformedSystems lists broken inputs with the exact position and kind
// of the error each must report.
func TestMalformedSystems(t *testing.T) {
	for _, c := range []struct {
		name, in  string
		format    oie.Format
		conf      oie.ConfidenceMode
		line, col int
		kind      error
		msg       string
	}{
		{"three columns", "1\ta\tb\tc\n2\ta\tb\n", oie.FormatTSV, 0, 2, 6, oie.ErrFieldCount, "sys:2:6: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3"},
		{"one column", "\n\nhello\n", oie.FormatTSV, 0, 3, 6, oie.ErrFieldCount, ""},
		// White space before the id, a tab too, is dropped (the BenchIE
		// script strips each line): an empty first column is no id.
		{"empty id", "1\ta\tb\tc\n \ta\tb\tc\n", oie.FormatTSV, 0, 2, 8, oie.ErrFieldCount,
			"sys:2:8: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3 after the white space that starts the line (tabs too), which is dropped as the BenchIE script drops it"},
		{"bad confidence", "1\ta\tb\tc\t0.5\n2\ta\tb\tc\thigh\n", oie.FormatTSV, oie.ConfidenceColumn, 2, 9, oie.ErrSyntax, ""},
		{"missing confidence", "1\ta\tb\tc\n", oie.FormatTSV, oie.ConfidenceColumn, 1, 8, oie.ErrFieldCount, ""},
		// A last column of numbers, one of them Python's -inf: a confidence
		// column (not arguments joined to the object), and that one refused.
		{"infinite confidence", "1\ta\tb\tc\t0.5\n2\ta\tb\tc\t-inf\n", oie.FormatTSV, 0, 2, 9, oie.ErrSyntax,
			`sys:2:9: expected a confidence in the last column, found "-inf", an infinite confidence: CaRB's reader takes it as the lowest of all, but a threshold must be a finite number to be reported; write instead a number lower than every other confidence of the file: the extractions are then ordered as CaRB orders them, and every score is CaRB's (the threshold shown aside)`},
		{"NaN confidence", "1\ta\tb\tc\tnan\n2\ta\tb\tc\t0.5\n", oie.FormatTSV, 0, 1, 9, oie.ErrSyntax, ""},
		{"invalid utf-8", "1\ta\tb\tc\n2\ta\t\xff\tc\n", oie.FormatTSV, 0, 2, 5, oie.ErrEncoding, ""},
		{"nul byte", "1\ta\tb\tc\x00\n", oie.FormatTSV, 0, 1, 8, oie.ErrEncoding, ""},
		{"utf-8 column counts characters", "1\täöü\tb\n", oie.FormatTSV, 0, 1, 8, oie.ErrFieldCount, ""},
		{"json syntax", `{"sent_id": "1", "subject": "a", "relation": "b", "object": "c"}` + "\n" + `{"sent_id": "1", "subject": "a",, }`, oie.FormatJSONL, 0, 2, 33, oie.ErrSyntax, ""},
		{"json not object", "[1, 2]\n", oie.FormatJSONL, 0, 1, 1, oie.ErrSyntax, ""},
		{"json missing slot", `{"sent_id": 1, "subject": "a", "object": "c"}`, oie.FormatJSONL, 0, 1, 1, oie.ErrEmptyField, `sys:1:1: missing "relation": expected a string`},
		{"json wrong type", `{"sent_id": 1, "subject": "a", "relation": 5, "object": "c"}`, oie.FormatJSONL, 0, 1, 44, oie.ErrSyntax, ""},
		{"json bad id", `{"sent_id": [1], "subject": "a", "relation": "b", "object": "c"}`, oie.FormatJSONL, 0, 1, 13, oie.ErrSyntax, ""},
		{"json bad argument", `{"sent_id": 1, "subject": "a", "relation": "b", "object": "c", "arguments": ["x", 3]}`, oie.FormatJSONL, 0, 1, 83, oie.ErrSyntax, ""},
		{"json bad confidence", `{"sent_id": 1, "subject": "a", "relation": "b", "object": "c", "confidence": "0.3"}`, oie.FormatJSONL, 0, 1, 78, oie.ErrSyntax, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := oie.ReadSystem("sys", []byte(c.in), oie.SystemOptions{Format: c.format, Confidence: c.conf})
			var pe *oie.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ParseError", err)
			}
			if pe.Line != c.line || pe.Column != c.col || !errors.Is(err, c.kind) {
				t.Fatalf("err = %v (line %d col %d), want line %d col %d, kind %v", err, pe.Line, pe.Column, c.line, c.col, c.kind)
			}
			if c.msg != "" && err.Error() != c.msg {
				t.Fatalf("message %q, want %q", err.Error(), c.msg)
			}
		})
	}
}

func TestReadTSV(t *testing.T) {
	in := "\ufeff1\t He \tserved\tas PM\r\n\r\n2\ta\tb\tc\td\r\n"
	s, err := oie.ReadSystem("s", []byte(in), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != oie.FormatTSV || s.HasConfidence || s.Extractions.Len() != 2 {
		t.Fatalf("%+v", s)
	}
	e := s.Extractions.At(0)
	if e.SentID != "1" || e.Subject != " He " || e.Line != 1 || e.Trimmed().Subject != "He" {
		t.Fatalf("slots are kept as written and trimmed for matching: %+v", e)
	}
	if f := s.Extractions.At(1).Folded(); f.Object != "c d" || s.Extractions.At(1).Line != 3 {
		t.Fatalf("n-ary folding: %+v", f)
	}
}

func TestConfidenceDetection(t *testing.T) {
	s, err := oie.ReadSystem("s", []byte("1\ta\tb\tc\t0.9\n1\ta\tb\tc\tx\t.25\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if !s.HasConfidence || s.Extractions.At(0).Confidence != 0.9 || s.Extractions.At(1).Confidence != 0.25 || len(s.Extractions.At(1).Extra) != 1 {
		t.Fatalf("%+v", s.Extractions)
	}
	// One line without a number: every extra column is an argument.
	s, err = oie.ReadSystem("s", []byte("1\ta\tb\tc\t0.9\n1\ta\tb\tc\tx\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil || s.HasConfidence || s.Extractions.At(0).Extra[0] != "0.9" {
		t.Fatalf("%v %+v", err, s)
	}
}

func TestReadJSONL(t *testing.T) {
	in := `{"sent_id": 3, "subject": "He", "relation": "served", "object": "as", "arguments": ["PM"], "confidence": 0.5}` + "\n\n" +
		`{"sent_id": "4", "subject": "a", "relation": "b", "object": "c", "arguments": null}`
	s, err := oie.ReadSystem("s.jsonl", []byte(in), oie.SystemOptions{Format: oie.FormatJSONL})
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != oie.FormatJSONL || s.HasConfidence || s.Extractions.Len() != 2 {
		t.Fatalf("%+v", s)
	}
	e := s.Extractions.At(0)
	if e.SentID != "3" || e.Folded().Object != "as PM" || !e.HasConfidence || e.Confidence != 0.5 || s.Extractions.At(1).Line != 3 {
		t.Fatalf("%+v", s.Extractions)
	}
}

// The format is chosen, never guessed here: the registry detects formats.
func TestFormatRequired(t *testing.T) {
	_, err := oie.ReadSystem("s", []byte("1\ta\tb\tc\n"), oie.SystemOptions{})
	if err == nil || !strings.Contains(err.Error(), `unknown system format ""`) {
		t.Errorf("no format: %v", err)
	}
}

func TestEmptySystemWarns(t *testing.T) {
	s, err := oie.ReadSystem("s", []byte("\n\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil || len(s.Warnings) != 1 {
		t.Fatalf("%v %+v", err, s)
	}
}

func FuzzReadSystem(f *testing.F) {
	f.Add([]byte("1\ta\tb\tc\n2\ta\tb\tc\t0.5\n"))
	f.Add([]byte("1\ta\tb\n"))
	f.Add([]byte(`{"sent_id": 1, "subject": "a", "relation": "b", "object": "c", "arguments": ["d"], "confidence": 1}`))
	f.Add([]byte("\ufeff{\"sent_id\": [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		for _, format := range []oie.Format{oie.FormatTSV, oie.FormatJSONL} {
			s, err := oie.ReadSystem("f", data, oie.SystemOptions{Format: format})
			// The page's way (its bytes shared, paused now and then) must
			// read exactly the same.
			shared, serr := oie.ReadSystem("f", data, oie.SystemOptions{Format: format, Shared: true, Pause: func() {}})
			if fmt.Sprint(err) != fmt.Sprint(serr) || (err == nil && !reflect.DeepEqual(s.Extractions, shared.Extractions)) {
				t.Fatalf("%s: shared reading differs: %v / %v", format, err, serr)
			}
			if err != nil {
				var pe *oie.ParseError
				if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 0 {
					t.Fatalf("%s: error without a position: %v", format, err)
				}
				continue
			}
			for _, e := range s.Extractions.All() {
				if e.SentID == "" || e.Line < 1 {
					t.Fatalf("%s: extraction without id or line: %+v", format, e)
				}
			}
		}
	})
}

// TestDeepJSON: a line nested far deeper than any extraction is refused at
// the place it gets too deep, before the recursive validator sees it.
func TestDeepJSON(t *testing.T) {
	in := `{"sent_id": "1", "subject": "a", "relation": "b", "object": "c"}` + "\n" + `{"a": ` + strings.Repeat("[", 200000)
	_, err := oie.ReadSystem("s", []byte(in), oie.SystemOptions{Format: oie.FormatJSONL})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != 106 || !strings.Contains(err.Error(), "nested more than 100 levels deep") {
		t.Fatalf("err = %v", err)
	}
	ok := `{"sent_id": "1", "subject": "[[[{", "relation": "b", "object": "c", "arguments": ["\"["]}`
	if _, err := oie.ReadSystem("s", []byte(ok), oie.SystemOptions{Format: oie.FormatJSONL}); err != nil {
		t.Fatalf("brackets inside strings are text: %v", err)
	}
}

// A header row, as spreadsheets and pandas write one, is column names: not
// an extraction of a sentence "sent_id", and its confidence column makes the
// last column of every line a confidence (else the values would join the
// extractions as an argument).
func TestHeaderRow(t *testing.T) {
	s, err := oie.ReadSystem("s", []byte("\nsent_id\tSubject\trelation\tobject\tconfidence\r\n1\ta\tb\tc\t0.9\n2\ta\tb\tc\t0.5\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if s.Extractions.Len() != 2 || !s.HasConfidence || s.Extractions.At(0).Confidence != 0.9 || s.Extractions.At(0).Extra != nil {
		t.Fatalf("%+v", s.Extractions)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 2 || !strings.Contains(s.Warnings[0].Msg, "a header row (sent_id, Subject, relation, object, confidence)") {
		t.Errorf("warnings %+v", s.Warnings)
	}
	// A confidence header needs a confidence on every line, at its place.
	_, err = oie.ReadSystem("s", []byte("id\targ1\trel\targ2\tscore\n1\ta\tb\tc\n"), oie.SystemOptions{Format: oie.FormatTSV})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, "confidence in column 5") {
		t.Errorf("a missing confidence under a confidence header: %v", err)
	}
	// Without a confidence column the extra columns stay arguments.
	s, err = oie.ReadSystem("s", []byte("sent_id\tsubject\trelation\tobject\targ3\n1\ta\tb\tc\t0.9\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil || s.HasConfidence || s.Extractions.Len() != 1 || s.Extractions.At(0).Extra[0] != "0.9" {
		t.Fatalf("%v %+v", err, s)
	}
	// Lines that only look like names are extractions.
	for _, text := range []string{"1\tsubject\trelation\tobject\n", "sent_id\tHe\trelation\tobject\n", "id\tsubject\trelation\n"} {
		s, err := oie.ReadSystem("s", []byte(text), oie.SystemOptions{Format: oie.FormatTSV})
		if err == nil && (s.Extractions.Len() != 1 || len(s.Warnings) != 0) {
			t.Errorf("%q: %+v", text, s)
		}
	}
}

// White space before the id (a tab, an NBSP) is dropped as the BenchIE
// script drops it; the extraction says so, and white space after the id
// is still told apart.
func TestIndentedTSVLines(t *testing.T) {
	sys, err := oie.ReadSystem("sys", []byte("\t1\ta\tb\tc\n\u00a0 2 \ta\tb\tc\td\n3\ta\tb\tc\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id                 string
		indented, idSpaced bool
		extra              int
	}{{"1", true, false, 0}, {"2", true, true, 1}, {"3", false, false, 0}}
	for i, e := range sys.Extractions.All() {
		w := want[i]
		if e.SentID != w.id || e.Indented != w.indented || e.IDSpaced != w.idSpaced || len(e.Extra) != w.extra || e.Triple != (oie.Triple{Subject: "a", Relation: "b", Object: "c"}) {
			t.Errorf("line %d: %+v, want %+v", e.Line, e, w)
		}
	}
	if sys.Extractions.Len() != len(want) {
		t.Fatalf("%d extractions, want %d", sys.Extractions.Len(), len(want))
	}
}

// A U+FEFF that begins the first line written is text, not a byte order
// mark: the writer keeps it off the very start of the file, so it reads
// back (only the start of a file holds a mark).
func TestWriteTSVKeepsLeadingFEFF(t *testing.T) {
	exts := []oie.Extraction{{SentID: "\ufeff1", Triple: oie.Triple{Subject: "a", Relation: "b", Object: "c"}}}
	var buf bytes.Buffer
	if err := oie.WriteTSV(&buf, oie.ExtractionsOf(exts)); err != nil {
		t.Fatal(err)
	}
	s, err := oie.ReadSystem("f", buf.Bytes(), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil || s.Extractions.Len() != 1 || s.Extractions.At(0).SentID != "\ufeff1" {
		t.Fatalf("%q read back as %+v, %v", buf.String(), s, err)
	}
}
