//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/dist"
)

// touchProbe records, in ms from navigation, when the live page first
// rendered (data-ready leaves "prerendered": the evaluator is ready), when
// the Sentences tab became the selected one, when a part of its view was
// added (the detail's systems' blocks, the list's options) and when it was
// whole (neither busy), and the main thread's long tasks.
const touchProbe = `(() => {
  const r = window.__touch = {live: 0, tab: 0, whole: 0, parts: [], long: []};
  new PerformanceObserver(l => { for (const e of l.getEntries()) r.long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({type: 'longtask', buffered: true});
  new MutationObserver(ms => {
    if (r.tab && !r.whole && ms.some(m => m.type === 'childList' && m.addedNodes.length > 0 && m.target.matches && m.target.matches('.detail .systems, #sentence-list'))) r.parts.push(performance.now());
    const app = document.getElementById('app');
    const ready = app && app.getAttribute('data-ready');
    if (!r.live && ready && ready !== 'prerendered') r.live = performance.now();
    const tab = document.getElementById('tab-sentences');
    if (r.live && !r.tab && tab && tab.getAttribute('aria-selected') === 'true') r.tab = performance.now();
    if (r.tab && !r.whole && document.querySelector('.detail .systems') && !document.querySelector('.detail .systems[aria-busy="true"], #sentence-list[aria-busy="true"]')) r.whole = performance.now();
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready', 'aria-selected', 'aria-busy']});
})()`

// slowEvaluator serves the site with the evaluator's download held back,
// so that the first screen is on screen, without the evaluator, for long
// enough to click it on any machine.
func slowEvaluator(t *testing.T, hold time.Duration) *httptest.Server {
	site := withEvaluator(withNamedWasm(dist.Handler(os.DirFS(siteDir))))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/app.wasm" {
			time.Sleep(hold)
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// earlyClicks opens the page (addr) at a CPU slowdown with the evaluator's
// download held back, clicks (real mouse clicks, Input.dispatchMouseEvent
// at each control's centre) a facet toggle, a sort heading and the
// Sentences tab on the first screen, and returns the page once the tab
// clicked early is the selected one, with the times (ms from navigation)
// the evaluator was ready and the tab changed; at 1x, once the view is
// whole too (or 10 s have passed), with the time it was (0: not yet) and
// the page's main-thread tasks, traced (traceStep) from the clicks until
// then.
func earlyClicks(t *testing.T, addr string, slowdown float64) (p *page, live, tab, whole float64, tasks []stepTask) {
	p = newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if err := onEachDocument(ctx, tg, touchProbe); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: slowdown}); err != nil {
			return err
		}
		return startProfile(ctx, tg)
	}), chromedp.Navigate(addr))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"] #tab-sentences') !== null && window.oiebenchEarly !== undefined`)
	for _, sel := range []string{`input[data-facet="minimal"]`, `button[aria-label="Sort by system name"]`, `#tab-sentences`} {
		p.do(chromedp.Click(chromedp.CSS(sel)))
	}
	if ready := eval[string](p, `document.getElementById('app').getAttribute('data-ready')`); ready != "prerendered" {
		t.Fatalf("the clicks were made after the evaluator was ready (data-ready %q): this test proves nothing", ready)
	}
	if got := eval[bool](p, `document.querySelector('input[data-facet="minimal"]').checked`); !got {
		t.Error("the facet checkbox changed on the first screen, before the evaluator could act on it")
	}
	if n := eval[int](p, `window.oiebenchEarly.queued`); n != 3 {
		t.Errorf("%d clicks queued, want 3", n)
	}
	// The trace at 1x only, where the issue sets its targets: at 4x, on a
	// loaded machine, the trace's own cost took the page past the wait.
	// The view's later parts come after the page's other paced work; the
	// trace ends when the view is whole or 10 s after the tab, with the
	// parts made by then.
	if slowdown == 1 {
		tasks = traceStep(p, "the tab clicked early and its view whole", func() {}, `window.__touch.tab > 0 && (window.__touch.whole > 0 || performance.now() > window.__touch.tab + 10000)`)
	} else {
		p.waitFor("the tab clicked early", `window.__touch.tab > 0`)
	}
	live, tab, whole = eval[float64](p, `window.__touch.live`), eval[float64](p, `window.__touch.tab`), eval[float64](p, `window.__touch.whole`)
	t.Logf("CPU %gx: evaluator ready at %.0f ms, the tab clicked early selected at %.0f ms (%.1f ms later); replayed at %v ms; main-thread tasks over 50 ms from 1 s before ready to the tab [start, duration]: %v",
		slowdown, live, tab, tab-live, eval[[]float64](p, `window.oiebenchEarly.at`),
		eval[[][2]float64](p, `window.__touch.long.filter(([s, d]) => s + d > window.__touch.live - 1000 && s < window.__touch.tab)`))
	return p, live, tab, whole, tasks
}

