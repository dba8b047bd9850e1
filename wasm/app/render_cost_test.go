//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/ui"
	"github.com/oiebench/oiebench/wasm/app/dom"
	"github.com/vugu/vugu"
)

// What a render of each view costs on the bundled benchmark, and that the
// renderer sends the change, not the page: nothing for an unchanged page,
// less than the page for a tab switch or a sort. (The controls'
// properties, checked and selected, are sent on every render, as Vugu's
// renderer sends them: a person may have changed them.) The figures are logged
// (go test -run TestRenderCost -v ./wasm/app; docs/page-responsiveness.md).
func TestRenderCost(t *testing.T) {
	a, err := startSettled()
	if err != nil {
		t.Fatal(err)
	}
	defer a.env.UnlockOnly()
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	root := &ui.Root{M: a.m}
	build := func() (*vugu.BuildResults, time.Duration) {
		best := time.Duration(1 << 62)
		var br *vugu.BuildResults
		for range 3 {
			start := time.Now()
			br = env.RunBuild(root)
			best = min(best, time.Since(start))
		}
		return br, best
	}
	patch := func(tree *dom.Tree, br *vugu.BuildResults) ([]byte, time.Duration) {
		start := time.Now()
		p, err := tree.Patch(br)
		if err != nil {
			t.Fatal(err)
		}
		return p, time.Since(start)
	}
	views := []ui.View{ui.ViewScores, ui.ViewSentences, ui.ViewCompare, ui.ViewCharts}
	for _, v := range views {
		var tree dom.Tree
		a.m.Prefs.View = ui.ViewScores
		br, _ := build()
		patch(&tree, br)
		a.m.Prefs.View = v
		br, took := build()
		var mounted dom.Tree
		mount, _ := patch(&mounted, br)
		change, _ := patch(&tree, br) // from the Scores view
		br, _ = build()
		again, walk := patch(&tree, br)
		t.Logf("%-9s %5d nodes, build %v, mount %7d B, from Scores %7d B, unchanged %d B (Go walk %v)",
			v, tree.Nodes(), took.Round(time.Microsecond), len(mount), len(change), len(again), walk.Round(time.Microsecond))
		if ops := patchOps(t, again); len(ops) > 1 || len(ops) == 1 && ops[0] != "p" {
			t.Errorf("%s: an unchanged page sent %.300s, want only the controls' properties", v, again)
		}
		if v != ui.ViewScores && len(change) >= len(mount) {
			t.Errorf("%s: switching from Scores sent %d B, as much as mounting the page (%d B)", v, len(change), len(mount))
		}
	}
	var tree dom.Tree
	a.m.Prefs.View = ui.ViewScores
	br, _ := build()
	mount, _ := patch(&tree, br)
	a.m.Prefs.Sort, a.m.Prefs.SortDesc = report.ByName, false
	br, _ = build()
	sorted, _ := patch(&tree, br)
	t.Logf("sort by name on Scores: %d B (the page: %d B)", len(sorted), len(mount))
	if len(sorted) == 0 || len(sorted) >= len(mount) {
		t.Errorf("sorting by name sent %d B (the page: %d B)", len(sorted), len(mount))
	}
}

// patchOps lists the kinds of operation a patch holds, navigation aside.
func patchOps(t *testing.T, patch []byte) []string {
	if patch == nil {
		return nil
	}
	var ops [][]any
	if err := json.Unmarshal(patch, &ops); err != nil {
		t.Fatalf("the patch is not JSON: %v", err)
	}
	var kinds []string
	for _, o := range ops {
		if k := o[0].(string); k != "u" && k != "d" && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// The Go side of a render per view: Vugu's build of the whole component
// tree (RunBuild), at mount (a fresh build environment, as a tab switch
// builds a view's components anew) and again with nothing changed, with
// its allocations (go test -run '^$' -bench BenchmarkRenderBuild ./wasm/app).
func BenchmarkRenderBuild(b *testing.B) {
	a, err := startSettled()
	if err != nil {
		b.Fatal(err)
	}
	defer a.env.UnlockOnly()
	root := &ui.Root{M: a.m}
	views := []ui.View{ui.ViewScores, ui.ViewSentences, ui.ViewCompare, ui.ViewCharts, ui.ViewStudio}
	for _, v := range views {
		a.m.Prefs.View = v
		b.Run(string(v)+"/mount", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				env, err := vugu.NewBuildEnv()
				if err != nil {
					b.Fatal(err)
				}
				env.RunBuild(root)
			}
		})
		b.Run(string(v)+"/unchanged", func(b *testing.B) {
			env, err := vugu.NewBuildEnv()
			if err != nil {
				b.Fatal(err)
			}
			env.RunBuild(root)
			b.ReportAllocs()
			for b.Loop() {
				env.RunBuild(root)
			}
		})
	}
}
