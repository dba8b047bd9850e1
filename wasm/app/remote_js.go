//go:build js && wasm

package main

import (
	"sync"
	sjs "syscall/js"
)

// The evaluator Worker (docs/page-responsiveness.md, The evaluator
// Worker): by default (not with ?evaluator=page, nor in the single-file
// and exercise pages) dist/loader.js runs this whole program in a
// dedicated Web Worker, and the page's thread only applies its
// renders. The Worker's script defines oiebenchRemote, the channel to the
// page: init (the page's JSON, pageInit), start and patch (wasm/app/dom).
// What only a document can do goes through effect, and what only the page
// can answer through ask, in both modes.

// remote is the channel to the page in the evaluator Worker, else undefined.
var remote = sjs.Global().Get("oiebenchRemote")

// inEvaluatorWorker reports whether this program runs in the evaluator
// Worker.
func inEvaluatorWorker() bool { return remote.Truthy() }

// workerBrowser is the browser in the evaluator Worker: jsBrowser, but for
// what a Worker cannot read itself, which the page posted at the start
// (pageInit).
type workerBrowser struct {
	jsBrowser
	page pageInit
}

// newWorkerBrowser reads the page's init message and makes localStorage
// the entries it holds; call it once, at the start.
func newWorkerBrowser() (workerBrowser, error) {
	p, err := decodePageInit(remote.Get("init").String())
	if err != nil {
		return workerBrowser{}, err
	}
	localStorage = &postedStorage{entries: p.Local}
	return workerBrowser{page: p}, nil
}

// Link is the address's fragment when the page started: app.restore
// reads it once.
func (b workerBrowser) Link() string { return b.page.Hash }

func (b workerBrowser) FirstScreen() firstScreen {
	return firstScreen{Source: b.page.FirstSource, Digest: b.page.FirstDigest}
}

// postedStorage stands for localStorage in the evaluator Worker, which has
// none: the entries the page posted, and a write kept here and sent to the
// page's localStorage (effect store). A write the page's storage refuses
// is logged on the page's console only.
type postedStorage struct {
	mu      sync.Mutex
	entries map[string]string
}

func (s *postedStorage) get(key string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.entries[key]
	return v, ok
}

func (s *postedStorage) set(key, value string) error {
	s.mu.Lock()
	s.entries[key] = value
	s.mu.Unlock()
	effect("store", key, value)
	return nil
}

// effect asks the page for what only a document does, through loader.js's
// one table (oiebenchEffect: mark, setLink, download, copy, unsaved, focus,
// scrollIntoView, store, ready): called at once on the page's thread, posted to
// the page from the evaluator Worker. An effect has no answer; adding one
// is a method here and an entry in that table.
func effect(name string, args ...any) {
	catch(func() { sjs.Global().Call("oiebenchEffect", append([]any{name}, args...)...) })
}

// ask asks the page for what only it can answer (loader.js's answers,
// through oiebenchAsk: paint) and waits for its answer: called at once on
// the page's thread, posted to the page from the evaluator Worker. Call it
// from a goroutine that holds no lock. Adding a question is a call here
// and an entry in that table.
func ask(name string, args ...any) (sjs.Value, error) {
	var p sjs.Value
	if err := catch(func() { p = sjs.Global().Call("oiebenchAsk", append([]any{name}, args...)...) }); err != nil {
		return sjs.Undefined(), err
	}
	return await(p)
}
