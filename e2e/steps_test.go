//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A step's tasks, measured so that the machine's load does not inflate
// them (docs/page-responsiveness.md, "A step's longest task, in CPU
// time"): Chromium's trace gives each task of the page's main thread
// (RunTask, category disabled-by-default-devtools.timeline) its wall-clock
// length (dur) and the time the thread was on a CPU during it (tdur). On
// an idle machine the two agree; on a loaded one the wall-clock length
// grows by the time the thread waited for a core, which is the machine's,
// not the page's. Every task of the page's main thread in the step counts,
// whatever ran in it: Go's collector marking there is a freeze the user
// sees.

// stepTask is one task of the page's main thread.
type stepTask struct {
	Start float64 // ms on the page's clock (performance.now())
	Wall  float64 // its wall-clock length, ms
	CPU   float64 // the thread's CPU time during it, ms
	Parts taskParts
}

// taskParts is the CPU time, in ms, of what ran in a task, by the trace's
// kinds: script (FunctionCall, EvaluateScript, a microtask's run, V8's
// collector), style (UpdateLayoutTree), layout (Layout) and the rest of a
// frame (PrePaint, Paint, Layerize and the like). A layout forced by a
// script counts in both. LaidOut is how many layout objects the task's
// layouts had to lay out (the trace's dirtyObjects), what a layout's time
// grows with.
type taskParts struct {
	Script, Style, Layout, Frame float64
	LaidOut                      int
}

// partKinds sorts the trace's events into taskParts' kinds.
var partKinds = map[string]func(*taskParts) *float64{
	"FunctionCall":     func(p *taskParts) *float64 { return &p.Script },
	"EvaluateScript":   func(p *taskParts) *float64 { return &p.Script },
	"RunMicrotasks":    func(p *taskParts) *float64 { return &p.Script },
	"MajorGC":          func(p *taskParts) *float64 { return &p.Script },
	"MinorGC":          func(p *taskParts) *float64 { return &p.Script },
	"UpdateLayoutTree": func(p *taskParts) *float64 { return &p.Style },
	"Layout":           func(p *taskParts) *float64 { return &p.Layout },
	"PrePaint":         func(p *taskParts) *float64 { return &p.Frame },
	"Paint":            func(p *taskParts) *float64 { return &p.Frame },
	"Layerize":         func(p *taskParts) *float64 { return &p.Frame },
	"UpdateLayer":      func(p *taskParts) *float64 { return &p.Frame },
	"PaintImage":       func(p *taskParts) *float64 { return &p.Frame },
	"Commit":           func(p *taskParts) *float64 { return &p.Frame },
	"IntersectionObserverController::computeIntersections": func(p *taskParts) *float64 { return &p.Frame },
}

func (p taskParts) String() string {
	return fmt.Sprintf("script %.1f, style %.1f, layout %.1f (%d objects), frame %.1f ms", p.Script, p.Style, p.Layout, p.LaidOut, p.Frame)
}

// traceCategories are what the trace records: the tasks and what ran in
// them (taskParts), and the page's marks, which name its main thread and put the trace's clock on the
// page's.
var traceCategories = []string{"disabled-by-default-devtools.timeline", "devtools.timeline", "blink.user_timing"}

// settled resolves 250 ms after the second frame painted once the step
// is ready: the tasks a step leaves behind it (the rest of a list mounted
// in later turns, a collection its garbage started) belong to the step.
// (Not requestIdleCallback: a page that paces work in short tasks may
// leave no idle period for a minute.)
const settled = `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true), 250))))`

// traceStep traces the page while act runs, ready comes to hold and the
// page settles, and returns the step's tasks of the page's main thread
// (those that ended after the step began), in the order they ran.
func traceStep(p *page, what string, act func(), ready string) []stepTask {
	p.t.Helper()
	var (
		mu       sync.Mutex
		events   []json.RawMessage
		complete = make(chan struct{})
	)
	listen, stop := context.WithCancel(p.ctx)
	defer stop()
	if err := chromedp.Listen(listen, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				events = append(events, json.RawMessage(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(complete)
		}
	}); err != nil {
		p.t.Fatal(err)
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
		})
		return err
	}))
	begin := eval[float64](p, `performance.mark('oiebench-step-begin').startTime`)
	act()
	p.waitFor(what, ready)
	eval[bool](p, settled)
	eval[float64](p, `performance.mark('oiebench-step-end').startTime`)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	select {
	case <-complete:
	case <-time.After(time.Minute):
		p.t.Fatalf("%s: the trace did not end within a minute", what)
	}
	mu.Lock()
	defer mu.Unlock()
	tasks, err := mainThreadTasks(events, begin)
	if err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
	return tasks
}

// traceEvent is the part of a trace event the step reads (Chromium's
// trace event format; times in µs).
type traceEvent struct {
	Name string  `json:"name"`
	Cat  string  `json:"cat"`
	Ph   string  `json:"ph"`
	Pid  int64   `json:"pid"`
	Tid  int64   `json:"tid"`
	Ts   float64 `json:"ts"`
	Dur  float64 `json:"dur"`
	TDur float64 `json:"tdur"`
	Args struct {
		BeginData struct {
			DirtyObjects int `json:"dirtyObjects"`
		} `json:"beginData"`
	} `json:"args"`
}

