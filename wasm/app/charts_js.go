//go:build js && wasm

package main

import (
	"encoding/base64"
	sjs "syscall/js"
)

// SavePNG draws an SVG document onto a canvas, scale times its size, and
// downloads the canvas as a PNG. The SVG is self-contained (inline styles,
// system fonts, no external references), so the canvas is not tainted.
func (jsBrowser) SavePNG(name, svg string, scale float64) error {
	doc := sjs.Global().Get("document")
	img := sjs.Global().Get("Image").New()
	img.Set("src", "data:image/svg+xml;base64,"+base64.StdEncoding.EncodeToString([]byte(svg)))
	if _, err := await(img.Call("decode")); err != nil {
		return err
	}
	w, h := img.Get("naturalWidth").Float(), img.Get("naturalHeight").Float()
	canvas := doc.Call("createElement", "canvas")
	canvas.Set("width", int(w*scale))
	canvas.Set("height", int(h*scale))
	ctx := canvas.Call("getContext", "2d")
	ctx.Call("scale", scale, scale)
	ctx.Call("drawImage", img, 0, 0, w, h)
	done := make(chan sjs.Value, 1)
	cb := sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		done <- args[0]
		return nil
	})
	defer cb.Release()
	if err := catch(func() { canvas.Call("toBlob", cb, "image/png") }); err != nil {
		return err
	}
	blob := <-done
	if !blob.Truthy() {
		return errPNG
	}
	return catch(func() {
		url := sjs.Global().Get("URL").Call("createObjectURL", blob)
		a := doc.Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Call("click")
		var revoke sjs.Func
		revoke = sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
			sjs.Global().Get("URL").Call("revokeObjectURL", url)
			revoke.Release()
			return nil
		})
		sjs.Global().Call("setTimeout", revoke, 1000)
	})
}
