package oie_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

func TestCheckJSON(t *testing.T) {
	cases := []struct {
		text string
		off  int // -1: valid
		says string
	}{
		{`{"a": [1, 2.5e3, -0, true, null, "x\u00e9\n"]}`, -1, ""},
		{`{"a": [1,`, 9, "found the end of the input"}, // just past the end
		{`{"a" 1}`, 5, "expected ':'"},
		{`{"a": 1,}`, 8, "expected a string key"},
		{`[1 2]`, 3, "expected ',' or ']'"},
		{`{"a": 1e309}`, 6, "number 1e309 is too large"},
		{`[-1e400]`, 1, "too large"},
		{`[NaN]`, 1, "NaN is not a JSON number"},
		{`[Infinity]`, 1, "Infinity is not a JSON number"},
		{`[-Infinity]`, 1, "-Infinity is not a JSON number"},
		{`[01]`, 2, "expected ',' or ']'"},
		{`["a` + "\t" + `b"]`, 3, "control character"},
		{`["\x"]`, 2, `invalid escape \x`},
		{`{} {}`, 3, "expected the end of the input"},
		{``, 0, "found the end of the input"},
		{strings.Repeat("[", 101) + strings.Repeat("]", 101), 100, "nested more than 100 levels"},
		{strings.Repeat("[", 100) + strings.Repeat("]", 100), -1, ""},
	}
	for _, c := range cases {
		off, msg := oie.CheckJSON(c.text)
		if off != c.off || !strings.Contains(msg, c.says) {
			t.Errorf("CheckJSON(%.40q) = %d, %q; want %d, %q", c.text, off, msg, c.off, c.says)
		}
	}
}

// TestJSONPositionsAgree: every JSON reader places the same error at the
// same spot (one checker, one position lookup).
func TestJSONPositionsAgree(t *testing.T) {
	_, _, err := oie.ParseJSON("f.json", []byte(`{"a": [1,`), "a JSON object")
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Column != 10 {
		t.Errorf("ParseJSON: %v, want 1:10", err)
	}
	_, err = oie.ReadSystem("f.jsonl", []byte(`{"a": [1,`), oie.SystemOptions{Format: oie.FormatJSONL})
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Column != 10 {
		t.Errorf("JSON Lines: %v, want 1:10", err)
	}
	_, _, err = oie.ParseJSON("f.json", []byte("\ufeff{\n  \"é\": [NaN]}"), "a JSON object")
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != 9 {
		t.Errorf("ParseJSON after a BOM and a multibyte key: %v, want 2:9", err)
	}
}

// TestOffsetsLinear: positions in a long one-line JSON file cost a block
// scan each, not a scan from the line start (a 2.1 MB one-line WiRe57 file
// took 15 s to read when they did).
func TestOffsetsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; b.Len() < 2_100_000; i++ {
		fmt.Fprintf(&b, `"s%d": [{"arg1": "é a", "rel": "r", "arg2": "b"}], `, i)
	}
	b.WriteString(`"end": []}`)
	text := b.String()
	o := oie.NewOffsets(text)
	n := 0
	for off := 0; off < len(text); off += 40 { // some 50,000 lookups
		line, col := o.Position(off)
		if line != 1 || col < 1 {
			t.Fatalf("Position(%d) = %d:%d", off, line, col)
		}
		n++
	}
	if _, col := o.Position(len(text)); col != len([]rune(text))+1 {
		t.Errorf("end column %d, want %d", col, len([]rune(text))+1)
	}
	// The index reads the text once; a lookup then reads at most two
	// blocks (its offset's and its line start's), whatever the line's
	// length. Counting from the line start would read some 50 GB here.
	if limit := len(text) + 2*(n+1)*oie.RuneBlock; o.Scanned() > limit {
		t.Errorf("%d lookups read %d bytes of a %d-byte text, over %d", n+1, o.Scanned(), len(text), limit)
	}
}

