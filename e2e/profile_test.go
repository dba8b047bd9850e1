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
// profiling, and reports whether it did.
func serveNamedWasm(t *testing.T, w http.ResponseWriter, r *http.Request) bool {
	if profileDir == "" || r.URL.Path != "/app.wasm" {
		return false
	}
	path, err := otherWasm, error(nil)
	if path == "" {
		path, err = namedWasm()
	}
	if err != nil {
		t.Error(err)
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return true
	}
	w.Header().Set("Content-Type", "application/wasm")
	http.ServeFile(w, r, path)
	return true
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

// stopProfile stops the profiler started by startProfile and writes the
// profile and its summary (profileSummary) as name.cpuprofile and name.txt.
func (p *page) stopProfile(name string) {
	p.t.Helper()
	if profileDir == "" {
		return
	}
	res, err := chromedp.Call(p.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		p.t.Fatal(err)
	}
	raw, err := json.Marshal(res.Profile)
	if err != nil {
		p.t.Fatal(err)
	}
	summary := profileSummary(res.Profile, 25)
	if err := os.MkdirAll(profileDir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	base := filepath.Join(profileDir, strings.ReplaceAll(name, "/", "-"))
	if err := os.WriteFile(base+".cpuprofile", raw, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(base+".txt", []byte(summary), 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("profile written to %s.cpuprofile\n%s", base, summary)
}

// profileSummary finds the profile's longest busy stretch (consecutive
// samples none of which is idle: the page's longest task, or tasks with no
// gap between them) and lists the top functions in it by self time and by
// total time (each function counted once per sample, however deep it
// recurs).
func profileSummary(prof *profiler.Profile, top int) string {
	nodes := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range prof.Nodes {
		nodes[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(id int64) string {
		f := nodes[id].CallFrame
		if f.FunctionName == "" {
			return "(anonymous) " + filepath.Base(f.URL)
		}
		return f.FunctionName
	}
	// Sample i lasts until sample i+1.
	at := make([]int64, len(prof.Samples)+1)
	for i, d := range prof.TimeDeltas {
		at[i+1] = at[i] + d
	}
	at[len(prof.Samples)] = int64(prof.EndTime - prof.StartTime)
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
