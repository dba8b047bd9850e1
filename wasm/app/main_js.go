//go:build js && wasm

// Command app is the page's browser entry: it mounts the Vugu UI on #app,
// reads the files a user drops, keeps them in the browser's storage, scores
// them with the core and offers window.oiebench to scripts.
package main

import (
	"sync"

	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
	"github.com/vugu/vugu/js"
)

func main() {
	renderer, err := domrender.New("#app")
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
	a := newApp(env, jsBrowser{})
	root := &ui.Root{M: a.m}
	registerAPI(a)
	// While the first screen is held, files dropped on it are kept, and
	// taken as the page's drop zone takes them once the page has started
	// (after, the drop zone's own handler takes them).
	var dropMu sync.Mutex
	var dropped []js.Value
	js.Global().Get("document").Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		dt := args[0].Get("dataTransfer")
		if !a.holding() || !dt.Truthy() {
			return nil
		}
		if files := dt.Get("files"); files.Truthy() && files.Length() > 0 {
			dropMu.Lock()
			// A drop's DataTransfer empties once the handler returns: keep the Files.
			dropped = append(dropped, js.Global().Get("Array").Call("from", files))
			dropMu.Unlock()
		}
		return nil
	}))
	go func() {
		<-a.first.started
		dropMu.Lock()
		early := dropped
		dropped = nil
		dropMu.Unlock()
		for _, files := range early {
			env.Lock()
			a.AddFiles(files, false)
			env.UnlockRender()
		}
	}()
	go a.start()
	for ok := true; ok; ok = renderer.EventWait() {
		if a.holding() {
			continue // the shell's first screen stays until the first table (firstscreen.go)
		}
		env.RLock() // the model is read while building
		results := buildEnv.RunBuild(root)
		env.RUnlock()
		if err := renderer.Render(results); err != nil {
			panic(err)
		}
		root.AfterRender()
		if a.first.due.Load() {
			go a.checkFirst()
		}
	}
}

// runExercise shows the exercise the page embeds instead of the benchmarks.
func runExercise(renderer *domrender.JSRenderer, env vugu.EventEnv, buildEnv *vugu.BuildEnv) {
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
		if err := renderer.Render(results); err != nil {
			panic(err)
		}
	}
}
