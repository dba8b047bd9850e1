//go:build js && wasm

package main

import (
	"runtime/debug"

	"github.com/syumai/workers"
)

// On Cloudflare the asset layer serves dist/ (wrangler.jsonc), so the Worker
// is asked only for /api/* and for paths that are not in the site.
func main() {
	// The collector's soft limit is the requests' budget: near it the
	// collector works harder instead of growing the heap (by default up to
	// twice what is live) past the isolate's 128 MB, which restarts it
	// with every request in flight ("Your worker restarted mid-request").
	debug.SetMemoryLimit(memoryBudget)
	workers.Serve(newHandler(nil))
}
