//go:build !(js && wasm)

package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/dist/shell"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// The first screen this code renders goes into the shell's region and
// shows the published numbers. Whether a built shell holds what the code
// renders now is sitebuild check's: on build/site in the end-to-end tests
// (e2e TestServedPageIsBuiltFromItsSources), on dist/ in ./build.sh release,
// since dist/index.html keeps the last release's first screen, matching
// the evaluator committed beside it.
func TestFirstScreenRenders(t *testing.T) {
	html, err := dataset.ReadSite("index.html")
	if err != nil {
		t.Fatal(err)
	}
	first, err := renderFirst()
	if err != nil {
		t.Fatal(err)
	}
	with, err := shell.WithFirstScreen(html, first)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(with, first) {
		t.Fatal("the rendered first screen is not in the shell it was written into")
	}
	for _, s := range []string{`data-ready="prerendered"`, `data-facet="regular" data-metric="f1" data-system="ClausIE" data-value="0.33889980353634575"`, `id="first-screen"`, `data-digest="sha256:`, `<input type="checkbox" data-facet="regular" checked=""/>`} {
		if !bytes.Contains(first, []byte(s)) {
			t.Errorf("the first screen lacks %s", s)
		}
	}
}

// heldNow asks, as the render loop does, whether the first screen is
// still held.
func heldNow(a *app) bool {
	a.env.RLock()
	defer a.env.RUnlock()
	return a.holding()
}

// checked boots a fresh visitor's page whose shell shows a first screen
// with digest, and returns it once the digest has been compared.
func checked(t *testing.T, digest string) *app {
	t.Helper()
	br := newFakeBrowser()
	br.first = firstScreen{Source: "en", Digest: digest}
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	if !heldNow(a) {
		t.Fatal("a page with a first screen does not hold its renders")
	}
	go a.start()
	a.settle(t)
	// The hold ends once the page's own screen has all that takes room on
	// the first screen (CaRB's columns come after the table), not before.
	for deadline := time.Now().Add(60 * time.Second); heldNow(a); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the page still holds its renders after its table was laid out")
		}
	}
	a.env.RLock()
	laidOut := a.firstLaidOut()
	a.env.RUnlock()
	if !laidOut {
		t.Fatal("the hold ended before the page's own screen had the first screen's layout")
	}
	for deadline := time.Now().Add(60 * time.Second); a.first.due.Load(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first screen was never compared")
		}
		a.checkFirst()
	}
	// The check may have been made by the page's own goroutine, which holds
	// the lock from taking it to showing its result: wait for that.
	a.env.Lock()
	a.env.UnlockOnly()
	return a
}

// The page compares its own report with the first screen's: the same
// digest passes, another is an error on screen.
func TestFirstScreenChecked(t *testing.T) {
	first, err := renderFirst()
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(first), `data-digest="`)
	digest, _, _ := strings.Cut(rest, `"`)
	if a := checked(t, digest); a.m.FirstScreenDiffers != "" || a.m.Fatal != "" {
		t.Fatalf("the same numbers were taken for different ones: %s%s", a.m.FirstScreenDiffers, a.m.Fatal)
	}
	wrong := "sha256:" + strings.Repeat("0", 64)
	a := checked(t, wrong)
	if got := a.m.FirstScreenDiffers; !strings.Contains(got, "differs from the one this browser computed") || !strings.Contains(got, wrong) || !strings.Contains(got, digest) {
		t.Fatalf("a different first screen is not an error: %q", got)
	}
	if a.m.Eval == nil || len(a.m.Eval.Report.Systems) != 9 {
		t.Fatal("the table is not the page's own after the error")
	}
	// The page's own table is whole: the error stands beside it, it is not
	// the page's state.
	if got := (&ui.Root{M: a.m}).Ready(); got != "table" {
		t.Fatalf("data-ready %q beside the error, want table", got)
	}
}
