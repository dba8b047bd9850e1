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

// goldPage runs internal/wasmfirst (the build ?wasm= names) on the English
// gold, as the page holds it (fetched bytes), with Go's collector set by
// ?gc= (GOGC).
const goldPage = `<!doctype html><meta charset="utf-8"><script src="wasm_exec.js"></script><script>
(async () => {
  try {
    globalThis.wasmfirstGold = new Uint8Array(await (await fetch('gold.txt')).arrayBuffer());
    const go = new Go();
    const gc = new URLSearchParams(location.search).get('gc');
    if (gc) go.env = {GOGC: gc};
    const wasm = new URLSearchParams(location.search).get('wasm');
    const {instance} = await WebAssembly.instantiateStreaming(fetch(wasm), go.importObject);
    await go.run(instance);
  } catch (e) { globalThis.wasmfirstReport = 'error: ' + e; }
})();
</script>`

// BenchmarkGoldInPage reads and compiles the English gold in Chromium as the
// page's evaluator does (internal/wasmfirst, built as WebAssembly): the
// medians of FIRST_RUNS (default 5) loads in fresh profiles of the first
// run's read and compilation (what a visitor meets) and of the third run
// (V8's optimised code), with Go's collector on and off; and, when
// GOLD_BASELINE names a commit, that commit's core with this wasmfirst,
// load after load.
func BenchmarkGoldInPage(b *testing.B) {
	runs := 5
	if s := os.Getenv("FIRST_RUNS"); s != "" {
		fmt.Sscan(s, &runs)
	}
	dir := b.TempDir()
	buildWasmfirst(b, root, filepath.Join(dir, "this.wasm"))
	type variant struct{ name, wasm, gc string }
	variants := []variant{{"this build", "this.wasm", "100"}, {"this build", "this.wasm", "off"}}
	if commit := os.Getenv("GOLD_BASELINE"); commit != "" {
		tree := b.TempDir()
		archive := exec.Command("sh", "-c", `git archive "$1" | tar -x -C "$2" && mkdir -p "$2/internal/wasmfirst" && cp internal/wasmfirst/*.go "$2/internal/wasmfirst/"`, "sh", commit, tree)
		archive.Dir = root
		if out, err := archive.CombinedOutput(); err != nil {
			b.Fatalf("baseline %s: %v\n%s", commit, err, out)
		}
		buildWasmfirst(b, tree, filepath.Join(dir, "baseline.wasm"))
		variants = append(variants, variant{"baseline " + commit, "baseline.wasm", "100"})
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
		got := make([][][3]float64, len(variants))
		for r := 0; r < runs; r++ {
			for k, v := range variants { // alternated, so that the machine's load falls on all
				got[k] = append(got[k], loadGold(b, srv.URL+"/?wasm="+v.wasm+"&gc="+v.gc))
			}
		}
		for k, v := range variants {
			var read, compile, third []float64
			for _, l := range got[k] {
				read, compile, third = append(read, l[0]), append(compile, l[1]), append(third, l[2])
			}
			fmt.Printf("gold in page, %s, GOGC=%s: first read %.1f ms, first compile %.1f ms, third read+compile %.1f ms\n", v.name, v.gc, median(read), median(compile), median(third))
			if k == 0 {
				b.ReportMetric(median(read), "ms/first-read")
				b.ReportMetric(median(compile), "ms/first-compile")
			}
		}
	}
}

// buildWasmfirst builds internal/wasmfirst of the module in dir as
// WebAssembly.
func buildWasmfirst(tb testing.TB, dir, out string) {
	build := exec.Command("go", "build", "-o", out, "./internal/wasmfirst")
	build.Dir, build.Env = dir, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building wasmfirst in %s: %v\n%s", dir, err, b)
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
