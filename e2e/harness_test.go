//go:build e2e

// Package e2e drives the built site (build/site/: the page as this
// checkout's sources build it, ./build.sh build) in headless Chromium: the
// published numbers on the first screen, files added through the picker,
// positioned errors, the sentence explorer, the single-file build from
// file://, and no request leaving the origin. Screenshots of each view go to
// test-output/e2e/. Run with ./build.sh test (or: ./build.sh site, then
// go test -tags e2e ./e2e/). Without Chromium the tests fail; they never skip.
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/dist"
	"github.com/oiebench/oiebench/internal/dataset"
)

var (
	root     string           // module root
	siteDir  string           // the built site: build/site
	site     *httptest.Server // serves siteDir
	outDir   string           // screenshots
	browser  context.Context  // one Chromium for every test; each test gets a fresh profile context
	chromium string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	var err error
	if root, err = dataset.Root(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	if chromium = findChromium(); chromium == "" {
		fmt.Fprintln(os.Stderr, "e2e: Chromium not found (install the Debian package chromium, or set CHROMIUM): the end-to-end tests cannot run")
		return 1
	}
	siteDir = filepath.Join(root, "build", "site")
	for _, f := range []string{"index.html", "app.wasm", "app.wasm.br", "app.wasm.sources", "wasm_exec.js", "data/benchie/benchie_gold_annotations_en.txt"} {
		if _, err := os.Stat(filepath.Join(siteDir, f)); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: build/site/%s missing: run ./build.sh build first\n", f)
			return 1
		}
	}
	outDir = filepath.Join(root, "test-output", "e2e")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	site = httptest.NewServer(withEvaluator(withNamedWasm(dist.Handler(os.DirFS(siteDir)))))
	defer site.Close()

	profile, err := os.MkdirTemp("", "oiebench-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(profile)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1400, 1000),
	)
	defer cancelAlloc()
	var cancel context.CancelFunc
	browser, cancel = chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: Chromium does not start:", err)
		return 1
	}
	return m.Run()
}

// evaluatorMode is OIEBENCH_E2E_EVALUATOR: "worker" runs every test's page
// with its evaluator in a Web Worker (?evaluator=worker), "page" on the
// page's thread (?evaluator=page); empty leaves the page's default.
var evaluatorMode = os.Getenv("OIEBENCH_E2E_EVALUATOR")

// withEvaluator redirects a page's address that names no evaluator mode to
// the same address with evaluatorMode's (the fragment is kept by the
// browser), so that every test runs in that mode.
func withEvaluator(h http.Handler) http.Handler {
	if evaluatorMode == "" {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page := r.URL.Path == "/" || strings.HasSuffix(r.URL.Path, "/index.html")
		if page && r.Method == http.MethodGet && !r.URL.Query().Has("evaluator") {
			u := *r.URL
			q := u.Query()
			q.Set("evaluator", evaluatorMode)
			u.RawQuery = q.Encode()
			http.Redirect(w, r, u.String(), http.StatusFound)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// findChromium looks for the browser: $CHROMIUM, then the usual names.
func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// page is one browser tab in a fresh profile (its own storage), with the
// console, exceptions and requests it saw.
type page struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	console  []string
	requests []string
}

// newPage opens a tab in a fresh browser context.
func newPage(t *testing.T) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ConsoleAPICalled) {
			if err != nil {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				if a.Value != nil {
					parts = append(parts, string(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			p.mu.Lock()
			p.console = append(p.console, string(ev.Type)+": "+strings.Join(parts, " "))
			p.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ExceptionThrown) {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, "exception: "+ev.ExceptionDetails.Text+" "+describe(ev.ExceptionDetails.Exception))
			p.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.requests = append(p.requests, ev.Request.URL)
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			p.mu.Lock()
			defer p.mu.Unlock()
			for _, c := range p.console {
				t.Log("console", c)
			}
		}
	})
	return p
}

func describe(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	return o.Description
}

// do runs actions, failing the test on error.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.screenshot("failed-" + strings.ReplaceAll(p.t.Name(), "/", "-"))
		p.t.Fatalf("%v (%s)", err, p.state())
	}
}

