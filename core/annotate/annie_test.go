package annotate

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// annieSample has AnnIE's quirks: its own tokens (spaCy splits "capital,"),
// numbers in words and strings in triples, clusters out of order, bracket
// separators, an unvisited sentence, and a word given as a number.
const annieSample = `{"name": "progress-1", "textFile": {"name": "sample.txt",
 "text": "Berlin is the German capital, of Germany.\nUnvisited sentence here .",
 "sentences": [
  {"index": 0, "text": "Berlin is the German capital, of Germany.", "words": [
   {"text": "Berlin", "posLabel": "GPE", "index": 1, "type": "", "optional": false},
   {"text": "is", "posLabel": "AUX", "index": 2, "type": "", "optional": false},
   {"text": "the", "posLabel": "DET", "index": 3, "type": "", "optional": false},
   {"text": "German", "posLabel": "NORP", "index": 4, "type": "", "optional": false},
   {"text": "capital", "posLabel": "NOUN", "index": 5, "type": "", "optional": false},
   {"text": ",", "posLabel": "PUNCT", "index": 6, "type": "", "optional": false},
   {"text": "of", "posLabel": "ADP", "index": 7, "type": "", "optional": false},
   {"text": "Germany", "posLabel": "GPE", "index": 8, "type": "", "optional": false},
   {"text": ".", "posLabel": "PUNCT", "index": 9, "type": "", "optional": false}]},
  {"index": 1, "text": "Unvisited sentence here .", "words": []}]},
 "clusters": [
  {"sentenceNumber": 0, "clusterNumber": 2, "triples": [
   {"subjects": [{"text": "Berlin", "posLabel": "GPE", "index": "1", "type": "subject", "optional": false}],
    "predicates": [{"text": "is", "posLabel": "AUX", "index": "2", "type": "predicate", "optional": false}],
    "objects": [{"text": "the", "posLabel": "DET", "index": "3", "type": "object", "optional": true},
                {"text": "capital", "posLabel": "NOUN", "index": "5", "type": "object", "optional": false},
                {"text": "of", "posLabel": "ADP", "index": "7", "type": "object", "optional": false},
                {"text": "Germany", "posLabel": "GPE", "index": 8, "type": "object", "optional": true}],
    "startSeparators": [{"state": "sep-start", "index1": 6, "index2": 7}],
    "endSeparators": [{"state": "sep-end", "index1": 8, "index2": 9}]}]},
  {"sentenceNumber": 0, "clusterNumber": 1, "triples": [
   {"subjects": [{"text": "Berlin", "posLabel": "GPE", "index": "1", "type": "subject", "optional": false}],
    "predicates": [{"text": "is", "posLabel": "AUX", "index": "2", "type": "predicate", "optional": false}],
    "objects": [{"text": "the", "posLabel": "DET", "index": "3", "type": "object", "optional": true},
                {"text": "German", "posLabel": "NORP", "index": "4", "type": "object", "optional": false},
                {"text": "capital", "posLabel": "NOUN", "index": "5", "type": "object", "optional": false}],
    "startSeparators": [], "endSeparators": []}]}]}`

