// Package singlefile writes the page as one self-contained HTML file: the
// shell's style sheets and scripts inlined, and the files the page loads
// (the evaluator, data, an exercise) embedded gzip-compressed in base64, so
// that the file works opened from disk (file://), offline. loader.js finds
// the embedded files by their data-asset path and decompresses them with
// the browser's DecompressionStream. The single-file site (./build.sh site)
// and the exercise files (oiebench exercise) are both made here.
package singlefile

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"strings"

	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/dist/shell"
)

// Asset is a file embedded in the page under the path the page asks for
// (app.wasm, data/...). Data nil: the site's file of that path.
type Asset struct {
	Path string
	Data []byte
}

// The shell's tags the bundle rewrites, each as the text before and after
// its one varying part. (Plain scanning, not regular expressions: the page
// makes exercise files too, and Go's regexp would weigh a quarter of a
// megabyte in its evaluator.)
var (
	stylesheet = tag{`<link rel="stylesheet" href="`, `">`}
	script     = tag{`<script src="`, `"></script>`}
	preload    = tag{"\n" + `<link rel="preload"`, ">"} // a line of its own
	titleTag   = tag{`<title>`, `</title>`}
	csp        = []byte(`script-src 'self'`)
)

// tag is markup made of a fixed start, a varying part and a fixed end.
type tag struct{ start, end string }

// replace replaces every occurrence of t in page by what f makes of its
// varying part.
func (t tag) replace(page []byte, f func(inner string) []byte) []byte {
	var out bytes.Buffer
	for {
		i := bytes.Index(page, []byte(t.start))
		if i < 0 {
			break
		}
		j := bytes.Index(page[i+len(t.start):], []byte(t.end))
		if j < 0 {
			break
		}
		inner := page[i+len(t.start) : i+len(t.start)+j]
		out.Write(page[:i])
		out.Write(f(string(inner)))
		page = page[i+len(t.start)+j+len(t.end):]
	}
	out.Write(page)
	return out.Bytes()
}

// found tells whether page holds t.
func (t tag) found(page []byte) bool {
	i := bytes.Index(page, []byte(t.start))
	return i >= 0 && bytes.Contains(page[i+len(t.start):], []byte(t.end))
}

// Shell lists the files of the page's shell: index.html and the files it
// links. A page that embeds them too (the single-file site) can make
// exercise files itself.
var Shell = []string{"index.html", "style.css", "analysis.css", "wasm_exec.js", "loader.js"}

// BundleWith builds the single page from the built site, whose files read
// returns by path (its index.html and the files it links), with the assets
// embedded, compressed by gzip; a title, when given, replaces the page's.
// The page passes the browser's own compressor (Bundle, Go's, is native
// only: in the page's evaluator it would add 16 KB brotli for a button).
func BundleWith(read func(path string) ([]byte, error), assets []Asset, title string, gzip func([]byte) ([]byte, error)) ([]byte, error) {
	page, err := read("index.html")
	if err != nil {
		return nil, err
	}
	if !embedsData(assets) {
		if page, err = shell.WithoutFirstScreen(page); err != nil {
			return nil, err
		}
	}
	if title != "" {
		page = titleTag.replace(page, func(string) []byte { return []byte("<title>" + html.EscapeString(title) + "</title>") })
	}
	var firstErr error
	var hashes []string // of the inlined scripts, for the Content-Security-Policy
	inline := func(t tag, element string) {
		page = t.replace(page, func(name string) []byte {
			body, err := read(name)
			if err != nil && firstErr == nil {
				firstErr = err
			}
			// "</" would end the element early; "<\/" means the same in JS and CSS strings.
			body = bytes.ReplaceAll(body, []byte("</"), []byte(`<\/`))
			content := "\n" + string(body) + "\n"
			sum := digest.Sum256([]byte(content))
			hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
			return []byte("<" + element + ">" + content + "</" + element + ">")
		})
	}
	inline(stylesheet, "style")
	hashes = nil // styles are allowed by style-src
	if !bytes.Contains(page, csp) {
		return nil, errors.New("index.html: no script-src 'self' in the Content-Security-Policy to extend")
	}
	page = preload.replace(page, func(string) []byte { return nil })

	var embedded bytes.Buffer
	embedded.WriteString("<!-- Embedded files: gzip, then base64. -->\n")
	for _, a := range assets {
		data := a.Data
		if data == nil {
			if data, err = read(a.Path); err != nil {
				return nil, fmt.Errorf("%v (run ./build.sh build first)", err)
			}
		}
		z, err := gzip(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", a.Path, err)
		}
		fmt.Fprintf(&embedded, "<script type=\"application/gzip\" data-asset=%q>", a.Path)
		embedded.WriteString(base64.StdEncoding.EncodeToString(z))
		embedded.WriteString("</script>\n")
	}
	// The embedded files must precede the scripts that look them up.
	if !script.found(page) {
		return nil, errors.New("index.html: no <script src> to put the embedded files before")
	}
	inline(script, "script")
	if firstErr != nil {
		return nil, firstErr
	}
	// The inlined scripts are allowed by their hashes, not by
	// 'unsafe-inline', which would allow any injected script too; the
	// embedded files are data blocks, which the policy does not run.
	page = bytes.ReplaceAll(page, csp, []byte("script-src 'self' "+strings.Join(hashes, " ")))
	at := bytes.Index(page, []byte("<script>")) // the first inlined script, after the policy grew
	var out bytes.Buffer
	out.Write(page[:at])
	out.Write(embedded.Bytes())
	out.Write(page[at:])
	if strings.Contains(out.String(), `src="`) {
		return nil, errors.New("index.html: a src attribute is left after inlining")
	}
	return out.Bytes(), nil
}

// embedsData tells whether a page embeds the bundled benchmarks (data/…),
// which the shell's first screen shows; a page without them (an exercise)
// starts on a notice instead.
func embedsData(assets []Asset) bool {
	for _, a := range assets {
		if strings.HasPrefix(a.Path, "data/") {
			return true
		}
	}
	return false
}