// state says where a failed action left the page: the element with focus
// and, in the studio, the draft's chips and the word box.
func (p *page) state() string {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const a = document.activeElement, chips = [...document.querySelectorAll('#studio .chip')].map(c => c.id + '=' + c.textContent);
		return 'focus on ' + (a ? a.tagName.toLowerCase() + (a.id ? '#' + a.id : '') : 'nothing') +
			(document.getElementById('studio') ? '; studio chips: ' + (chips.join(', ') || 'none') + '; typed field: ' + JSON.stringify((document.getElementById('studio-typed') || {}).value) : '');
	})()`))
	if err != nil {
		return "the page's state unknown: " + err.Error()
	}
	return s
}

// eval evaluates JavaScript (awaiting a promise) into T.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds.
func (p *page) waitFor(what, cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		p.screenshot("failed-" + strings.ReplaceAll(p.t.Name(), "/", "-"))
		p.t.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// waitForScores waits, as waitFor does, for a condition that needs the
// scorer Worker's jobs (CaRB's columns of a large file), and as long as
// the page itself lets them run: while a job is in flight, until its
// allowance has passed (loader.js: 10 s and 1 ms per 50 bytes of the job,
// window.oiebenchScorer.due), then waitFor's minute after the last job
// answered or was given up. On a loaded machine the Worker's job for a
// 10 MB extraction has taken 13 s, and more than the minute.
func (p *page) waitForScores(what, cond string) {
	p.t.Helper()
	type state struct {
		Done bool
		Jobs int
		Left float64 // ms until the job in flight is given up (≤ 0: none in flight)
	}
	probe := `(() => { const s = window.oiebenchScorer || {jobs: 0, due: 0}; return {Done: !!(` + cond + `), Jobs: s.jobs, Left: (s.due || 0) - performance.now()}; })()`
	deadline, jobs := time.Now().Add(60*time.Second), -1
	for {
		s := eval[state](p, probe)
		if s.Done {
			return
		}
		if s.Jobs != jobs {
			jobs, deadline = s.Jobs, time.Now().Add(60*time.Second)
		}
		if due := time.Now().Add(time.Duration(s.Left)*time.Millisecond + 60*time.Second); s.Left > 0 && due.After(deadline) {
			deadline = due
		}
		if time.Now().After(deadline) {
			p.screenshot("failed-" + strings.ReplaceAll(p.t.Name(), "/", "-"))
			p.t.Fatalf("waiting for %s (%s): no scorer job in flight, none answered for a minute", what, cond)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// open navigates to the site (or a URL) and waits for the score table.
func (p *page) open(u string) {
	p.t.Helper()
	if u == "" {
		u = site.URL + "/"
	}
	p.do(chromedp.Navigate(u))
	p.waitReady()
}

// waitReady waits until the page shows scores and has no work under way.
func (p *page) waitReady() {
	p.t.Helper()
	p.waitFor("the score table", `document.querySelector('#app[data-ready="table"]') !== null`)
}

// screenshot saves the whole page as test-output/e2e/NAME.png.
func (p *page) screenshot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(outDir, name+".png"), buf, 0o644); err != nil {
		p.t.Log(err)
	}
}

// screenshotView saves what a 1400×1000 window shows (the top of the page).
func (p *page) screenshotView(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(outDir, name+".png"), buf, 0o644); err != nil {
		p.t.Log(err)
	}
}

// foreignRequests lists the requests that left the given origin (data: and
// blob: URLs are the page's own).
func (p *page) foreignRequests(origin string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, r := range p.requests {
		u, err := url.Parse(r)
		if err != nil {
			out = append(out, r)
			continue
		}
		switch u.Scheme {
		case "data", "blob", "about", "chrome-extension":
			continue
		}
		if origin == "file" && u.Scheme == "file" {
			continue
		}
		if u.Scheme+"://"+u.Host != origin {
			out = append(out, r)
		}
	}
	return out
}

// requestCount is how many requests the page made so far.
func (p *page) requestCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.requests)
}

// Itoa formats n as the page does for counts under 10 000.
func Itoa(n int) string { return strconv.Itoa(n) }

// formatFull writes a float as data-value does: shortest exact form.
func formatFull(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// allowDownloads sends the page's downloads to a folder of the test.
func allowDownloads(t *testing.T, p *page) string {
	t.Helper()
	dir := t.TempDir()
	id := chromedp.FromContext(p.ctx).BrowserContextID
	if _, err := chromedp.CallBrowser(p.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, BrowserContextID: id, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tableJS reads every score cell of the table as [system, facet, metric, value].
const tableJS = `[...document.querySelectorAll('#scores td[data-value]')].map(td => [td.dataset.system, td.dataset.facet, td.dataset.metric, td.dataset.value])`

// tableOf arranges the cells tableJS reads: system -> facet -> metric -> value.
func tableOf(raw [][4]string) map[string]map[string]map[string]string {
	out := map[string]map[string]map[string]string{}
	for _, c := range raw {
		if out[c[0]] == nil {
			out[c[0]] = map[string]map[string]string{}
		}
		if out[c[0]][c[1]] == nil {
			out[c[0]][c[1]] = map[string]string{}
		}
		out[c[0]][c[1]][c[2]] = c[3]
	}
	return out
}

// goBuild runs go build in the module in dir (every e2e test that builds
// a command builds it so).
func goBuild(tb testing.TB, dir string, args ...string) {
	tb.Helper()
	build := exec.Command("go", append([]string{"build"}, args...)...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("go build %v in %s: %v\n%s", args, dir, err, out)
	}
}