func TestReadAnnIE(t *testing.T) {
	d, warnings, err := ReadAnnIE("progress.json", []byte(annieSample), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	want := "sent_id:1\tBerlin is the German capital, of Germany.\n" +
		"1--> Cluster 1:\n" +
		"Berlin --> is --> [the] German capital\n" +
		"1--> Cluster 2:\n" +
		"Berlin --> is --> [the] capital [of Germany]\n" +
		"\n" +
		"sent_id:2\tUnvisited sentence here .\n"
	if got := string(WriteBenchIE(d)); got != want {
		t.Errorf("BenchIE of the AnnIE sample:\n%s\nwant\n%s", got, want)
	}
	s := d.Sentences[0]
	if len(s.Tokens) != 9 || s.Tokens[5] != "," || s.Labels[3] != "NORP" {
		t.Errorf("AnnIE's words are not the tokens: %q %q", s.Tokens, s.Labels)
	}
	if got := describe(s.Synsets[1].Triples[0].Slots[Object].Words); got != "[#2] #4 [#6 #7]" {
		t.Errorf("object words %s", got)
	}
	if u := d.Sentences[1]; u.Labels != nil || !reflect.DeepEqual(u.Tokens, []string{"Unvisited", "sentence", "here", "."}) {
		t.Errorf("unvisited sentence: %+v", u)
	}
	if d.Name != "progress-1" || d.Source != "sample.txt" {
		t.Errorf("names %q %q", d.Name, d.Source)
	}
	// Written back, AnnIE's fields are as AnnIE writes them, and an
	// unvisited sentence stays unvisited.
	out, err := WriteAnnIE(d)
	if err != nil {
		t.Fatal(err)
	}
	j := gjson.ParseBytes(out)
	if v := j.Get("clusters.1.triples.0.objects.3"); v.Get("index").Type != gjson.String || v.Get("index").Str != "8" || !v.Get("optional").Bool() {
		t.Errorf("written word: %s", v.Raw)
	}
	if v := j.Get("clusters.1.triples.0.startSeparators.0"); v.Get("state").Str != "sep-start" || v.Get("index1").Int() != 6 || v.Get("index2").Int() != 7 {
		t.Errorf("written separator: %s", v.Raw)
	}
	if v := j.Get("textFile.sentences.1.words"); v.Raw != "[]" {
		t.Errorf("unvisited sentence written with words %s", v.Raw)
	}
	if v := j.Get("textFile.sentences.0.words.0"); v.Get("index").Type != gjson.Number || v.Get("posLabel").Str != "GPE" {
		t.Errorf("sentence word written as %s", v.Raw)
	}
	if j.Get("textFile.text").Str != "Berlin is the German capital, of Germany.\nUnvisited sentence here ." {
		t.Errorf("text %q", j.Get("textFile.text").Str)
	}
	d2, _, err := ReadAnnIE("again.json", out, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d2, d) {
		t.Errorf("AnnIE -> model -> AnnIE -> model changes the model")
	}
}

// TestAnnIETypedWords: typed words are words with index "", the slot texts
// in the extension keep brackets AnnIE cannot place, and a triple changed in
// AnnIE afterwards is read from AnnIE's fields.
func TestAnnIETypedWords(t *testing.T) {
	d := small(t)
	e := NewEditor(d)
	s := d.Sentences[1]
	tr := s.ParseTriple(oie.Triple{Subject: "Graner", Relation: "handcuffed", Object: "[the prisoner]"})
	mustApply(t, e, AddTriple{Sentence: 1, Synset: 0, Triple: tr})
	out, err := WriteAnnIE(e.Doc)
	if err != nil {
		t.Fatal(err)
	}
	j := gjson.ParseBytes(out)
	obj := j.Get("clusters.2.triples.1.objects")
	if obj.Get("0.index").Str != "" || obj.Get("0.text").Str != "the" || !obj.Get("0.optional").Bool() {
		t.Errorf("typed word written as %s", obj.Raw)
	}
	if got := j.Get("clusters.2.triples.1.oiebench.slots.2").Str; got != "[the prisoner]" {
		t.Errorf("extension slot %q", got)
	}
	back, warnings, err := ReadAnnIE("typed.json", out, ReadOptions{})
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	if !reflect.DeepEqual(back.Sentences, e.Doc.Sentences) || !bytes.Equal(WriteBenchIE(back), WriteBenchIE(e.Doc)) {
		t.Errorf("typed words do not round-trip through AnnIE JSON")
	}
	// In AnnIE, the user makes "him" optional: the extension no longer fits.
	changed := strings.Replace(string(out), `{"text":"him","posLabel":"","index":"3","type":"object","optional":false}`,
		`{"text":"him","posLabel":"","index":"3","type":"object","optional":true}`, 1)
	if changed == string(out) {
		t.Fatal("sample word not found")
	}
	back, warnings, err = ReadAnnIE("changed.json", []byte(changed), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0].Msg, "changed outside oiebench") {
		t.Errorf("warnings %v", warnings)
	}
	if got := back.Sentences[1].SlotText(back.Sentences[1].Synsets[0].Triples[0].Slots[Object]); got != "[him]" {
		t.Errorf("changed triple read as %q", got)
	}
}

