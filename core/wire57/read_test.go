package wire57_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
)

func TestReadGold(t *testing.T) {
	g, systems := readFixtures(t)
	_ = systems
	var ids []string
	for _, s := range g.Sentences {
		ids = append(ids, s.Doc+"/"+s.ID)
	}
	if strings.Join(ids, ",") != "D1/D1 1,D1/D1 2,D2/D2 1,D2/D2 2,D2/D2 3,D2/D2 4" || g.TupleCount() != 8 {
		t.Fatalf("sentences %v, %d tuples", ids, g.TupleCount())
	}
	s, ok := g.Sentence("D1 1")
	if !ok || s.Line != 3 || s.Text != "Obama , the president of the US , was born in Hawaii in 1961 ." || len(s.Tokens) != 15 {
		t.Fatalf("sentence D1 1: %+v", s)
	}
	t0 := s.Tuples[0]
	if !reflect.DeepEqual(t0.Rel, wire57.Slot{Text: "[is] president of", Words: []string{"is", "president", "of"}, Inferred: []bool{true, false, false}}) ||
		t0.Rel.RealWords() != 2 || t0.Rel.Joined() != "is president of" || t0.Line != 8 || t0.Column != 9 || len(t0.Arg3) != 0 {
		t.Errorf("tuple D1 1 #0: %+v", t0)
	}
	if a3 := s.Tuples[1].Arg3; len(a3) != 1 || a3[0].Joined() != "in 1961" {
		t.Errorf("arg3+: %+v", a3)
	}
	he, _ := g.Sentence("D1 2")
	if a := he.Tuples[0].Arg1; !reflect.DeepEqual(a.Words, []string{"He"}) || a.Inferred[0] {
		t.Errorf("[index, float] word: %+v", a) // and decorefed forms are not used
	}
	if a := he.Tuples[0].Arg2; len(a.Words) != 0 || a.RealWords() != 0 {
		t.Errorf("empty slot: %+v", a)
	}
	if x, _ := g.Sentence("D2 3"); x.Tuples[0].AttribSpec != "x" {
		t.Errorf("attrib/spec: %+v", x.Tuples[0])
	}
	if _, ok := g.Sentence("nope"); ok {
		t.Error("found a sentence that is not there")
	}
}

func TestReadGoldLenient(t *testing.T) {
	// BOM, CRLF, missing optional fields, null arg3+ and attrib, numeric id,
	// no words_indexes (all real).
	data := "\ufeff{\"d\": [{\"id\": 7, \"tuples\": [\r\n" +
		`{"arg1": {"words": ["B"]}, "rel": {"words": ["r"], "words_indexes": [1.0]}, "arg2": {"words": []}, "arg3+": null, "attrib/spec?": null}]}]}`
	g, err := wire57.ReadGold("g.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	s, ok := g.Sentence("7")
	if !ok || len(s.Tuples) != 1 || s.Tuples[0].Arg1.Joined() != "B" || s.Tuples[0].Arg1.RealWords() != 1 || s.Tuples[0].Line != 2 || s.Tuples[0].Column != 1 {
		t.Errorf("%+v", s)
	}
	// A repeated key, on which Python (the last value) and other readers
	// (the first) disagree, is refused where it repeats.
	_, err = wire57.ReadGold("g.json", []byte(strings.Replace(data, `{"words": ["B"]}`, `{"words": ["A"], "words": ["B"]}`, 1)))
	checkErr(t, err, oie.ErrSyntax, `g.json:2:27: invalid JSON: key "words" appears twice in one object`)
}

func checkErr(t *testing.T, err error, kind error, want string) {
	t.Helper()
	var pe *oie.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, kind) {
		t.Fatalf("error %v (%T), want a ParseError of kind %v", err, err, kind)
	}
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error\n%q\nwant prefix\n%q", err, want)
	}
}

