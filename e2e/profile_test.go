//go:build e2e

package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileDir is where the page's CPU profiles go when OIEBENCH_PROFILE
// names a folder (docs/page-responsiveness.md, "Finding a long task"):
//
//	OIEBENCH_PROFILE=/tmp/prof go test -tags e2e -run TestEarlyClicksKept -v ./e2e
//
// writes, per subtest, NAME.cpuprofile (open it in Chromium's DevTools,
// Performance panel) and NAME.txt, the Go functions that held the page's
// longest busy stretch. The page is then served an evaluator built with
// Go's function names (sitebuild -names), so the profile names them.
// Unset, the tests run as they do in CI, without a profiler.
var profileDir = os.Getenv("OIEBENCH_PROFILE")

// otherWasm, when OIEBENCH_WASM names a file, is the evaluator served in
// its place while profiling: another commit's build (sitebuild wasm -names
// -o FILE, run in that commit's tree), measured by the same test at the
// same load, for a before/after comparison.
var otherWasm = os.Getenv("OIEBENCH_WASM")

// namedWasm builds, once per run, the evaluator with its name section.
var namedWasm = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "oiebench-named-")
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "app.wasm")
	build := exec.Command("go", "run", "./internal/sitebuild", "wasm", "-names", "-o", out)
	build.Dir = root
	if msg, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("sitebuild wasm -names: %v\n%s", err, msg)
	}
	return out, nil
})

// serveNamedWasm answers /app.wasm with the named evaluator when
// profiling, and reports whether it did. A failed build is answered with
// a server error, which the page shows and the test fails on.
func serveNamedWasm(w http.ResponseWriter, r *http.Request) bool {
	if profileDir == "" || r.URL.Path != "/app.wasm" {
		return false
	}
	path, err := otherWasm, error(nil)
	if path == "" {
		path, err = namedWasm()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return true
	}
	w.Header().Set("Content-Type", "application/wasm")
	http.ServeFile(w, r, path)
	return true
}

// withNamedWasm serves the site, and the named evaluator when profiling.
func withNamedWasm(site http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !serveNamedWasm(w, r) {
			site.ServeHTTP(w, r)
		}
	})
}

// startProfile starts V8's sampling profiler on a tab (every 250 µs), when
// profiling; run it before navigating.
func startProfile(ctx context.Context, tg *chromedp.Target) error {
	if profileDir == "" {
		return nil
	}
	if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 250}); err != nil {
		return err
	}
	_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
	return err
}

// profileClock busies the page's thread for 3 ms in a function the
// profile names, and returns when it started (performance.now()): its
// first sample puts the page's clock on the profile's.
const profileClock = `(function oiebenchProfileClock() { const t = performance.now(); while (performance.now() - t < 3) {} return t; })()`

// stopProfile stops the profiler started by startProfile and writes the
// profile and its summary as name.cpuprofile and name.txt: the longest
// busy stretch (profileSummary), then what ran in each of tasks (the
// page's long tasks, [start, duration] in ms from navigation; taskSummary).
func (p *page) stopProfile(name string, tasks [][2]float64) {
	p.t.Helper()
	stopProfile(p.t, p.ctx, name, tasks)
}

