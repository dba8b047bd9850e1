package carb_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

func TestReadGold(t *testing.T) {
	data := "  He left Paris .\tleft \t He\tParis\tC: she said\r\n" +
		"\n" +
		"She came .\tcame\tShe\n" +
		"He left Paris .\tleft\tHe\tParis\tin 1950\tby train\n"
	g, err := carb.ReadGold("gold.txt", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []*carb.Sentence{
		{Text: "He left Paris .", Key: "HeleftParis", Line: 1, Tuples: []carb.GoldTuple{
			{Tuple: tup("left", "He", "Paris"), Context: []string{"C: she said"}, Line: 1},
			{Tuple: tup("left", "He", "Paris", "in 1950", "by train"), Line: 4},
		}},
		{Text: "She came .", Key: "Shecame", Line: 3, Tuples: []carb.GoldTuple{{Tuple: tup("came", "She"), Line: 3}}},
	}
	if !reflect.DeepEqual(g.Sentences, want) {
		t.Errorf("sentences:\n%#v\nwant\n%#v", g.Sentences, want)
	}
	if g.TupleCount() != 3 || len(g.Warnings) != 0 {
		t.Errorf("TupleCount %d, warnings %v", g.TupleCount(), g.Warnings)
	}
	if s, ok := g.Lookup("She came."); !ok || s.Text != "She came ." {
		t.Errorf("Lookup = %v, %v", s, ok)
	}
	if _, ok := g.Lookup("She went ."); ok {
		t.Error("Lookup found a sentence not in the gold")
	}

	// A byte order mark stays in the first sentence, as in CaRB's reader:
	// that sentence then has a key of its own, with a warning.
	bom, err := carb.ReadGold("bom.txt", []byte("\ufeffShe came .\tcame\tShe\nShe came .\tcame\tShe\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(bom.Sentences) != 2 || bom.Sentences[0].Text != "\ufeffShe came ." || len(bom.Warnings) != 1 || !strings.Contains(bom.Warnings[0].Msg, "byte order mark") {
		t.Errorf("byte order mark: %+v, warnings %v", bom.Sentences, bom.Warnings)
	}
	// On a blank line of its own, the mark stops CaRB's reader: the gold
	// is read, and the reference's score is a failure on its line 1.
	blank, err := carb.ReadGold("bom.txt", []byte("\ufeff\nShe came .\tcame\tShe\n"))
	if err != nil {
		t.Fatal(err)
	}
	sys := &carb.Predictions{Path: "s.txt", Extractions: []carb.Prediction{{Sentence: "She came .", Confidence: 1, Tuple: carb.Tuple{Relation: "came", Args: []string{"She"}}}}}
	if res := carb.Score(blank, sys); len(blank.Warnings) != 0 || res.Failure == nil || res.Failure.File != "bom.txt" || res.Failure.Line != 1 || res.F1 != 1 {
		t.Errorf("byte order mark on a blank line: warnings %v, failure %v, F1 %v", blank.Warnings, res.Failure, res.F1)
	}
}

func TestReadGoldKeyClash(t *testing.T) {
	// "U.S. troops left ." and "US troops left" share a key: the later
	// sentence replaces the earlier one, whose 2 tuples are not scored.
	data := "U.S. troops left .\tleft\ttroops\n" +
		"Other .\tis\tit\tother\n" +
		"U.S. troops left .\tleft\tU.S. troops\n" +
		"US troops left\tleft\tUS troops\n"
	g, err := carb.ReadGold("gold.txt", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, s := range g.Sentences {
		texts = append(texts, s.Text)
	}
	if strings.Join(texts, "|") != "Other .|US troops left" || g.TupleCount() != 2 {
		t.Errorf("sentences %q, %d tuples", texts, g.TupleCount())
	}
	if len(g.Warnings) != 1 || g.Warnings[0].Line != 4 || !strings.Contains(g.Warnings[0].Msg, "line 1") ||
		!strings.Contains(g.Warnings[0].Msg, "2 tuple(s)") {
		t.Errorf("warnings %v", g.Warnings)
	}
	if s, _ := g.Lookup("U.S. troops left ."); s == nil || s.Text != "US troops left" {
		t.Errorf("Lookup = %v", s)
	}
}

func TestReadGoldWarnings(t *testing.T) {
	data := "S one\t\tA\tB\n" + // empty relation, at its column (7)
		"S two\tr\tC: context only\n" // no argument left
	g, err := carb.ReadGold("gold.txt", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range g.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		"gold.txt:1:7: empty relation: this gold tuple can never be matched",
		"gold.txt:2: gold tuple without arguments: only its relation is compared",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings\n%q\nwant\n%q", got, want)
	}
}

func TestReadGoldErrors(t *testing.T) {
	tests := []struct {
		name, data string
		kind       error
		want       string
	}{
		{"one column", "S\tr\ta\nonly a sentence\n", oie.ErrFieldCount, "gold.txt:2:16: expected at least 2 tab-separated columns"},
		{"one column, indented", "S\tr\ta\n   lone  \n", oie.ErrFieldCount, "gold.txt:2:8: expected at least 2"},
		{"one column after multibyte", "Café\n", oie.ErrFieldCount, "gold.txt:1:5: "},
		{"invalid UTF-8", "S\tr\ta\nab\xff\tr\n", oie.ErrEncoding, "gold.txt:2:3: invalid UTF-8"},
		{"NUL byte", "S\tr\x00\n", oie.ErrEncoding, "gold.txt:1:4: NUL byte"},
		{"empty", "", oie.ErrNoContent, "gold.txt:1: no gold tuples"},
		{"blank lines", "\n \t\n", oie.ErrNoContent, "gold.txt:2: no gold tuples"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := carb.ReadGold("gold.txt", []byte(tc.data))
			if err == nil {
				t.Fatalf("no error; gold %v", g)
			}
			if g != nil {
				t.Error("a partial gold was returned with the error")
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

func TestNewGold(t *testing.T) {
	g := carb.NewGold("built", []*carb.Sentence{
		{Text: "A b .", Tuples: []carb.GoldTuple{{Tuple: tup("r", "x")}}},
		{Text: "Ab", Tuples: []carb.GoldTuple{{Tuple: tup("q", "y")}}},
	})
	if len(g.Sentences) != 1 || g.Sentences[0].Text != "Ab" || g.Sentences[0].Key != "Ab" || len(g.Warnings) != 1 {
		t.Errorf("sentences %v, warnings %v", g.Sentences, g.Warnings)
	}
}

// TestReadGoldSynHead: an LSOIE *.correct.head gold (written for the test
// in that layout) has a <SYN_HEAD> cell and head words after the arguments:
// they are dropped, not read as further arguments.
func TestReadGoldSynHead(t *testing.T) {
	g, err := carb.ReadGold("test.oie.correct.head", []byte("She began her film career .\tbegan\tShe\ther film career\t<SYN_HEAD>\tShe\tcareer\n"+
		"She began her film career .\tbegan\tShe\t<SYN_HEAD>\tShe\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := g.Sentences[0].Tuples
	if len(got) != 2 || !reflect.DeepEqual(got[0].Args, []string{"She", "her film career"}) || !reflect.DeepEqual(got[1].Args, []string{"She"}) {
		t.Errorf("tuples %+v", got)
	}
}

// TestReadGoldShared: a gold read from shared bytes is the gold read from
// a copy, in both layouts.
func TestReadGoldShared(t *testing.T) {
	for _, c := range []struct {
		text string
		opt  carb.GoldOptions
	}{
		{"He ate .\tate\tHe\t\n\nShe ran fast .\tran\tShe\tfast\r\n", carb.GoldOptions{}},
		{"He ate .\tate\tate\tHe\n", carb.GoldOptions{OIE2016: true}},
	} {
		copied, err := carb.ReadGoldWith("g", []byte(c.text), c.opt)
		if err != nil {
			t.Fatal(err)
		}
		c.opt.Shared = true
		shared, err := carb.ReadGoldWith("g", []byte(c.text), c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(copied, shared) {
			t.Errorf("%q: shared %+v, copied %+v", c.text, shared, copied)
		}
		if len(copied.Sentences) == 0 {
			t.Errorf("%q: no sentence read", c.text)
		}
	}
}

// TestReadGoldPaced: a gold read with a pause is the gold read without; the
// pause is called every oie.PauseEvery lines and every 32 sentences keyed
// (a later sentence with an earlier one's key included).
func TestReadGoldPaced(t *testing.T) {
	var b strings.Builder
	for i := range 100 { // 100 sentences of 11 tuples, 1,100 lines; the last has the first's key
		text := fmt.Sprintf("Sentence number %d is here .", i)
		if i == 99 {
			text = "Sentence number 0 is here  ."
		}
		for j := range 11 {
			fmt.Fprintf(&b, "%s\tis\tSentence number %d\there %d\n", text, i, j)
		}
	}
	data := []byte(b.String())
	for _, opt := range []carb.GoldOptions{{}, {Shared: true}} {
		plain, err := carb.ReadGoldWith("g", data, opt)
		if err != nil {
			t.Fatal(err)
		}
		pauses := 0
		opt.Pause = func() { pauses++ }
		paced, err := carb.ReadGoldWith("g", data, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain, paced) {
			t.Errorf("shared %v: paced %+v, plain %+v", opt.Shared, paced, plain)
		}
		if want := 1100/128 + 100/32; pauses != want || len(plain.Sentences) != 99 {
			t.Errorf("shared %v: %d pauses, want %d (%d sentences kept, want 99)", opt.Shared, pauses, want, len(plain.Sentences))
		}
	}
}