// mainThreadTasks finds, in a step's trace, the thread that made the mark
// oiebench-step-begin (the page's main thread) and returns its outermost
// tasks that ended after the mark and began before oiebench-step-end,
// placed on the page's clock by the mark, whose time there was begin.
func mainThreadTasks(raw []json.RawMessage, begin float64) ([]stepTask, error) {
	var runs, parts []traceEvent
	var first, last *traceEvent
	for _, r := range raw {
		var e traceEvent
		if err := json.Unmarshal(r, &e); err != nil {
			return nil, fmt.Errorf("a trace event: %v", err)
		}
		switch {
		case e.Name == "RunTask" && e.Ph == "X":
			runs = append(runs, e)
		case e.Ph == "X" && partKinds[e.Name] != nil:
			parts = append(parts, e)
		case e.Cat == "blink.user_timing" && e.Name == "oiebench-step-begin" && first == nil:
			first = &e
		case e.Cat == "blink.user_timing" && e.Name == "oiebench-step-end" && last == nil:
			last = &e
		}
	}
	if first == nil || last == nil {
		return nil, fmt.Errorf("the trace of %d events lacks the step's marks", len(raw))
	}
	byStart := func(a, b traceEvent) int {
		switch {
		case a.Ts < b.Ts:
			return -1
		case a.Ts > b.Ts:
			return 1
		}
		return 0
	}
	slices.SortFunc(runs, byStart)
	slices.SortFunc(parts, byStart)
	var out []stepTask
	end := 0.0 // of the last outermost task kept: a task inside it is a part of it
	for _, e := range runs {
		if e.Pid != first.Pid || e.Tid != first.Tid || e.Ts+e.Dur <= first.Ts || e.Ts >= last.Ts || e.Ts < end {
			continue
		}
		end = e.Ts + e.Dur
		out = append(out, stepTask{Start: begin + (e.Ts-first.Ts)/1e3, Wall: e.Dur / 1e3, CPU: e.TDur / 1e3, Parts: partsOf(parts, e)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no task of the page's main thread in a trace of %d events (%d tasks)", len(raw), len(runs))
	}
	return out, nil
}

// partsOf sums the CPU time of the events of parts that ran in task and
// are not inside another of the same kind (a FunctionCall in a
// FunctionCall).
func partsOf(parts []traceEvent, task traceEvent) taskParts {
	var p taskParts
	ends := map[*float64]float64{}
	for _, e := range parts {
		if e.Pid != task.Pid || e.Tid != task.Tid || e.Ts < task.Ts || e.Ts >= task.Ts+task.Dur {
			continue
		}
		sum := partKinds[e.Name](&p)
		if e.Ts < ends[sum] {
			continue
		}
		ends[sum] = e.Ts + e.Dur
		*sum += e.TDur / 1e3
		if e.Name == "Layout" {
			p.LaidOut += e.Args.BeginData.DirtyObjects
		}
	}
	return p
}

// longestTasks are a step's longest task by CPU time and by wall-clock
// time, and the CPU time of all its tasks.
func longestTasks(tasks []stepTask) (byCPU, byWall stepTask, cpu float64) {
	for _, t := range tasks {
		if t.CPU > byCPU.CPU {
			byCPU = t
		}
		if t.Wall > byWall.Wall {
			byWall = t
		}
		cpu += t.CPU
	}
	return byCPU, byWall, cpu
}

// The measure itself: a task that spins for 150 ms of wall-clock time and
// one that does a fixed amount of work are found in the trace with the
// length the page measured, and their CPU time is never more than their
// wall-clock time. On an idle machine the two agree; under load the
// spinning task's CPU time falls below its 150 ms (it waited for a core)
// and the fixed work's wall-clock time grows while its CPU time does not.
// The log gives both, with the machine's load.
func TestStepTaskMeasure(t *testing.T) {
	p := newPage(t)
	for _, c := range []struct{ name, work string }{
		{"150 ms spin", `const t = performance.now(); while (performance.now() - t < 150) {}`},
		{"fixed work", `let x = 0; for (let i = 0; i < 3e7; i++) x = (x * 31 + i) | 0; window.__x = x;`},
	} {
		tasks := traceStep(p, c.name, func() {
			eval[bool](p, `delete window.__took, setTimeout(() => { const from = performance.now(); `+c.work+` window.__took = performance.now() - from; }, 0), true`)
		}, `window.__took !== undefined`)
		took := eval[float64](p, `window.__took`)
		_, byWall, _ := longestTasks(tasks)
		t.Logf("%s: the page measured %.1f ms; its task in the trace: wall %.1f ms, CPU %.1f ms (load average %s)", c.name, took, byWall.Wall, byWall.CPU, loadAverage())
		if byWall.Wall < took {
			t.Errorf("%s: the longest task of the trace (%.1f ms) is shorter than the work the page measured in it (%.1f ms)", c.name, byWall.Wall, took)
		}
		if byWall.CPU <= 0 {
			t.Errorf("%s: the trace gives its task no CPU time", c.name)
		}
		for _, task := range tasks {
			if task.CPU > task.Wall+1 {
				t.Errorf("%s: a task of %.1f ms of CPU in %.1f ms of wall-clock time", c.name, task.CPU, task.Wall)
			}
		}
	}
}

// loadAverage is the machine's load average over the last minute, for the
// log: a shared machine's load is what stretches wall-clock times.
func loadAverage() string {
	load, err := os.ReadFile("/proc/loadavg")
	if fields := strings.Fields(string(load)); err == nil && len(fields) > 0 {
		return fields[0]
	}
	return "unknown"
}
