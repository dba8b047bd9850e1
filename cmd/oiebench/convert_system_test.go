//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertSystems: BenchIE TSV → CaRB tabbed → BenchIE TSV and → JSON
// Lines keep every extraction, and the converted files score the same.
func TestConvertSystems(t *testing.T) {
	gold, sys := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt")
	dir := t.TempDir()
	step := func(name string, args ...string) string {
		t.Helper()
		out, stderr, code := runCLI(t, append([]string{"convert"}, args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(out), 0o644)
		return p
	}
	tabbed := step("clausie.carb", "--to", "carb-tabbed", "--sentences", gold, sys)
	back := step("clausie.tsv", "--to", "benchie-tsv", "--sentences", data(t, "sample300_en.txt"), tabbed)
	jsonl := step("clausie.jsonl", "--to", "jsonl", back)
	orig, _ := os.ReadFile(sys)
	b, _ := os.ReadFile(back)
	origLines, backLines := strings.Split(strings.TrimSpace(string(orig)), "\n"), strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(origLines) != len(backLines) {
		t.Fatalf("%d extractions back, want %d", len(backLines), len(origLines))
	}
	for i := range origLines {
		// the tabbed form carries a confidence (1 when a file has none)
		if got := strings.TrimSuffix(backLines[i], "\t1"); got != origLines[i] {
			t.Fatalf("line %d: %q, want %q", i+1, got, origLines[i])
		}
	}
	for _, f := range []string{sys, tabbed, jsonl} {
		out, stderr, code := runCLI(t, "score", "--gold", gold, "--facet", "regular", "--format", "csv", "c="+f)
		if code != 0 || !strings.Contains(out, "0.5029154518950437,0.25555555555555554") {
			t.Errorf("%s scores differently (exit %d, %s):\n%s", f, code, stderr, out)
		}
	}
	if _, stderr, code := runCLI(t, "convert", "--to", "carb-tabbed", sys); code != 2 || !strings.Contains(stderr, "--sentences") {
		t.Errorf("tabbed output without sentences: exit %d, %q", code, stderr)
	}
}
