package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/oiebench/oiebench/core/formats"
	"io"
	"mime"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist/headers"
)

// MaxBodyBytes bounds a POST /api/score body. Memory, not bandwidth, sets
// it: a Worker has 128 MB, and under js/wasm scoring holds about 45 MB for
// the English BenchIE gold (0.75 MB) with all nine English systems on three
// facets (a 1.4 MB request), but over 200 MB for a gold four times that size.
const MaxBodyBytes = 2 << 20

// A request reserves an estimate of its memory before its body is read and
// waits while the requests in flight hold the rest; one that could never
// fit is answered 413. This budget sees the requests of one Go instance:
// for the native server, all of them. On Cloudflare syumai/workers starts
// a Go instance per request (build/worker.mjs), so entry.mjs keeps the
// same budget across the isolate (budget.mjs), with these figures
// (limits.json) and each instance's own memory besides, and the instance
// keeps none (newInstanceHandler).
const (
	memoryBudget  = 96 << 20 // of the platform's 128 MB, the rest for the runtime
	memoryPerByte = 32       // scoring holds about 32 bytes per byte of request (MaxBodyBytes' figures)
	memoryPerCall = 2 << 20  // and a little whatever the size
	// memoryPerSystem is what each system file of a request adds, however
	// small: its report, counts and receipt. 1,000 one-line systems grew a
	// Go instance under wrangler dev to 46.9 MiB (about 41 KiB each); a
	// 2 MiB body holds 45,000 such files, far past the platform's 128 MB.
	// The bytes-based reservation made before the body is read cannot see
	// this: once the systems are counted (scoreBody), a request that could
	// never fit is refused, and one that fits raises its reservation by
	// this much a system (reserveSystems).
	memoryPerSystem = 48 << 10
	memoryQueueWait = 20 * time.Second
	// memoryPerInstance is a Go instance's wasm memory once it has
	// answered a request that needs no more: measured under wrangler dev
	// (docs/reliability.md, The Worker), checked by TestWrangler.
	memoryPerInstance = 8 << 20
	retryAfterSeconds = 10 // a 429's Retry-After
)

// pace, when set, is called now and then while a request is read and
// scored (main_js.go: it yields to the runtime's event loop), so that no
// request holds the loop for long; under wrangler dev a loop held for
// seconds loses the requests in flight (docs/reliability.md, The Worker).
var pace func()

// reserveIsolate, when set, raises by n bytes the reservation budget.mjs
// made across the isolate for r before its body was read (main_js.go); it
// returns the answer to send when the isolate cannot hold them.
var reserveIsolate func(r *http.Request, n int64) *apiError

// readAnnounced, when set, reads a body whose length is announced, at
// most the limit, in one piece (main_js.go); else the body is read as a
// stream.
var readAnnounced func(r *http.Request) ([]byte, error)

// handler answers the API and, when site is set, serves the built site.
type handler struct {
	// site serves everything outside /api/. Nil on Cloudflare, where the
	// asset layer serves dist/ before the Worker is asked.
	site    http.Handler
	maxBody int64
	// memory is the budget of the requests this handler answers; nil when
	// it answers one request and its caller keeps the budget.
	memory     *budget
	memoryWait time.Duration // how long a request waits for memory
}

// newHandler returns the handler of a server that answers many requests
// in one process (the native server), with its memory budget; site may
// be nil.
func newHandler(site http.Handler) http.Handler {
	return &handler{site: site, maxBody: MaxBodyBytes, memory: newBudget(memoryBudget), memoryWait: memoryQueueWait}
}

// newInstanceHandler returns the handler of a Go instance on Cloudflare:
// it answers one request (syumai/workers starts an instance per request),
// which budget.mjs has already reserved across the isolate, so a budget
// of its own would only ever see that request. Everything else is
// newHandler's.
func newInstanceHandler() http.Handler {
	return &handler{maxBody: MaxBodyBytes}
}

// budget is a count of bytes shared by the requests in flight.
type budget struct {
	mu       sync.Mutex
	free     int64
	total    int64
	released chan struct{} // closed and replaced at each release
}

func newBudget(total int64) *budget {
	return &budget{free: total, total: total, released: make(chan struct{})}
}

