//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/oiebench/oiebench/dist"
)

// The evaluator Worker (?evaluator=worker, docs/page-responsiveness.md,
// The evaluator Worker): the whole Go program runs in a dedicated Web
// Worker and the page's thread applies its renders.

// wasmCounter counts, on the page's thread, the WebAssembly modules
// instantiated: the evaluator, when it runs there.
const wasmCounter = `(() => {
  window.__wasmInstances = 0;
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const f = WebAssembly[name];
    WebAssembly[name] = function () { window.__wasmInstances++; return f.apply(this, arguments); };
  }
})()`

// openCounting opens addr with wasmCounter installed and waits for the
// table.
func openCounting(t *testing.T, addr string) *page {
	p := newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error { return onEachDocument(ctx, tg, wasmCounter) }))
	p.open(addr)
	return p
}

// With ?evaluator=worker the page's thread instantiates no WebAssembly:
// the evaluator runs in the Worker, which fetched and instantiated it,
// and shows the published numbers, CaRB's columns (the scorer's jobs run
// in the evaluator Worker's own scorer Worker: the page starts none) and answers tabs
// and keys, whose default the page prevents before the Worker hears of
// them. With ?evaluator=page the same counter sees the evaluator (the
// counter works).
func TestEvaluatorWorker(t *testing.T) {
	p := openCounting(t, site.URL+"/?evaluator=worker")
	if got := eval[map[string]any](p, `({mode: oiebenchEvaluator.mode, state: oiebenchEvaluator.state, instances: __wasmInstances, scorer: oiebenchScorer.state})`); got["mode"] != "worker" || got["state"] != "running" || got["instances"] != 0.0 || got["scorer"] != "off" {
		t.Fatalf("with ?evaluator=worker the page says %v, want mode worker, state running, no WebAssembly instance on its thread, no scorer Worker of its own", got)
	}
	checkPublished(t, p, "en", loadExpected(t).EN)
	if got := eval[int](p, `document.querySelectorAll('#scores td[data-value][data-facet^="carb"]').length`); got == 0 {
		t.Error("no CaRB column: the scorer's jobs did not run from the evaluator Worker")
	}
	if got := eval[float64](p, `window.oiebenchMemory()`); got < 1<<20 {
		t.Errorf("oiebenchMemory() = %v, want the Worker's WebAssembly memory", got)
	}

	// A key of the tab list: its default prevented on the page, the tab
	// moved by the Worker, focus moved by its effect.
	eval[bool](p, `(window.__prevented = [], document.addEventListener('keydown', e => __prevented.push(e.key + ':' + e.defaultPrevented)), true)`)
	p.do(chromedp.Focus(chromedp.CSS(`#tab-scores`)), chromedp.KeyEvent(kb.ArrowRight))
	p.waitFor("the Sentences tab", `document.querySelector('#tab-sentences[aria-selected="true"]') !== null && document.activeElement && document.activeElement.id === 'tab-sentences'`)
	if got := eval[[]string](p, `__prevented`); len(got) != 1 || got[0] != "ArrowRight:true" {
		t.Errorf("keydown seen on the document: %v, want ArrowRight:true (prevented on the page)", got)
	}
	p.waitFor("the sentence list", `document.querySelectorAll('#sentence-list [role=option]').length > 0`)
	if got := eval[string](p, `location.hash`); !strings.Contains(got, "view=sentences") {
		t.Errorf("the address is %q after the tab moved, want the Sentences view's (the setLink effect)", got)
	}

	q := openCounting(t, site.URL+"/?evaluator=page")
	if got := eval[map[string]any](q, `({mode: oiebenchEvaluator.mode, instances: __wasmInstances})`); got["mode"] != "page" || got["instances"] != 1.0 {
		t.Errorf("with ?evaluator=page the page says %v, want mode page and the evaluator instantiated once on its thread", got)
	}
}

