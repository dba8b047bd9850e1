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
func yieldTask() { <-browserTurn() }

// browserTurn asks for a turn after the browser's pending tasks; the
// channel it returns closes then.
func browserTurn() <-chan struct{} {
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
	return c
}

// letBrowserRun lets the browser run before a render that is not a
// person's input's, once paceSlice has passed since it last ran, and
// always while dist/loader.js replays the input made on the first screen.
// A render of the whole page takes hundreds of milliseconds, and Go
// returns to the browser only when every goroutine waits: the replay, one
// action after another in one turn, rendered the page inside each click's
// handler, three renders after the takeover's in one task of 1.7 s
// (docs/page-responsiveness.md). Yielding ends that task: the browser
// paints the takeover, the replay's other actions run their handlers, and
// one render shows them all (renderWanted). A render answering a person's
// input runs at once, inside its handler, also when it arrives while the
// loop waits here (input), so that the next key lands where this one sent
// focus (e2e TestStudioKeysBackToBack).
func letBrowserRun(input <-chan struct{}) {
	select {
	case <-input: // this render answers it
	default:
	}
	if replaying() {
		yieldTask()
		browserRan()
		return
	}
	if handlingInput() || sinceTurn() < paceSlice {
		return
	}
	select {
	case <-browserTurn():
		browserRan()
	case <-input:
	}
}

// handlingInput reports whether a DOM event's handler is running: Vugu
// keeps the event being handled until its Go handler, and every goroutine
// it woke (the render loop among them), has run.
func handlingInput() bool {
	return sjs.Global().Call("vuguGetActiveEvent").Truthy()
}

// replaying reports whether dist/loader.js is replaying the input made on
// the first screen.
func replaying() bool {
	early := sjs.Global().Get("oiebenchEarly")
	return early.Truthy() && early.Get("replaying").Truthy()
}
