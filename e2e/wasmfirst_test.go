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
// page's evaluator does (internal/wasmfirst, built as the evaluator is, by
// sitebuild with the page's flags) and natively (the same command built
// for this machine, a fresh process each time), load after load, and
// prints the medians of FIRST_RUNS (default 5) and their ratio: the first
// run of a fresh page (the page reads the bundled gold first, with Go's
// collector held: GOGC=off) and of a fresh process, and the second and
// third runs (a gold a visitor drops after the bundled one, read by code V8
// has optimised, with the collector on: GOGC=100). When GOLD_BASELINE names
// a commit, that commit's core with this wasmfirst is loaded too.
func BenchmarkGoldInPage(b *testing.B) {
	runs := 5
	if s := os.Getenv("FIRST_RUNS"); s != "" {
		fmt.Sscan(s, &runs)
	}
	dir := b.TempDir()
	sitebuild := filepath.Join(dir, "sitebuild")
	goBuild(b, root, "-o", sitebuild, "./internal/sitebuild")
	native := filepath.Join(dir, "native")
	goBuild(b, root, "-o", native, "./internal/wasmfirst")
	buildWasmfirst(b, sitebuild, root, filepath.Join(dir, "this.wasm"))
	type variant struct{ name, wasm, gc string }
	variants := []variant{{"this build", "this.wasm", "100"}, {"this build", "this.wasm", "off"}}
	if commit := os.Getenv("GOLD_BASELINE"); commit != "" {
		tree := b.TempDir()
		archive := exec.Command("sh", "-c", `git archive "$1" | tar -x -C "$2" && mkdir -p "$2/internal/wasmfirst" && cp internal/wasmfirst/*.go "$2/internal/wasmfirst/"`, "sh", commit, tree)
		archive.Dir = root
		if out, err := archive.CombinedOutput(); err != nil {
			b.Fatalf("baseline %s: %v\n%s", commit, err, out)
		}
		buildWasmfirst(b, sitebuild, tree, filepath.Join(dir, "baseline.wasm"))
		variants = append(variants, variant{"baseline " + commit, "baseline.wasm", "100"})
	}
	files := map[string]string{
		"wasm_exec.js": filepath.Join(siteDir, "wasm_exec.js"),
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
		got := make([][]goldRuns, len(variants))
		var natively []goldRuns
		for r := 0; r < runs; r++ {
			for k, v := range variants { // alternated, so that the machine's load falls on all
				got[k] = append(got[k], loadGold(b, srv.URL+"/?wasm="+v.wasm+"&gc="+v.gc))
			}
			natively = append(natively, runNative(b, native))
		}
		nat := medians(natively)
		fmt.Printf("gold in page, natively (a fresh process): first read %.1f ms, first compile %.1f ms; second read+compile %.1f ms, third %.1f ms\n", nat.read, nat.compile, nat.second, nat.third)
		for k, v := range variants {
			m := medians(got[k])
			fmt.Printf("gold in page, %s, GOGC=%s: first read %.1f ms, first compile %.1f ms, second read+compile %.1f ms, third %.1f ms; against native: first %.1f×, second %.1f×, third %.1f×\n",
				v.name, v.gc, m.read, m.compile, m.second, m.third, (m.read+m.compile)/(nat.read+nat.compile), m.second/nat.second, m.third/nat.third)
			if k == 0 {
				b.ReportMetric(m.read, "ms/first-read")
				b.ReportMetric(m.compile, "ms/first-compile")
				b.ReportMetric(m.second/nat.second, "x/second-native")
			}
			if k == 1 {
				b.ReportMetric((m.read+m.compile)/(nat.read+nat.compile), "x/first-native")
			}
		}
	}
}

// goldRuns is one load's (or process's) figures, in ms: the first run's
// read and compile, and the second and third runs' read + compile.
type goldRuns struct{ read, compile, second, third float64 }

// medians is the median of each figure over loads.
func medians(loads []goldRuns) goldRuns {
	var read, compile, second, third []float64
	for _, l := range loads {
		read, compile = append(read, l.read), append(compile, l.compile)
		second, third = append(second, l.second), append(third, l.third)
	}
	return goldRuns{median(read), median(compile), median(second), median(third)}
}

// buildWasmfirst builds internal/wasmfirst of the module in dir as the page's
// evaluator is built (sitebuild wasm: its flags, its data segments joined).
func buildWasmfirst(tb testing.TB, sitebuild, dir, out string) {
	build := exec.Command(sitebuild, "wasm", "-pkg", "./internal/wasmfirst", "-o", out)
	build.Dir = dir
	if b, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building wasmfirst in %s: %v\n%s", dir, err, b)
	}
}

// runNative runs the native wasmfirst once, a fresh process.
func runNative(tb testing.TB, bin string) goldRuns {
	out, err := exec.Command(bin, "-runs", "3").Output()
	if err != nil {
		tb.Fatalf("%s: %v", bin, err)
	}
	return parseGoldRuns(tb, string(out))
}

// parseGoldRuns reads wasmfirst's report.
func parseGoldRuns(tb testing.TB, report string) goldRuns {
	var runs [][2]float64
	for _, line := range strings.Split(report, "\n") {
		var n int
		var read, compile float64
		if _, err := fmt.Sscanf(line, "run %d: read %f ms, compile %f ms", &n, &read, &compile); err == nil {
			runs = append(runs, [2]float64{read, compile})
		}
	}
	if len(runs) < 3 {
		tb.Fatalf("wasmfirst's report has %d runs: %q", len(runs), report)
	}
	return goldRuns{runs[0][0], runs[0][1], runs[1][0] + runs[1][1], runs[2][0] + runs[2][1]}
}

// loadGold opens the gold page in a fresh profile and returns its runs.
func loadGold(tb testing.TB, url string) goldRuns {
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
	return parseGoldRuns(tb, report)
}
