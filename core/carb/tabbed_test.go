package carb_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

func TestReadTabbed(t *testing.T) {
	data := "\ufeffHe left .\t0.75\tleft\tHe\t\r\n" + // stripped first: no empty arg2
		" \t \n" + // blank
		"He left .\t 1e-2 \t left \t He \tParis\tin 1950\n"
	p, err := carb.ReadTabbed("sys.txt", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []carb.Prediction{
		{Sentence: "He left .", Confidence: 0.75, Tuple: tup("left", "He"), Line: 1}, // the mark is kept aside
		{Sentence: "He left .", Confidence: 0.01, Tuple: tup(" left ", " He ", "Paris", "in 1950"), Line: 3},
	}
	if !reflect.DeepEqual(p.Extractions, want) || p.Path != "sys.txt" || p.LeadingBOM != "\ufeff" || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Msg, "byte order mark") {
		t.Errorf("got %#v, want %#v", p, want)
	}
	empty, err := carb.ReadTabbed("empty.txt", []byte("\n\n"))
	if err != nil || len(empty.Extractions) != 0 || len(empty.Warnings) != 1 {
		t.Errorf("empty file: %v, %v", empty, err)
	}
}

func TestReadTabbedErrors(t *testing.T) {
	tests := []struct {
		name, data string
		kind       error
		want       string
	}{
		{"too few columns", "S\t1.0\n", oie.ErrFieldCount, "sys.txt:1:6: expected at least 3 tab-separated columns (sentence, confidence, relation, arg1, ...), found 2"},
		{"BenchIE line", "S\t1\tr\ta\n1\tHe\tleft\n", oie.ErrSyntax, `sys.txt:2:3: expected a confidence in column 2, found "He"`},
		{"bad confidence", "S\thigh\tr\ta\n", oie.ErrSyntax, `sys.txt:1:3: expected a confidence in column 2, found "high"`},
		{"bad confidence after multibyte", "S\t1\tr\ta\nCafé\tx\tr\ta\n", oie.ErrSyntax, "sys.txt:2:6: "},
		{"empty confidence", "S\t\tr\ta\n", oie.ErrSyntax, "sys.txt:1:3: "},
		{"NaN confidence", "S\tNaN\tr\ta\n", oie.ErrSyntax, `sys.txt:1:3: expected a confidence in column 2, found "NaN", which is not a number`},
		// Python writes float('-inf') as -inf; CaRB reads it as the lowest.
		{"infinite confidence", "S\t1\tr\ta\nS\t-inf\tr\ta\n", oie.ErrSyntax,
			`sys.txt:2:3: expected a confidence in column 2, found "-inf", an infinite confidence: CaRB's reader takes it as the lowest of all, but a threshold must be a finite number to be reported; write instead a number lower than every other confidence of the file`},
		{"overflowing confidence", "S\t1e999\tr\ta\n", oie.ErrSyntax, `sys.txt:1:3: expected a confidence in column 2, found "1e999", an infinite confidence: CaRB's reader takes it as the highest of all`},
		// The line is stripped before it is split: a leading tab goes, and
		// the columns shift, as in CaRB's reader.
		{"empty sentence", "S\t1\tr\ta\n  \t1\tr\ta\n", oie.ErrSyntax, `sys.txt:2:6: expected a confidence in column 2, found "r"`},
		{"invalid UTF-8", "S\t1\tr\t\xc3\n", oie.ErrEncoding, "sys.txt:1:7: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := carb.ReadTabbed("sys.txt", []byte(tc.data))
			if err == nil {
				t.Fatalf("no error; got %v", p)
			}
			if p != nil {
				t.Error("partial predictions returned with the error")
			}
			var pe *oie.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.kind) {
				t.Errorf("error %v (%T), want a ParseError of kind %v", err, err, tc.kind)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want prefix %q", err, tc.want)
			}
		})
	}
}