// take reserves n bytes, waiting until they are free, the request is gone
// or wait has passed; it reports whether they were reserved.
func (b *budget) take(ctx context.Context, n int64, wait time.Duration) bool {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		b.mu.Lock()
		if n <= b.free {
			b.free -= n
			b.mu.Unlock()
			return true
		}
		released := b.released
		b.mu.Unlock()
		select {
		case <-released:
		case <-ctx.Done():
			return false
		case <-timer.C:
			return false
		}
	}
}

// give returns n bytes taken.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.free += n
	close(b.released)
	b.released = make(chan struct{})
	b.mu.Unlock()
}

// reserve takes from the handler's budget the memory a request of size
// bytes needs, waiting for it; it answers the request itself (413 or 429)
// and reports false when it cannot.
func (h *handler) reserve(w http.ResponseWriter, r *http.Request, size int64) (need int64, ok bool) {
	need = memoryPerByte*size + memoryPerCall
	if need > h.memory.total {
		writeError(w, r, &apiError{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("a request of %d bytes needs about %d MiB to score, over the %d MiB this Worker has: send fewer or smaller texts", size, need>>20, h.memory.total>>20)})
		return 0, false
	}
	if !h.memory.take(r.Context(), need, h.memoryWait) {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		writeError(w, r, busy(need, h.memoryWait))
		return 0, false
	}
	return need, true
}

// endpoint is one API route and the methods it answers (OPTIONS aside).
type endpoint struct {
	methods []string
	serve   func(h *handler, w http.ResponseWriter, r *http.Request)
}

var endpoints = map[string]endpoint{
	"/api/health": {[]string{http.MethodGet, http.MethodHead}, (*handler).health},
	"/api/score":  {[]string{http.MethodPost}, (*handler).score},
	// the input formats system_format takes, from the registry
	"/api/formats": {[]string{http.MethodGet, http.MethodHead}, (*handler).formats},
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		// A panic is a bug in oiebench, never the caller's fault: say so,
		// rather than let the runtime drop the connection.
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			fmt.Fprintf(os.Stderr, "oiebench worker: panic serving %s %s: %v\n", r.Method, r.URL.Path, v)
			writeError(w, r, &apiError{Status: http.StatusInternalServerError, Msg: "internal error: this is a bug in oiebench, please report it"})
		}
	}()
	path := r.URL.Path
	if path == "/api" || strings.HasPrefix(path, "/api/") {
		h.serveAPI(w, r)
		return
	}
	if h.site == nil {
		writeError(w, r, &apiError{Status: http.StatusNotFound, Msg: "not found: " + path})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, &apiError{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("method %s not allowed for %s: the site answers GET and HEAD", r.Method, path)})
		return
	}
	h.site.ServeHTTP(w, r)
}

