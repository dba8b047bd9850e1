package main

import (
	"fmt"
	"syscall/js"
)

// pageData is the gold a browser page put in globalThis.wasmfirstGold (a
// Uint8Array); nil under node, which has none.
func pageData() []byte {
	v := js.Global().Get("wasmfirstGold")
	if v.IsUndefined() {
		return nil
	}
	b := make([]byte, v.Length())
	js.CopyBytesToGo(b, v)
	return b
}

// report prints the report and leaves it in globalThis.wasmfirstReport for
// the page's reader.
func report(s string) {
	fmt.Print(s)
	js.Global().Set("wasmfirstReport", s)
}