func TestAnnIEDuplicateClusters(t *testing.T) {
	const two = `{"textFile": {"sentences": [{"text": "a b"}]}, "clusters": [
	 {"sentenceNumber": 0, "clusterNumber": 1, "triples": [{"subjects": [{"text": "a", "index": "1"}], "predicates": [{"text": "b", "index": "2"}], "objects": [{"text": "c", "index": "3"}]}]},
	 {"sentenceNumber": "0", "clusterNumber": 1, "triples": [{"subjects": [{"text": "a", "index": "1"}], "predicates": [{"text": "b", "index": "2"}], "objects": [{"text": "d", "index": ""}]}]}]}`
	d, warnings, err := ReadAnnIE("two.json", []byte(two), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sentences[0].Synsets) != 1 || len(d.Sentences[0].Synsets[0].Triples) != 2 {
		t.Errorf("clusters with one number are not merged: %+v", d.Sentences[0].Synsets)
	}
	// one warning for the repeated cluster, one for word 3, which the sentence lacks
	if len(warnings) != 2 || warnings[0].Line != 2 || warnings[1].Line != 3 {
		t.Errorf("warnings %v", warnings)
	}
}

// TestReadAnnIEErrors: malformed input is rejected at the exact line and
// column, with the kind of failure.
func TestReadAnnIEErrors(t *testing.T) {
	cases := []struct {
		name, data string
		line, col  int
		kind       error
		msg        string
	}{
		{"syntax", "{\"name\": \n  ,}", 2, 3, oie.ErrSyntax, "invalid JSON"},
		{"not an object", " [1]", 1, 2, oie.ErrSyntax, "expected a JSON object"},
		{"no textFile", "{\"name\": \"x\"}", 1, 1, oie.ErrEmptyField, `missing "textFile"`},
		{"sentences type", "{\"textFile\": {\"sentences\": 3}}", 1, 28, oie.ErrSyntax, `"sentences" must be an array, found a number`},
		{"sentence text", "{\"textFile\": {\"sentences\": [\n{\"text\": 5}]}}", 2, 10, oie.ErrSyntax, `"text" must be a string`},
		{"line break", "{\"textFile\": {\"sentences\": [{\"text\": \"a\\nb\"}]}}", 1, 38, oie.ErrSyntax, "line break"},
		{"duplicate index", "{\"textFile\": {\"sentences\": [{\"index\": 0, \"text\": \"a\"},\n {\"index\": 0, \"text\": \"b\"}]}}", 2, 12, oie.ErrDuplicateID, "sentence index 0 is repeated"},
		{"duplicate id", "{\"textFile\": {\"sentences\": [{\"text\": \"a\", \"oiebench\": {\"id\": \"7\"}},\n {\"text\": \"b\", \"oiebench\": {\"id\": \"7\"}}]}}", 2, 2, oie.ErrDuplicateID, `sentence id "7" is repeated`},
		{"unknown sentence", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]},\n \"clusters\": [{\"sentenceNumber\": 4, \"clusterNumber\": 1}]}", 2, 34, oie.ErrSyntax, "sentenceNumber 4 names no sentence"},
		{"cluster number", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]}, \"clusters\": [{\"sentenceNumber\": 0, \"clusterNumber\": \"one\"}]}", 1, 98, oie.ErrSyntax, `"clusterNumber" must be a whole number`},
		{"missing number", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]}, \"clusters\": [\n  {\"clusterNumber\": 1}]}", 2, 3, oie.ErrEmptyField, `missing "sentenceNumber"`},
		{"word index", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]}, \"clusters\": [{\"sentenceNumber\": 0, \"clusterNumber\": 1, \"triples\": [\n{\"subjects\": [{\"text\": \"a\", \"index\": \"x\"}]}]}]}", 2, 38, oie.ErrSyntax, `"index" must be a whole number`},
		{"separator", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]}, \"clusters\": [{\"sentenceNumber\": 0, \"clusterNumber\": 1, \"triples\": [\n{\"startSeparators\": [{\"state\": \"sep-start\"}]}]}]}", 2, 22, oie.ErrEmptyField, `missing "index1"`},
		{"optional", "{\"textFile\": {\"sentences\": [{\"text\": \"a\"}]}, \"clusters\": [{\"sentenceNumber\": 0, \"clusterNumber\": 1, \"triples\": [\n{\"objects\": [{\"text\": \"a\", \"optional\": \"yes\"}]}]}]}", 2, 40, oie.ErrSyntax, `"optional" must be true or false`},
		{"encoding", "{\"name\": \"\xff\"}", 1, 11, oie.ErrEncoding, "UTF-8"},
	}
	for _, c := range cases {
		_, _, err := ReadAnnIE("p.json", []byte(c.data), ReadOptions{})
		var pe *oie.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %v, want a ParseError", c.name, err)
			continue
		}
		if pe.Line != c.line || pe.Column != c.col || !errors.Is(err, c.kind) || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: %v (%d:%d), want %d:%d %v containing %q", c.name, err, pe.Line, pe.Column, c.line, c.col, c.kind, c.msg)
		}
	}
}

