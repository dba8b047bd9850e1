//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	sjs "syscall/js"
	"time"

	vjs "github.com/vugu/vugu/js"
)

// jsBrowser is the browser around the page, through the helpers the shell's
// loader.js defines (oiebenchFetch, oiebenchStore) and standard Web APIs,
// on the page's thread; workerBrowser (remote_js.go) is the evaluator
// Worker's. main chooses one at the start.
type jsBrowser struct{}

// await waits for a JavaScript promise; call it from a goroutine that holds
// no lock, since the promise settles only when the event loop runs.
func await(p sjs.Value) (sjs.Value, error) {
	done := make(chan struct{})
	var val sjs.Value
	var err error
	onOK := sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		if len(args) > 0 {
			val = args[0]
		}
		close(done)
		return nil
	})
	onErr := sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		err = errors.New("unknown error")
		if len(args) > 0 {
			err = jsError(args[0])
		}
		close(done)
		return nil
	})
	p.Call("then", onOK, onErr)
	<-done
	onOK.Release()
	onErr.Release()
	return val, err
}

// jsError turns a thrown or rejected JavaScript value into an error in
// words a user can read: its message, else its name, else "no reason given".
func jsError(v sjs.Value) (err error) {
	msg := ""
	catch(func() {
		switch {
		case v.Type() == sjs.TypeString:
			msg = v.String()
		case v.Type() == sjs.TypeObject && v.Get("message").Type() == sjs.TypeString && v.Get("message").String() != "":
			msg = v.Get("message").String()
		case v.Type() == sjs.TypeObject && v.Get("name").Type() == sjs.TypeString:
			msg = v.Get("name").String()
		}
	})
	if msg == "" {
		msg = "no reason given"
	}
	return errors.New(msg)
}

// bytesOf copies a Uint8Array into Go.
func bytesOf(v sjs.Value) []byte {
	b := make([]byte, v.Get("byteLength").Int())
	sjs.CopyBytesToGo(b, v)
	return b
}

// catch runs f and turns a JavaScript exception (a panic in syscall/js)
// into an error, in words rather than Go's ("call of Value.Call on
// undefined" means the browser lacks what was called). Only calls are
// caught by syscall/js: a property whose getter throws must be read with
// global (Reflect.get), never Value.Get.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(sjs.Error); ok {
				err = jsError(je.Value)
				return
			}
			err = panicError(r)
		}
	}()
	f()
	return nil
}

// global reads a property of the window through Reflect.get, a call, so
// that a getter that throws (localStorage when site data is blocked) is an
// error and not the end of the program.
func global(name string) (v sjs.Value, err error) {
	err = catch(func() { v = sjs.Global().Get("Reflect").Call("get", sjs.Global(), name) })
	if err == nil && !v.Truthy() {
		err = errors.New(name + " is not available")
	}
	return v, err
}

// storageTimeout bounds a wait for the browser's storage: an IndexedDB
// open can stay unanswered (a blocked upgrade, a browser's policy), and the
// page must not wait for it.
const storageTimeout = 4 * time.Second

// expired is closed once d has passed. It stands for time.After, whose
// channel of time.Time puts time.Time into an interface and so keeps its
// every method in the evaluator: parsing and formatting times, which the
// page never does.
func expired(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	go func() {
		time.Sleep(d)
		close(c)
	}()
	return c
}

// textStore keeps strings by key, as localStorage does.
type textStore interface {
	get(key string) (string, bool)
	// set says why it could not write: blocked storage, or a full quota
	// (QuotaExceededError), which a user must hear of.
	set(key, value string) error
}

// localStorage is where the program keeps its options, view state and the
// studio's preferences: the page's localStorage (pageStorage), or in the
// evaluator Worker the entries the page posted (postedStorage), chosen
// with the browser at the start.
var localStorage textStore = pageStorage{}

// pageStorage is the page's localStorage; blocked storage is no value and
// no write.
type pageStorage struct{}

func (pageStorage) get(key string) (string, bool) {
	ls, err := global("localStorage")
	if err != nil {
		return "", false
	}
	var v sjs.Value
	if catch(func() { v = ls.Call("getItem", key) }) != nil || v.Type() != sjs.TypeString {
		return "", false
	}
	return v.String(), true
}

