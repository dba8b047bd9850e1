package dist

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp/postag"
	"github.com/oiebench/oiebench/dist/headers"
)

// The shipped data is the release as published: every file its SHA256SUMS
// lists, byte for byte, and every file of its folder is listed.
func TestChecksums(t *testing.T) {
	for _, sums := range []struct{ file, base string }{
		{"data/benchie/SHA256SUMS", "data/benchie"},
		{"data/benchie_fl/SHA256SUMS", "data"}, // its paths start with benchie_fl/
		{"data/carb/SHA256SUMS", "data/carb"},
	} {
		list, err := fs.ReadFile(Site(), sums.file)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		listed := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(string(list)), "\n") {
			want, name, ok := strings.Cut(line, "  ")
			if !ok {
				t.Fatalf("%s: %q", sums.file, line)
			}
			listed[path.Join(sums.base, name)] = true
			b, err := fs.ReadFile(Site(), path.Join(sums.base, name))
			if err != nil {
				t.Fatal(err)
			}
			if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != want {
				t.Errorf("%s: checksum differs from %s", name, sums.file)
			}
			n++
		}
		if n < 10 {
			t.Errorf("%s lists %d files", sums.file, n)
		}
		fs.WalkDir(Site(), path.Dir(sums.file), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if b := path.Base(p); b != "README.md" && b != "SHA256SUMS" && !listed[p] {
				t.Errorf("%s is shipped but %s has no checksum for it", p, sums.file)
			}
			return nil
		})
	}
}

// Every catalogued file is shipped, and every shipped benchmark file is
// catalogued (a file the page or the command line cannot name is dead weight).
func TestCatalogueMatchesData(t *testing.T) {
	named := map[string]bool{}
	for _, e := range benchmarks.Entries() {
		if _, err := ReadData(e.Path); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
		named[e.Path] = true
	}
	for _, d := range benchmarks.BenchIE {
		if d.Tags != "" {
			named[d.Tags] = true
		}
	}
	fs.WalkDir(Site(), "data", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := strings.TrimPrefix(p, "data/")
		switch path.Base(rel) {
		case "README.md", "SHA256SUMS", "LICENSE":
			return nil
		}
		if !named[rel] {
			t.Errorf("%s is shipped but has no name in core/benchmarks", rel)
		}
		return nil
	})
}

// The committed tags are what `oiebench tags` computes from the English gold.
func TestTagsAreCurrent(t *testing.T) {
	d, _ := benchmarks.DatasetByKey("en")
	data, err := ReadData(d.Gold)
	if err != nil {
		t.Fatal(err)
	}
	g, err := evaluate.ReadGold(evaluate.Input{Path: d.Gold, Data: data}, false)
	if err != nil {
		t.Fatal(err)
	}
	var sentences []string
	for _, s := range g.Sentences {
		sentences = append(sentences, s.Text)
	}
	ts, err := postag.TagSentences(sentences)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ts.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadData(d.Tags)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want)) {
		t.Errorf("data/%s is not what oiebench tags computes: run ./build.sh build and commit it", d.Tags)
	}
}

func get(t *testing.T, h http.Handler, target string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The evaluator goes out in the best encoding the browser takes, with its
// type, and an unchanged file costs a 304.
func TestHandlerEncodings(t *testing.T) {
	h := Handler(Site())
	packed, err := fs.ReadFile(Site(), "app.wasm.br")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(packed)))
	if err != nil {
		t.Fatal(err)
	}
	br := get(t, h, "/app.wasm", "Accept-Encoding", "gzip, deflate, br")
	if br.StatusCode != 200 || br.Header.Get("Content-Encoding") != "br" || br.Header.Get("Content-Type") != "application/wasm" ||
		!bytes.Equal(body(t, br), packed) || br.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("br: %d %v", br.StatusCode, br.Header)
	}
	gz := get(t, h, "/app.wasm", "Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(bytes.NewReader(body(t, gz)))
	if err != nil || gz.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: %v %v", err, gz.Header)
	}
	if b, _ := io.ReadAll(zr); !bytes.Equal(b, plain) {
		t.Error("gzip: the body is not the evaluator")
	}
	id := get(t, h, "/app.wasm", "Accept-Encoding", "br;q=0, identity")
	if id.Header.Get("Content-Encoding") != "" || !bytes.Equal(body(t, id), plain) {
		t.Errorf("identity: %v", id.Header)
	}
	etag := br.Header.Get("ETag")
	if again := get(t, h, "/app.wasm", "Accept-Encoding", "br", "If-None-Match", etag); etag == "" || again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with %q: %d", etag, again.StatusCode)
	}
	if etag == gz.Header.Get("ETag") {
		t.Error("two encodings share an ETag")
	}
}

func TestHandlerPaths(t *testing.T) {
	h := Handler(Site())
	if r := get(t, h, "/"); r.StatusCode != 200 || !strings.Contains(string(body(t, r)), "<title>oiebench") || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
		t.Errorf("/: %d %v", r.StatusCode, r.Header)
	}
	if r := get(t, h, "/data/benchie/systems/clausie_explicit.txt"); r.StatusCode != 200 {
		t.Errorf("data: %d", r.StatusCode)
	}
	for _, p := range []string{"/nothing.txt", "/../go.mod", "/dist.go", "/app.wasm.sources/x"} {
		if r := get(t, h, p); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", p, r.StatusCode)
		}
	}
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("x"))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", rec.Code)
	}
}

// The evaluator is read decompressed from its committed .br; a plain file
// as it is.
func TestReadSite(t *testing.T) {
	wasm, err := ReadSite("app.wasm")
	if err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("app.wasm: %d bytes, %v", len(wasm), err)
	}
	if html, err := ReadSite("index.html"); err != nil || !bytes.Contains(html, []byte("<!doctype html>")) {
		t.Errorf("index.html: %v", err)
	}
	if _, err := ReadSite("none.txt"); err == nil {
		t.Error("a missing file read")
	}
}

// Every answer, a page, the evaluator or a miss, carries the security
// headers.
func TestHandlerSecurityHeaders(t *testing.T) {
	h := Handler(Site())
	for _, p := range []string{"/", "/app.wasm", "/nothing.txt"} {
		r := get(t, h, p, "Accept-Encoding", "br")
		for _, kv := range headers.Security {
			if got := r.Header.Get(kv[0]); got != kv[1] {
				t.Errorf("%s: %s %q, want %q", p, kv[0], got, kv[1])
			}
		}
	}
}
