//go:build e2e

package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// gcTrace gives the page's Go GODEBUG=gctrace=1, so that it writes a line
// per collection to the console: wasm_exec.js defines the class Go, which
// the probe extends (the scorer Worker's Go, in a global of its own, is
// not traced).
const gcTrace = `(() => {
  let traced;
  Object.defineProperty(globalThis, 'Go', {configurable: true, get() { return traced; },
    set(Go) { traced = class extends Go { constructor() { super(); this.env = Object.assign({}, this.env, {GODEBUG: 'gctrace=1'}); } }; }});
})()`

// gcLine is a collection's line in Go's trace.
var gcLine = regexp.MustCompile(`gc \d+ @[0-9.]+s [^"]*`)

// The page's start collects once, when it has settled, at the browser's
// idle (wasm/app/collector.go): from navigation to that collection, Go's
// collector ran ten or eleven times on the bundled benchmark at 1× before
// (each a task of 20-60 ms, over 200 ms on the loaded machine, while the
// gold's statistics, CaRB's columns and the analyses ran). The start's own
// collection is forced (runtime.GC); at most one other may come, at the
// start's memory limit.
func TestStartCollectsOnce(t *testing.T) {
	p := newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error { return onEachDocument(ctx, tg, gcTrace) }), chromedp.Navigate(site.URL+"/?evaluator=page")) // Go's trace goes to the page's console: the evaluator on its thread
	// The lines up to the start's collection, the first one forced
	// (runtime.GC), once the page has settled.
	var lines []string
	forced := false
	for deadline := time.Now().Add(90 * time.Second); !forced && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		lines = lines[:0]
		p.mu.Lock()
		for _, c := range p.console {
			if m := gcLine.FindString(c); m != "" && !forced {
				lines = append(lines, m)
				forced = strings.Contains(m, "(forced)")
			}
		}
		p.mu.Unlock()
	}
	t.Logf("Go's collections from navigation to the start's:\n%s", strings.Join(lines, "\n"))
	if !forced {
		t.Fatalf("no forced collection traced (%d collections): the start's is not", len(lines))
	}
	if len(lines) > 2 {
		t.Errorf("%d collections from navigation to the start's, want the start's and at most one other", len(lines))
	}
}

// The start's collection (wasm/app settleStart: runtime.GC once the page
// has settled, then the mark oiebench-collected in the same task) in CPU
// time from the trace, which the machine's load does not inflate
// (traceStep): the mark of the live heap and the sweep of the start's
// garbage, in one task of the page's thread. Logged; it must be a task of
// the page's main thread that holds the mark. The evaluator on the page's
// thread (?evaluator=page): in the Worker the collection is the Worker's,
// and the page only runs the mark's effect.
func TestStartCollectionTask(t *testing.T) {
	srv := slowEvaluator(t, time.Second)
	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/?evaluator=page"))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"]') !== null`)
	tasks := traceStep(p, "the start's collection", func() {}, `performance.getEntriesByName('oiebench-collected').length > 0`)
	at := eval[float64](p, `performance.getEntriesByName('oiebench-collected')[0].startTime`)
	for _, k := range tasks {
		if k.Start <= at && at <= k.Start+k.Wall {
			t.Logf("the start's collection: a task of %.1f ms of CPU, %.1f ms wall-clock, at %.0f ms", k.CPU, k.Wall, k.Start)
			return
		}
	}
	t.Errorf("no task of the page's main thread holds the mark oiebench-collected (%.0f ms)", at)
}
