//go:build !(js && wasm)

// Native only: Bundle and Embedded are (native.go).

package singlefile

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/dist/shell"
	"github.com/oiebench/oiebench/internal/dataset"
)

func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const shellHTML = `<!doctype html>
<title>oiebench</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'">
<link rel="stylesheet" href="style.css">
<link rel="preload" as="fetch" crossorigin href="data/x.txt">
` + shell.FirstScreenBegin + `<div id="app">the bundled benchmark's table</div>
` + shell.FirstScreenEnd + `
<script src="wasm_exec.js"></script>
<script src="loader.js"></script>
`

func TestBundle(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"index.html":   shellHTML,
		"style.css":    "body { color: red }",
		"wasm_exec.js": "var go = 1; // </script> inside a comment",
		"loader.js":    "start();",
		"app.wasm":     "\x00asm binary",
		"data/x.txt":   "sent_id:1\tHe slept .\n",
	})
	page, err := Bundle(dirReader(dir), []Asset{{Path: "app.wasm"}, {Path: "data/x.txt"}, {Path: "exercise.json", Data: []byte(`{"title": "<b>"}`)}}, "Week 3 & 4")
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{"<style>\nbody { color: red }", "start();", `script-src 'self' 'sha256-`, `<\/script> inside`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Each inlined script is allowed by its hash, and nothing else inline.
	for _, js := range []string{"start();", "var go = 1; // <\\/script> inside a comment"} {
		sum := sha256.Sum256([]byte("\n" + js + "\n"))
		if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(html, h) {
			t.Errorf("no %s for %q in the policy", h, js)
		}
	}
	if strings.Contains(html, "unsafe-inline'; style") || strings.Contains(html, "script-src 'self' 'unsafe-inline'") {
		t.Error("the policy allows any inline script")
	}
	if strings.Contains(html, `src="`) || strings.Contains(html, "preload") || strings.Contains(html, `href="style.css"`) {
		t.Error("page still refers to outside files")
	}
	// Each file comes back whole from its embedding, before the scripts.
	if !strings.Contains(html, "<title>Week 3 &amp; 4</title>") {
		t.Error("the title was not replaced")
	}
	for name, want := range map[string]string{"app.wasm": "\x00asm binary", "data/x.txt": "sent_id:1\tHe slept .\n", "exercise.json": `{"title": "<b>"}`} {
		m := regexp.MustCompile(`<script type="application/gzip" data-asset="` + regexp.QuoteMeta(name) + `">([^<]*)</script>`).FindStringSubmatchIndex(html)
		if m == nil {
			t.Fatalf("%s not embedded", name)
		}
		if m[0] > strings.Index(html, "var go") {
			t.Errorf("%s is embedded after the scripts that read it", name)
		}
		z, _ := base64.StdEncoding.DecodeString(html[m[2]:m[3]])
		r, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(r)
		if string(got) != want {
			t.Errorf("%s embeds %q", name, got)
		}
	}
	if !strings.Contains(html, "the bundled benchmark's table") {
		t.Error("a page with the benchmark lost its first screen")
	}
	// A page without the benchmark (an exercise) does not show its table.
	page, err = Bundle(dirReader(dir), []Asset{{Path: "app.wasm"}, {Path: "exercise.json", Data: []byte(`{}`)}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if html := string(page); strings.Contains(html, "the bundled benchmark's table") || !strings.Contains(html, "Starting the evaluator") {
		t.Error("a page without the benchmark shows the benchmark's first screen")
	}
	if _, err := Bundle(dirReader(dir), []Asset{{Path: "missing.wasm"}}, ""); err == nil {
		t.Error("a missing file made no error")
	}
}

func dirReader(dir string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))) }
}

// The shell preloads the first screen's data: exactly the files of the
// first bundled data set.
func TestPreloadsMatchFirstDataset(t *testing.T) {
	html, err := dataset.ReadSite("index.html")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range regexp.MustCompile(`<link rel="preload" as="fetch" crossorigin href="data/([^"]+)">`).FindAllStringSubmatch(string(html), -1) {
		got = append(got, m[1])
	}
	d := benchmarks.BenchIE[0]
	want := []string{d.Gold}
	for _, s := range d.Systems {
		want = append(want, s.File)
	}
	if !slices.Equal(got, want) {
		t.Errorf("dist/index.html preloads %v, want %v", got, want)
	}
}
