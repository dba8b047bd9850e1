//go:build js && wasm

package main

// The page effects (browser's last methods), each one call of remote_js.go's
// effect: by name, with plain arguments, into dist/loader.js's one table.

func (jsBrowser) Focus(id string, later bool) { effect("focus", id, later) }
func (jsBrowser) ScrollIntoView(selector, block string) {
	effect("scrollIntoView", selector, block)
}
func (jsBrowser) StudioKeys(rule string)    { effect("studioKeys", rule) }
func (jsBrowser) KeyDone(seq int)           { effect("keyDone", seq) }
func (jsBrowser) ShowReport(exports string) { effect("showReport", exports) }

func (jsBrowser) SavePNG(name, svg string, scale float64) {
	effect("savePNG", name, svg, scale)
}
