//go:build js && wasm

package main

import (
	"encoding/hex"
	sjs "syscall/js"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
)

// blobChunk is how much of a file is copied into Go at a time: each piece
// is one short task, and no JavaScript copy of a whole large file is made.
const blobChunk = 4 << 20

// readBlob reads a Blob (a File) into Go a piece at a time; every piece is
// awaited, so the browser runs between pieces.
func readBlob(blob sjs.Value) ([]byte, error) {
	size := blob.Get("size").Int()
	data := make([]byte, size)
	piece := func(off int) sjs.Value { // the promise of a piece's ArrayBuffer
		return blob.Call("slice", off, min(off+blobChunk, size)).Call("arrayBuffer")
	}
	next := sjs.Undefined()
	if size > 0 {
		next = piece(0)
	}
	for off := 0; off < size; off += blobChunk {
		buf, err := await(next)
		if err != nil {
			return nil, err
		}
		if off+blobChunk < size { // the browser reads the next piece while this one is copied
			next = piece(off + blobChunk)
		}
		sjs.CopyBytesToGo(data[off:min(off+blobChunk, size)], sjs.Global().Get("Uint8Array").New(buf))
	}
	return data, nil
}

// blobOf copies data into a Blob a piece at a time, letting the browser run
// between pieces; a Blob is what the page stores (IndexedDB keeps it apart
// from the page's memory).
func blobOf(data []byte) sjs.Value {
	parts := sjs.Global().Get("Array").New()
	for off := 0; off < len(data); off += blobChunk {
		end := min(off+blobChunk, len(data))
		piece := sjs.Global().Get("Uint8Array").New(end - off)
		sjs.CopyBytesToJS(piece, data[off:end])
		parts.Call("push", piece)
		if end < len(data) {
			jsBrowser{}.Yield()
		}
	}
	return sjs.Global().Get("Blob").New(parts)
}

// storedData reads the data of a stored record: a Blob, or a Uint8Array as
// earlier versions of the page stored it.
func storedData(v sjs.Value) ([]byte, error) {
	if blob := sjs.Global().Get("Blob"); blob.Truthy() && v.InstanceOf(blob) {
		return readBlob(v)
	}
	return bytesOf(v), nil
}

// startDigest starts hashing a Blob with SHA-256 in the browser, whose Web
// Crypto works off the page's thread (the evaluator's own hashing of a
// 100 MB gold is seconds of the page's time). It returns the promise of
// the digest, or undefined where Web Crypto is missing (pages served over
// plain http from another host): the evaluator then hashes itself.
func startDigest(blob sjs.Value) (promise sjs.Value) {
	promise = sjs.Undefined()
	catch(func() {
		c := sjs.Global().Get("crypto")
		if !c.Truthy() || !c.Get("subtle").Truthy() {
			return
		}
		subtle := c.Get("subtle")
		var hash sjs.Func
		hash = sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
			hash.Release()
			return subtle.Call("digest", "SHA-256", args[0])
		})
		promise = blob.Call("arrayBuffer").Call("then", hash)
	})
	return promise
}

// digestOf waits for a promise from startDigest: the hex SHA-256, or ""
// when there is none.
func digestOf(promise sjs.Value) string {
	if promise.IsUndefined() {
		return ""
	}
	v, err := await(promise)
	if err != nil {
		return ""
	}
	return hex.EncodeToString(bytesOf(sjs.Global().Get("Uint8Array").New(v)))
}

// looksLikeGold reads the start of a Blob and reports whether it sniffs as
// a BenchIE gold (only golds are hashed).
func looksLikeGold(blob sjs.Value) bool {
	head, err := await(blob.Call("slice", 0, 1<<16).Call("arrayBuffer"))
	if err != nil {
		return false
	}
	d := formats.Detect(bytesOf(sjs.Global().Get("Uint8Array").New(head)))
	return d.Format != nil && evaluate.Kind(d.Format.Name) == evaluate.KindGold
}
