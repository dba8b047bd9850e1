//go:build js && wasm

package dom

import (
	"errors"
	"sync"
	"syscall/js"

	"github.com/tidwall/gjson"
	"github.com/vugu/vugu"
)

// Renderer renders builds into the element a selector names and runs the
// Go handlers of its DOM events; it stands in for Vugu's domrender.
type Renderer struct {
	tree  Tree
	mu    sync.RWMutex
	wait  chan bool // a render is asked for (Vugu's EventEnvImpl sends to it)
	env   *vugu.EventEnvImpl
	patch js.Value

	renderedPass map[any]uint8 // components that were rendered, by the pass that last saw them
	pass         uint8
}

// New readies the renderer for the element selector names, which the first
// Render takes over (its attributes and content become the root's). In the
// evaluator Web Worker (dist/loader.js defines oiebenchRemote there) the
// script, the patches and the events go through the page: the page
// evaluates the script, applies each patch and posts each event back.
func New(selector string) (*Renderer, error) {
	r := &Renderer{wait: make(chan bool, 64), renderedPass: map[any]uint8{}}
	r.env = vugu.NewEventEnvImpl(&r.mu, r.wait)
	window := js.Global()
	if remote := window.Get("oiebenchRemote"); remote.Truthy() {
		remote.Call("start", script, selector, js.FuncOf(r.event))
		r.patch = remote.Get("patch")
		return r, nil
	}
	window.Call("eval", script)
	var err error
	func() {
		defer func() {
			if e := recover(); e != nil {
				err = errors.New("dom: " + js.ValueOf(e).String())
			}
		}()
		window.Call("oiebenchDOMStart", selector, js.FuncOf(r.event))
	}()
	if err != nil {
		return nil, err
	}
	r.patch = window.Get("oiebenchDOMPatch")
	return r, nil
}

// EventEnv is the lock that events and builds share; UnlockRender asks
// for a render.
func (r *Renderer) EventEnv() vugu.EventEnv { return r.env }

// EventWait blocks until a render is asked for. It reports false when the
// page is gone.
func (r *Renderer) EventWait() bool {
	if !js.Global().Truthy() {
		return false
	}
	return <-r.wait
}

// Render sends what changed since the last render, then calls the
// components' Rendered hooks as Vugu's renderer does. beforeDOM, if set,
// runs between Go's diff and the script's patch of the DOM: the takeover
// lets the browser run there, so that each is a task of its own.
func (r *Renderer) Render(br *vugu.BuildResults, beforeDOM func()) error {
	patch, err := r.tree.Patch(br)
	if err != nil {
		return err
	}
	if patch != nil {
		p := js.ValueOf(string(patch))
		if beforeDOM != nil {
			beforeDOM()
		}
		r.patch.Invoke(p)
	}
	r.pass++
	for _, c := range br.Out.Components {
		_, seen := r.renderedPass[c]
		r.renderedPass[c] = r.pass
		switch c := c.(type) {
		case interface{ Rendered() }:
			c.Rendered()
		case interface{ Rendered(vugu.RenderedCtx) }:
			c.Rendered(renderedCtx{r.env, !seen})
		}
	}
	for c, pass := range r.renderedPass {
		if pass != r.pass {
			delete(r.renderedPass, c)
		}
	}
	return nil
}

type renderedCtx struct {
	env   vugu.EventEnv
	first bool
}

func (c renderedCtx) EventEnv() vugu.EventEnv { return c.env }
func (c renderedCtx) First() bool             { return c.first }

// event runs the handler of the latest build for a DOM event: args are the
// element's listener number, the event's type, capture, and a JSON summary
// of the event and its target (what vugu.DOMEvent's Prop reads; its
// "listener" is the listening element's id attribute).
func (r *Renderer) event(_ js.Value, args []js.Value) any {
	summary, ok := gjson.Parse(args[3].String()).Value().(map[string]any)
	if !ok {
		panic("dom: an event's summary is not a JSON object") // the script wrote it
	}
	r.mu.Lock()
	elementID, _ := summary["listener"].(string)
	f := r.tree.Handler(args[0].Int(), args[1].String(), args[2].Bool(), elementID)
	if f == nil { // its element went in a render after the event was queued, and no element has its id
		r.mu.Unlock()
		return nil
	}
	f(vugu.NewDOMEvent(r.env, summary))
	r.mu.Unlock()
	select {
	case r.wait <- true:
	default:
	}
	return nil
}
