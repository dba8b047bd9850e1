//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	sjs "syscall/js"
	"time"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/report"
)

// registerAPI defines window.oiebench, for embedding pages and automation:
//
//	oiebench.score(request) -> Promise of the CLI's JSON report, where request
//	                is the Worker's POST /api/score body as an object (see
//	                evaluate.DecodeRequest: {gold, systems: {name: text}, facets,
//	                scorers, system_format, fl_mode, reference_compat, e_gold,
//	                carb_gold, gold_format, strict_gold, binary, carb_mode,
//	                oie16_curve}; camelCase names are taken too; a CaRB or
//	                OIE2016 gold is scored alone by scorers carb, carb-ss,
//	                oie16, wire57 or openie6)
//	oiebench.report()        -> the report on screen (CLI JSON), or null
//	oiebench.exportText(fmt) -> the table on screen as json, csv, markdown or latex
//	oiebench.formats()       -> every input format: name, label, role, example, ...
//	oiebench.version
//
// gold, e_gold, carb_gold and system texts may be strings, ArrayBuffers or
// typed arrays. The object is the page's (dist/loader.js, effect api): score calls Go
// (window.oiebenchScore), the others answer from what Go gave it
// (showReport, the formats). The loader's window.oiebenchReady promise
// resolves once it exists.
func registerAPI(a *app) {
	sjs.Global().Set("oiebenchScore", sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		return promise(func() (any, error) {
			if len(args) == 0 || args[0].Type() != sjs.TypeObject {
				return nil, errors.New(`score expects a request object such as {gold: "...", systems: {name: "..."}}`)
			}
			req, err := scoreRequest(args[0])
			if err != nil {
				return nil, err
			}
			req.Progress = yielder(a)
			req.Pause = a.pause(nil) // long files and scoring pause for the page
			req.Gold.Pause = req.Pause
			if req.EGold != nil {
				req.EGold.Pause = req.Pause
			}
			for i := range req.Systems {
				req.Systems[i].Pause = req.Pause
			}
			req.FLBudget = &pageFLBudget
			ev, err := evaluate.Run(req)
			if err != nil {
				return nil, err
			}
			out, err := ev.Report.Render("json")
			if err != nil {
				return nil, err
			}
			return sjs.Global().Get("JSON").Call("parse", string(out)), nil
		})
	}))
	formatList, _ := json.Marshal(formats.Infos())
	effect("api", report.Version, string(formatList))
}

// yielder lets the page breathe during long API scoring.
func yielder(a *app) func(done, total int) {
	last := time.Now()
	return func(done, total int) {
		if time.Since(last) > 40*time.Millisecond {
			a.br.Yield()
			last = time.Now()
		}
	}
}

// promise runs work in a goroutine and settles a JavaScript Promise with
// its result; errors reject with an Error whose message is the Go error.
func promise(work func() (any, error)) sjs.Value {
	var executor sjs.Func
	executor = sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer executor.Release()
			var v any
			var werr error
			// catch turns a JavaScript exception into an error; the work's
			// own error is returned as it is.
			err := catch(func() { v, werr = work() })
			if err == nil {
				err = werr
			}
			if err != nil {
				reject.Invoke(sjs.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	return sjs.Global().Get("Promise").New(executor)
}

// scoreRequest reads the argument of oiebench.score: the Worker's request
// (evaluate.DecodeRequest), as a JavaScript object. Its texts may also be
// ArrayBuffers or typed arrays: their bytes are taken as they are (an
// invalid byte is then the reader's positioned error, not a replacement
// character), and the object is decoded as JSON with an empty string in
// their place.
func scoreRequest(o sjs.Value) (evaluate.Request, error) {
	copyOf := func(v sjs.Value) sjs.Value {
		return sjs.Global().Get("Object").Call("assign", sjs.Global().Get("Object").New(), v)
	}
	o = copyOf(o)
	binary := map[string][]byte{} // by the path evaluate.DecodeRequest reads it under
	take := func(obj sjs.Value, key, path string) {
		if data, ok := bytesIn(obj.Get(key)); ok {
			binary[path] = data
			obj.Set(key, "")
		}
	}
	for _, m := range []struct{ key, path string }{
		{"gold", "gold"}, {"e_gold", "e_gold"}, {"eGold", "e_gold"}, {"carb_gold", "carb_gold"}, {"carbGold", "carb_gold"},
	} {
		take(o, m.key, m.path)
	}
	if systems := o.Get("systems"); systems.Type() == sjs.TypeObject && !isArray(systems) {
		systems = copyOf(systems)
		o.Set("systems", systems)
		keys := sjs.Global().Get("Object").Call("keys", systems)
		for i := 0; i < keys.Length(); i++ {
			name := keys.Index(i).String()
			take(systems, name, evaluate.SystemPath(name))
		}
	}
	text := sjs.Global().Get("JSON").Call("stringify", o)
	if text.Type() != sjs.TypeString {
		return evaluate.Request{}, errors.New("score expects an object {gold, systems: {name: text}, ...}")
	}
	req, err := evaluate.DecodeRequest([]byte(text.String()))
	if err != nil {
		return req, err
	}
	for _, in := range append([]*evaluate.Input{&req.Gold, req.EGold, req.CaRBGold}, inputs(req.Systems)...) {
		if in != nil {
			if data, ok := binary[in.Path]; ok {
				in.Data = data
			}
		}
	}
	return req, nil
}

func inputs(ins []evaluate.Input) []*evaluate.Input {
	out := make([]*evaluate.Input, len(ins))
	for i := range ins {
		out[i] = &ins[i]
	}
	return out
}

func isArray(v sjs.Value) bool {
	return sjs.Global().Get("Array").Call("isArray", v).Bool()
}

// bytesIn copies an ArrayBuffer's or a typed array's bytes into Go.
func bytesIn(v sjs.Value) ([]byte, bool) {
	switch {
	case v.Type() != sjs.TypeObject:
		return nil, false
	case v.InstanceOf(sjs.Global().Get("ArrayBuffer")):
		return bytesOf(sjs.Global().Get("Uint8Array").New(v)), true
	case sjs.Global().Get("ArrayBuffer").Call("isView", v).Bool():
		return bytesOf(sjs.Global().Get("Uint8Array").New(v.Get("buffer"), v.Get("byteOffset"), v.Get("byteLength"))), true
	}
	return nil, false
}