func (pageStorage) set(key, value string) error {
	ls, err := global("localStorage")
	if err != nil {
		return err
	}
	return catch(func() { ls.Call("setItem", key, value) })
}

func (jsBrowser) Asset(path string) ([]byte, error) {
	v, err := await(sjs.Global().Call("oiebenchFetch", path))
	if err != nil {
		return nil, err
	}
	return bytesOf(v), nil
}

// Gzip compresses with the browser's CompressionStream.
func (jsBrowser) Gzip(data []byte) ([]byte, error) {
	in := sjs.Global().Get("Uint8Array").New(len(data))
	sjs.CopyBytesToJS(in, data)
	var p sjs.Value
	if err := catch(func() {
		gz := sjs.Global().Get("Blob").New([]any{in}).Call("stream").Call("pipeThrough", sjs.Global().Get("CompressionStream").New("gzip"))
		p = sjs.Global().Get("Response").New(gz).Call("arrayBuffer")
	}); err != nil {
		return nil, err
	}
	out, err := await(p)
	if err != nil {
		return nil, err
	}
	return bytesOf(sjs.Global().Get("Uint8Array").New(out)), nil
}

func (jsBrowser) ReadFiles(files vjs.Value) []pickedFile {
	list := sjs.Value(files)
	var out []pickedFile
	for i := 0; i < list.Length(); i++ {
		f := list.Index(i)
		p := pickedFile{Name: f.Get("name").String()}
		if size := f.Get("size").Int(); size > maxFileSize {
			p.Err = tooLarge(p.Name, size) // refused before it is read
		} else {
			digest := sjs.Undefined()
			if size > 1<<20 && looksLikeGold(f) { // hashed by the browser while the file is read
				digest = startDigest(f)
			}
			if data, err := readBlob(f); err != nil {
				p.Err = fmt.Errorf("%s: the browser could not read the file: %v", p.Name, err)
			} else {
				p.Data, p.SHA256 = data, digestOf(digest)
			}
		}
		out = append(out, p)
	}
	return out
}

func store() (sjs.Value, error) {
	s, err := global("oiebenchStore")
	if err != nil {
		return s, errors.New("the page's storage helper is missing")
	}
	return s, nil
}

// storeCall calls a method of oiebenchStore and waits for it, at most
// storageTimeout (loader.js bounds its waits too; this is the last word).
func storeCall(method string, args ...any) (sjs.Value, error) {
	s, err := store()
	if err != nil {
		return sjs.Undefined(), err
	}
	var p sjs.Value
	if err := catch(func() { p = s.Call(method, args...) }); err != nil {
		return sjs.Undefined(), err
	}
	type answer struct {
		v   sjs.Value
		err error
	}
	done := make(chan answer, 1)
	go func() {
		v, err := await(p)
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-expired(storageTimeout):
		return sjs.Undefined(), fmt.Errorf("the browser's storage did not answer within %v", storageTimeout)
	}
}

func (jsBrowser) LoadFiles() ([]storedFile, error) {
	v, err := storeCall("all")
	if err != nil {
		return nil, err
	}
	var out []storedFile
	n := 0
	if catch(func() { n = v.Length() }) != nil {
		return nil, errors.New("the browser's storage holds something this page did not write")
	}
	for i := 0; i < n; i++ {
		var f storedFile
		var data sjs.Value
		if catch(func() {
			r := v.Index(i)
			data = r.Get("data")
			if json.Unmarshal([]byte(sjs.Global().Get("JSON").Call("stringify", r.Get("meta")).String()), &f) != nil {
				data = sjs.Undefined()
			}
		}) != nil || data.IsUndefined() || f.ID == "" {
			continue // written by another version; skip it
		}
		if catch(func() { f.Data, err = storedData(data) }) != nil || err != nil {
			continue // unreadable; the other files are restored
		}
		out = append(out, f)
	}
	return out, nil
}