func TestReadAnnIEStrict(t *testing.T) {
	const odd = `{"textFile": {"sentences": [{"text": "a b"}]}, "clusters": [
	 {"sentenceNumber": 0, "clusterNumber": 1, "triples": [{"subjects": [{"text": "c", "index": "1"}]}]}]}`
	if _, w, err := ReadAnnIE("o.json", []byte(odd), ReadOptions{}); err != nil || len(w) != 1 {
		t.Fatalf("lenient: %v %v", w, err)
	}
	_, _, err := ReadAnnIE("o.json", []byte(odd), ReadOptions{Strict: true})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, `word "c" with index 1 is not that token`) {
		t.Errorf("strict: %v", err)
	}
}

// A file with an oddity on every cluster keeps oie.MaxWarnings warnings
// and counts the rest in one, as every reader does.
func TestAnnIEWarningsCapped(t *testing.T) {
	const cluster = `{"sentenceNumber": 0, "clusterNumber": 1, "triples": [{"subjects": [{"text": "a", "index": "1"}], "predicates": [{"text": "b", "index": "2"}], "objects": [{"text": "c", "index": ""}]}]}`
	n := 3 * oie.MaxWarnings
	in := `{"textFile": {"sentences": [{"text": "a b"}]}, "clusters": [` + strings.Repeat(cluster+",", n-1) + cluster + `]}`
	_, warnings, err := ReadAnnIE("many.json", []byte(in), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != oie.MaxWarnings+1 || !strings.Contains(warnings[0].Msg, "appears twice") {
		t.Fatalf("%d warnings, first %v", len(warnings), warnings[0])
	}
	if last := warnings[len(warnings)-1]; last != oie.MoreWarnings("many.json", n-1-oie.MaxWarnings) {
		t.Errorf("last warning %v", last)
	}
}

// The AnnIE export names the file the work came from, never its folder:
// not the path it was read from, nor one an AnnIE file brought.
func TestAnnIEExportHasNoPath(t *testing.T) {
	for _, path := range []string{"/home/ana/private/gold.txt", `C:\Users\ana\gold.txt`} {
		d, _, err := ReadBenchIE(path, []byte("sent_id:1\tA b c .\n------ Cluster 1 ------\nA --> b --> c\n"), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out, err := WriteAnnIE(d)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "ana") || gjson.GetBytes(out, "textFile.name").Str != "gold.txt" {
			t.Errorf("%s: export names %q", path, gjson.GetBytes(out, "textFile.name").Str)
		}
		forged := strings.Replace(string(out), `"name":"gold.txt","text"`, `"name":"/srv/secret/gold.txt","text"`, 1)
		back, _, err := ReadAnnIE("x.json", []byte(forged), ReadOptions{})
		if err != nil || forged == string(out) {
			t.Fatalf("forged: %v", err)
		}
		again, _ := WriteAnnIE(back)
		if strings.Contains(string(again), "/srv") {
			t.Errorf("an AnnIE file's folder is written back: %s", gjson.GetBytes(again, "textFile.name").Raw)
		}
	}
}
