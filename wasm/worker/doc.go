// Command worker is oiebench's HTTP API, built to run as a Cloudflare Worker
// (github.com/syumai/workers) and, for development, as a plain local server.
//
// It answers three things:
//
//	GET  /api/health  {"status":"ok", ...}: the server is up, and what it scores
//	POST /api/score   a JSON request with a gold and system files as text;
//	                  the answer is the JSON report of `oiebench score --format json`,
//	                  with a last member "receipt" (core/receipt, docs/receipts.md)
//	GET  /...         the built site (build/site/, ./build.sh build)
//
// Built for js/wasm (./build.sh worker) the site is served by Cloudflare's
// asset layer from build/site/ before the Worker runs (wrangler.jsonc), so the
// Worker itself only answers /api/*. Built natively the same handler also
// serves build/site/:
//
//	PORT=8787 go run ./wasm/worker [-dir build/site] [-host 127.0.0.1]
//
// Nothing a caller sends is stored: every request is read, scored and
// forgotten. Bad input gets a 4xx answer whose JSON body says what is wrong
// and where: {"error": "...", "file": ..., "line": ..., "column": ...}.
package main
