//go:build js && wasm

// Command app is the page's browser entry: it mounts the Vugu UI on #app,
// reads the files a user drops, keeps them in the browser's storage, scores
// them with the core and offers window.oiebench to scripts.
package main

import (
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/ui"
	"github.com/oiebench/oiebench/wasm/app/dom"
	"github.com/vugu/vugu"
)

func main() {
	if inScorerWorker() { // the page's scorer Worker (scorer_js.go)
		serveScorer()
		return
	}
	// Go's runtime and the packages' initialisers have run (30 ms at 1×,
	// 140 ms at 4× CPU): the browser runs before main's own work, a task
	// of its own (docs/page-responsiveness.md, The loading tasks, split).
	yieldTask()
	browserRan()
	var br browser = jsBrowser{}
	if inEvaluatorWorker() {
		wb, err := newWorkerBrowser()
		if err != nil {
			panic(err)
		}
		br = wb
	}
	renderer, err := dom.New("#app") // sends each render's changes only
	if err != nil {
		panic(err)
	}
	env := renderer.EventEnv()
	buildEnv, err := vugu.NewBuildEnv(env)
	if err != nil {
		panic(err)
	}
	if embedded(exercise.AssetPath) { // a page made by oiebench exercise
		runExercise(renderer, env, buildEnv)
		return
	}
	a := newApp(env, br)
	root := &ui.Root{M: a.m}
	registerAPI(a)
	// Input that arrives while the first screen is held (clicks, keys,
	// files picked or dropped) is queued by dist/loader.js and replayed once
	// the live page is rendered.
	go a.start()
	wanted, input := renderWanted(renderer)
	takeover := a.first.want.Digest != ""
	// replayed: the loader has just replayed the input made on the first
	// screen, after the takeover's paint, in a task of its own, the page's
	// other work held until then (awaitReplay); the render its handlers
	// asked for is done at once, in the replay's task.
	replayed := false
	for {
		if !replayed {
			if _, open := <-wanted; !open {
				return // the page is gone
			}
			letBrowserRun(input)
		}
		env.RLock() // the model is read while building
		if a.holding() {
			env.RUnlock()
			continue // the shell's first screen stays until the page's own matches it (firstscreen.go)
		}
		if takeover {
			a.br.Mark("oiebench-takeover") // its tasks run from here to the loader's oiebench-live (e2e TestTakeoverTasks)
		}
		if takeover && a.m.Eval != nil && root.View() == ui.ViewScores {
			// The takeover's first build in two turns, each shorter than a
			// long task: the score table (most of the Scores view), which
			// the model keeps, then the page, which returns it (nothing is
			// built yet that this build's cache could drop).
			buildEnv.RunBuild(&ui.ScoreTable{M: a.m})
			env.RUnlock()
			yieldTask()
			env.RLock()
		}
		select {
		case <-wanted: // asked for before this build, which shows it
		default:
		}
		results := buildEnv.RunBuild(root)
		a.showReport()     // window.oiebench's values, before the page shows them (shown.go)
		a.showStudioKeys() // the studio's shortcuts, likewise (studio_keys.go)
		env.RUnlock()
		tookOver := takeover
		var beforeDOM func()
		if takeover {
			// The takeover's build, its render and the loader's replay would
			// make one long task: the browser runs between the build and
			// Go's diff, and between the diff and the script's adoption of
			// the first screen (no listener of the page exists yet to run
			// meanwhile).
			takeover = false
			yieldTask()
			beforeDOM = yieldTask
		}
		if err := renderer.Render(results, beforeDOM); err != nil {
			panic(err)
		}
		root.AfterRender()
		if a.first.due.Load() {
			go a.checkFirst()
		}
		if replayed {
			replayed = false
			endHold()
		}
		if tookOver {
			replayed = awaitReplay()
		}
	}
}

// renderWanted turns the renderer's requests into at most one waiting
// render (wanted): Vugu queues one per request (up to 64), and each would
// build and render the whole page again, though the first one shows them
// all. The first render is asked for at once; wanted closes when the page
// goes. input is told of a request made while a person's input (not the
// loader's replay) is handled: letBrowserRun then stops waiting.
func renderWanted(renderer *dom.Renderer) (wanted, input <-chan struct{}) {
	w, in := make(chan struct{}, 1), make(chan struct{}, 1)
	w <- struct{}{}
	go func() {
		for renderer.EventWait() {
			if handlingInput() && !earlyFlag("replaying") { // not the loader's replay
				select {
				case in <- struct{}{}:
				default:
				}
			}
			select {
			case w <- struct{}{}:
			default: // one is waiting already
			}
		}
		close(w)
	}()
	return w, in
}

// runExercise shows the exercise the page embeds instead of the benchmarks;
// it runs on the page's thread (its evaluator is embedded: loader.js).
func runExercise(renderer *dom.Renderer, env vugu.EventEnv, buildEnv *vugu.BuildEnv) {
	root := &ui.ExerciseView{}
	go func() {
		x, err := openExercise(env, jsBrowser{})
		env.Lock()
		if err != nil {
			root.Err = "This exercise could not be opened: " + err.Error()
		}
		root.X = x
		env.UnlockRender()
	}()
	for ok := true; ok; ok = renderer.EventWait() {
		env.RLock()
		results := buildEnv.RunBuild(root)
		env.RUnlock()
		if err := renderer.Render(results, nil); err != nil {
			panic(err)
		}
	}
}
