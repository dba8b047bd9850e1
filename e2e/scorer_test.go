//go:build e2e

package e2e

import (
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/dist"
)

// scorerColumns reads, once the bundled benchmark's intervals are on the
// table, every interval (data-ci95) and every CaRB cell, by system, facet
// and metric, with the scorer Worker's state and which path answered the
// intervals job and the CaRB job (the evaluator's performance marks).
const scorerColumns = `(() => {
  const key = td => td.dataset.system + '|' + td.dataset.facet + '|' + td.dataset.metric;
  const marks = name => performance.getEntriesByName(name).length;
  return {
    intervals: Object.fromEntries([...document.querySelectorAll('#scores td[data-ci95]')].filter(td => td.dataset.ci95).map(td => [key(td), td.dataset.ci95])),
    carb: Object.fromEntries([...document.querySelectorAll('#scores td[data-facet^="carb"][data-metric]')].map(td => [key(td), td.dataset.value || td.textContent])),
    state: window.oiebenchScorer.state,
    jobs: window.oiebenchScorer.jobs,
    memory: window.oiebenchScorer.memory,
    worker: marks('oiebench-job-worker'),
    page: marks('oiebench-job-page'),
    carbWorker: marks('oiebench-carb-worker'),
    carbPage: marks('oiebench-carb-page'),
  };
})()`

type scorerView struct {
	Intervals, CaRB map[string]string
	State           string
	Jobs, Memory    int
	Worker, Page    int
	// CaRBWorker and CaRBPage count the CaRB jobs' marks (a job per system).
	CaRBWorker int `json:"carbWorker"`
	CaRBPage   int `json:"carbPage"`
}

// openScored opens the page at u and reads its columns once CaRB's columns
// and the 9 × 9 intervals of the bundled benchmark are on it.
// The main thread's tasks over 50 ms until then are logged (touchProbe).
func openScored(t *testing.T, u string) scorerView {
	p := newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error { return onEachDocument(ctx, tg, touchProbe) }))
	p.open(u)
	p.do(chromedp.Click(chromedp.CSS("#toggle-intervals")))
	p.waitFor("intervals and CaRB's columns", `document.querySelectorAll('#scores td .ci').length === 9 * 9 && performance.getEntriesByName('oiebench-carb').length > 0`)
	v := eval[scorerView](p, scorerColumns)
	long := eval[[][2]float64](p, `window.__touch.long`)
	busy, longest := 0.0, 0.0
	for _, l := range long {
		busy, longest = busy+l[1], max(longest, l[1])
	}
	t.Logf("%s: scorer %s; main-thread tasks over 50 ms until the intervals were shown: %d, %.0f ms in all, the longest %.0f ms", u, v.State, len(long), busy, longest)
	return v
}

// The intervals and CaRB jobs run in the scorer Worker (the same app.wasm,
// posted to it compiled), and their numbers equal the page's own bit for
// bit: the intervals and CaRB's columns with the Worker, with it forced off
// (?worker=off), with a Worker that cannot start (its script refused) and
// with one that dies with the job posted or never answers it: there the
// page runs the job itself and says nothing. The scorer Worker is the
// page-thread mode's (?evaluator=page): the evaluator Worker runs the jobs
// itself.
func TestScorerWorker(t *testing.T) {
	on := openScored(t, site.URL+"/?evaluator=page")
	if on.State != "running" || on.Jobs < 2 || on.Worker < 1 || on.Page != 0 || on.CaRBWorker != 9 || on.CaRBPage != 0 {
		t.Errorf("Worker on: state %q, %d replies, job marks worker %d page %d, CaRB's worker %d page %d; want both jobs answered by a running Worker",
			on.State, on.Jobs, on.Worker, on.Page, on.CaRBWorker, on.CaRBPage)
	}
	t.Logf("the scorer Worker's memory: %d bytes (%d jobs)", on.Memory, on.Jobs)
	if len(on.Intervals) != 81 || len(on.CaRB) == 0 {
		t.Fatalf("%d intervals and %d CaRB cells on the page, want 81 and some", len(on.Intervals), len(on.CaRB))
	}

	off := openScored(t, site.URL+"/?worker=off&evaluator=page")
	if off.State != "off" || off.Jobs != 0 || off.Worker != 0 || off.Page < 1 || off.CaRBWorker != 0 || off.CaRBPage != 9 {
		t.Errorf("Worker off: state %q, %d replies, job marks worker %d page %d, CaRB's worker %d page %d; want both jobs run on the page",
			off.State, off.Jobs, off.Worker, off.Page, off.CaRBWorker, off.CaRBPage)
	}

	// A Worker whose script the server refuses (Sec-Fetch-Dest: worker),
	// and one that dies with the job posted (its script throws on a job).
	loader, err := os.ReadFile(siteDir + "/loader.js")
	if err != nil {
		t.Fatal(err)
	}
	dying := strings.Replace(string(loader), "queue.push(e.data);", "throw new Error('the scorer died');", 1)
	hanging := strings.Replace(string(loader), "queue.push(e.data);", "return; // never answers", 1)
	if dying == string(loader) || hanging == string(loader) {
		t.Fatal("loader.js: no queue.push(e.data); to break")
	}
	handler := dist.Handler(os.DirFS(siteDir))
	failing := func(worker func(http.ResponseWriter)) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Sec-Fetch-Dest") == "worker" {
				worker(w)
				return
			}
			handler.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		return srv.URL + "/?evaluator=page"
	}
	refused := openScored(t, failing(func(w http.ResponseWriter) { http.Error(w, "no workers here", http.StatusForbidden) }))
	serve := func(script string) func(http.ResponseWriter) {
		return func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(script))
		}
	}
	died := openScored(t, failing(serve(dying)))
	// A Worker that takes the job and never answers is stopped once the
	// job's allowance has passed (loader.js: 10 s and 1 ms per 50 bytes;
	// the first CaRB job, the gold and one system's predictions: 14.5 s).
	hung := openScored(t, failing(serve(hanging)))
	for name, v := range map[string]scorerView{"refused": refused, "died": died, "hung": hung} {
		if v.State != "stopped" || v.Worker != 0 || v.Page < 1 || v.CaRBWorker != 0 || v.CaRBPage != 9 {
			t.Errorf("Worker %s: state %q, job marks worker %d page %d, CaRB's worker %d page %d; want it stopped and both jobs run on the page",
				name, v.State, v.Worker, v.Page, v.CaRBWorker, v.CaRBPage)
		}
	}

	for name, v := range map[string]scorerView{"forced off": off, "refused": refused, "died": died, "hung": hung} {
		if !maps.Equal(v.Intervals, on.Intervals) {
			t.Errorf("%s: the intervals differ from the Worker's", name)
		}
		if !maps.Equal(v.CaRB, on.CaRB) {
			t.Errorf("%s: CaRB's columns differ from the page's with the Worker", name)
		}
	}
}
