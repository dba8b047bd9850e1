//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
)

func data(t *testing.T, name string) string {
	t.Helper()
	d, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(d, name)
}

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

type cliReport struct {
	Signature string `json:"signature"`
	Gold      struct {
		Path        string   `json:"path"`
		SHA256      string   `json:"sha256"`
		Sentences   int      `json:"sentences"`
		Synsets     int      `json:"synsets"`
		Extractions int      `json:"extractions"`
		Warnings    []string `json:"warnings"`
	} `json:"gold"`
	Systems []struct {
		Name, Path  string
		Extractions int
		Ignored     int
		Warnings    []string
		BenchIE     map[string]struct {
			Precision, Recall, F1 float64
			TP, FP, FN            int
		} `json:"benchie"`
	} `json:"systems"`
}

// TestScoreJSONContract runs the CLI on every bundled English system and
// checks the JSON contract and the published numbers.
func TestScoreJSONContract(t *testing.T) {
	var exp struct {
		Gold  map[string]string
		Stats map[string]struct{ Sentences, Synsets, Extractions int }
		EN    map[string]map[string]json.RawMessage
	}
	if err := dataset.Expected("benchie", &exp); err != nil {
		t.Fatal(err)
	}
	args := []string{"score", "--gold", data(t, exp.Gold["en"]), "--format", "json", "--reference-compat"}
	for name, sys := range exp.EN {
		var file string
		json.Unmarshal(sys["file"], &file)
		args = append(args, name+"="+data(t, file))
	}
	out, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r cliReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Signature, "gold:sha256:a5107265bd81e53e87952e3202ca366fe43b7f0f8ec8de4f8e047f7bf44bd916") || !strings.Contains(r.Signature, "mode:reference") {
		t.Errorf("signature %q", r.Signature)
	}
	st := exp.Stats["en"]
	if r.Gold.Sentences != st.Sentences || r.Gold.Synsets != st.Synsets || r.Gold.Extractions != st.Extractions || len(r.Gold.SHA256) != 64 {
		t.Errorf("gold %+v", r.Gold)
	}
	if len(r.Systems) != len(exp.EN) {
		t.Fatalf("%d systems", len(r.Systems))
	}
	for _, s := range r.Systems {
		for _, facet := range []string{"regular", "concat", "minimal"} {
			var want struct{ Precision, Recall, F1 float64 }
			json.Unmarshal(exp.EN[s.Name][facet], &want)
			got := s.BenchIE[facet]
			if math.Abs(got.Precision-want.Precision) > 1e-12 || math.Abs(got.Recall-want.Recall) > 1e-12 || math.Abs(got.F1-want.F1) > 1e-12 {
				t.Errorf("%s %s: %+v, want %+v", s.Name, facet, got, want)
			}
			if got.TP+got.FN != st.Synsets {
				t.Errorf("%s %s: TP+FN = %d", s.Name, facet, got.TP+got.FN)
			}
		}
	}
}

func TestScoreFormats(t *testing.T) {
	gold, sys := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt")
	for format, want := range map[string]string{
		"table":    "0.5029",
		"csv":      "clausie,695,0,0.5029154518950437,0.25555555555555554",
		"markdown": "| ClausIE | 0.503 | 0.256 | 0.339 |",
		"latex":    `ClausIE & 0.50 & 0.26 & 0.34 \\`,
	} {
		out, stderr, code := runCLI(t, "score", "--gold", gold, "--facet", "regular", "--format", format, "ClausIE="+sys)
		if format == "csv" {
			out, stderr, code = runCLI(t, "score", "--gold", gold, "--facet", "regular", "--format", format, "clausie="+sys)
		}
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		// The table folds the signature at its fields to fit 120 columns.
		if !strings.Contains(out, want) || !strings.Contains(strings.ReplaceAll(out, "|\n           ", "|"), "oiebench:"+report.Version+"|scorers:benchie|facets:regular|mode:paper|gold:sha256:") {
			t.Errorf("%s output lacks %q or the signature:\n%s", format, want, out)
		}
	}
}

func TestScoreDefaultNameAndFlagsAfterFiles(t *testing.T) {
	out, stderr, code := runCLI(t, "score", "--gold", data(t, "benchie_gold_annotations_zh.txt"), data(t, "systems/m2oie_zh_explicit.txt"), "--format", "json", "--facet", "regular")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r cliReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Systems[0].Name != "m2oie_zh_explicit" {
		t.Errorf("name %q", r.Systems[0].Name)
	}
	joined := strings.Join(r.Systems[0].Warnings, "\n")
	if !strings.Contains(joined, "credits 1 extraction(s) with stray spaces to another synset") {
		t.Errorf("the modes' difference must be reported: %q", joined)
	}
}

func TestScoreBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "system.tsv")
	os.WriteFile(bad, []byte("1\tHe\tserved\tas PM\n2\tGraner\thandcuffed\n"), 0o644)
	_, stderr, code := runCLI(t, "score", "--gold", data(t, "benchie_gold_annotations_en.txt"), bad)
	if code != 1 || !strings.Contains(stderr, bad+":2:20: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	badGold := filepath.Join(dir, "gold.txt")
	os.WriteFile(badGold, []byte("sent_id:1\ta\n1--> Cluster 1:\nx --> y --> z\n\nsent_id:1\tb\n"), 0o644)
	_, stderr, code = runCLI(t, "score", "--gold", badGold, bad)
	if code != 1 || !strings.Contains(stderr, badGold+":5:9: sentence id \"1\" is repeated") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runCLI(t, "score", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--strict", data(t, "systems/clausie_explicit.txt"))
	if code != 1 || !strings.Contains(stderr, "benchie_gold_annotations_en.txt:2331:1: synset header names sentence \"19\" inside sentence \"68\"") {
		t.Fatalf("strict reading of the published gold: exit %d, stderr %q", code, stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"score"},
		{"score", "--gold", "x"},
		{"score", "--gold", "x", "--facet", "nope", "y"},
		{"score", "--no-such-flag"},
		{"stats"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if _, stderr, code := runCLI(t, "score", "--gold", "/nonexistent/gold.txt", "s.tsv"); code != 1 || !strings.Contains(stderr, "/nonexistent/gold.txt") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}

func TestStats(t *testing.T) {
	out, stderr, code := runCLI(t, "stats", "--gold", data(t, "benchie_gold_annotations_de.txt"), "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Stats struct{ Sentences, Synsets, Extractions int }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Stats.Sentences != 300 || r.Stats.Synsets != 1086 || r.Stats.Extractions != 82260 {
		t.Fatalf("%+v", r.Stats)
	}
	out, _, code = runCLI(t, "stats", data(t, "benchie_gold_annotations_en.txt"))
	if code != 0 || !strings.Contains(out, "surface triples             136357") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestEGold(t *testing.T) {
	gold := data(t, "benchie_gold_annotations_en.txt")
	out, stderr, code := runCLI(t, "score", "--gold", gold, "--e-gold", gold, "--facet", "regular", "--format", "json", data(t, "systems/minie_explicit.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r cliReport
	json.Unmarshal([]byte(out), &r)
	// The same file as E gold must give the regular numbers.
	if e, reg := r.Systems[0].BenchIE["entity"], r.Systems[0].BenchIE["regular"]; e != reg || e.TP == 0 {
		t.Fatalf("entity %+v, regular %+v", e, reg)
	}
	if !strings.Contains(r.Signature, "e-gold:sha256:") {
		t.Errorf("signature %q", r.Signature)
	}
}
