//go:build js && wasm

package main

import (
	"sync"
	sjs "syscall/js"
)

// The page's work yields to the browser hundreds of times during a large
// load. A timer set from a timer's callback waits at least 4 ms (browsers
// clamp nested timers), so yields post a message to themselves instead:
// the browser handles input and paints between tasks, and the work goes on
// at once after.
var yields struct {
	once    sync.Once
	mu      sync.Mutex
	port    sjs.Value
	waiting []chan struct{} // in the order of the messages posted
}

// yieldTask lets the browser run its pending tasks, then returns. Call it
// from a goroutine that holds no lock.
func yieldTask() {
	yields.once.Do(func() {
		ch := sjs.Global().Get("MessageChannel").New()
		ch.Get("port1").Set("onmessage", sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
			yields.mu.Lock()
			c := yields.waiting[0]
			yields.waiting = yields.waiting[1:]
			yields.mu.Unlock()
			close(c)
			return nil
		}))
		yields.port = ch.Get("port2")
	})
	c := make(chan struct{})
	yields.mu.Lock()
	yields.waiting = append(yields.waiting, c)
	yields.mu.Unlock()
	yields.port.Call("postMessage", nil)
	<-c
}

// letBrowserRun lets the browser run before a render, once paceSlice has
// passed since it last ran. A render of the whole page takes hundreds of
// milliseconds, and Go returns to the browser only when every goroutine
// waits: a render requested from an event handler (the loader's replay of
// the clicks made on the first screen, one after another in one turn) ran
// inside that handler's call, so three replayed clicks made three renders
// after the takeover's, all in one task of 1.7 s
// (docs/page-responsiveness.md). Yielding first ends that task: the
// browser paints, the other events waiting run their handlers, and the
// next render shows all of them at once.
func letBrowserRun() {
	if sinceTurn() < paceSlice {
		return
	}
	yieldTask()
	browserRan()
}
