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

// letBrowserRun lets the browser run before a render while dist/loader.js
// replays the input made on the first screen. A render of the whole page
// takes hundreds of milliseconds, and Go returns to the browser only when
// every goroutine waits: the replay, one action after another in one turn,
// rendered the page inside each click's handler, three renders after the
// takeover's in one task of 1.7 s (docs/page-responsiveness.md). Yielding
// ends that task: the browser paints the takeover, the replay's other
// actions run their handlers, and one render shows them all
// (renderWanted). Any other render runs at once: one answering input
// inside its handler, so that the next key lands where this one sent focus
// (e2e TestStudioKeysBackToBack), and one the page's work asked for before
// input that would then find the render loop waiting.
func letBrowserRun() {
	if replaying() {
		yieldTask()
		browserRan()
	}
}

// replaying reports whether dist/loader.js is replaying the input made on
// the first screen.
func replaying() bool {
	early := sjs.Global().Get("oiebenchEarly")
	return early.Truthy() && early.Get("replaying").Truthy()
}
