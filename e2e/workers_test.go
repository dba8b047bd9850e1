//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// workerScopes runs a test's script in every dedicated Worker a page
// starts (the evaluator's, the scorer's) before the Worker runs its own,
// as AddScriptToEvaluateOnNewDocument does for the page: the page's
// session attaches to each new Worker paused (Target.setAutoAttach with
// waitForDebuggerOnStart), the script is evaluated in it, and the Worker
// is let run (Runtime.runIfWaitingForDebugger). So a fault injected into
// the page's storage is injected where the evaluator runs in either mode.
type workerScopes struct {
	p      *page
	script string

	mu      sync.Mutex
	workers map[target.SessionID]context.Context // each Worker running, by the page's session to it
}

// inWorkers makes every Worker the page starts from now on run script
// first; call it before the page opens.
func inWorkers(p *page, script string) *workerScopes {
	p.t.Helper()
	w := &workerScopes{p: p, script: script, workers: map[target.SessionID]context.Context{}}
	flatten := true
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: &flatten})
		return err
	}))
	go func() {
		for ev, err := range chromedp.Events(p.ctx, target.DetachedFromTarget) {
			if err != nil {
				return
			}
			w.mu.Lock()
			delete(w.workers, ev.SessionID)
			w.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(p.ctx, target.AttachedToTarget) {
			if err != nil {
				return
			}
			if ev.TargetInfo.Type != "worker" {
				continue
			}
			go w.started(ev.SessionID, ev.TargetInfo.TargetID)
		}
	}()
	return w
}

// started runs the script in a Worker that waits for it, then lets the
// Worker run. A failure is the test's: the Worker would run without it.
func (w *workerScopes) started(session target.SessionID, id target.ID) {
	ctx, _ := chromedp.NewContext(w.p.ctx, chromedp.WithTargetID(id)) // the session ends with the page's context
	if err := evalIn(ctx, w.script); err != nil {
		w.p.t.Errorf("a Worker's script: %v", err)
	}
	w.mu.Lock()
	w.workers[session] = ctx
	w.mu.Unlock()
	if _, err := chromedp.Call(ctx, runtime.RunIfWaitingForDebugger, cdp.Empty{}); err != nil {
		w.p.t.Errorf("a Worker not let run: %v", err)
	}
}

// onEachDocument runs script in each document the page loads from now
// on, before the document's own scripts.
func onEachDocument(ctx context.Context, t *chromedp.Target, script string) error {
	_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script})
	return err
}

// everywhere runs script in each document the page loads, as it loads,
// and in each Worker it starts (inWorkers); call it before the page opens.
func everywhere(p *page, script string) *workerScopes {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error { return onEachDocument(ctx, t, script) }))
	return inWorkers(p, script)
}

// evalEverywhere evaluates js, a statement, on the page and in every
// Worker running.
func (w *workerScopes) evalEverywhere(js string) {
	w.p.t.Helper()
	eval[bool](w.p, "("+js+", true)")
	w.eval(js)
}

// eval evaluates js in every Worker running.
func (w *workerScopes) eval(js string) {
	w.p.t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, ctx := range w.workers {
		if err := evalIn(ctx, js); err != nil {
			w.p.t.Errorf("in a Worker: %s: %v", js, err)
		}
	}
}

func evalIn(ctx context.Context, js string) error {
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: js})
	if err == nil && res.ExceptionDetails != nil {
		return fmt.Errorf("%s %s", res.ExceptionDetails.Text, describe(res.ExceptionDetails.Exception))
	}
	return err
}
