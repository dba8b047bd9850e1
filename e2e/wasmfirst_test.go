//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// goldPage runs internal/wasmfirst on the English gold, as the page holds it
// (fetched bytes), with Go's collector set by ?gc= (GOGC).
const goldPage = `<!doctype html><meta charset="utf-8"><script src="wasm_exec.js"></script><script>
(async () => {
  try {
    globalThis.wasmfirstGold = new Uint8Array(await (await fetch('gold.txt')).arrayBuffer());
    const go = new Go();
    const gc = new URLSearchParams(location.search).get('gc');
    if (gc) go.env = {GOGC: gc};
    const {instance} = await WebAssembly.instantiateStreaming(fetch('wasmfirst.wasm'), go.importObject);
    await go.run(instance);
  } catch (e) { globalThis.wasmfirstReport = 'error: ' + e; }
})();
</script>`

// BenchmarkGoldInPage reads and compiles the English gold in Chromium as the
// page's evaluator does (internal/wasmfirst, built as WebAssembly): the
// medians of FIRST_RUNS (default 5) loads in fresh profiles of the first
// run's read and compilation (what a visitor meets), with Go's collector on
// and off, load after load, and of the third run (V8's optimised code).
func BenchmarkGoldInPage(b *testing.B) {
	runs := 5
	if s := os.Getenv("FIRST_RUNS"); s != "" {
		fmt.Sscan(s, &runs)
	}
	dir := b.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "wasmfirst.wasm"), "./internal/wasmfirst")
	build.Dir, build.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building wasmfirst: %v\n%s", err, out)
	}
	files := map[string]string{
		"wasm_exec.js": filepath.Join(root, "dist", "wasm_exec.js"),
		"gold.txt":     filepath.Join(root, "dist", "data", "benchie", "benchie_gold_annotations_en.txt"),
	}
	for name, from := range files {
		data, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(goldPage), 0o644); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	for i := 0; i < b.N; i++ {
		modes := []string{"100", "off"}
		got := map[string][][3]float64{}
		for r := 0; r < runs; r++ {
			for _, gc := range modes { // alternated, so that the machine's load falls on both
				got[gc] = append(got[gc], loadGold(b, srv.URL+"/?gc="+gc))
			}
		}
		for _, gc := range modes {
			var read, compile, third []float64
			for _, l := range got[gc] {
				read, compile, third = append(read, l[0]), append(compile, l[1]), append(third, l[2])
			}
			fmt.Printf("gold in page (GOGC=%s): first read %.1f ms, first compile %.1f ms, third read+compile %.1f ms\n", gc, median(read), median(compile), median(third))
			if gc == "100" {
				b.ReportMetric(median(read), "ms/first-read")
				b.ReportMetric(median(compile), "ms/first-compile")
			}
		}
	}
}

// loadGold opens the gold page in a fresh profile and returns the first
// run's read and compile times and the third run's read+compile, in ms.
func loadGold(tb testing.TB, url string) [3]float64 {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		tb.Fatal(err)
	}
	report, err := chromedp.Run(ctx, chromedp.Poll[string](`globalThis.wasmfirstReport`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		tb.Fatal(err)
	}
	var runs [][2]float64
	for _, line := range strings.Split(report, "\n") {
		var n int
		var read, compile float64
		if _, err := fmt.Sscanf(line, "run %d: read %f ms, compile %f ms", &n, &read, &compile); err == nil {
			runs = append(runs, [2]float64{read, compile})
		}
	}
	if len(runs) < 3 {
		tb.Fatalf("the page's report has %d runs: %q", len(runs), report)
	}
	return [3]float64{runs[0][0], runs[0][1], runs[2][0] + runs[2][1]}
}
