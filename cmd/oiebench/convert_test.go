//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertRoundTrip converts the English gold to AnnIE JSON and back:
// the published file comes back byte for byte.
func TestConvertRoundTrip(t *testing.T) {
	gold := data(t, "benchie_gold_annotations_en.txt")
	want, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "convert", "--from", "benchie-gold", "--to", "benchie-gold", gold)
	if code != 0 || out != string(want) {
		t.Fatalf("benchie-gold to benchie-gold: exit %d, %s, same bytes: %v", code, errs, out == string(want))
	}
	if !strings.Contains(errs, "warning:") {
		t.Errorf("the published gold's oddities are not reported: %q", errs)
	}
	js, _, code := runCLI(t, "convert", "--to", "annie-json", gold) // input format sniffed
	if code != 0 || !strings.HasPrefix(js, `{"name":"benchie_gold_annotations_en.txt"`) {
		t.Fatalf("to annie-json: exit %d, %.80s", code, js)
	}
	tmp := filepath.Join(t.TempDir(), "progress.json")
	if err := os.WriteFile(tmp, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	back, errs, code := runCLI(t, "convert", "--to", "benchie-gold", tmp)
	if code != 0 || back != string(want) || errs != "" {
		t.Fatalf("annie-json to benchie-gold: exit %d, %s, same bytes: %v", code, errs, back == string(want))
	}
	text, _, code := runCLI(t, "convert", "--from", "annie-json", "--to", "text", tmp)
	if code != 0 || !strings.HasPrefix(text, "[1] He served as the first Prime Minister of Australia") ||
		!strings.Contains(text, "    (He; served as; [the] [first] Prime Minister [of Australia])\n") {
		t.Errorf("to text: exit %d, %.200s", code, text)
	}
}

func TestConvertSentences(t *testing.T) {
	out, _, code := runCLI(t, "convert", "--from", "sentences", "--to", "benchie-gold", data(t, "sample300_de.txt"))
	if code != 0 || !strings.HasPrefix(out, "sent_id:1\t") || strings.Count(out, "sent_id:") != 300 {
		t.Errorf("sentences to benchie-gold: exit %d, %.100s", code, out)
	}
}

// TestConvertErrors: usage mistakes exit 2, bad input exits 1 and names the
// place.
func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\"textFile\": {\"sentences\": [\n  {\"text\": 1}]}}"), 0o644)
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, []byte("just a sentence\n"), 0o644)
	carbGold := filepath.Join(dir, "carb.tsv")
	os.WriteFile(carbGold, []byte("She began her film career in 1990 .\tbegan\tShe\ther film career\n"), 0o644)
	gold := data(t, "benchie_gold_annotations_zh.txt")
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"convert", gold}, 2, "give the output format with --to"},
		{[]string{"convert", "--to", "text"}, 2, "give one input file"},
		{[]string{"convert", "--to", "carb", gold}, 2, `cannot convert benchie-gold to "carb"`},
		{[]string{"convert", "--from", "carb", "--to", "text", gold}, 2, `unknown input format "carb"`},
		// The file's format is not told: convert says what score says.
		{[]string{"convert", "--to", "text", plain}, 1, "plain.txt:1: cannot tell the format of this file (lines without tabs and no extraction line: a list of sentences?): give --from: benchie-gold, annie-json, sentences, benchie-tsv"},
		{[]string{"convert", "--to", "jsonl", carbGold}, 1, "carb.tsv:1: this looks like a CaRB gold, not system extractions"},
		{[]string{"convert", "--to", "sentences", gold}, 2, "expected --to benchie-gold, annie-json, text"},
		{[]string{"convert", "--to", "text", bad}, 1, "bad.json:2:12: \"text\" must be a string, found a number"},
		{[]string{"convert", "--strict", "--to", "text", gold}, 1, "benchie_gold_annotations_zh.txt:2080:1: line not understood"},
		{[]string{"convert", "--to", "text", filepath.Join(dir, "missing")}, 1, "no such file"},
	}
	for _, c := range cases {
		_, errs, code := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, %q; want exit %d with %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// TestConvertToTabbedEmptyObject: an extraction with an empty object is
// written as CaRB's tabbed form has it (a trailing empty field), which
// CaRB's reader strips away: convert says so.
func TestConvertToTabbedEmptyObject(t *testing.T) {
	tsv := writeFile(t, "s.tsv", "1\tShe\tbegan\t\n1\tShe\tbegan\ther film career\n")
	sents := writeFile(t, "sents.txt", "She began her film career in 1990 .\n")
	out, errs, code := runCLI(t, "convert", "--from", "benchie-tsv", "--to", "carb-tabbed", "--sentences", sents, tsv)
	if code != 0 || !strings.HasPrefix(out, "She began her film career in 1990 .\t1\tbegan\tShe\t\n") ||
		!strings.Contains(errs, "warning: ") || !strings.Contains(errs, "1 extraction(s) end with an empty field") || !strings.Contains(errs, "line 1") {
		t.Errorf("exit %d, out %q, stderr %q", code, out, errs)
	}
}