// A Worker that fails to start (its script refused by the server) leaves
// the page to run the evaluator on its own thread, and a click made on the
// first screen meanwhile is honoured.
func TestEvaluatorWorkerFallback(t *testing.T) {
	handler := withNamedWasm(dist.Handler(os.DirFS(siteDir)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Sec-Fetch-Dest") == "worker" {
			http.Error(w, "no Workers here", http.StatusForbidden)
			return
		}
		if r.URL.Path == "/app.wasm" {
			time.Sleep(2 * time.Second) // the first screen stays long enough to click
		}
		handler.ServeHTTP(w, r)
	}))
	defer srv.Close()
	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/?evaluator=worker"))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"] #tab-sentences') !== null`)
	p.do(chromedp.Click(chromedp.CSS(`#tab-sentences`)))
	if n := eval[int](p, `window.oiebenchEarly.queued`); n != 1 {
		t.Fatalf("%d clicks queued on the first screen, want 1", n)
	}
	p.waitReady()
	p.waitFor("the Sentences tab clicked early", `document.querySelector('#tab-sentences[aria-selected="true"]') !== null`)
	if got := eval[map[string]string](p, `({mode: oiebenchEvaluator.mode, state: oiebenchEvaluator.state})`); got["mode"] != "page" || got["state"] != "running" {
		t.Errorf("after the Worker was refused the page says %v, want the evaluator running on the page", got)
	}
	if e := eval[map[string]int](p, `({replayed: oiebenchEarly.replayed, missed: oiebenchEarly.missed})`); e["replayed"] != 1 || e["missed"] != 0 {
		t.Errorf("replayed %d, missed %d of 1", e["replayed"], e["missed"])
	}
}

// Clicks made on the first screen (a facet, a sort heading, the Sentences
// tab) are replayed on the live page and reach the evaluator Worker, as
// on the page's thread (TestEarlyClicksKept): the first click within
// 100 ms of the page's CPU after the page is live.
func TestEvaluatorWorkerEarlyClicks(t *testing.T) {
	srv := slowEvaluator(t, 3*time.Second)
	p, live, tab, _, tasks := earlyClicks(t, srv.URL+"/?evaluator=worker", 1)
	if mode := eval[string](p, `oiebenchEvaluator.mode`); mode != "worker" {
		t.Fatalf("the evaluator ran in mode %q, want worker", mode)
	}
	_, toTab, _, ok := earlyTabCPU(tasks, live, tab, nil)
	if !ok {
		t.Fatalf("the trace has no task holding the live page's time (%.0f ms) or the tab's (%.0f ms)", live, tab)
	}
	t.Logf("the page's CPU from the live page's task to the tab: %.1f ms (load average %s)", toTab, loadAverage())
	if toTab > 100 {
		t.Errorf("%.1f ms of the page's CPU from the live page's task to the tab, want ≤ 100 ms", toTab)
	}
	p.waitFor("the replay", `performance.getEntriesByName('oiebench-replayed').length > 0`)
	if e := eval[map[string]int](p, `({replayed: oiebenchEarly.replayed, missed: oiebenchEarly.missed})`); e["replayed"] != 3 || e["missed"] != 0 {
		t.Errorf("replayed %d, missed %d of 3", e["replayed"], e["missed"])
	}
	p.waitReady()
	if got := eval[bool](p, `document.querySelector('input[data-facet="minimal"]').checked`); got {
		t.Error("the early facet toggle was not applied: BenchIE-M is still checked")
	}
	if got := eval[string](p, `location.hash`); !strings.Contains(got, "view=sentences") {
		t.Errorf("after the replay the address is %q, want the Sentences view's", got)
	}
}

// The page's main-thread tasks while the bundled benchmark is scored, from
// the first screen to the settled table, in CPU time (the trace's; the
// machine's load does not stretch it), with the evaluator in the Worker
// and, for comparison, on the page's thread. Issue 26 asks for no task
// over 50 ms at 1×: the Worker's page is held to it.
func TestEvaluatorWorkerLongestTask(t *testing.T) {
	srv := slowEvaluator(t, time.Second)
	longest := map[string]stepTask{}
	for _, mode := range []string{"page", "worker"} {
		p := newPage(t)
		p.do(chromedp.Navigate(srv.URL + "/?evaluator=" + mode))
		p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"]') !== null`)
		tasks := traceStep(p, "the settled table", func() {}, `document.querySelector('#app[data-ready="table"]') !== null`)
		for _, k := range tasks {
			if k.CPU > longest[mode].CPU {
				longest[mode] = k
			}
		}
		busy := 0.0
		for _, k := range tasks {
			busy += k.CPU
		}
		t.Logf("evaluator on the %s: BenchIE's table at %.0f ms; %d main-thread tasks, %.0f ms of CPU in all, the longest %.1f ms of CPU (%.1f ms wall) at %.0f ms (load average %s)",
			mode, eval[float64](p, `performance.getEntriesByName('oiebench-table')[0].startTime`), len(tasks), busy, longest[mode].CPU, longest[mode].Wall, longest[mode].Start, loadAverage())
	}
	if l := longest["worker"]; l.CPU > 50 {
		t.Errorf("with the evaluator in the Worker the page's longest task took %.1f ms of CPU, want ≤ 50 ms", l.CPU)
	}
}
