//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestScoreInputFormats: every format is read by the command line, detected or
// named; what cannot be scored exits 1 with a message naming the format.
func TestScoreInputFormats(t *testing.T) {
	carbGold := writeFile(t, "gold.tsv", "She began her film career in 1990 .\tbegan\tShe\ther film career\n")
	openie6 := writeFile(t, "o6.txt", "She began her film career in 1990 .\n0.9: (She; began; her film career)\n0.2: (She; began; 1990)\n")
	out, stderr, code := runCLI(t, "score", "--scorer", "carb", "--gold", carbGold, "--format", "csv", openie6)
	if code != 0 || !strings.Contains(out, "carb_auc") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	conll := writeFile(t, "tokens.conll", "0\tShe\tbegan\tA0-B\n1\tbegan\tbegan\tP-B\n")
	benchieGold := writeFile(t, "g.txt", "sent_id:1\tShe began her film career in 1990 .\n1--> Cluster 1:\nShe --> began --> her film career\n")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"score", "--gold", benchieGold, conll}, 1, "CoNLL token file"},
		{[]string{"score", "--gold", benchieGold, "--system-format", "benchie-tsv", conll}, 1, "asked to read it as BenchIE TSV, but this looks like CoNLL token file"},
		{[]string{"score", "--scorer", "carb", "--gold", carbGold, writeFile(t, "s.tsv", "1\tShe\tbegan\ther film career\n")}, 1, "names sentences by id"},
		{[]string{"score", "--gold", benchieGold, writeFile(t, "other.txt", "Another sentence here .\n0.9: (She; began; her film career)\n")}, 1, "no extraction names a sentence of the gold"},
		{[]string{"score", "--gold", benchieGold, "--system-format", "nope", openie6}, 2, "unknown system format \"nope\""},
		{[]string{"score", "--gold", benchieGold, "--system-format", "openie6", openie6}, 0, ""},
	} {
		_, stderr, code := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.says) {
			t.Errorf("%v: exit %d, %q; want exit %d saying %q", c.args, code, stderr, c.code, c.says)
		}
	}
	// convert reads any format: OpenIE6 to BenchIE TSV with the sentences.
	out, stderr, code = runCLI(t, "convert", "--to", "benchie-tsv", "--sentences", benchieGold, openie6)
	if code != 0 || out != "1\tShe\tbegan\ther film career\t0.9\n1\tShe\tbegan\t1990\t0.2\n" {
		t.Errorf("convert: exit %d, %q %s", code, out, stderr)
	}
}

// TestScoreGoldFormat: --gold-format names a CaRB scorer's gold, where
// detection cannot tell (one OIE2016 line) or is overruled; names that fit
// no gold of the run are usage errors.
func TestScoreGoldFormat(t *testing.T) {
	line := "She began her film career in 1990 .\tbegan\tbegan\tShe\ther film career\n"
	oie2016, byExt := writeFile(t, "one.tsv", line), writeFile(t, "one.oie", line)
	tabbed := writeFile(t, "s.tsv", "She began her film career in 1990 .\t0.9\tbegan\tShe\ther film career\n")
	benchieGold := writeFile(t, "g.txt", "sent_id:1\tShe began her film career in 1990 .\n1--> Cluster 1:\nShe --> began --> her film career\n")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"score", "--scorer", "carb", "--gold", oie2016, tabbed}, 1, "name it (--gold-format"},
		{[]string{"score", "--scorer", "carb", "--gold", byExt, tabbed}, 0, "for its .oie extension"},
		{[]string{"score", "--scorer", "carb", "--gold-format", "oie2016-gold", "--format", "csv", "--gold", oie2016, tabbed}, 0, ""},
		{[]string{"score", "--scorer", "benchie,carb", "--gold-format", "oie2016-gold", "--gold", benchieGold, "--carb-gold", oie2016, tabbed}, 0, ""},
		{[]string{"score", "--gold-format", "oie2016-gold", "--format", "csv", "--gold", oie2016, tabbed}, 0, ""},
		{[]string{"score", "--scorer", "openie6", "--gold-format", "oie2016-gold", "--format", "csv", "--gold", oie2016, tabbed}, 0, ""},
		{[]string{"score", "--scorer", "openie6", "--gold", oie2016, tabbed}, 1, "name it (--gold-format"},
		{[]string{"score", "--scorer", "benchie", "--gold-format", "oie2016-gold", "--gold", oie2016, tabbed}, 2, "which BenchIE cannot read"},
		{[]string{"score", "--scorer", "carb", "--gold-format", "nope", "--gold", oie2016, tabbed}, 2, `unknown gold format "nope"`},
		{[]string{"score", "--scorer", "carb", "--gold-format", "benchie", "--gold", oie2016, tabbed}, 2, "does not name a gold"},
		// the gold is read as the format named, and refused as not one
		{[]string{"score", "--gold-format", "carb-gold", "--gold", benchieGold, tabbed}, 1, "g.txt:2:16: expected at least 2 tab-separated columns"},
		{[]string{"score", "--gold-format", "carb-gold", "--scorer", "benchie", "--carb-gold", oie2016, "--gold", benchieGold, tabbed}, 2, "names --carb-gold's format, which only --scorer carb reads"},
	} {
		out, stderr, code := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.says) {
			t.Errorf("%v: exit %d, %q; want exit %d saying %q", c.args, code, stderr, c.code, c.says)
		}
		if c.code == 0 && strings.Contains(strings.Join(c.args, " "), "csv") && !strings.Contains(out, ",1.0") && !strings.Contains(out, ",1,") {
			t.Errorf("%v: the OIE2016 tuple does not match its own prediction: %s", c.args, out)
		}
	}
}