func TestReadGoldErrors(t *testing.T) {
	const tuple = `{"arg1": {"words": ["A"]}, "rel": {"words": ["r"]}, "arg2": {"words": ["B"]}}`
	tests := []struct {
		name, data string
		kind       error
		want       string
	}{
		{"empty", " \n", oie.ErrNoContent, "g.json:1: empty file"},
		{"not UTF-8", "{\"d\": \"\xff\"}", oie.ErrEncoding, "g.json:1:8: invalid UTF-8"},
		{"syntax", "{\"d\": [\n  {\"id\": \"s\",, }]}", oie.ErrSyntax, "g.json:2:14: invalid JSON: expected a string key, found ','"},
		{"truncated", "{\"d\": [", oie.ErrSyntax, "g.json:1:8: invalid JSON: expected a JSON value, found the end of the input"},
		{"not an object", "\n  [1, 2]", oie.ErrSyntax, "g.json:2:3: expected a JSON object"},
		{"no sentences", `{"d": []}`, oie.ErrNoContent, "g.json:1:1: no sentences"},
		{"document not a list", `{"d": {"id": "s"}}`, oie.ErrSyntax, `g.json:1:7: document "d" must be a list of sentences, found an object`},
		{"sentence not an object", `{"d": ["s"]}`, oie.ErrSyntax, `g.json:1:8: document "d": a sentence must be an object, found a string`},
		{"missing id", `{"d": [{"tuples": []}]}`, oie.ErrEmptyField, `g.json:1:8: document "d": sentence: missing "id"`},
		{"bad id", `{"d": [{"id": true, "tuples": []}]}`, oie.ErrSyntax, `g.json:1:15: document "d": sentence: "id" must be a string, found a boolean`},
		{"empty id", `{"d": [{"id": "", "tuples": []}]}`, oie.ErrEmptyField, `g.json:1:15: document "d": sentence: empty "id"`},
		{"duplicate id", "{\"d\": [{\"id\": \"s\", \"tuples\": []},\n {\"id\": \"s\", \"tuples\": []}]}", oie.ErrDuplicateID, `g.json:2:9: sentence "s" is repeated (first on line 1)`},
		{"missing tuples", `{"d": [{"id": "s"}]}`, oie.ErrEmptyField, `g.json:1:8: sentence "s": missing "tuples"`},
		{"tuples not a list", `{"d": [{"id": "s", "tuples": 3}]}`, oie.ErrSyntax, `g.json:1:30: sentence "s": "tuples" must be a list, found a number`},
		{"bad sent", `{"d": [{"id": "s", "sent": 1, "tuples": []}]}`, oie.ErrSyntax, `g.json:1:28: sentence "s": "sent" must be a string`},
		{"bad tokens", `{"d": [{"id": "s", "tokens": ["a", 2], "tuples": []}]}`, oie.ErrSyntax, `g.json:1:36: sentence "s": "tokens" must be an array of strings, found a number in it`},
		{"tuple not an object", `{"d": [{"id": "s", "tuples": [[]]}]}`, oie.ErrSyntax, `g.json:1:31: sentence "s": a tuple must be an object, found an array`},
		{"missing rel", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": []}}]}]}`, oie.ErrEmptyField, `g.json:1:31: sentence "s": tuple without "rel"`},
		{"slot not an object", `{"d": [{"id": "s", "tuples": [{"arg1": "A"}]}]}`, oie.ErrSyntax, `g.json:1:40: sentence "s": arg1 must be an object`},
		{"missing words", `{"d": [{"id": "s", "tuples": [{"arg1": {"text": "A"}}]}]}`, oie.ErrEmptyField, `g.json:1:40: sentence "s": arg1: missing "words"`},
		{"bad word", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A", null]}}]}]}`, oie.ErrSyntax, `g.json:1:56: sentence "s": arg1: "words" must be an array of strings, found null in it`},
		{"bad index", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": ["x"]}}]}]}`, oie.ErrSyntax, `g.json:1:75: sentence "s": arg1: bad words_indexes entry "x": expected a token index, "inf" or [index, number]`},
		{"fractional index", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": [1.5]}}]}]}`, oie.ErrSyntax, `g.json:1:75: sentence "s": arg1: bad words_indexes entry 1.5`},
		{"bad pair", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": [[1]]}}]}]}`, oie.ErrSyntax, `g.json:1:75: sentence "s": arg1: bad words_indexes entry [1]:`},
		{"pair with text", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": [[1, "x"]]}}]}]}`, oie.ErrSyntax, `g.json:1:75: sentence "s": arg1: bad words_indexes entry [1, "x"]:`},
		{"too many indexes", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": [0, 1]}}]}]}`, oie.ErrFieldCount, `g.json:1:78: sentence "s": arg1: "words_indexes" has more entries than "words" (1)`},
		{"too few indexes", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A", "B"], "words_indexes": [0]}}]}]}`, oie.ErrFieldCount, `g.json:1:79: sentence "s": arg1: "words_indexes" has 1 entries for 2 words`},
		{"indexes not a list", `{"d": [{"id": "s", "tuples": [{"arg1": {"words": [], "words_indexes": "inf"}}]}]}`, oie.ErrSyntax, `g.json:1:71: sentence "s": arg1: "words_indexes" must be a list, found a string`},
		{"arg3+ not a list", `{"d": [{"id": "s", "tuples": [` + tuple[:len(tuple)-1] + `, "arg3+": {}}]}]}`, oie.ErrSyntax, `g.json:1:118: sentence "s": "arg3+" must be a list of arguments, found an object`},
		{"bad arg3", `{"d": [{"id": "s", "tuples": [` + tuple[:len(tuple)-1] + `, "arg3+": [{"words": []}, "x"]}]}]}`, oie.ErrSyntax, `g.json:1:134: sentence "s": arg4 must be an object`},
		{"bad attrib", `{"d": [{"id": "s", "tuples": [` + tuple[:len(tuple)-1] + `, "attrib/spec?": 1}]}]}`, oie.ErrSyntax, `g.json:1:125: sentence "s": "attrib/spec?" must be a string`},
		{"multibyte column", "{\"dé\": [\"é\"]}", oie.ErrSyntax, `g.json:1:9: document "dé": a sentence must be an object`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := wire57.ReadGold("g.json", []byte(tc.data))
			if g != nil {
				t.Errorf("gold returned with error %v", err)
			}
			checkErr(t, err, tc.kind, tc.want)
		})
	}
}

func TestReadSystem(t *testing.T) {
	data := `{
  "s1": [
    {"arg1": "A", "rel": "r", "arg2": "B", "arg3+": ["C", "D"], "extractor": "x", "score": 0.5},
    {"arg1": "A", "rel": "r", "arg2": "", "score": "high"}
  ],
  "s2": null,
  "s3": [],
  "s4": [{"arg1": "E", "rel": "q", "arg2": "F", "arg3+": null, "extractor": "x", "score": 1e300}]
}`
	systems, err := wire57.ReadSystem("s.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(systems) != 2 || systems[0].Name != "x" || systems[1].Name != "" || systems[0].Path != "s.json" {
		t.Fatalf("systems %+v", systems)
	}
	want := []wire57.Extraction{
		{SentID: "s1", Arg1: "A", Rel: "r", Arg2: "B", Arg3: []string{"C", "D"}, Extractor: "x", Score: 0.5, HasScore: true, Line: 3, Column: 5},
		{SentID: "s4", Arg1: "E", Rel: "q", Arg2: "F", Extractor: "x", Score: 1e300, HasScore: true, Line: 8, Column: 10},
	}
	if !reflect.DeepEqual(systems[0].Extractions, want) {
		t.Errorf("got %+v\nwant %+v", systems[0].Extractions, want)
	}
	if e := systems[1].Extractions; len(e) != 1 || e[0].HasScore || e[0].Line != 4 {
		t.Errorf("unnamed system: %+v", e)
	}

	empty, err := wire57.ReadSystem("s.json", []byte(`{"s1": []}`))
	if err != nil || len(empty) != 1 || len(empty[0].Extractions) != 0 || len(empty[0].Warnings) != 1 {
		t.Errorf("empty file: %+v, %v", empty, err)
	}
}

func TestReadSystemErrors(t *testing.T) {
	tests := []struct {
		name, data string
		kind       error
		want       string
	}{
		{"empty", "", oie.ErrNoContent, "s.json:1: empty file"},
		{"syntax", "{\"s\": [\n{\"arg1\": 'A'}]}", oie.ErrSyntax, "s.json:2:10: invalid JSON"},
		{"too large a number", `{"s": [{"arg1": "A", "rel": "r", "arg2": "B", "score": 1e309}]}`, oie.ErrSyntax, "s.json:1:56: invalid JSON: number 1e309 is too large"},
		{"NaN", "{\"s\": [\n{\"score\": NaN}]}", oie.ErrSyntax, "s.json:2:11: invalid JSON: NaN is not a JSON number"},
		{"not an object", `"x"`, oie.ErrSyntax, "s.json:1:1: expected a JSON object from sentence id to a list of extractions"},
		{"not a list", `{"s": {"arg1": "A"}}`, oie.ErrSyntax, `s.json:1:7: sentence "s": expected a list of extractions, found an object`},
		{"not an object in list", `{"s": [1]}`, oie.ErrSyntax, `s.json:1:8: sentence "s": extraction must be an object, found a number`},
		{"missing arg2", `{"s": [{"arg1": "A", "rel": "r"}]}`, oie.ErrEmptyField, `s.json:1:8: sentence "s": extraction: missing "arg2"`},
		{"arg1 not a string", `{"s": [{"arg1": ["A"], "rel": "r", "arg2": "B"}]}`, oie.ErrSyntax, `s.json:1:17: sentence "s": extraction: "arg1" must be a string, found an array`},
		{"bad arg3+", `{"s": [{"arg1": "A", "rel": "r", "arg2": "B", "arg3+": [1]}]}`, oie.ErrSyntax, `s.json:1:57: sentence "s": extraction: "arg3+" must be an array of strings, found a number in it`},
		{"arg3+ a string", `{"s": [{"arg1": "A", "rel": "r", "arg2": "B", "arg3+": "C"}]}`, oie.ErrSyntax, `s.json:1:56: sentence "s": extraction: "arg3+" must be an array of strings, found a string`},
		{"bad extractor", `{"s": [{"arg1": "A", "rel": "r", "arg2": "B", "extractor": 2}]}`, oie.ErrSyntax, `s.json:1:60: sentence "s": extraction: "extractor" must be a string`},
		{"repeated sentence", "{\"s\": [],\n \"s\": []}", oie.ErrSyntax, `s.json:2:2: invalid JSON: key "s" appears twice in one object`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := wire57.ReadSystem("s.json", []byte(tc.data))
			if s != nil {
				t.Errorf("systems returned with error %v", err)
			}
			checkErr(t, err, tc.kind, tc.want)
		})
	}
}