// earlyTabCPU reads, from the traced tasks of earlyClicks, the CPU time
// (the trace's tdur, which the machine's load does not stretch) of the
// task that selected the tab clicked early (the replay's), of all the
// tasks from the one that made the page live through that one (the tab's
// latency after ready, less the time the thread waited for a core or a
// frame), and the longest task that added a later part of the Sentences
// view (parts: ms from navigation).
func earlyTabCPU(tasks []stepTask, live, tab float64, parts []float64) (tabTask, toTab float64, longestPart stepTask, ok bool) {
	at := func(ms float64) int {
		return slices.IndexFunc(tasks, func(k stepTask) bool { return k.Start <= ms && ms <= k.Start+k.Wall })
	}
	from, to := at(live), at(tab)
	if from < 0 || to < 0 {
		return 0, 0, stepTask{}, false
	}
	for _, k := range tasks[from+1 : to+1] {
		toTab += k.CPU
	}
	for _, ms := range parts {
		if i := at(ms); i > to && tasks[i].CPU > longestPart.CPU {
			longestPart = tasks[i]
		}
	}
	return tasks[to].CPU, toTab, longestPart, true
}

var slowdowns = []struct {
	name string
	rate float64
}{{"1x", 1}, {"4x", 4}}

// Clicks made on the first screen, before the evaluator runs (a facet
// toggle, a sort heading, a tab), are not lost: the loader queues them and
// replays them, in order, once the live page is rendered.
func TestEarlyClicksKept(t *testing.T) {
	srv := slowEvaluator(t, 3*time.Second)
	for _, sd := range slowdowns {
		t.Run(sd.name, func(t *testing.T) {
			p, live, tab, whole, tasks := earlyClicks(t, srv.URL+"/", sd.rate)
			if tasks != nil { // traced (1x)
				parts := eval[[]float64](p, `window.__touch.parts`)
				tabTask, toTab, longest, ok := earlyTabCPU(tasks, live, tab, parts)
				if !ok {
					t.Fatalf("CPU %s: the trace has no task holding the live page's time (%.0f ms) or the tab's (%.0f ms)", sd.name, live, tab)
				}
				wholeAfter := "not whole within 10 s of the tab"
				if whole > 0 {
					wholeAfter = fmt.Sprintf("whole %.0f ms after the tab", whole-tab)
				}
				t.Logf("CPU %s, the trace's CPU time: the tab's task %.1f ms, from the live page's task to the tab %.1f ms; the view %s, its longest later part's task %.1f ms of CPU (%.1f ms wall) at %.0f ms, of %d parts (load average %s)",
					sd.name, tabTask, toTab, wholeAfter, longest.CPU, longest.Wall, longest.Start, len(parts), loadAverage())
				// Issue 26: the first click is honoured within 100 ms of the
				// evaluator being ready, counted in the page thread's CPU time
				// (which the machine's load does not stretch): 29-30 ms on an
				// idle machine, 38-61 ms at load 9-12 (27 Nov 2026).
				if toTab > 100 {
					t.Errorf("CPU %s: %.1f ms of the page's CPU from the live page's task to the tab, want ≤ 100 ms", sd.name, toTab)
				}
			}
			p.waitFor("the replay", `performance.getEntriesByName('oiebench-replayed').length > 0`)
			if e := eval[map[string]int](p, `({replayed: window.oiebenchEarly.replayed, missed: window.oiebenchEarly.missed})`); e["replayed"] != 3 || e["missed"] != 0 {
				t.Errorf("replayed %d, missed %d of 3", e["replayed"], e["missed"])
			}
			// The replayed clicks' handlers run one after another, with no
			// render of the page between them (wasm/app awaitReplay: the
			// render loop waits for the whole replay):
			// before, each rendered the whole page inside the replay, and
			// the three took 0.58-2.9 s at 1x, 2.3-4.1 s at 4x. Since, 35-101
			// ms at 1x, 73-329 ms at 4x on the shared machine (load 2-18);
			// the bound leaves 2.5 and 3 times the slowest.
			if at := eval[[]float64](p, `window.oiebenchEarly.at`); len(at) == 3 {
				if spread, bound := at[2]-at[0], 250*sd.rate; spread > bound {
					t.Errorf("the three replays took %.0f ms, want ≤ %.0f ms: a render ran between them", spread, bound)
				}
			}
			p.waitReady()
			long := eval[[][2]float64](p, `window.__touch.long`)
			p.stopProfile(t.Name(), long)
			longest := [2]float64{}
			for _, l := range long {
				if l[1] > longest[1] {
					longest = l
				}
			}
			t.Logf("CPU %s: from navigation to settled, %d tasks over 50 ms, the longest %.0f ms from %.0f ms", sd.name, len(long), longest[1], longest[0])
			if got := eval[bool](p, `document.querySelector('input[data-facet="minimal"]').checked`); got {
				t.Error("the early facet toggle was not applied: BenchIE-M is still checked")
			}
			// The replayed handlers' saves are written after the replay's
			// render (wasm/app writeReplaySaves): the address names the tab.
			if got := eval[string](p, `location.hash`); !strings.Contains(got, "view=sentences") {
				t.Errorf("after the replay the address is %q, want the Sentences view's", got)
			}
			p.do(chromedp.Click(chromedp.CSS(`#tab-scores`)))
			p.waitFor("the scores", `document.querySelector('#scores') !== null`)
			if got := eval[string](p, `document.querySelector('#scores th.system-col').getAttribute('aria-sort')`); got != "ascending" {
				t.Errorf("the early sort click: the system column is %q, want ascending", got)
			}
			if n := eval[int](p, `document.querySelectorAll('#scores td[data-facet="minimal"]').length`); n != 0 {
				t.Errorf("BenchIE-M still has %d cells after its early toggle", n)
			}
		})
	}
}

