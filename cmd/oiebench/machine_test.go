//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/formats"
)

// With OIEBENCH_ERRORS=json a bad file's error is one JSON object on
// standard error with its place; a usage error says so.
func TestErrorsAsJSON(t *testing.T) {
	t.Setenv("OIEBENCH_ERRORS", "json")
	bad := filepath.Join(t.TempDir(), "system.tsv")
	os.WriteFile(bad, []byte("1\tHe\tserved\tas PM\n2\tGraner\thandcuffed\n"), 0o644)
	_, stderr, code := runCLI(t, "score", "--gold", "benchie:en", bad)
	var e errorJSON
	if err := json.Unmarshal([]byte(stderr), &e); err != nil || code != 1 {
		t.Fatalf("exit %d, stderr %q: %v", code, stderr, err)
	}
	want := errorJSON{Error: bad + ":2:20: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3",
		Message: "expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3", File: bad, Line: 2, Column: 20}
	if e != want {
		t.Errorf("got %+v, want %+v", e, want)
	}
	_, stderr, code = runCLI(t, "score", "benchie:en/clausie")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &e); err != nil || code != 2 || !e.Usage || e.Error != "--gold is required" {
		t.Errorf("exit %d, %+v, %v", code, e, err)
	}
}

// --verdicts writes one row per extraction and facet; its correct rows
// are the report's true positives.
func TestScoreVerdicts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "verdicts.json")
	out, stderr, code := runCLI(t, "score", "--quiet", "--gold", "benchie:en", "--facet", "regular", "--format", "json", "--verdicts", path, "benchie:en/clausie")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep cliReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []explain.VerdictRow
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	correct := 0
	for _, r := range rows {
		if r.Verdict == "correct" {
			correct++
		}
	}
	if len(rows) != rep.Systems[0].Extractions || correct != rep.Systems[0].BenchIE["regular"].TP {
		t.Errorf("%d rows, %d correct; report: %d extractions, TP %d", len(rows), correct, rep.Systems[0].Extractions, rep.Systems[0].BenchIE["regular"].TP)
	}
	if _, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--scorer", "wire57", "--verdicts", path, "x"); code != 2 || !strings.Contains(stderr, "--verdicts") {
		t.Errorf("--verdicts without BenchIE: exit %d, %q", code, stderr)
	}
}

// formats --format json is the registry's list.
func TestFormatsJSON(t *testing.T) {
	out, stderr, code := runCLI(t, "formats", "--format", "json")
	var got []formats.Info
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %s: %v", code, stderr, err)
	}
	if len(got) != len(formats.Infos()) || got[0] != formats.Infos()[0] {
		t.Errorf("got %d formats, want %d", len(got), len(formats.Infos()))
	}
	if out, _, code := runCLI(t, "formats"); code != 0 || !strings.Contains(out, "benchie-tsv") {
		t.Errorf("table: exit %d, %q", code, out)
	}
}
