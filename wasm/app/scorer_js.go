//go:build js && wasm

package main

import sjs "syscall/js"

// Score posts a job to the scorer Worker that dist/loader.js started
// (oiebenchScorer.run) and waits for its reply. Without one (the
// single-file and exercise pages, file://, ?worker=off, a Worker that
// failed to start or stopped) it is an error: the caller runs the job on
// the page's thread.
func (jsBrowser) Score(job []byte) ([]byte, error) {
	scorer := sjs.Global().Get("oiebenchScorer")
	if !scorer.Truthy() || scorer.Get("run").Type() != sjs.TypeFunction {
		return nil, errNotOffered
	}
	msg := sjs.Global().Get("Uint8Array").New(len(job))
	sjs.CopyBytesToJS(msg, job)
	reply, err := await(scorer.Call("run", msg)) // run never throws: it rejects
	if err != nil {
		return nil, err
	}
	return bytesOf(reply), nil
}

// inScorerWorker reports whether this program runs in the page's scorer
// Worker (dist/loader.js starts it with the page's own compiled module): a
// dedicated Web Worker, with no document, that is not the evaluator Worker.
func inScorerWorker() bool {
	g := sjs.Global()
	return g.Get("document").IsUndefined() && g.Get("DedicatedWorkerGlobalScope").Truthy() && !inEvaluatorWorker()
}

// serveScorer is the scorer mode: no Vugu, no DOM. It gives the Worker's
// script (dist/loader.js) a function that answers one message
// (scorer.serve, bytes in and out, keeping the CaRB golds posted), and
// waits for calls for ever.
func serveScorer() {
	sc := newScorer()
	serve := sjs.FuncOf(func(_ sjs.Value, args []sjs.Value) any {
		out := sc.serve(bytesOf(args[0]))
		reply := sjs.Global().Get("Uint8Array").New(len(out))
		sjs.CopyBytesToJS(reply, out)
		return reply
	})
	sjs.Global().Call("oiebenchScorerStarted", serve)
	select {}
}