// The evaluator takes over the first screen without building it again:
// its nodes (a tab, the score table, a cell's text) are the very objects
// the page showed before, now live, and only what differs is built
// (wasm/app/dom's adopt, counted in window.oiebenchDOMAdopted).
func TestTakeoverAdoptsFirstScreen(t *testing.T) {
	srv := slowEvaluator(t, time.Second)
	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"] #scores td') !== null`)
	const marked = `[document.getElementById('tab-sentences'), document.getElementById('scores'),
	  document.querySelector('#scores tbody td').firstChild, document.querySelector('input[data-facet="minimal"]')]`
	if n := eval[int](p, `(window.__marked = `+marked+`).filter(n => n !== null && (n.__mark = 1)).length`); n != 4 {
		t.Fatalf("%d of the 4 nodes to mark are on the first screen", n)
	}
	p.waitReady()
	if kept := eval[[]bool](p, `(() => { const now = `+marked+`; return window.__marked.map((n, i) => n === now[i] && n.__mark === 1); })()`); !slices.Equal(kept, []bool{true, true, true, true}) {
		t.Errorf("the first screen's nodes kept by the takeover (tab, table, a cell's text, a facet toggle): %v, want all", kept)
	}
	// Only the footer's "Last scoring took …" is new: the first screen
	// leaves out the build machine's time. HTML joins the build's adjacent
	// texts into one, which the takeover splits again.
	adopted := eval[map[string]int](p, `window.oiebenchDOMAdopted`)
	t.Logf("the takeover kept %d nodes (%d texts split), built %d subtrees and removed %d nodes", adopted["kept"], adopted["split"], adopted["built"], adopted["removed"])
	if adopted["kept"] < 1000 || adopted["built"] > 1 || adopted["removed"] > 0 {
		t.Errorf("the takeover kept %d nodes, built %d and removed %d: want the Scores view's (over 1,000) kept, 1 built (the footer's time), none removed", adopted["kept"], adopted["built"], adopted["removed"])
	}
	if got := eval[string](p, `document.querySelector('footer p span').textContent`); !strings.HasPrefix(got, "Last scoring took ") {
		t.Errorf("the footer's new span says %q", got)
	}
	// The live page answers: its listeners are on the kept nodes.
	p.do(chromedp.Click(chromedp.CSS(`#tab-sentences`)))
	p.waitFor("the Sentences view", `document.getElementById('tab-sentences').getAttribute('aria-selected') === 'true'`)
}

