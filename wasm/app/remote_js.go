//go:build js && wasm

package main

import (
	"sync"
	sjs "syscall/js"
)

// The evaluator Worker (docs/page-responsiveness.md, The evaluator
// Worker): with ?evaluator=worker, dist/loader.js runs this whole program
// in a dedicated Web Worker, and the page's thread only applies its
// renders. The Worker's script defines oiebenchRemote, the channel to the
// page: init (the page's JSON, pageInit), start and patch (wasm/app/dom),
// ask (a question the page answers). What only a document can do goes
// through effect, in both modes.

// remote is the channel to the page in the evaluator Worker, else undefined.
var remote = sjs.Global().Get("oiebenchRemote")

// inEvaluatorWorker reports whether this program runs in the evaluator
// Worker.
func inEvaluatorWorker() bool { return remote.Truthy() }

// page is what the page posted at the start; call readPage first.
var page struct {
	sync.Mutex
	pageInit
}

// readPage decodes the page's init message (evaluator Worker only).
func readPage() error {
	p, err := decodePageInit(remote.Get("init").String())
	page.pageInit = p
	return err
}

// effect asks the page for what only a document does, through loader.js's
// one table (oiebenchEffect: mark, setLink, download, copy, unsaved, focus,
// scrollIntoView, store, ready): called at once on the page's thread, posted to
// the page from the evaluator Worker. An effect has no answer; adding one
// is a method here and an entry in that table.
func effect(name string, args ...any) {
	catch(func() { sjs.Global().Call("oiebenchEffect", append([]any{name}, args...)...) })
}

// ask asks the page, from the evaluator Worker, for what only it can
// answer (loader.js's answers: paint) and waits for its answer; call it
// from a goroutine that holds no lock. Adding a question is a call here
// and an entry in that table.
func ask(name string, args ...any) (sjs.Value, error) {
	return await(remote.Call("ask", append([]any{name}, args...)...))
}

// workerLocalGet and workerLocalSet stand for localStorage in the
// evaluator Worker, which has none: the entries the page posted, and a
// write kept here and sent to the page's localStorage (effect store).
// A write the page's storage refuses is logged on the page's console only.
func workerLocalGet(key string) (string, bool) {
	page.Lock()
	defer page.Unlock()
	v, ok := page.Local[key]
	return v, ok
}

func workerLocalSet(key, value string) {
	page.Lock()
	page.Local[key] = value
	page.Unlock()
	effect("store", key, value)
}