func (h *handler) serveAPI(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	// Any page may call the API: it needs no credentials and keeps nothing.
	hd.Set("Access-Control-Allow-Origin", "*")
	hd.Set("Cache-Control", "no-store")
	ep, ok := endpoints[r.URL.Path]
	if !ok {
		writeError(w, r, &apiError{Status: http.StatusNotFound, Msg: fmt.Sprintf("no API endpoint %s: there are GET /api/health, GET /api/formats and POST /api/score", r.URL.Path)})
		return
	}
	allow := strings.Join(slices.Concat(ep.methods, []string{http.MethodOptions}), ", ")
	if r.Method == http.MethodOptions {
		// CORS preflight (or a plain OPTIONS): say what may be sent.
		hd.Set("Allow", allow)
		hd.Set("Access-Control-Allow-Methods", allow)
		hd.Set("Access-Control-Allow-Headers", "Content-Type")
		hd.Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	for _, m := range ep.methods {
		if r.Method == m {
			ep.serve(h, w, r)
			return
		}
	}
	hd.Set("Allow", allow)
	writeError(w, r, &apiError{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("method %s not allowed for %s: use %s", r.Method, r.URL.Path, strings.Join(ep.methods, " or "))})
}

// health is the answer of GET /api/health.
type health struct {
	Status       string   `json:"status"`
	Version      string   `json:"version"`
	Scorers      []string `json:"scorers"`
	MaxBodyBytes int64    `json:"max_body_bytes"`
}

func (h *handler) health(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(health{Status: "ok", Version: report.Version, Scorers: evaluate.RequestScorers, MaxBodyBytes: h.maxBody})
	writeJSON(w, r, http.StatusOK, append(b, '\n'))
}

func (h *handler) formats(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(formats.Infos())
	writeJSON(w, r, http.StatusOK, append(b, '\n'))
}

func (h *handler) score(w http.ResponseWriter, r *http.Request) {
	if e := checkContentType(r.Header.Get("Content-Type")); e != nil {
		writeError(w, r, e)
		return
	}
	tooLarge := &apiError{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("request body is larger than the limit of %d bytes (%d MiB)", h.maxBody, h.maxBody>>20)}
	if r.ContentLength > h.maxBody {
		writeError(w, r, tooLarge)
		return
	}
	size := h.maxBody // a body of unknown length may be as long as allowed
	if r.ContentLength >= 0 {
		size = r.ContentLength
	}
	var held int64 // reserved before the body is read
	if h.memory != nil {
		need, ok := h.reserve(w, r, size)
		if !ok {
			return
		}
		held = need
		defer h.memory.give(need)
	}
	var body []byte
	var err error
	if readAnnounced != nil && r.ContentLength > 0 {
		body, err = readAnnounced(r)
	} else {
		body, err = io.ReadAll(io.LimitReader(r.Body, h.maxBody+1))
	}
	if err != nil {
		writeError(w, r, &apiError{Status: http.StatusBadRequest, Msg: "could not read the request body: " + err.Error()})
		return
	}
	if int64(len(body)) > h.maxBody {
		writeError(w, r, tooLarge)
		return
	}
	out, e := scoreBody(body, func(n int64) (func(), *apiError) { return h.reserveSystems(r, held, n) })
	if e != nil {
		if e.Status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		}
		writeError(w, r, e)
		return
	}
	writeJSON(w, r, http.StatusOK, out)
}

// reserveSystems takes the n bytes a request's system files add to the
// held bytes it reserved before its body was read: from the handler's
// budget (waiting as reserve does), or on Cloudflare from the isolate's
// (budget.mjs, which gives them back with the rest when the answer is
// made). It returns what gives them back, or the answer to send.
func (h *handler) reserveSystems(r *http.Request, held, n int64) (release func(), e *apiError) {
	switch {
	case h.memory != nil:
		if held+n > h.memory.total {
			return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("this request's system files need about %d MiB to score with the rest of the request, over the %d MiB this Worker has: send fewer system files per request", (held+n)>>20, h.memory.total>>20)}
		}
		if !h.memory.take(r.Context(), n, h.memoryWait) {
			return nil, busy(n, h.memoryWait)
		}
		return func() { h.memory.give(n) }, nil
	case reserveIsolate != nil:
		if e := reserveIsolate(r, n); e != nil {
			return nil, e
		}
	}
	return func() {}, nil
}

// busy is the 429 answer of a request that waited for n bytes.
func busy(n int64, wait time.Duration) *apiError {
	return &apiError{Status: http.StatusTooManyRequests, Msg: fmt.Sprintf("the Worker is scoring other requests that hold its memory, and this one (about %d MiB) waited %v: retry in a few seconds", max(n>>20, 1), wait)}
}

// scoreBody decodes and scores a request body: the answer, or the error
// to send. reserve takes the memory its system files add once they are
// counted (handler.reserveSystems).
func scoreBody(body []byte, reserve func(n int64) (release func(), e *apiError)) ([]byte, *apiError) {
	if pace != nil {
		pace()
	}
	req, e := decodeScoreRequest(body)
	if e != nil {
		return nil, e
	}
	if e := checkSystemsFit(len(body), len(req.Systems)); e != nil {
		return nil, e
	}
	release, e := reserve(memoryPerSystem * int64(len(req.Systems)))
	if e != nil {
		return nil, e
	}
	defer release()
	req.MaxUnindexed = maxUnindexed
	req.FLBudget = &benchiefl.ServerBudget
	if pace != nil {
		req.Pause = pace
		req.Progress = func(int, int) { pace() }
		for _, in := range []*evaluate.Input{&req.Gold, req.EGold, req.CaRBGold} {
			if in != nil {
				in.Pause = pace
			}
		}
		for i := range req.Systems {
			req.Systems[i].Pause = pace
		}
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		return nil, inputError(err)
	}
	if pace != nil {
		pace()
	}
	out, err := withReceipt(&ev.Report, string(req.SystemFormat))
	if err != nil {
		panic(err) // a report that cannot be encoded is a bug
	}
	if scored != nil {
		scored()
	}
	return out, nil
}

