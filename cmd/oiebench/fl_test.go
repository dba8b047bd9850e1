//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// TestScoreFL runs `score --scorer benchie-fl` on the seven FL systems and
// checks the published numbers in the JSON, both modes and the errors.
func TestScoreFL(t *testing.T) {
	var exp struct {
		Gold       string                `json:"gold"`
		Files      map[string]string     `json:"files"`
		Benchie300 map[string][3]float64 `json:"benchie300"`
	}
	if err := dataset.Expected("benchie_fl", &exp); err != nil {
		t.Fatal(err)
	}
	d, err := dataset.FLDir()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(d)
	args := []string{"score", "--gold", filepath.Join(dir, exp.Gold), "--scorer", "benchie-fl", "--format", "json"}
	for name, f := range exp.Files {
		args = append(args, name+"="+filepath.Join(dir, f))
	}
	out, errs, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Systems []struct {
			Name      string
			BenchIE   json.RawMessage `json:"benchie"`
			BenchIEFL struct {
				Precision, Recall, F1 float64
				MatchedExtractions    int `json:"matched_extractions"`
				Synsets               int
				Mode                  string
				Other                 *struct {
					Mode    string
					MovedBy []string `json:"moved_by"`
				}
			} `json:"benchie_fl"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Systems) != 7 {
		t.Fatalf("%d systems", len(rep.Systems))
	}
	for _, s := range rep.Systems {
		want, fl := exp.Benchie300[s.Name], s.BenchIEFL
		for k, v := range []float64{fl.Precision, fl.Recall, fl.F1} {
			if math.Abs(v-want[k]) > 1e-12 {
				t.Errorf("%s: %d = %v, want %v", s.Name, k, v, want[k])
			}
		}
		if s.BenchIE != nil || fl.Mode != "reference" || fl.Synsets != 1821 || fl.Other == nil || fl.Other.Mode != "corrected" {
			t.Errorf("%s: %s %+v", s.Name, s.BenchIE, fl)
		}
		if s.Name == "m2oie" && strings.Join(fl.Other.MovedBy, ",") != "phantom-synsets,pair-cap" {
			t.Errorf("m2oie moved by %v", fl.Other.MovedBy)
		}
	}
	// The table says what moved the other mode.
	out, _, code = runCLI(t, "score", "--gold", filepath.Join(dir, exp.Gold), "--scorer", "benchie,benchie-fl", "--fl-mode", "corrected",
		"--facet", "regular", "clausie="+filepath.Join(dir, exp.Files["clausie"]))
	if code != 0 || !strings.Contains(out, "BenchIE^FL clausie: reference mode P 0.1471 R 0.1296 F1 0.1378 (moved by last-character, phantom-synsets)") ||
		!strings.Contains(out, "benchie-fl-delta F1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// Usage errors, and a gold the FL reader refuses (strict) with its place.
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--fl-mode", "lenient"}, 2, `--fl-mode: unknown mode "lenient"`},
		{[]string{"--scorer", "benchie-fl,wire57"}, 2, "does not combine"},
		{[]string{"--scorer", "benchie-fl,carb", "--carb-gold", "x"}, 2, `--scorer must hold "benchie" too`},
	} {
		a := append([]string{"score", "--gold", filepath.Join(dir, exp.Gold)}, c.args...)
		_, errs, code := runCLI(t, append(a, filepath.Join(dir, exp.Files["reverb"]))...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
	tmp := t.TempDir()
	gold := filepath.Join(tmp, "gold.txt")
	os.WriteFile(gold, []byte("sent_id:1\tS\n1--> Cluster 1:\nA --> b "+strings.Repeat("[x] ", 17)+"--> d\n"), 0o644)
	sys := filepath.Join(tmp, "s.tsv")
	os.WriteFile(sys, []byte("1\tA\tb c\td\n"), 0o644)
	_, errs, code = runCLI(t, "score", "--gold", gold, "--scorer", "benchie-fl", "--strict", sys)
	if code != 1 || !strings.Contains(errs, "gold.txt:3:1: expected at most 16 optional words in a triple (2^k forms are expanded), found 17") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestFLBudgetFlags: --fl-max-forms and --fl-max-comparisons bound
// BenchIE^FL's work; past either the command refuses, naming the bound.
func TestFLBudgetFlags(t *testing.T) {
	dir := t.TempDir()
	gold, sys := filepath.Join(dir, "gold.txt"), filepath.Join(dir, "sys.txt")
	if err := os.WriteFile(gold, []byte("sent_id:1\tBob likes tea .\n1--> Cluster 1:\nBob --> likes --> [green] tea\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sys, []byte("1\tBob\tlikes\ttea\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flags []string
		code  int
		msg   string
	}{
		{nil, 0, ""},
		{[]string{"--fl-max-forms", "1"}, 1, "BenchIE^FL would expand this gold to 2 surface forms (2^k for a triple with k optional words), past the budget of 1"},
		{[]string{"--fl-max-comparisons", "1"}, 1, "sys.txt: BenchIE^FL would compare its extractions 273 times with gold values of their sentences (counted per 64 bytes of extraction), past the budget of 1"},
	} {
		args := append([]string{"score", "--gold", gold, "--scorer", "benchie-fl"}, c.flags...)
		_, errs, code := runCLI(t, append(args, sys)...)
		if code != c.code || !strings.Contains(errs, c.msg) || c.msg != "" && !strings.Contains(errs, "--fl-max-forms and --fl-max-comparisons raise it") {
			t.Errorf("%v: exit %d: %s", c.flags, code, errs)
		}
	}
}