// A file picked with the picker on the first screen, before the evaluator
// runs, is kept and scored once it does.
func TestEarlyFilePick(t *testing.T) {
	srv := slowEvaluator(t, 3*time.Second)
	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"] #file-input') !== null && window.oiebenchEarly !== undefined`)
	picked := eval[bool](p, `(() => {
		const input = document.getElementById('file-input');
		const dt = new DataTransfer();
		dt.items.add(new File(["1\tHe\tserved as\tthe first Prime Minister of Australia\n"], "picked.tsv"));
		input.files = dt.files;
		input.dispatchEvent(new Event('change', {bubbles: true}));
		return document.querySelector('#app[data-ready="prerendered"]') !== null;
	})()`)
	if !picked {
		t.Fatal("the file was picked after the evaluator was ready: this test proves nothing")
	}
	p.waitFor("the picked file scored", `document.querySelector('#scores td[data-system="picked"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if c := cells(p)["picked"]["regular"]; c["precision"] != "1" {
		t.Errorf("picked system regular %v, want precision 1", c)
	}
}

// clsProbe sums the page's layout shifts (those not caused by input), as
// Lighthouse's cumulative layout shift does within one session window's
// reach: every shift from navigation on.
const clsProbe = `(() => {
  const r = window.__cls = {sum: 0, shifts: []};
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      r.sum += e.value;
      r.shifts.push({t: Math.round(e.startTime), v: e.value, nodes: (e.sources || []).map(s => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?').join(' ')});
    }
  }).observe({type: 'layout-shift', buffered: true});
})()`

// The first screen and the live page have the same layout: from
// navigation until the page has settled (its own table, CaRB's columns,
// the intervals, the first screen checked), the cumulative layout shift
// stays ≤ 0.02 on a desktop (1366×768) and a phone (390×844).
func TestFirstScreenNoLayoutShift(t *testing.T) {
	for _, v := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"desktop", 1366, 768, false}, {"phone", 390, 844, true}} {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t)
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				if err := onEachDocument(ctx, tg, clsProbe); err != nil {
					return err
				}
				_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: v.width, Height: v.height, DeviceScaleFactor: 1, Mobile: v.mobile})
				return err
			}), chromedp.Navigate(site.URL+"/"))
			p.waitReady()
			p.waitFor("the first screen's check", `performance.getEntriesByName('oiebench-first-checked').length > 0`)
			time.Sleep(500 * time.Millisecond) // a shift is reported after the frame it happened in
			sum := eval[float64](p, `window.__cls.sum`)
			shifts := eval[[]map[string]any](p, `window.__cls.shifts`)
			t.Logf("%s: cumulative layout shift %.4f over %d shifts %v", v.name, sum, len(shifts), shifts)
			if sum > 0.02 {
				t.Errorf("%s: cumulative layout shift %.4f, want ≤ 0.02", v.name, sum)
			}
		})
	}
}

// shiftProbe records every layout shift, those right after input too
// (which cumulative layout shift leaves out), on the page's clock, and
// whether it moved something in the Sentences view or below it (the
// explorer, the footer: what a part of the detail can move); and when
// the view's detail first appeared, when it was painted (the frame after
// the one that showed it) and when its last part was built.
const shiftProbe = `(() => {
  const r = window.__shifts = {all: [], detailAt: 0, detailPainted: 0, detailWhole: 0};
  new PerformanceObserver(list => {
    for (const e of list.getEntries())
      r.all.push({t: e.startTime, v: e.value, nodes: (e.sources || []).map(s => (s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?') +
        ' ' + [s.previousRect, s.currentRect].map(q => [q.x, q.y, q.width, q.height].join(',')).join(' to ')).join('; '),
        below: (e.sources || []).some(s => { const el = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement); return !el || el.closest('.explorer, footer') !== null; })});
  }).observe({type: 'layout-shift', buffered: true});
  new MutationObserver(() => {
    if (!r.detailWhole && document.querySelector('.detail .systems[aria-busy="false"]')) r.detailWhole = performance.now();
    if (r.detailAt || !document.querySelector('.detail')) return;
    r.detailAt = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(t => { r.detailPainted = t; }));
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy']});
})()`

// The Sentences view opened by a click shows the selected sentence's
// detail in parts (ui detailPartRows), each later part appended below the
// blocks shown, so that nothing on screen moves while the detail
// completes: at a desktop's height, at a tall screen's (where the later
// parts land on screen), at 4x (where the parts are frames apart) and on a
// phone, no layout shift of the view or below it, counting those right
// after the click, from the frame after the detail's first paint until the
// detail and the list are whole. (The selected tab's own label, bold,
// moves it by a few pixels once its font is drawn: the tab switch's, not
// the detail's.)
func TestSentencesDetailNoShift(t *testing.T) {
	for _, v := range []struct {
		name          string
		width, height int64
		mobile        bool
		rate          float64
	}{{"desktop", 1366, 768, false, 1}, {"tall", 1366, 1600, false, 1}, {"tall-4x", 1366, 1600, false, 4}, {"phone", 390, 844, true, 1}} {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t)
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				if err := onEachDocument(ctx, tg, shiftProbe); err != nil {
					return err
				}
				_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: v.width, Height: v.height, DeviceScaleFactor: 1, Mobile: v.mobile})
				return err
			}), chromedp.Navigate(site.URL+"/"))
			p.waitReady()
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: v.rate})
				return err
			}), chromedp.Click(chromedp.CSS(`#tab-sentences`)))
			p.waitFor("the detail and the list whole", `document.querySelector('.detail .systems[aria-busy="false"]') !== null && document.querySelector('#sentence-list[aria-busy="false"]') !== null && window.__shifts.detailPainted > 0`)
			time.Sleep(500 * time.Millisecond) // a shift is reported after the frame it happened in
			r := eval[struct {
				All []struct {
					T, V  float64
					Nodes string
					Below bool
				}
				DetailAt, DetailPainted, DetailWhole float64
			}](p, `window.__shifts`)
			blocks := eval[int](p, `document.querySelectorAll('.detail .system-block').length`)
			if blocks < 2 || r.DetailWhole <= r.DetailPainted {
				t.Fatalf("%d systems' blocks, the last part built at %.0f ms, the first painted by %.0f ms: no later part to test", blocks, r.DetailWhole, r.DetailPainted)
			}
			var all, after []string
			for _, s := range r.All {
				shift := fmt.Sprintf("%.6f at %.0f ms (%s)", s.V, s.T, s.Nodes)
				all = append(all, shift)
				if s.T > r.DetailPainted && s.Below {
					after = append(after, shift)
				}
			}
			t.Logf("%s: the detail appeared at %.0f ms, painted by %.0f ms, whole at %.0f ms; %d blocks; layout shifts %v", v.name, r.DetailAt, r.DetailPainted, r.DetailWhole, blocks, all)
			if len(after) > 0 {
				t.Errorf("%s: %d layout shifts while the detail completed: %v", v.name, len(after), after)
			}
		})
	}
}

