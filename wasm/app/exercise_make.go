package main

import (
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/dist/singlefile"
	"github.com/oiebench/oiebench/ui"
)

// MakeExercise implements ui.App: the exercise file of the gold on screen,
// assembled from the page's own files as `oiebench exercise` assembles it
// from the binary's, and downloaded.
func (a *app) MakeExercise(list, title string, showGold bool) {
	f := &a.m.Make
	fail := func(msg string) { f.Note, f.Failed = msg, true }
	if a.shown == nil || a.shown.Gold == nil {
		fail("Wait for the scores: the exercise is made from the gold on screen.")
		return
	}
	sp, err := exercise.New(a.shown.Gold.Gold, list, title, showGold)
	if err != nil {
		fail(err.Error() + ".")
		return
	}
	spec, err := sp.MarshalJSON()
	if err != nil {
		fail(err.Error())
		return
	}
	f.Note, f.Failed = "Making the exercise file…", false
	go func() {
		page, err := singlefile.BundleWith(a.br.Asset, []singlefile.Asset{{Path: "app.wasm"}, {Path: exercise.AssetPath, Data: spec}}, sp.Title, a.br.Gzip)
		if err == nil {
			a.br.Download("exercise.html", "text/html", string(page))
		}
		a.env.Lock()
		if err != nil {
			fail("The exercise file could not be made: " + err.Error())
		} else {
			f.Note, f.Failed = "Downloaded exercise.html: "+ui.Count(len(sp.Sentences), "sentence")+", exercise "+sp.ID[:12]+".", false
		}
		a.env.UnlockRender()
	}()
}
