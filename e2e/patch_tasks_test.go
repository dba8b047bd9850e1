//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// patchProbe records each patch the page applies (oiebenchDOMPatch, once
// the patch script defines it): when it began, how long it took to be
// whole (in parts: from its first part to its last), its JSON's length and
// how many elements the document gained by it.
const patchProbe = `(() => {
  let apply;
  window.__patches = [];
  Object.defineProperty(window, 'oiebenchDOMPatch', {configurable: true, get() { return apply; }, set(f) {
    apply = function (patch, done) {
      const elements = document.getElementsByTagName('*'), n = elements.length, at = performance.now();
      const record = () => __patches.push({at: at, ms: performance.now() - at, bytes: patch.length, elements: elements.length - n});
      if (!done) {
        try { return f(patch); } finally { record(); }
      }
      return f(patch, () => { record(); done(); });
    };
  }});
})()`

// patchRecord is one of patchProbe's records.
type patchRecord struct {
	At, Ms   float64
	Bytes    int
	Elements int
}

// pageFlow is a step of a person's use of the page: what it does and the
// condition that says it is done.
type pageFlow struct {
	name  string
	act   func(p *page)
	ready string
}

// sentencesWhole is the Sentences view with its detail and list added.
const sentencesWhole = `document.querySelector('#tab-sentences[aria-selected="true"]') !== null && document.querySelector('.detail .systems') !== null && document.querySelector('#sentence-list [role=option]') !== null && !document.querySelector('.detail .systems[aria-busy="true"], #sentence-list[aria-busy="true"]')`

// tableSettled is the Scores table with every column scored.
const tableSettled = `document.querySelector('#app[data-ready="table"]') !== null`

// clickFlow is a click on the element sel selects.
func clickFlow(name, sel, ready string) pageFlow {
	return pageFlow{name, func(p *page) { p.do(chromedp.Click(chromedp.CSS(sel))) }, ready}
}

// The page's main-thread tasks with the evaluator in the Worker, at 1× and
// 4× CPU (Emulation.setCPUThrottlingRate), in the CPU time of Chromium's
// trace, over the flows of issue 26: the start (the first screen to the
// settled table), each view's first open, a file picked, a gold switched.
// The page's thread applies patches, a large one in parts, and runs
// effects. At 1× no task may take more than the 50 ms of CPU,
// the browser's style, layout and paint of a newly opened view included
// (the Compare view's first frame took 58–71 ms before its list's options
// out of the box were left unlaid, 20–25 ms after),
// and the page's own work in a task (its CPU less the browser's style,
// layout and frame) no more than 25 ms: the Compare view's patch applied
// whole took 28–60 ms there. At 4× the figures are logged, not held to a
// bound: the throttle's CPU time grows with the machine's load (a run's
// largest own work 28–58 ms at load 6 to 14, once 135 ms). Every task
// over 25 ms of CPU is logged with what ran in it, how many layout objects
// it laid out and the patches it made whole (docs/page-responsiveness.md,
// "A large patch applied in parts" and "A newly opened view's layout").
func TestWorkerPageTasks(t *testing.T) {
	srv := slowEvaluator(t, time.Second)
	mine := writeTemp(t, "mine.tsv", []byte("1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n"))
	flows := []pageFlow{
		clickFlow("Sentences", "#tab-sentences", sentencesWhole),
		clickFlow("Compare", "#tab-compare", `document.querySelector('.compare .detail .side-by-side') !== null`),
		clickFlow("Charts", "#tab-charts", `document.querySelectorAll('figure.chart').length > 0`),
		clickFlow("Annotate", "#tab-studio", `document.querySelector('#studio') !== null`),
		clickFlow("Agreement", "#tab-agreement", `document.querySelector('#agreement') !== null`),
		clickFlow("Scores", "#tab-scores", `document.querySelector('#tab-scores[aria-selected="true"]') !== null && document.querySelector('#scores') !== null`),
		{"a file picked", func(p *page) { pick(p, "#file-input", mine) }, `document.querySelector('#scores td[data-system="mine"]') !== null && ` + tableSettled},
		clickFlow("a gold switched", `button[data-source="de"]`, `document.querySelector('button[data-source="de"][aria-pressed="true"]') !== null && `+tableSettled),
	}
	for _, sd := range slowdowns {
		t.Run(sd.name, func(t *testing.T) {
			p := newPage(t)
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				if err := onEachDocument(ctx, tg, patchProbe); err != nil {
					return err
				}
				_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: sd.rate})
				return err
			}), chromedp.Navigate(srv.URL+"/?evaluator=worker"))
			p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"]') !== null`)
			steps := append([]pageFlow{{"the start", func(*page) {}, tableSettled}}, flows...)
			for _, f := range steps {
				tasks := traceStep(p, f.name, func() { f.act(p) }, f.ready)
				patches := eval[[]patchRecord](p, `__patches.splice(0)`)
				longest, _, cpu := longestTasks(tasks)
				own := stepTask{}
				for _, k := range tasks {
					if k.own() > own.own() {
						own = k
					}
				}
				t.Logf("%s, %s: %d tasks, %.0f ms of CPU, the longest %.1f ms of CPU (%.1f wall), the most of the page's own work %.1f ms; %d patches (load average %s)",
					sd.name, f.name, len(tasks), cpu, longest.CPU, longest.Wall, own.own(), len(patches), loadAverage())
				for _, k := range tasks {
					if k.CPU > 25 {
						t.Logf("  task at %.0f ms: %.1f ms of CPU (%.1f wall): %v; %s", k.Start, k.CPU, k.Wall, k.Parts, patchesIn(patches, k))
					}
				}
				if sd.rate == 1 && longest.CPU > 50 {
					t.Errorf("%s, %s: a task at %.0f ms of %.1f ms of CPU (%v), want ≤ 50 ms", sd.name, f.name, longest.Start, longest.CPU, longest.Parts)
				}
				if sd.rate == 1 && own.own() > 25 {
					t.Errorf("%s, %s: a task at %.0f ms with %.1f ms of the page's own work (%.1f ms of CPU: %v), want ≤ 25 ms", sd.name, f.name, own.Start, own.own(), own.CPU, own.Parts)
				}
			}
			if mode := eval[string](p, `oiebenchEvaluator.mode`); mode != "worker" {
				t.Fatalf("the evaluator ran in mode %q, want worker", mode)
			}
		})
	}
}

// own is the CPU time of a task less the browser's style, layout and frame
// in it: the page's script and what else the browser did for it.
func (k stepTask) own() float64 { return k.CPU - k.Parts.Style - k.Parts.Layout - k.Parts.Frame }

// patchesIn describes the patches made whole in a task.
func patchesIn(patches []patchRecord, k stepTask) string {
	var in []string
	for _, r := range patches {
		if end := r.At + r.Ms; k.Start <= end && end <= k.Start+k.Wall {
			in = append(in, fmt.Sprintf("a patch of %d B, %+d elements, whole %.1f ms later", r.Bytes, r.Elements, r.Ms))
		}
	}
	if len(in) == 0 {
		return "no patch"
	}
	return strings.Join(in, "; ")
}
