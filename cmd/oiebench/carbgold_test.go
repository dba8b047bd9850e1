package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CaRB's shipped test gold is scored by CaRB without --scorer, from an empty
// directory, and gives CaRB's published numbers (carb-variants.md 11).
func TestShippedCaRBGoldScoresItself(t *testing.T) {
	t.Chdir(t.TempDir())
	out, stderr, code := runCLI(t, "score", "--gold", "carb:test", "--format", "json", "carb:test/openie4", "carb:test/clausie")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Signature string `json:"signature"`
		Systems   []struct {
			Name string `json:"name"`
			CaRB *struct {
				F1, AUC float64
			} `json:"carb"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Signature, "scorers:carb|") {
		t.Errorf("signature %q does not name the carb scorer", r.Signature)
	}
	want := map[string][2]float64{"OpenIE 4": {.488180, .272104}, "ClausIE": {.449567, .223619}}
	if len(r.Systems) != len(want) {
		t.Fatalf("%d systems, want %d", len(r.Systems), len(want))
	}
	for _, s := range r.Systems {
		w, ok := want[s.Name]
		if !ok || s.CaRB == nil {
			t.Fatalf("system %q: unexpected, or no carb member", s.Name)
		}
		if math.Abs(s.CaRB.F1-w[0]) > 5e-7 || math.Abs(s.CaRB.AUC-w[1]) > 5e-7 {
			t.Errorf("%s: F1 %.6f AUC %.6f, want %.6f / %.6f", s.Name, s.CaRB.F1, s.CaRB.AUC, w[0], w[1])
		}
	}
}

// A gold names its scorer: a CaRB or WiRe57 gold given without --scorer is
// scored by its own, and one given to BenchIE is refused with the scorer
// to use, never read as a malformed BenchIE gold.
func TestGoldDecidesScorer(t *testing.T) {
	dir := t.TempDir()
	carbGold := filepath.Join(dir, "gold.tsv")
	tsv := "Ann saw Bob in Paris .\tsaw\tAnn\tBob\n"
	if err := os.WriteFile(carbGold, []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
	sys := filepath.Join(dir, "sys.txt")
	if err := os.WriteFile(sys, []byte("Ann saw Bob in Paris .\t0.9\tsaw\tAnn\tBob\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wireGold := filepath.Join("..", "..", "core", "wire57", "testdata", "gold.json")
	wireSys := filepath.Join("..", "..", "core", "wire57", "testdata", "system.json")
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout (code 0) or stderr
	}{
		{[]string{"--gold", carbGold, "--format", "json", sys}, 0, `"carb"`},
		{[]string{"--gold", wireGold, "--format", "json", wireSys}, 0, `"wire57"`},
		{[]string{"--scorer", "benchie", "--gold", carbGold, sys}, 2, "--scorer carb"},
		{[]string{"--scorer", "benchie,carb", "--gold", "carb:test", sys}, 2, "--scorer carb"},
		{[]string{"--scorer", "benchie", "--gold", wireGold, wireSys}, 2, "--scorer wire57"},
	} {
		out, stderr, code := runCLI(t, append([]string{"score"}, tc.args...)...)
		got := out
		if tc.code != 0 {
			got = stderr
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("score %v: exit %d, want %d with %q in\n%s%s", tc.args, code, tc.code, tc.want, out, stderr)
		}
		if strings.Contains(stderr, "sent_id:") {
			t.Errorf("score %v: read as a BenchIE gold: %s", tc.args, stderr)
		}
	}
}
