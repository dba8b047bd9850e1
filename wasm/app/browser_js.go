//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	sjs "syscall/js"

	vjs "github.com/vugu/vugu/js"
)

// jsBrowser is the browser around the page, through the helpers the shell's
// loader.js defines (oiebenchFetch, oiebenchStore) and standard Web APIs.
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

// jsError turns a thrown or rejected JavaScript value into an error.
func jsError(v sjs.Value) error {
	if v.Type() == sjs.TypeObject && v.Get("message").Type() == sjs.TypeString {
		return errors.New(v.Get("message").String())
	}
	return errors.New(v.Call("toString").String())
}

// bytesOf copies a Uint8Array into Go.
func bytesOf(v sjs.Value) []byte {
	b := make([]byte, v.Get("byteLength").Int())
	sjs.CopyBytesToGo(b, v)
	return b
}

// catch runs f and turns a JavaScript exception (a panic in syscall/js)
// into an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(sjs.Error); ok {
				err = errors.New(je.Error())
				return
			}
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

func (jsBrowser) Asset(path string) ([]byte, error) {
	v, err := await(sjs.Global().Call("oiebenchFetch", path))
	if err != nil {
		return nil, err
	}
	return bytesOf(v), nil
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
	s := sjs.Global().Get("oiebenchStore")
	if !s.Truthy() {
		return s, errors.New("no storage helper")
	}
	return s, nil
}

func (jsBrowser) LoadFiles() ([]storedFile, error) {
	s, err := store()
	if err != nil {
		return nil, err
	}
	v, err := await(s.Call("all"))
	if err != nil {
		return nil, err
	}
	var out []storedFile
	for i := 0; i < v.Length(); i++ {
		r := v.Index(i)
		var f storedFile
		if err := json.Unmarshal([]byte(sjs.Global().Get("JSON").Call("stringify", r.Get("meta")).String()), &f); err != nil {
			continue // written by another version; skip it
		}
		if f.Data, err = storedData(r.Get("data")); err != nil {
			continue // unreadable; the other files are restored
		}
		out = append(out, f)
	}
	return out, nil
}

func (jsBrowser) PutFile(f storedFile) error {
	s, err := store()
	if err != nil {
		return err
	}
	meta, _ := json.Marshal(f)
	data := blobOf(f.Data)
	rec := sjs.Global().Get("Object").New()
	rec.Set("id", f.ID)
	rec.Set("meta", sjs.Global().Get("JSON").Call("parse", string(meta)))
	rec.Set("data", data)
	_, err = await(s.Call("put", rec))
	return err
}

func (jsBrowser) DeleteFile(id string) error {
	s, err := store()
	if err != nil {
		return err
	}
	_, err = await(s.Call("del", id))
	return err
}

const stateKey = "oiebench.state"

func (jsBrowser) LoadState() (st savedState, ok bool) {
	catch(func() {
		v := sjs.Global().Get("localStorage").Call("getItem", stateKey)
		if v.Type() == sjs.TypeString {
			ok = json.Unmarshal([]byte(v.String()), &st) == nil
		}
	})
	return st, ok
}

func (jsBrowser) SaveState(st savedState) {
	b, _ := json.Marshal(st)
	catch(func() { sjs.Global().Get("localStorage").Call("setItem", stateKey, string(b)) })
}

func (jsBrowser) Yield() { yieldTask() }

// Paint waits for the next frame and a task after it; a hidden page gets
// no frames, so a timer ends the wait too.
func (jsBrowser) Paint() {
	done := make(chan struct{}, 2)
	var after, frame sjs.Func
	after = sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		done <- struct{}{}
		return nil
	})
	frame = sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		sjs.Global().Call("setTimeout", after, 0)
		return nil
	})
	sjs.Global().Call("requestAnimationFrame", frame)
	sjs.Global().Call("setTimeout", after, 100)
	<-done
	// The other callback may still come; release them once both have run.
	go func() {
		<-done
		after.Release()
		frame.Release()
	}()
}

func (jsBrowser) Download(name, mime, text string) {
	catch(func() {
		blob := sjs.Global().Get("Blob").New([]any{text}, map[string]any{"type": mime})
		url := sjs.Global().Get("URL").Call("createObjectURL", blob)
		a := sjs.Global().Get("document").Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Call("click")
		sjs.Global().Call("setTimeout", sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
			sjs.Global().Get("URL").Call("revokeObjectURL", url)
			return nil
		}), 1000)
	})
}

func (jsBrowser) Copy(text string) {
	catch(func() {
		if c := sjs.Global().Get("navigator").Get("clipboard"); c.Truthy() {
			c.Call("writeText", text)
		}
	})
}

func (jsBrowser) Unsaved(pending bool) { sjs.Global().Set("oiebenchUnsaved", pending) }

func (jsBrowser) Mark(name string) {
	if perf := sjs.Global().Get("performance"); perf.Truthy() {
		perf.Call("mark", name)
	}
}
