//go:build js && wasm

package main

import (
	"runtime/debug"
	sjs "syscall/js"
)

func init() { debug.SetMemoryLimit(memoryLimit) }

// browserIdle returns a channel that closes when the browser is idle (no
// input or rendering pending: requestIdleCallback, within a second), or
// after its pending tasks where it has no such call.
func browserIdle() <-chan struct{} {
	if !sjs.Global().Get("requestIdleCallback").Truthy() {
		return browserTurn()
	}
	c := make(chan struct{})
	var f sjs.Func
	f = sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		f.Release()
		close(c)
		return nil
	})
	sjs.Global().Call("requestIdleCallback", f, map[string]any{"timeout": 1000})
	return c
}
