// Package headers holds the security headers every response of the site
// carries, from `oiebench serve`, the Worker and a static host (dist/_headers):
// one list, so the three never drift apart. It imports nothing of the site,
// so that the Worker can use it without embedding the site.
package headers

import (
	"net/http"
	"strings"
)

// PagePolicy is the page's Content-Security-Policy as its shell states it
// in a meta element (dist/index.html): its own scripts and the evaluator
// ('wasm-unsafe-eval' compiles the WebAssembly; Go's wasm_exec needs
// 'unsafe-eval'), inline styles, images it draws, and nothing fetched from
// elsewhere.
const PagePolicy = "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; base-uri 'none'"

// Security are the headers, in order: the page's policy plus what a meta
// element cannot say (no framing: the page is never embedded, so it cannot
// be clickjacked), no MIME sniffing, and no referrer sent on.
var Security = [][2]string{
	{"Content-Security-Policy", PagePolicy + "; frame-ancestors 'none'"},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Frame-Options", "DENY"}, // frame-ancestors for browsers that predate it
}

// Set puts the security headers on a response.
func Set(h http.Header) {
	for _, kv := range Security {
		h.Set(kv[0], kv[1])
	}
}

// StaticHostFile is dist/_headers: the same headers for every path, in
// the form Cloudflare's asset layer, Cloudflare Pages and Netlify read.
func StaticHostFile() string {
	var b strings.Builder
	b.WriteString("# Written from dist/headers (Security); its test keeps the two the same.\n/*\n")
	for _, kv := range Security {
		b.WriteString("  " + kv[0] + ": " + kv[1] + "\n")
	}
	return b.String()
}