// stopProfile is page.stopProfile for a tab's context.
func stopProfile(tb testing.TB, ctx context.Context, name string, tasks [][2]float64) {
	tb.Helper()
	if profileDir == "" {
		return
	}
	clock, err := probe[float64](tb, ctx, time.Minute, profileClock)
	if err != nil {
		tb.Fatal(err)
	}
	c, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	res, err := chromedp.Call(c, profiler.Stop, cdp.Empty{})
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := json.Marshal(res.Profile)
	if err != nil {
		tb.Fatal(err)
	}
	summary := profileSummary(res.Profile, 25) + taskSummary(res.Profile, clock, tasks, 8)
	if err := os.MkdirAll(profileDir, 0o755); err != nil {
		tb.Fatal(err)
	}
	base := filepath.Join(profileDir, strings.ReplaceAll(name, "/", "-"))
	if err := os.WriteFile(base+".cpuprofile", raw, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(base+".txt", []byte(summary), 0o644); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("profile written to %s.cpuprofile\n%s", base, summary)
}

// profileSummary finds the profile's longest busy stretch (consecutive
// samples none of which is idle: the page's longest task, or tasks with no
// gap between them) and lists the top functions in it by self time and by
// total time (each function counted once per sample, however deep it
// recurs).
func profileSummary(prof *profiler.Profile, top int) string {
	at, name, parent := profileTimes(prof)
	from, to, bestFrom, bestTo := 0, 0, 0, 0
	for i := range prof.Samples {
		if name(prof.Samples[i]) == "(idle)" {
			from = i + 1
			continue
		}
		to = i + 1
		if at[to]-at[from] > at[bestTo]-at[bestFrom] {
			bestFrom, bestTo = from, to
		}
	}
	self, total := map[string]int64{}, map[string]int64{}
	for i := bestFrom; i < bestTo; i++ {
		d := at[i+1] - at[i]
		id := prof.Samples[i]
		self[name(id)] += d
		seen := map[string]bool{}
		for ok := true; ok; id, ok = parent[id] {
			if n := name(id); !seen[n] {
				seen[n] = true
				total[n] += d
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "longest busy stretch: %.1f ms, from %.1f ms after the profile's start\n", float64(at[bestTo]-at[bestFrom])/1e3, float64(at[bestFrom])/1e3)
	for _, part := range []struct {
		title string
		times map[string]int64
	}{{"self", self}, {"total", total}} {
		fmt.Fprintf(&b, "by %s time:\n", part.title)
		names := make([]string, 0, len(part.times))
		for n := range part.times {
			names = append(names, n)
		}
		slices.SortFunc(names, func(x, y string) int { return cmp.Or(cmp.Compare(part.times[y], part.times[x]), cmp.Compare(x, y)) })
		for _, n := range names[:min(top, len(names))] {
			fmt.Fprintf(&b, "  %9.1f ms  %s\n", float64(part.times[n])/1e3, n)
		}
	}
	return b.String()
}

// profileTimes returns each sample's start in µs from the profile's start
// (sample i lasts until i+1), a name per node and each node's parent.
func profileTimes(prof *profiler.Profile) (at []int64, name func(int64) string, parent map[int64]int64) {
	nodes := map[int64]*profiler.ProfileNode{}
	parent = map[int64]int64{}
	for _, n := range prof.Nodes {
		nodes[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name = func(id int64) string {
		f := nodes[id].CallFrame
		if f.FunctionName == "" {
			return "(anonymous) " + filepath.Base(f.URL)
		}
		return f.FunctionName
	}
	at = make([]int64, len(prof.Samples)+1)
	for i, d := range prof.TimeDeltas {
		at[i+1] = at[i] + d
	}
	at[len(prof.Samples)] = int64(prof.EndTime - prof.StartTime)
	return at, name, parent
}

// taskSummary names what ran in each long task: the page's functions
// (Go's, and the renderer's JavaScript) by total time, and the time in
// Go's collector (a sample under any of gcWork's roots). clock is when
// oiebenchProfileClock started, on the page's clock; tasks are
// [start, duration] in ms on it.
func taskSummary(prof *profiler.Profile, clock float64, tasks [][2]float64, top int) string {
	at, name, parent := profileTimes(prof)
	first := -1
	for i, id := range prof.Samples {
		if name(id) == "oiebenchProfileClock" {
			first = i
			break
		}
	}
	if first < 0 {
		return "no sample in oiebenchProfileClock: the tasks cannot be placed\n"
	}
	offset := float64(at[first])/1e3 - clock // profile ms = page ms + offset
	var b strings.Builder
	fmt.Fprintf(&b, "long tasks (ms from navigation; the profile's ms = these + %.1f), what ran in them by total time, and the collector's share:\n", offset)
	for _, task := range tasks {
		from, to := int64((task[0]+offset)*1e3), int64((task[0]+task[1]+offset)*1e3)
		total := map[string]int64{}
		var gc, sampled int64
		for i := range prof.Samples {
			if at[i] < from || at[i] >= to {
				continue
			}
			d := at[i+1] - at[i]
			sampled += d
			seen, collecting := map[string]bool{}, false
			for id, ok := prof.Samples[i], true; ok; id, ok = parent[id] {
				n := name(id)
				collecting = collecting || strings.HasPrefix(n, "runtime.gc") || strings.HasPrefix(n, "runtime.markroot") || strings.HasPrefix(n, "runtime.scanobject") || strings.HasPrefix(n, "runtime.bgsweep")
				if !seen[n] && pageFunction(n) {
					seen[n] = true
					total[n] += d
				}
			}
			if collecting {
				gc += d
			}
		}
		names := make([]string, 0, len(total))
		for n := range total {
			names = append(names, n)
		}
		slices.SortFunc(names, func(x, y string) int { return cmp.Or(cmp.Compare(total[y], total[x]), cmp.Compare(x, y)) })
		fmt.Fprintf(&b, "  %5.0f ms at %6.0f (%3.0f ms sampled, collector %3.0f):", task[1], task[0], float64(sampled)/1e3, float64(gc)/1e3)
		for _, n := range names[:min(top, len(names))] {
			fmt.Fprintf(&b, " %s %.0f;", n, float64(total[n])/1e3)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// pageFunction tells the functions worth naming in a task: the project's
// Go code, Vugu's build, the renderer's JavaScript and the loader's, not
// the wrappers every sample passes through (wasm_pc_f_loop, _resume, …).
func pageFunction(n string) bool {
	for _, p := range []string{"github.com_oiebench_", "github.com_vugu_", "main.", "window.oiebench", "replay", "mount", "runtime.gcBgMarkWorker", "runtime.gcAssistAlloc", "runtime.gcStart", "runtime.bgsweep", "(garbage collector)"} {
		if strings.HasPrefix(n, p) && n != "main.main" {
			return true
		}
	}
	return false
}