func (jsBrowser) PutFile(f storedFile) error {
	meta, _ := json.Marshal(f)
	data := blobOf(f.Data)
	rec := sjs.Global().Get("Object").New()
	rec.Set("id", f.ID)
	rec.Set("meta", sjs.Global().Get("JSON").Call("parse", string(meta)))
	rec.Set("data", data)
	_, err := storeCall("put", rec)
	return err
}

func (jsBrowser) DeleteFile(id string) error {
	_, err := storeCall("del", id)
	return err
}

const stateKey = "oiebench.state"

func (jsBrowser) LoadState() (st savedState, ok bool) {
	if v, found := localStorage.get(stateKey); found {
		ok = json.Unmarshal([]byte(v), &st) == nil
	}
	return st, ok
}

func (jsBrowser) SaveState(st savedState) {
	if saveAfterReplay(&st, nil) {
		return
	}
	writeState(st)
}

func writeState(st savedState) {
	b, _ := json.Marshal(st)
	localStorage.set(stateKey, string(b))
}

// The replay's saves: each handler the loader replays (awaitReplay) saves
// the state and the link, the state's JSON then history.replaceState:
// most of the replayed handlers' time, in the task that selects the tab
// clicked on the first screen. The last state and link they saved are
// written once, after the replay's render, in a task of their own
// (writeReplaySaves, from endHold); a save made meanwhile outside the
// replay is newer and replaces them.
var replaySaves struct {
	mu    sync.Mutex
	state *savedState
	link  *string
}

// saveAfterReplay keeps a state or a link saved while the loader replays
// and reports true; else it drops the one of its kind kept.
func saveAfterReplay(st *savedState, link *string) bool {
	replaying := earlyFlag("replaying")
	replaySaves.mu.Lock()
	defer replaySaves.mu.Unlock()
	switch {
	case st != nil && replaying:
		replaySaves.state = st
	case st != nil:
		replaySaves.state = nil
	case replaying:
		replaySaves.link = link
	default:
		replaySaves.link = nil
	}
	return replaying
}

// writeReplaySaves writes, after the browser's turn, what the replay saved.
func writeReplaySaves() {
	yieldTask()
	replaySaves.mu.Lock()
	st, link := replaySaves.state, replaySaves.link
	replaySaves.state, replaySaves.link = nil, nil
	replaySaves.mu.Unlock()
	if st != nil {
		writeState(*st)
	}
	if link != nil {
		setLink(*link)
	}
}

func (jsBrowser) Link() string {
	return sjs.Global().Get("location").Get("hash").String()
}

// SetLink replaces the address's fragment; an empty one leaves the address
// without "#".
func (jsBrowser) SetLink(fragment string) {
	if saveAfterReplay(nil, &fragment) {
		return
	}
	setLink(fragment)
}

func setLink(fragment string) { effect("setLink", fragment) }

func (jsBrowser) Yield() { yieldTask() }

// Paint waits for the next frame and a task after it; a hidden page gets
// no frames, so a timer ends the wait too. It asks the page (loader.js's
// afterPaint), in both modes.
func (jsBrowser) Paint() { ask("paint") }

func (jsBrowser) Download(name, mime, text string) { effect("download", name, mime, text) }

func (jsBrowser) Copy(text string) { effect("copy", text) }

func (jsBrowser) Unsaved(pending bool) { effect("unsaved", pending) }

// FirstScreen reads the first screen's record, an element the build wrote
// into the shell: <div id="first-screen" data-source data-digest hidden>.
func (jsBrowser) FirstScreen() firstScreen {
	el := sjs.Global().Get("document").Call("getElementById", "first-screen")
	if !el.Truthy() {
		return firstScreen{}
	}
	return firstScreen{Source: el.Call("getAttribute", "data-source").String(), Digest: el.Call("getAttribute", "data-digest").String()}
}

func (jsBrowser) Mark(name string) { effect("mark", name) }

func (jsBrowser) LoadText(key string) (string, bool) { return localStorage.get(key) }
func (jsBrowser) SaveText(key, value string) error   { return localStorage.set(key, value) }

// embedded tells whether the page embeds a file (the single-file builds).
func embedded(path string) bool {
	var found bool
	catch(func() {
		found = sjs.Global().Get("document").Call("querySelector", `script[data-asset="`+path+`"]`).Truthy()
	})
	return found
}
