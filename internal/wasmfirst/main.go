// Command wasmfirst reads the English BenchIE gold and compiles it for the
// three facets, as the page does once per load, several times in one
// process, and prints each run's time. Built as WebAssembly and run under
// node (./build.sh bench), its first run is what the page meets: code that
// V8 compiled lazily with its baseline compiler, while its optimising
// compiler works on other threads; later runs show the optimised code.
// On Linux it also prints the CPU time of the thread that ran the work (in
// WebAssembly, the one thread Go runs on), which is what the work costs
// where the optimising compiler's threads do not compete for the cores (on
// a busy 2-core machine they take most of the first run's wall time).
//
//	GOOS=js GOARCH=wasm go build -o /tmp/wasmfirst.wasm ./internal/wasmfirst
//	node "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" /tmp/wasmfirst.wasm -runs 5
//	go run ./internal/wasmfirst -runs 5     (natively: the same work)
//
// In a browser page (e2e BenchmarkGoldInPage) it reads the gold the page
// put in globalThis.wasmfirstGold and leaves its report in
// globalThis.wasmfirstReport.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/dataset"
)

func main() {
	runs := flag.Int("runs", 5, "reads and compilations, one after the other")
	flag.Parse()
	data := pageData()
	if data == nil {
		var err error
		if data, err = dataset.ReadFile("benchie_gold_annotations_en.txt"); err != nil {
			fmt.Fprintln(os.Stderr, "wasmfirst:", err)
			os.Exit(1)
		}
	}
	clock := threadClock()
	var out strings.Builder
	fmt.Fprintf(&out, "%s/%s: the English gold (%d bytes) read, then compiled for %d facets\n", runtime.GOOS, runtime.GOARCH, len(data), len(benchie.Facets))
	for i := 1; i <= *runs; i++ {
		t0, c0 := time.Now(), clock()
		g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
		if err != nil {
			fmt.Fprintln(os.Stderr, "wasmfirst:", err)
			os.Exit(1)
		}
		t1, c1 := time.Now(), clock()
		for _, f := range benchie.Facets {
			benchie.Compile(g, f)
		}
		t2, c2 := time.Now(), clock()
		line := fmt.Sprintf("run %d: read %.1f ms, compile %.1f ms", i, ms(t1.Sub(t0)), ms(t2.Sub(t1)))
		if c0 >= 0 && runtime.GOARCH == "wasm" {
			line += fmt.Sprintf(" (thread CPU: read %.1f ms, compile %.1f ms)", ms(c1-c0), ms(c2-c1))
		}
		fmt.Fprintln(&out, line)
	}
	report(out.String())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// threadClock returns a clock of the CPU time of the process's first thread
// (node's main thread, where Go's WebAssembly runs), from Linux's
// /proc/PID/task/PID/schedstat; elsewhere a clock that reads -1. The file is
// read while Go waits for node, so the thread is asleep and the figure is
// up to date.
func threadClock() func() time.Duration {
	pid, err := os.Readlink("/proc/self")
	if err != nil {
		return func() time.Duration { return -1 }
	}
	path := "/proc/" + pid + "/task/" + pid + "/schedstat"
	return func() time.Duration {
		b, err := os.ReadFile(path)
		if err != nil {
			return -1
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			return -1
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return -1
		}
		return time.Duration(ns)
	}
}
