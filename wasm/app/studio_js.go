//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	sjs "syscall/js"

	"github.com/oiebench/oiebench/ui"
)

// The studio in the browser: works in an IndexedDB database of their own
// ("oiebench-studio", store "works": {id, meta, snapshot}), the view state
// in localStorage, and the keyboard shortcuts on the document (so that they
// work wherever focus is, except in text fields; dist/loader.js).

func init() {
	newStudioStore = func() studioStore { return &idbStudio{} }
	newStudioLease = func() studioLease {
		l, err := global("oiebenchLease")
		if err != nil || !l.Get("offered").Truthy() {
			return nil // no Web Locks: every tab writes, as before
		}
		return webLease{l}
	}
	studioStarted = listenStudioKeys
}

const (
	studioDB       = "oiebench-studio"
	studioWorks    = "works"
	studioPrefsKey = "oiebench.studio"
)

// idbStudio is the studio's IndexedDB store. Its methods wait for the
// browser: call them from goroutines that hold no lock.
type idbStudio struct {
	once sync.Once
	db   sjs.Value
	err  error
}

// request waits for an IDBRequest (or an IDBOpenDBRequest) to succeed.
func request(req sjs.Value, upgrade func(db sjs.Value)) (sjs.Value, error) {
	done := make(chan struct{})
	var val sjs.Value
	var err error
	var fns []sjs.Func
	on := func(name string, f func()) {
		fn := sjs.FuncOf(func(sjs.Value, []sjs.Value) any { f(); return nil })
		fns = append(fns, fn)
		req.Set(name, fn)
	}
	on("onsuccess", func() { val = req.Get("result"); close(done) })
	on("onerror", func() { err = storageError(req.Get("error"), "the browser's storage failed"); close(done) })
	if upgrade != nil {
		on("onupgradeneeded", func() { upgrade(req.Get("result")) })
		on("onblocked", func() {}) // another tab holds an older version; success follows
	}
	select {
	case <-done:
	case <-expired(storageTimeout): // the callbacks stay, in case they still come
		return sjs.Undefined(), fmt.Errorf("the browser's storage did not answer within %v", storageTimeout)
	}
	for _, fn := range fns {
		fn.Release()
	}
	return val, err
}

func storageError(v sjs.Value, fallback string) error {
	if v.Truthy() {
		if err := jsError(v); err.Error() != "no reason given" {
			return err
		}
	}
	return errors.New(fallback)
}

func (s *idbStudio) open() (sjs.Value, error) {
	s.once.Do(func() {
		idb, err := global("indexedDB")
		if err != nil {
			s.err = err
			return
		}
		var req sjs.Value
		if s.err = catch(func() { req = idb.Call("open", studioDB, 1) }); s.err != nil {
			return
		}
		s.err = catch(func() {
			s.db, s.err = request(req, func(db sjs.Value) {
				if !db.Get("objectStoreNames").Call("contains", studioWorks).Bool() {
					db.Call("createObjectStore", studioWorks, map[string]any{"keyPath": "id"})
				}
			})
		})
	})
	return s.db, s.err
}

// transact runs one request in a transaction and waits until the
// transaction has committed (not only until the request succeeded), so
// that "saved" means stored.
func (s *idbStudio) transact(mode string, work func(store sjs.Value) sjs.Value) (sjs.Value, error) {
	db, err := s.open()
	if err != nil {
		return sjs.Undefined(), err
	}
	done := make(chan struct{})
	var val sjs.Value
	var fns []sjs.Func
	err = catch(func() {
		tx := db.Call("transaction", studioWorks, mode)
		req := work(tx.Call("objectStore", studioWorks))
		on := func(name string, f func()) {
			fn := sjs.FuncOf(func(sjs.Value, []sjs.Value) any { f(); return nil })
			fns = append(fns, fn)
			tx.Set(name, fn)
		}
		on("oncomplete", func() { val = req.Get("result"); close(done) })
		fail := func() {
			err = storageError(tx.Get("error"), "the browser refused to store the work")
			close(done)
		}
		on("onerror", fail)
		on("onabort", func() {
			if err == nil {
				fail()
			}
		})
	})
	if err != nil {
		return sjs.Undefined(), err
	}
	select {
	case <-done:
	case <-expired(storageTimeout): // the callbacks stay, in case they still come
		return sjs.Undefined(), fmt.Errorf("the browser's storage did not answer within %v", storageTimeout)
	}
	for _, fn := range fns {
		fn.Release()
	}
	return val, err
}

func (s *idbStudio) LoadWorks() ([]storedWork, error) {
	v, err := s.transact("readonly", func(st sjs.Value) sjs.Value { return st.Call("getAll") })
	if err != nil {
		return nil, err
	}
	var out []storedWork
	for i := 0; i < v.Length(); i++ {
		r := v.Index(i)
		var m workMeta
		if r.Get("meta").Type() != sjs.TypeString || json.Unmarshal([]byte(r.Get("meta").String()), &m) != nil || m.ID == "" {
			continue // not a work of this version; left alone
		}
		out = append(out, storedWork{Meta: m, Snapshot: bytesOf(r.Get("snapshot"))})
	}
	return out, nil
}

func (s *idbStudio) PutWork(w storedWork) error {
	meta, _ := json.Marshal(w.Meta)
	_, err := s.transact("readwrite", func(st sjs.Value) sjs.Value {
		data := sjs.Global().Get("Uint8Array").New(len(w.Snapshot))
		sjs.CopyBytesToJS(data, w.Snapshot)
		rec := sjs.Global().Get("Object").New()
		rec.Set("id", w.Meta.ID)
		rec.Set("meta", string(meta))
		rec.Set("snapshot", data)
		return st.Call("put", rec)
	})
	return err
}

func (s *idbStudio) DeleteWork(id string) error {
	_, err := s.transact("readwrite", func(st sjs.Value) sjs.Value { return st.Call("delete", id) })
	return err
}

func (s *idbStudio) LoadPrefs() (p ui.StudioPrefs, ok bool) {
	if v, found := localStorage.get(studioPrefsKey); found {
		ok = json.Unmarshal([]byte(v), &p) == nil
	}
	return p, ok
}

func (s *idbStudio) SavePrefs(p ui.StudioPrefs) {
	b, _ := json.Marshal(p)
	localStorage.set(studioPrefsKey, string(b))
}

// listenStudioKeys hands the keys the page takes as the studio's
// shortcuts (dist/loader.js's studioListen) to the studio: the page calls
// oiebenchStudioKey in the evaluator's scope, the window's or the
// evaluator Worker's.
func listenStudioKeys(a *app) {
	sjs.Global().Set("oiebenchStudioKey", sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		a.studioKey(args[0].String())
		return nil
	}))
	effect("studioListen")
}

// webLease is the studio's lease through loader.js's oiebenchLease (a Web
// Lock and a BroadcastChannel). Hold and Wait wait for the browser: call
// them from goroutines that hold no lock.
type webLease struct{ v sjs.Value }

func (l webLease) Hold() bool {
	held, err := await(l.v.Call("tryHold"))
	return err == nil && held.Truthy()
}

func (l webLease) Wait() error {
	_, err := await(l.v.Call("wait"))
	return err
}

func (l webLease) Ask()     { catch(func() { l.v.Call("ask") }) }
func (l webLease) Release() { catch(func() { l.v.Call("release") }) }

func (l webLease) OnAsk(f func()) {
	l.v.Call("onAsk", sjs.FuncOf(func(sjs.Value, []sjs.Value) any { f(); return nil }))
}
