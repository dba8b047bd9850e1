//go:build e2e

package e2e

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The release's Hugging Face Space (./build.sh release writes it; ./build.sh
// test writes the same into build/space/): a static Space whose front
// matter serves index.html, the single-file page, which shows the
// published numbers when the folder is served as a static host serves it
// (plain files, no brotli), and asks for nothing but itself.
func TestSpace(t *testing.T) {
	dir := filepath.Join(root, "build", "space")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatalf("%v: run ./build.sh site, then write_space (./build.sh test does)", err)
	}
	front, _, ok := strings.Cut(strings.TrimPrefix(string(readme), "---\n"), "\n---\n")
	if !strings.HasPrefix(string(readme), "---\n") || !ok {
		t.Fatalf("README.md has no front matter:\n%s", readme)
	}
	for _, want := range []string{"sdk: static", "app_file: index.html", "title: oiebench", "license: mit"} {
		if !strings.Contains("\n"+front+"\n", "\n"+want+"\n") {
			t.Errorf("the front matter lacks %q:\n%s", want, front)
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	single, err := os.ReadFile(filepath.Join(siteDir, "oiebench.html"))
	if err != nil || !bytes.Equal(index, single) {
		t.Fatalf("the Space's index.html is not the single-file page (build/site/oiebench.html): %v", err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	p := newPage(t)
	p.open(srv.URL + "/")
	checkPublished(t, p, "en", loadExpected(t).EN)
	p.screenshot("space")
	if bad := p.foreignRequests(srv.URL); len(bad) > 0 {
		t.Errorf("the Space's page made requests elsewhere: %q", bad)
	}
	if n := p.requestCount(); n > 2 { // the page, and perhaps the browser's favicon
		t.Errorf("the Space's page made %d requests, want the page alone", n)
	}
}
