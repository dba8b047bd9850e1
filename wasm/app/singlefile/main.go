// Command singlefile writes the page as one self-contained HTML file: the
// shell's style sheet and scripts inlined, and the evaluator (app.wasm) and
// the bundled BenchIE data embedded gzip-compressed in base64, so that a
// reviewer can open the file from disk (file://), offline. loader.js finds
// the embedded files by their data-asset path and decompresses them with the
// browser's DecompressionStream.
//
//	go run ./wasm/app/singlefile -dist dist -out dist/oiebench.html
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/oiebench/oiebench/core/benchmarks"
)

func main() {
	dist := flag.String("dist", "dist", "the built site")
	out := flag.String("out", "dist/oiebench.html", "the file to write")
	flag.Parse()
	page, err := bundle(*dist, assets())
	if err == nil {
		err = os.WriteFile(*out, page, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "singlefile:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s (%.1f MB)\n", *out, float64(len(page))/(1<<20))
}

// assets lists the files the page loads, relative to the site: the
// evaluator and every bundled data set.
func assets() []string {
	files := []string{"app.wasm"}
	for _, d := range benchmarks.OnPage() {
		files = append(files, "data/"+d.Gold)
		for _, s := range d.Systems {
			files = append(files, "data/"+s.File)
		}
		for _, f := range []string{d.CaRBGold, d.Tags} {
			if f != "" {
				files = append(files, "data/"+f)
			}
		}
		if matches, gold, ok := d.Judgements(); ok {
			files = append(files, "data/"+matches, "data/"+gold)
		}
	}
	return files
}

var (
	stylesheet = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)">`)
	script     = regexp.MustCompile(`<script src="([^"]+)"></script>`)
	preload    = regexp.MustCompile(`(?m)^<link rel="preload"[^>]*>\n`)
	csp        = regexp.MustCompile(`script-src 'self'`)
)

// bundle builds the single page from the built site in dir.
func bundle(dir string, files []string) ([]byte, error) {
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		return nil, err
	}
	var firstErr error
	var hashes []string // of the inlined scripts, for the Content-Security-Policy
	inline := func(re *regexp.Regexp, tag string) {
		html = re.ReplaceAllFunc(html, func(m []byte) []byte {
			name := string(re.FindSubmatch(m)[1])
			body, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil && firstErr == nil {
				firstErr = err
			}
			// "</" would end the element early; "<\/" means the same in JS and CSS strings.
			body = bytes.ReplaceAll(body, []byte("</"), []byte(`<\/`))
			content := "\n" + string(body) + "\n"
			sum := sha256.Sum256([]byte(content))
			hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
			return []byte("<" + tag + ">" + content + "</" + tag + ">")
		})
	}
	inline(stylesheet, "style")
	hashes = nil // styles are allowed by style-src
	if !csp.Match(html) {
		return nil, errors.New("index.html: no script-src 'self' in the Content-Security-Policy to extend")
	}
	html = preload.ReplaceAll(html, nil)

	var embedded bytes.Buffer
	embedded.WriteString("<!-- Embedded files: gzip, then base64. -->\n")
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, fmt.Errorf("%v (run ./build.sh build first)", err)
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(data)
		w.Close()
		fmt.Fprintf(&embedded, "<script type=\"application/gzip\" data-asset=%q>", f)
		embedded.WriteString(base64.StdEncoding.EncodeToString(z.Bytes()))
		embedded.WriteString("</script>\n")
	}
	// The embedded files must precede the scripts that look them up.
	at := script.FindIndex(html)
	if at == nil {
		return nil, errors.New("index.html: no <script src> to put the embedded files before")
	}
	inline(script, "script")
	if firstErr != nil {
		return nil, firstErr
	}
	// The inlined scripts are allowed by their hashes, not by
	// 'unsafe-inline', which would allow any injected script too; the
	// embedded files are data blocks, which the policy does not run.
	html = csp.ReplaceAll(html, []byte("script-src 'self' "+strings.Join(hashes, " ")))
	at = []int{bytes.Index(html, []byte("<script>"))} // the first inlined script, after the policy grew
	var out bytes.Buffer
	out.Write(html[:at[0]])
	out.Write(embedded.Bytes())
	out.Write(html[at[0]:])
	if strings.Contains(out.String(), `src="`) {
		return nil, errors.New("index.html: a src attribute is left after inlining")
	}
	return out.Bytes(), nil
}
