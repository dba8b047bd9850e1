//go:build js && wasm

// Command app is the page's browser entry: it mounts the Vugu UI on #app,
// reads the files a user drops, keeps them in the browser's storage, scores
// them with the core and offers window.oiebench to scripts.
package main

import (
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
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
	a := newApp(env, jsBrowser{})
	root := &ui.Root{M: a.m}
	registerAPI(a)
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
