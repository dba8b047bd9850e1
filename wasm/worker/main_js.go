//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"syscall/js"
	"time"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/syumai/workers"
)

// On Cloudflare the asset layer serves dist/ (wrangler.jsonc), so the Worker
// is asked only for /api/* and for paths that are not in the site.
func main() {
	// The collector's soft limit is the requests' budget: near it the
	// collector works harder instead of growing the heap (by default up to
	// twice what is live) past the isolate's 128 MB, where the platform
	// ends the isolate and every request in flight.
	debug.SetMemoryLimit(memoryBudget)
	scored = logMemoryHighWater
	pace = oie.NewTurns().Pacer(paceSlice, yieldToEventLoop)
	readAnnounced = readWhole
	reserveIsolate = reserveInIsolate
	workers.Serve(newInstanceHandler())
}

// paceSlice is how long scoring runs between two yields to the event loop.
const paceSlice = 20 * time.Millisecond

// yieldToEventLoop sleeps a millisecond: with no other goroutine to run,
// Go under js/wasm then returns to the event loop until a timer wakes it.
// The pacer calls it once paceSlice has passed since the last (the page's
// clock, oie.Turns; on Cloudflare the clock stands still while code runs,
// so there it never yields).
func yieldToEventLoop() { time.Sleep(time.Millisecond) }

// memoryHighWater is the most memory the Go runtime has held so far.
var memoryHighWater uint64

// logMemoryHighWater writes a line to the Worker's log (wrangler dev's
// output, `wrangler tail`) each time the Go runtime's memory passes its
// high-water mark. Under js/wasm that memory is the wasm linear memory,
// which grows and never shrinks: it is what counts against the isolate's
// 128 MB, not the live heap.
func logMemoryHighWater() {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(sample)
	if n := sample[0].Value.Uint64(); n > memoryHighWater {
		memoryHighWater = n
		fmt.Fprintf(os.Stderr, "oiebench worker: memory high-water mark %d bytes\n", n)
	}
}

// jsBody is syumai/workers' request body: it holds the JavaScript stream.
type jsBody interface{ GetRawJSBody() js.Value }

// readWhole reads a request body in one piece with the runtime's
// Response.arrayBuffer, which the runtime holds to the announced length.
// Read as a Go stream, the body came chunk by chunk in promise callbacks,
// all in one turn of the event loop: 0.5 to 1.7 s for 2 MiB, and the
// bodies of the requests in flight added up while the loop waited.
func readWhole(r *http.Request) ([]byte, error) {
	raw, ok := r.Body.(jsBody)
	if !ok {
		return nil, errors.New("the body is not a JavaScript stream")
	}
	done := make(chan js.Value, 1)
	failed := make(chan string, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any { done <- args[0]; return nil })
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any { failed <- args[0].Call("toString").String(); return nil })
	defer then.Release()
	defer catch.Release()
	js.Global().Get("Response").New(raw.GetRawJSBody()).Call("arrayBuffer").Call("then", then, catch)
	select {
	case buf := <-done:
		b := make([]byte, buf.Get("byteLength").Int())
		js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf))
		return b, nil
	case msg := <-failed:
		return nil, errors.New(msg)
	}
}

// reserveInIsolate asks budget.mjs (its reserve, which entry.mjs sets as
// globalThis.oiebenchReserve) to raise r's reservation by n bytes, and
// waits for its answer: null once they are reserved, else the refusal
// ({status, error}: 413 when the isolate could never hold them, 429 after
// waiting for them). The reservation is named by r's body, the
// JavaScript stream budget.mjs saw.
func reserveInIsolate(r *http.Request, n int64) *apiError {
	reserve := js.Global().Get("oiebenchReserve")
	body, ok := r.Body.(jsBody)
	if reserve.Type() != js.TypeFunction || !ok {
		return &apiError{Status: http.StatusInternalServerError, Msg: "internal error: the request has no memory reservation to raise; this is a bug in oiebench, please report it"}
	}
	answer := make(chan js.Value, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any { answer <- args[0]; return nil })
	defer then.Release()
	reserve.Invoke(body.GetRawJSBody(), float64(n)).Call("then", then)
	if v := <-answer; !v.IsNull() {
		return &apiError{Status: v.Get("status").Int(), Msg: v.Get("error").String()}
	}
	return nil
}