// FuzzCheckJSON: the checker accepts exactly what encoding/json accepts,
// but for what it refuses on purpose (deep nesting, numbers too large, a
// key twice in one object).
func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5e3, "x\u00e9"]}`, `{"a": [1,`, `[NaN]`, `1e309`, `"\ud800"`, `[01]`, ` {} `, `{"a":{"b":[true,false,null]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		off, msg := oie.CheckJSON(s)
		valid := json.Valid([]byte(s))
		switch {
		case off < 0 && !valid:
			t.Fatalf("CheckJSON accepts %q, encoding/json does not", s)
		case off >= 0 && valid && !strings.Contains(msg, "too large") && !strings.Contains(msg, "nested more than") && !strings.Contains(msg, "appears twice"):
			t.Fatalf("CheckJSON refuses valid %q at %d: %s", s, off, msg)
		case off > len(s):
			t.Fatalf("offset %d beyond the input", off)
		}
	})
}

// Positions count a lone CR as a line end, as the line readers do; CRLF
// stays one line end.
func TestPositionsWithCR(t *testing.T) {
	for _, c := range []struct {
		text      string
		line, col int
	}{
		{"{\r\"a\": x}", 2, 6},
		{"{\r\n\"a\": x}", 2, 6},
		{"{\n\"a\": x}", 2, 6},
		{"{\r\r\"a\": x}", 3, 6},
	} {
		d := oie.NewOffsets(c.text)
		if l, col := d.Position(strings.Index(c.text, "x")); l != c.line || col != c.col {
			t.Errorf("%q: %d:%d, want %d:%d", c.text, l, col, c.line, c.col)
		}
	}
}

// A key twice in one object is refused at the second, however it is
// spelled and however many keys the object has; the same key in two
// objects is fine.
func TestCheckJSONDuplicateKeys(t *testing.T) {
	many := `{"k0": 0`
	for i := 1; i < 20; i++ {
		many += fmt.Sprintf(`, "k%d": %d`, i, i)
	}
	for _, c := range []struct {
		text string
		at   int // -1: valid
	}{
		{`{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}`, -1},
		{`{"a": 1, "b": 2, "a": 3}`, 17},
		{`{"a": 1, "\u0061": 2}`, 9},
		{`[{"x": {"y": 1, "y": 2}}]`, 16},
		{many + `}`, -1},
		{many + `, "k13": 0}`, len(many) + 2},
	} {
		off, msg := oie.CheckJSON(c.text)
		if off != c.at || (off >= 0 && !strings.Contains(msg, "appears twice in one object")) {
			t.Errorf("%s: %d %q, want %d", c.text, off, msg, c.at)
		}
	}
	_, err := oie.ReadSystem("s.jsonl", []byte(`{"sent_id": "1", "subject": "a", "relation": "b", "object": "c"}`+"\n"+`{"sent_id": "1", "subject": "a", "relation": "b", "object": "c", "subject": "z"}`), oie.SystemOptions{Format: oie.FormatJSONL})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != 66 || !strings.Contains(err.Error(), `key "subject" appears twice`) {
		t.Errorf("JSON Lines: %v", err)
	}
}

// Expect places a value of the wrong type, in the readers' one wording.
func TestJSONDocExpect(t *testing.T) {
	d, root, err := oie.ParseJSON("f.json", []byte("{\n  \"a\": 1,\n  \"b\": \"x\"\n}"), "an object")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Expect(root.Get("b"), oie.JSONString, oie.ErrSyntax, `"b"`); err != nil {
		t.Errorf("a string refused: %v", err)
	}
	err = d.Expect(root.Get("a"), oie.JSONString, oie.ErrSyntax, `"a"`)
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column != 8 || pe.Msg != `"a" must be a string, found a number` || !errors.Is(err, oie.ErrSyntax) {
		t.Errorf("got %#v", err)
	}
}

// StringArray, through JSONDoc.Strings: the strings of an array, an empty
// array as an empty list, and the value at fault placed with what was
// expected.
func TestStrings(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
		err  string
	}{
		{`{"a": ["x", "y"]}`, []string{"x", "y"}, ""},
		{`{"a": []}`, []string{}, ""},
		{`{"a": "x"}`, nil, `f.json:1:7: "a" must be an array of strings, found a string`},
		{"{\"a\":\n  [\"x\", 2]}", nil, `f.json:2:9: "a" must be an array of strings, found a number in it`},
		{`{"a": [null]}`, nil, `f.json:1:8: "a" must be an array of strings, found null in it`},
	} {
		d, root, err := oie.ParseJSON("f.json", []byte(tc.text), "an object")
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Strings(root.Get("a"), oie.ErrSyntax, `"a"`)
		if tc.err != "" {
			var pe *oie.ParseError
			if err == nil || err.Error() != tc.err || !errors.As(err, &pe) || !errors.Is(err, oie.ErrSyntax) {
				t.Errorf("%s: error %v, want %s (a ParseError of ErrSyntax)", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil || got == nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %#v, %v; want %#v", tc.text, got, err, tc.want)
		}
	}
}
