//go:build js && wasm

package main

import "github.com/syumai/workers"

// On Cloudflare the asset layer serves dist/ (wrangler.jsonc), so the Worker
// is asked only for /api/* and for paths that are not in the site.
func main() {
	workers.Serve(newHandler(nil))
}
