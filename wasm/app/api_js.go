//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	sjs "syscall/js"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/report"
)

// registerAPI defines window.oiebench, for embedding pages and automation:
//
//	oiebench.score({gold, systems: {name: text}, facets, referenceCompat,
//	                eGold, strictGold, systemFormat, scorers: ["benchie", "benchie-fl"],
//	                flMode: "reference"|"corrected"}) -> Promise of the CLI's JSON
//	oiebench.report()        -> the report on screen (CLI JSON), or null
//	oiebench.exportText(fmt) -> the table on screen as json, csv, markdown or latex
//	oiebench.formats()       -> every input format: name, label, role, example, ...
//	oiebench.version
//
// gold, eGold and system texts may be strings, ArrayBuffers or Uint8Arrays.
// The loader's window.oiebenchReady promise resolves once the API exists.
func registerAPI(a *app) {
	api := sjs.Global().Get("Object").New()
	api.Set("version", report.Version)
	api.Set("score", sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		return promise(func() (any, error) {
			if len(args) == 0 || args[0].Type() != sjs.TypeObject {
				return nil, errors.New("score expects {gold, systems: {name: text}, facets, referenceCompat}")
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
	api.Set("report", sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		text, ok := a.screenExport("json")
		if !ok {
			return sjs.Null()
		}
		return sjs.Global().Get("JSON").Call("parse", text)
	}))
	api.Set("exportText", sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		format := "json"
		if len(args) > 0 && args[0].Type() == sjs.TypeString {
			format = args[0].String()
		}
		text, ok := a.screenExport(format)
		if !ok {
			return sjs.Null()
		}
		return text
	}))
	api.Set("formats", sjs.FuncOf(func(sjs.Value, []sjs.Value) any {
		b, _ := json.Marshal(formats.Infos())
		return sjs.Global().Get("JSON").Call("parse", string(b))
	}))
	sjs.Global().Set("oiebench", api)
	doc := sjs.Global().Get("document")
	doc.Call("dispatchEvent", sjs.Global().Get("Event").New("oiebench-ready"))
}

// screenExport renders the report on screen in the order on screen.
func (a *app) screenExport(format string) (string, bool) {
	a.env.Lock()
	defer a.env.UnlockOnly()
	if a.m.Eval == nil {
		return "", false
	}
	a.completeShown()
	r := a.m.Eval.Report
	r = explain.Reorder(r, explain.Order(r, a.m.Prefs.Sort, a.m.Prefs.SortDesc))
	out, err := r.Render(format)
	if err != nil {
		return "", false
	}
	return string(out), true
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

// scoreRequest reads the argument of oiebench.score.
func scoreRequest(o sjs.Value) (evaluate.Request, error) {
	var req evaluate.Request
	gold, err := textOf(o.Get("gold"), "gold")
	if err != nil {
		return req, err
	}
	req.Gold = evaluate.Input{Path: "gold", Data: gold}
	if e := o.Get("eGold"); e.Truthy() {
		data, err := textOf(e, "eGold")
		if err != nil {
			return req, err
		}
		req.EGold = &evaluate.Input{Path: "e-gold", Data: data}
	}
	systems := o.Get("systems")
	if systems.Type() != sjs.TypeObject {
		return req, errors.New("systems must be an object {name: text}")
	}
	keys := sjs.Global().Get("Object").Call("keys", systems)
	for i := 0; i < keys.Length(); i++ {
		name := keys.Index(i).String()
		data, err := textOf(systems.Get(name), "systems."+name)
		if err != nil {
			return req, err
		}
		req.Systems = append(req.Systems, evaluate.Input{Name: name, Path: name, Data: data})
	}
	if len(req.Systems) == 0 {
		return req, errors.New("systems is empty: give at least one {name: text}")
	}
	if fs := o.Get("facets"); fs.Truthy() {
		for i := 0; i < fs.Length(); i++ {
			f, err := benchie.ParseFacet(fs.Index(i).String())
			if err != nil {
				return req, err
			}
			req.Facets = append(req.Facets, f)
		}
	}
	if sc := o.Get("scorers"); sc.Truthy() {
		benchIE := false
		for i := 0; i < sc.Length(); i++ {
			switch name := sc.Index(i).String(); name {
			case "benchie":
				benchIE = true
			case "benchie-fl":
				req.FL = true
			default:
				return req, fmt.Errorf("unknown scorer %q: expected benchie or benchie-fl", name)
			}
		}
		req.FLOnly = req.FL && !benchIE
	}
	if m := o.Get("flMode"); m.Truthy() {
		switch m.String() {
		case "reference":
		case "corrected":
			req.FLCorrected = true
		default:
			return req, fmt.Errorf("unknown flMode %q: expected reference or corrected", m.String())
		}
	}
	req.ReferenceCompat = o.Get("referenceCompat").Truthy()
	req.StrictGold = o.Get("strictGold").Truthy()
	if v := o.Get("sentences"); v.Truthy() {
		if v.Type() != sjs.TypeString {
			return req, fmt.Errorf("sentences must be a string: \"covered\" or ids and ranges such as \"1-5,9\"")
		}
		req.Sentences = v.String()
	}
	if f := o.Get("systemFormat"); f.Type() == sjs.TypeString {
		// The command line's names: auto or a format of the registry.
		format, err := evaluate.ParseSystemFormat(f.String())
		if err != nil {
			return req, err
		}
		req.SystemFormat = format
	}
	return req, nil
}

// textOf copies a string, ArrayBuffer or typed array into Go.
func textOf(v sjs.Value, what string) ([]byte, error) {
	switch {
	case v.Type() == sjs.TypeString:
		return []byte(v.String()), nil
	case v.InstanceOf(sjs.Global().Get("ArrayBuffer")):
		return bytesOf(sjs.Global().Get("Uint8Array").New(v)), nil
	case v.InstanceOf(sjs.Global().Get("Uint8Array")):
		return bytesOf(v), nil
	}
	return nil, fmt.Errorf("%s must be a string, an ArrayBuffer or a Uint8Array", what)
}