// checkSystemsFit refuses, with 413 and what it needs, a request whose
// system files could never fit in the Worker's memory whatever else runs:
// its Go instance, its bytes (as reserved before the body was read) and
// memoryPerSystem for each system.
func checkSystemsFit(size, systems int) *apiError {
	need := memoryPerInstance + memoryPerByte*int64(size) + memoryPerCall + memoryPerSystem*int64(systems)
	if need <= memoryBudget {
		return nil
	}
	most := (memoryBudget - memoryPerInstance - memoryPerByte*int64(size) - memoryPerCall) / memoryPerSystem
	return &apiError{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("a request of %d system files needs about %d MiB to score, over the %d MiB this Worker has: send at most %d system files per request", systems, need>>20, memoryBudget>>20, max(most, 0))}
}

// scored, when set, is called after each request scored (main_js.go: the
// Worker logs its memory's high-water mark).
var scored func()

// withReceipt is the answer: the JSON report with a last member "receipt",
// the report's receipt (core/receipt), which oiebench verify checks against
// the texts sent.
func withReceipt(r *report.Report, systemFormat string) ([]byte, error) {
	out, err := r.Render("json")
	if err != nil {
		return nil, err
	}
	rc, err := receipt.Make(r, systemFormat)
	if err != nil {
		return nil, err
	}
	member, err := json.MarshalIndent(rc, "  ", "  ")
	if err != nil {
		return nil, err
	}
	out = bytes.TrimRight(out, "\n")
	out = append(out[:len(out)-1:len(out)-1], ",\n  \"receipt\": "...) // the report's closing brace
	out = append(out, member...)
	return append(out, "\n}\n"...), nil
}

// maxUnindexed bounds the comparisons of a request's extractions with gold
// triples no index can filter (evaluate.Request.MaxUnindexed): each is a
// bounded search of microseconds, and a Worker has 30 s of CPU. The
// bundled golds have some, triples with a form that has white space at an
// edge (9 English, 114 German, 4 Chinese on the regular facet), each
// compared only with its own sentence's extractions: far below the bound.
const maxUnindexed = 250_000

// checkContentType accepts application/json, in UTF-8 if a charset is named.
func checkContentType(ct string) *apiError {
	if ct == "" {
		return &apiError{Status: http.StatusUnsupportedMediaType, Msg: "no Content-Type: send the request as JSON with Content-Type: application/json"}
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return &apiError{Status: http.StatusUnsupportedMediaType, Msg: fmt.Sprintf("Content-Type is %q: send the request as JSON with Content-Type: application/json", ct)}
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return &apiError{Status: http.StatusUnsupportedMediaType, Msg: fmt.Sprintf("charset %q is not supported: JSON is sent as utf-8", cs)}
	}
	return nil
}

// apiError is the JSON body of every error answer. File, Line and Column
// point into one of the texts sent (File "gold", "carb_gold" or
// "systems/NAME") or, when File is empty and Line is set, into the request
// body itself.
type apiError struct {
	Status int    `json:"-"`
	Msg    string `json:"error"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// inputError turns an error from reading the texts into a 400 answer that
// keeps the exact position when there is one.
func inputError(err error) *apiError {
	e := &apiError{Status: http.StatusBadRequest, Msg: err.Error()}
	var pe *oie.ParseError
	if errors.As(err, &pe) {
		e.File, e.Line, e.Column = pe.File, pe.Line, pe.Column
	}
	return e
}

func writeError(w http.ResponseWriter, r *http.Request, e *apiError) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep "-->" and "<" readable in messages
	if err := enc.Encode(e); err != nil {
		panic(err)
	}
	writeJSON(w, r, e.Status, buf.Bytes())
}

func writeJSON(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	headers.Set(hd)
	if r.Method == http.MethodHead {
		// No Content-Length without a body: the Workers runtime would wait
		// for bytes that never come.
		w.WriteHeader(status)
		return
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}
