//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/dist"
)

// shellFS is a site whose index.html is given (the rest from dir).
type shellFS struct {
	fs.FS
	index []byte
}

func (s shellFS) Open(name string) (fs.File, error) {
	if name == "index.html" {
		return memFS{"index.html": s.index}.Open(name)
	}
	return s.FS.Open(name)
}

// memFS is a flat folder of files in memory.
type memFS map[string][]byte

func (m memFS) Open(name string) (fs.File, error) {
	b, ok := m[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return &memFile{Reader: bytes.NewReader(b), name: name, size: int64(len(b))}, nil
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }

var digestAttr = regexp.MustCompile(`data-digest="sha256:[0-9a-f]{64}"`)

// The shell's first screen is the table before the evaluator runs, and it
// is checked: a shell whose numbers differ from the page's own (its digest
// altered here, as a build that went wrong would leave it) shows an error,
// and the table then shows the page's numbers.
func TestFirstScreenMismatchIsShown(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(siteDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !digestAttr.Match(index) {
		t.Fatal("build/site/index.html has no first screen: run ./build.sh build")
	}
	// The unaltered shell: the first screen is there before the evaluator
	// (the page's HTML as served), and the page settles without an error.
	if !bytes.Contains(index, []byte(`data-ready="prerendered"`)) || !bytes.Contains(index, []byte(`data-value="0.33889980353634575"`)) {
		t.Fatal("the served shell has no first table")
	}
	wrong := "sha256:" + strings.Repeat("0", 64)
	altered := digestAttr.ReplaceAll(index, []byte(`data-digest="`+wrong+`"`))
	srv := httptest.NewServer(withEvaluator(dist.Handler(shellFS{os.DirFS(siteDir), altered})))
	defer srv.Close()

	p := newPage(t)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitFor("the error", `(document.querySelector('#first-screen-differs') || {}).textContent?.includes('differs from the one this browser computed') === true`)
	if got := eval[string](p, `document.querySelector('#first-screen-differs').textContent`); !strings.Contains(got, wrong) {
		t.Errorf("the error does not name the shell's digest: %q", got)
	}
	if got := eval[string](p, `document.querySelector('td[data-system="ClausIE"][data-facet="regular"][data-metric="f1"]').dataset.value`); got != "0.33889980353634575" {
		t.Errorf("ClausIE's F1 after the error: %s", got)
	}
	p.screenshotView("first-screen-mismatch")

	ok := newPage(t)
	ok.open("")
	ok.waitFor("the check", `performance.getEntriesByName('oiebench-first-checked').length > 0`)
	if n := eval[int](ok, `document.querySelectorAll('#first-screen-differs').length`); n != 0 {
		t.Errorf("the shipped first screen was taken for different numbers: %s", eval[string](ok, `document.querySelector('#first-screen-differs').textContent`))
	}
}

// A file dropped as soon as the evaluator runs, on the first screen
// (before the evaluator's own table), is read and scored.
func TestDropOnFirstScreen(t *testing.T) {
	p := newPage(t)
	p.do(chromedp.Navigate(site.URL + "/"))
	held := eval[bool](p, `window.oiebenchReady.then(() => {
		const held = document.querySelector('#app[data-ready="prerendered"]') !== null;
		const dt = new DataTransfer();
		dt.items.add(new File(["1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n"], "early.tsv"));
		document.querySelector('#app').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return held;
	})`)
	p.waitFor("the dropped system", `document.querySelector('#scores td[data-system="early"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if c := cells(p)["early"]["regular"]; c["precision"] != "1" {
		t.Errorf("early system regular %v, want precision 1", c)
	}
	if n := eval[int](p, `document.querySelectorAll('#scores td[data-system="early"][data-facet="regular"][data-metric="precision"]').length`); n != 1 {
		t.Errorf("the dropped file was taken %d times", n)
	}
	t.Logf("dropped while the first screen was held: %v", held)
}

// firstProbe records, in the page, when a score table is first about to
// be painted (table), when the evaluator first rendered the page itself
// (live) and when it ran (ready: its API answers and a dropped file is
// taken).
const firstProbe = `(() => {
  const rec = window.__first = {table: 0, live: 0, ready: 0};
  const look = () => {
    if (!rec.table && document.querySelector('td[data-value]')) {
      rec.table = -1;
      requestAnimationFrame(() => { rec.table = performance.now(); });
    }
    const app = document.getElementById('app');
    const r = app && app.getAttribute('data-ready');
    if (!rec.live && r && r !== 'prerendered') rec.live = performance.now();
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready']});
  document.addEventListener('oiebench-ready', () => { rec.ready = performance.now(); });
})()`

// firstLoad is one load's figures, in ms from navigation (bytes for
// transfer).
type firstLoad struct {
	Table, Interactive, Live, Read, Transfer float64
}

// loadFirst opens url in a fresh profile at a CPU slowdown and measures.
func loadFirst(tb testing.TB, url string, slowdown float64) firstLoad {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelT()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if err := onEachDocument(ctx, t, firstProbe); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: slowdown})
		return err
	}), chromedp.Navigate(url))
	if err != nil {
		tb.Fatal(err)
	}
	// Settled: the evaluator's own table, the BenchIE English data read.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.__first.table > 0 && window.__first.live > 0 && window.__first.ready > 0 && document.querySelector('#app[data-ready="table"]') !== null && performance.getEntriesByName('oiebench-read').length > 0 && performance.getEntriesByName('oiebench-table').length > 0`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		tb.Fatal(err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
  const f = window.__first, m = n => performance.getEntriesByName(n)[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  let bytes = nav.transferSize;
  for (const r of performance.getEntriesByType('resource')) bytes += r.transferSize;
  return [f.table, f.ready, m('oiebench-table'), m('oiebench-read') - m('oiebench-fetched'), bytes];
})()`))
	if err != nil {
		tb.Fatal(err)
	}
	return firstLoad{v[0], v[1], v[2], v[3], v[4]}
}

// BenchmarkFirstScreen is the page's start as ./build.sh bench reports it:
// for this build (and, when FIRST_BASELINE names another build's dist
// folder, that one too, in the same run, load after load), at CPU slowdown
// 1 and 4 (Emulation.setCPUThrottlingRate: a mid-range phone), the medians
// of FIRST_RUNS (default 5) loads in fresh profiles: navigation to the first
// score table painted, to the evaluator running (its API answers, a dropped
// file is taken), to the evaluator's own table on screen (every control
// answers), the bundled gold and nine systems read in the page, and the
// bytes transferred.
func BenchmarkFirstScreen(b *testing.B) {
	runs := 5
	if s := os.Getenv("FIRST_RUNS"); s != "" {
		fmt.Sscan(s, &runs)
	}
	sites := []struct{ name, url string }{{"this build", site.URL + "/"}}
	if dir := os.Getenv("FIRST_BASELINE"); dir != "" {
		srv := httptest.NewServer(dist.Handler(os.DirFS(dir)))
		defer srv.Close()
		sites = append(sites, struct{ name, url string }{"baseline (" + dir + ")", srv.URL + "/"})
	}
	for i := 0; i < b.N; i++ {
		fmt.Printf("| build | CPU | navigation → table | → evaluator running | → its own table | gold + 9 systems read in page | transfer |\n|---|---:|---:|---:|---:|---:|---:|\n")
		for _, slow := range []float64{1, 4} {
			loads := make([][]firstLoad, len(sites))
			for r := 0; r < runs; r++ {
				for k, s := range sites { // alternated, so that the machine's load falls on both
					loads[k] = append(loads[k], loadFirst(b, s.url, slow))
				}
			}
			for k, s := range sites {
				var tab, inter, live, read, bytes []float64
				for _, l := range loads[k] {
					tab, inter, live = append(tab, l.Table), append(inter, l.Interactive), append(live, l.Live)
					read, bytes = append(read, l.Read), append(bytes, l.Transfer)
				}
				fmt.Printf("| %s | %gx | %.0f ms | %.0f ms | %.0f ms | %.0f ms | %.2f MB |\n", s.name, slow, median(tab), median(inter), median(live), median(read), median(bytes)/1e6)
			}
		}
	}
}
