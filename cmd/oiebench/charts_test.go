//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// `analyze --charts DIR` writes the page's charts as SVG files.
func TestAnalyzeWritesCharts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "charts")
	args := append([]string{"analyze", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--lang", "de", "--samples", "0", "--charts", dir}, englishSystemArgs(t)[:2]...)
	if _, stderr, code := runCLI(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if !strings.HasPrefix(string(b), "<svg ") || !strings.Contains(string(b), `data-system="clausie"`) {
			t.Errorf("%s is not a chart of the systems", e.Name())
		}
	}
	// No confidences in the bundled files: no PR curves.
	if want := []string{"error-buckets.svg", "profile.svg", "sentence-buckets.svg", "slot-errors.svg"}; !slices.Equal(names, want) {
		t.Errorf("charts %v, want %v", names, want)
	}
}
