package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/scaledata"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// effects records a fake browser's page effects, one line each.
type effects struct {
	effectsMu sync.Mutex
	asked     []string
	shown     string   // the last ShowReport
	pushed    []string // each ShowReport's size, and when it came
	since     time.Time
}

func (e *effects) ask(format string, args ...any) {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	e.asked = append(e.asked, fmt.Sprintf(format, args...))
}

func (e *effects) Focus(id string, later bool) { e.ask("focus %s later=%v", id, later) }
func (e *effects) ScrollIntoView(selector, block string) {
	e.ask("scroll %s %s", selector, block)
}
func (e *effects) StudioKeys(rule string) { e.ask("keys %d bytes", len(rule)) }
func (e *effects) KeyDone(seq int)        { e.ask("done %d", seq) }
func (e *effects) SavePNG(name, svg string, scale float64) {
	e.ask("png %s %d bytes ×%v", name, len(svg), scale)
}
func (e *effects) ShowReport(exports string) {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	e.shown = exports
	e.pushed = append(e.pushed, fmt.Sprintf("%d B at %v", len(exports), time.Since(e.since).Round(time.Millisecond)))
}

// effectsAsked is what was asked so far.
func (e *effects) effectsAsked() []string {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	return append([]string(nil), e.asked...)
}

// window.oiebench's report() and exportText(format) answer from what Go
// gave the page: after every build, the report on screen in each format,
// in the order on screen, exactly as rendered from the model then; given
// again when the report or its order changes, and not otherwise. At 1× by
// default; OIEBENCH_SHOWN_SCALES=1,100 measures larger sets too (-v: the
// bytes given, when, and how long they took).
func TestShownReport(t *testing.T) {
	for _, n := range shownScales(t) {
		br := newFakeBrowser()
		br.worker = newScorer().serve
		br.since = time.Now()
		renders := make(chan bool, 64)
		a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, renders), br)
		go func() { // what the page's render loop does after each build
			for range renders {
				a.env.RLock()
				a.showReport()
				a.env.RUnlock()
			}
		}()
		go a.start()
		a.waitUntil(t, "CaRB and the analyses", func(m *ui.Model) bool {
			return !m.Analyses.CaRBPending && m.Analyses.Report != nil && m.Analyses.Intervals != nil
		})
		a.settle(t)
		if n > 1 {
			var picked []pickedFile
			dir := filepath.Join(t.TempDir(), strconv.Itoa(n))
			if _, err := scaledata.Write(dir, n, 1); err != nil {
				t.Fatal(err)
			}
			for _, name := range append([]string{"gold"}, scaledata.Systems...) {
				b, err := os.ReadFile(filepath.Join(dir, name+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				picked = append(picked, pickedFile{Name: name + ".txt", Data: b})
			}
			br.effectsMu.Lock()
			br.since, br.pushed = time.Now(), nil
			br.effectsMu.Unlock()
			a.addPicked(picked, evaluate.KindAuto, false)
			a.settleWithin(t, time.Duration(n)*6*time.Second)
			a.mustNotHaveStopped(t)
		}
		br.effectsMu.Lock()
		t.Logf("%d×: given from the start (or the files' pick): %q", n, br.pushed)
		br.effectsMu.Unlock()
		given := func() (map[string]string, int) {
			t.Helper()
			a.env.Lock()
			defer a.env.UnlockOnly()
			start := time.Now()
			br.effectsMu.Lock()
			before := len(br.pushed)
			br.effectsMu.Unlock()
			a.api = shownAPI{} // given anew, to be timed
			a.showReport()
			took := time.Since(start)
			br.effectsMu.Lock()
			shown, pushes := br.shown, len(br.pushed)
			br.effectsMu.Unlock()
			a.showReport() // nothing changed: nothing given
			br.effectsMu.Lock()
			if len(br.pushed) != pushes || pushes != before+1 {
				t.Errorf("%d×: given %d times, then %d more though nothing changed", n, pushes-before, len(br.pushed)-pushes)
			}
			br.effectsMu.Unlock()
			var out map[string]string
			if err := json.Unmarshal([]byte(shown), &out); err != nil {
				t.Fatalf("%d×: the page was given %.80q: %v", n, shown, err)
			}
			for _, f := range report.Formats {
				r := report.Reorder(a.m.Eval.Report, report.Order(a.m.Eval.Report, a.m.Prefs.Sort, a.m.Prefs.SortDesc))
				want, err := r.Render(f)
				if err != nil || out[f] != string(want) {
					t.Errorf("%d×: the page's %s export (%d bytes) is not the report on screen (%d bytes, %v)", n, f, len(out[f]), len(want), err)
				}
			}
			if len(out) != len(report.Formats) {
				t.Errorf("%d×: the page was given %d formats, want %d", n, len(out), len(report.Formats))
			}
			t.Logf("%d×: %d bytes given (JSON %d), rendered in %v", n, len(shown), len(out["json"]), took.Round(time.Microsecond))
			return out, pushes
		}
		first, pushes := given()
		a.handle(func() { a.m.Prefs.Sort, a.m.Prefs.SortDesc = report.SortKey{Facet: "regular", Metric: "f1"}, true })
		for i := 0; ; i++ { // the build after the sort gives it
			br.effectsMu.Lock()
			after := len(br.pushed)
			br.effectsMu.Unlock()
			if after > pushes {
				break
			}
			if i == 500 {
				t.Fatalf("%d×: nothing given in 5 s after a sort", n)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if again, _ := given(); again["csv"] == first["csv"] {
			t.Errorf("%d×: the CSV given is in the same order after a sort by F1", n)
		}
	}
}

// shownScales are the scales TestShownReport measures
// (OIEBENCH_SHOWN_SCALES, default 1).
func shownScales(t *testing.T) []int {
	v := os.Getenv("OIEBENCH_SHOWN_SCALES")
	if v == "" {
		return []int{1}
	}
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			t.Fatalf("OIEBENCH_SHOWN_SCALES=%q: want scales such as 1,100", v)
		}
		out = append(out, n)
	}
	return out
}