// On a phone the score table comes before the gold, files and options; on
// a desktop the options stay above it.
func TestPhoneTableFirst(t *testing.T) {
	for _, v := range []struct {
		name          string
		width, height int64
		mobile, first bool
	}{{"phone", 390, 844, true, true}, {"desktop", 1366, 768, false, false}} {
		t.Run(v.name, func(t *testing.T) {
			p := newPage(t)
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: v.width, Height: v.height, DeviceScaleFactor: 1, Mobile: v.mobile})
				return err
			}))
			p.open("")
			table, options := eval[float64](p, `document.querySelector('#scores').getBoundingClientRect().top`), eval[float64](p, `document.querySelector('.workbench').getBoundingClientRect().top`)
			t.Logf("%s: the table's top at %.0f px, the options' at %.0f px", v.name, table, options)
			if (table < options) != v.first {
				t.Errorf("%s: the table at %.0f px, the options at %.0f px: want the table first %v", v.name, table, options, v.first)
			}
			if v.first && table > float64(v.height) {
				t.Errorf("%s: the table starts %.0f px down, below the first screen (%d px)", v.name, table, v.height)
			}
		})
	}
}

// A researcher's file stays across gold switches: added on English, it is
// marked, scrolled into view and announced, and scored on English,
// BenchIE^FL (the same sentences, annotated anew); on German a line
// says where it is, and its button goes back to English, where it is
// scored again.
func TestFileAcrossGoldSwitches(t *testing.T) {
	p := newPage(t)
	p.open("")
	pick(p, "#file-input", writeTemp(t, "mine.tsv", []byte("1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n")))
	p.waitFor("mine on English", `document.querySelector('#scores td[data-system="mine"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	en := cells(p)["mine"]["regular"]["f1"]
	// The new row: marked, in view, announced with its rank.
	p.waitFor("the announcement", `document.getElementById('announce').textContent.startsWith('mine added: ')`)
	said := eval[string](p, `document.getElementById('announce').textContent`)
	inView := eval[bool](p, `(() => { const r = document.querySelector('#scores tr[data-row="mine"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`)
	marked := eval[bool](p, `document.querySelector('#scores tr[data-row="mine"]').classList.contains('new-row')`)
	t.Logf("announced %q; in view %v; marked %v", said, inView, marked)
	if !inView || !marked || !strings.Contains(said, ", rank ") {
		t.Errorf("the new row: in view %v, marked %v, announced %q", inView, marked, said)
	}

	p.do(chromedp.Click(chromedp.CSS(`button[data-source="fl-en"]`)))
	p.waitFor("mine on English, BenchIE^FL", `document.querySelector('button[data-source="fl-en"][aria-pressed="true"]') !== null && document.querySelector('#scores td[data-system="mine"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	// That gold's own synsets: its numbers are its own, not English's.
	if got := cells(p)["mine"]["regular"]["f1"]; got == "" {
		t.Error("mine has no BenchIE F1 on the BenchIE^FL gold")
	} else {
		t.Logf("mine's BenchIE F1: %s on English, %s on English, BenchIE^FL", en, got)
	}

	p.do(chromedp.Click(chromedp.CSS(`button[data-source="de"]`)))
	p.waitFor("the line on German", `document.querySelector('button[data-source="de"][aria-pressed="true"]') !== null && document.querySelector('#app[data-ready="table"]') !== null && document.querySelector('[data-elsewhere="en"]') !== null`)
	if n := eval[int](p, `document.querySelectorAll('#scores td[data-system="mine"]').length`); n != 0 {
		t.Errorf("an English file scored on the German gold (%d cells)", n)
	}
	if got := eval[string](p, `document.querySelector('[data-elsewhere="en"]').textContent`); !strings.Contains(got, "mine.tsv") || !strings.Contains(got, "Show English") {
		t.Errorf("the line says %q", got)
	}
	p.do(chromedp.Click(chromedp.CSS(`[data-elsewhere="en"] button`)))
	p.waitFor("mine back on English", `document.querySelector('button[data-source="en"][aria-pressed="true"]') !== null && document.querySelector('#scores td[data-system="mine"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if got := cells(p)["mine"]["regular"]["f1"]; got != en {
		t.Errorf("mine's F1 back on English %s, first %s", got, en)
	}
}

// An early action whose replay throws is counted as missed, and the replay
// still ends: the evaluator, which holds its work until the replay is done,
// goes on (its table, the actions after it, a later click).
func TestEarlyActionThatThrows(t *testing.T) {
	srv := slowEvaluator(t, 3*time.Second)
	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitFor("the first screen", `document.querySelector('#app[data-ready="prerendered"] #tab-sentences') !== null && window.oiebenchEarly !== undefined`)
	p.do(chromedp.Click(chromedp.CSS(`#tab-sentences`)), chromedp.Click(chromedp.CSS(`button[aria-label="Sort by system name"]`)))
	// The takeover keeps the first screen's nodes: the tab replayed is this
	// element, whose click now throws.
	if early := eval[bool](p, `(() => {
		document.getElementById('tab-sentences').click = () => { throw new Error('an action that throws'); };
		return document.querySelector('#app[data-ready="prerendered"]') !== null && window.oiebenchEarly.queued === 2;
	})()`); !early {
		t.Fatal("the clicks were not both queued before the evaluator was ready: this test proves nothing")
	}
	p.waitFor("the replay's end and the live table", `window.oiebenchEarly.replayed + window.oiebenchEarly.missed === 2 && document.querySelector('#app[data-ready="table"]') !== null`)
	if replayed, missed := eval[int](p, `window.oiebenchEarly.replayed`), eval[int](p, `window.oiebenchEarly.missed`); replayed != 1 || missed != 1 {
		t.Errorf("replayed %d, missed %d: want the sort replayed and the click that throws missed", replayed, missed)
	}
	p.do(chromedp.Click(chromedp.CSS(`#tab-compare`)))
	p.waitFor("a click after the replay", `document.getElementById('tab-compare').getAttribute('aria-selected') === 'true'`)
}