func TestWriteTabbed(t *testing.T) {
	tenth, fifth := 0.1, 0.2 // not constants: their float sum is not 0.3
	p := &carb.Predictions{Extractions: []carb.Prediction{
		{Sentence: "He left .", Confidence: 1, Tuple: tup("left", "He", "")},
		{Sentence: " padded ", Confidence: tenth + fifth, Tuple: tup(" r ", " a ", "b", "c")},
		{Sentence: "No args .", Confidence: -2.5e-8, Tuple: tup("r")},
	}}
	var buf bytes.Buffer
	if err := carb.WriteTabbed(&buf, p); err != nil {
		t.Fatal(err)
	}
	want := "He left .\t1\tleft\tHe\t\n" +
		" padded \t0.30000000000000004\t r \t a \tb\tc\n" +
		"No args .\t-2.5e-08\tr\n"
	if buf.String() != want {
		t.Errorf("wrote\n%q\nwant\n%q", buf.String(), want)
	}
	back, err := carb.ReadTabbed("back.txt", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range back.Extractions {
		o := p.Extractions[i]
		// CaRB strips the line: the sentence's leading blank and the
		// empty object go (and StrippedByReader says so for the object).
		if e.Sentence != strings.TrimLeft(o.Sentence, " ") || e.Confidence != o.Confidence || e.Relation != o.Relation {
			t.Errorf("extraction %d reads back as %#v", i, e)
		}
		if want := o.Args; i == 0 && !reflect.DeepEqual(e.Args, want[:1]) || i == 1 && !reflect.DeepEqual(e.Args, want) || i == 2 && len(e.Args) != 0 {
			t.Errorf("extraction %d arguments read back as %q", i, e.Args)
		}
	}
	ws := carb.StrippedByReader(p)
	if len(ws) != 1 || !strings.Contains(ws[0].Msg, "1 extraction(s) end with an empty field") || !strings.HasSuffix(ws[0].Msg, "tuple): line 1") {
		t.Errorf("StrippedByReader: %v", ws)
	}
	if ws := carb.StrippedByReader(back); ws != nil {
		t.Errorf("StrippedByReader on what CaRB reads: %v", ws)
	}

	// Readers drop every byte order mark that starts a file (a doubled one
	// would otherwise stay, invisible, in the first sentence); a first
	// sentence that starts with U+FEFF is written after a blank line, where
	// the character is text, so it reads back with it.
	bom := &carb.Predictions{Extractions: []carb.Prediction{{Sentence: "\ufeffS", Confidence: 1, Tuple: tup("r", "a")}}}
	buf.Reset()
	if err := carb.WriteTabbed(&buf, bom); err != nil {
		t.Fatal(err)
	}
	if back, err := carb.ReadTabbed("bom.txt", buf.Bytes()); err != nil || back.Extractions[0].Sentence != "\ufeffS" {
		t.Errorf("byte order mark: read back %+v, %v", back, err)
	}
	// On a blank first line, CaRB's reader fails: oiebench reads the file,
	// and the reference's score is a failure.
	if back, err := carb.ReadTabbed("bom.txt", []byte("\ufeff\nS\t1\tr\ta\n")); err != nil || back.Extractions[0].Sentence != "S" ||
		len(back.Warnings) != 0 || back.ReaderFailure == nil || back.ReaderFailure.Line != 1 {
		t.Errorf("byte order mark on a blank line: read back %+v, %v", back, err)
	} else if res := carb.Score(mustGold(t, "S\tr\ta\n"), back); res.Failure == nil ||
		res.Failure.Error() != "bom.txt:1: the reference CaRB(s,m) could not score this file: the file starts with a byte order mark on a blank line, which CaRB's reader cannot read (the line is not blank to it); oiebench reads it without the mark" {
		t.Errorf("byte order mark on a blank line: failure %v", res.Failure)
	} else if res := carb.ScoreWith(mustGold(t, "S\tr\ta\n"), back, carb.Options{Mode: carb.Corrected}); res.Failure != nil || res.F1 != 1 {
		t.Errorf("byte order mark on a blank line, corrected: %+v", res)
	}

	for _, bad := range []carb.Prediction{
		{Sentence: "a\tb", Tuple: tup("r", "x")},
		{Sentence: "S", Tuple: tup("r", "x\ny")},
		{Sentence: "S", Tuple: tup("r\r", "x")},
		{Sentence: " ", Tuple: tup("r", "x")},
	} {
		err := carb.WriteTabbed(&bytes.Buffer{}, &carb.Predictions{Extractions: []carb.Prediction{{Sentence: "ok", Tuple: tup("r", "a")}, bad}})
		if err == nil || !strings.Contains(err.Error(), "extraction 2") {
			t.Errorf("WriteTabbed(%+v) error %v, want one naming extraction 2", bad, err)
		}
	}
}

// TestTabbedEdges: files written for CaRB's readers' edges (carb.md, turn
// 3). An empty last field is no argument, so the extraction scores 0
// against a two-argument gold tuple; a sentence spelled two ways keeps
// only the predictions of the spelling that first appeared last.
func TestTabbedEdges(t *testing.T) {
	gold := mustGold(t, "John eats apples , Mary likes pears .\teats\tJohn\tapples\n")
	empty := mustTabbed(t, "John eats apples , Mary likes pears .\t0.9\teats\tJohn\t\n")
	if len(empty.Extractions[0].Args) != 1 {
		t.Fatalf("S, conf, rel, arg1 and an empty field read as %q", empty.Extractions[0].Args)
	}
	// Its one point is P 0 (0 of 1), R 0: F1 undefined, so the optimal
	// point is CaRB's (0, 0, 0).
	if res := carb.Score(gold, empty); !reflect.DeepEqual(res.PRPoints, [][3]float64{{0, 0, 0.9}}) || res.F1 != 0 {
		t.Errorf("one argument against two: %+v", res)
	}
	// A byte order mark: for CaRB the first line's sentence is another
	// text, aligned with no gold sentence; the second line's counts.
	bom := mustTabbed(t, "\ufeffJohn eats apples , Mary likes pears .\t0.9\teats\tJohn\tapples\n"+
		"John eats apples , Mary likes pears .\t0.5\tlikes\tMary\tpears\n")
	if res := carb.Score(gold, bom); res.PredictionsWithoutGold != 1 || !reflect.DeepEqual(res.PRPoints[0], [3]float64{0, 0, 0.5}) ||
		bom.Extractions[0].Sentence != "John eats apples , Mary likes pears ." {
		t.Errorf("byte order mark: %+v", res)
	}

	// Spelling A first, then B, then A again: B first appeared last, so
	// only B's prediction counts (P 1/1), and A's two are dropped.
	two := mustTabbed(t, "John eats apples, Mary likes pears.\t0.9\teats\tMary\tpears\n"+
		"John eats apples , Mary likes pears .\t0.5\teats\tJohn\tapples\n"+
		"John eats apples, Mary likes pears.\t0.7\tlikes\tJohn\tpears\n")
	res := carb.Score(gold, two)
	if res.Precision != 1 || res.Recall != 1 || res.PrecDen != 1 || len(res.PRPoints) != 1 {
		t.Errorf("two spellings: %+v", res)
	}
	// One warning, on the first line of the dropped spelling, which it names.
	want := `2 extractions of sentence "John eats apples, Mary likes pears." were dropped because the file spells that sentence two ways; CaRB does the same`
	if len(res.Warnings) != 1 || res.Warnings[0].Msg != want || res.Warnings[0].Line != 1 {
		t.Errorf("two spellings: warnings %v, want %q", res.Warnings, want)
	}
}
