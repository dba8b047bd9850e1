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
	held    bool            // while the replay is awaited (awaitReplay)
	parked  []chan struct{} // woken meanwhile: woken when the hold ends
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
			held := yields.held
			if held {
				yields.parked = append(yields.parked, c)
			}
			yields.mu.Unlock()
			if !held {
				close(c)
			}
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
// person's input's, once paceSlice has passed since it last ran: Go
// returns to the browser only when every goroutine waits, and a render
// would lengthen the task of the work that asked for it. (The input made
// on the first screen is rendered once, after its replay's last action:
// awaitReplay.) A render answering a person's
// input runs at once, inside its handler, also when it arrives while the
// loop waits here (input), so that the next key lands where this one sent
// focus (e2e TestStudioKeysBackToBack).
func letBrowserRun(input <-chan struct{}) {
	select {
	case <-input: // this render answers it
	default:
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

// earlyFlag reads a flag of dist/loader.js's oiebenchEarly, which queues
// and replays the input made on the first screen.
func earlyFlag(name string) bool {
	early := sjs.Global().Get("oiebenchEarly")
	return early.Truthy() && early.Get(name).Truthy()
}

// The input made on the first screen is replayed by dist/loader.js in a
// task of its own after the takeover's paint. Until then the page's other
// work is held, so that nothing runs between the takeover and the replay
// and the replayed clicks land on the screen the person clicked on: the
// render loop waits for the replay (awaitReplay), and the goroutines that
// the browser's turns would wake (browserTurn: the page's paced work) are
// parked, then woken, each in a turn of its own, once the replay is
// rendered (endHold).

// awaitReplay is called by the render loop just after it rendered the
// takeover, in the same turn (the loader decides at the end of that turn
// to replay, and no input is recorded in between). If the loader has input
// to replay, it holds the page's work, waits for the replay (the loader's
// oiebenchEarly.done) and reports true: its handlers ran, and the render
// they asked for is due at once, in the replay's task; call endHold after.
//
// In the evaluator Worker the page's answer comes by message: the work is
// held until the page, having applied the takeover, says whether it
// replays (oiebenchEarly.live, a promise of true or false).
func awaitReplay() bool {
	early := sjs.Global().Get("oiebenchEarly")
	live := early.Get("live")
	if !live.Truthy() && !earlyFlag("pending") {
		return false
	}
	yields.mu.Lock()
	yields.held = true
	yields.mu.Unlock()
	if live.Truthy() {
		if replays, err := await(live); err != nil || !replays.Truthy() {
			endHold()
			return false
		}
	}
	await(early.Get("done"))
	return true
}

// endHold wakes the goroutines parked while the replay was awaited, each
// in a turn of the browser of its own (a message each, as browserTurn's):
// woken at once, their work would run in the replay's task. The state and
// link the replayed handlers saved are written in a turn of their own too.
func endHold() {
	yields.mu.Lock()
	parked := yields.parked
	yields.waiting = append(yields.waiting, parked...)
	yields.held, yields.parked = false, nil
	yields.mu.Unlock()
	for range parked {
		yields.port.Call("postMessage", nil)
	}
	go writeReplaySaves()
}
