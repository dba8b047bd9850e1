package main

import (
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// exerciseBrowser is what an exercise page needs from the browser (the
// page made by `oiebench exercise`, core/exercise).
type exerciseBrowser interface {
	Asset(path string) ([]byte, error)
	ReadFiles(files js.Value) []pickedFile
	Download(name, mime, text string)
	// LoadText and SaveText keep a string in the browser (localStorage);
	// SaveText says why it could not (a full quota, blocked storage).
	LoadText(key string) (string, bool)
	SaveText(key, value string) error
	// Yield lets the browser handle events before work goes on.
	Yield()
}

// exerciseApp implements ui.ExerciseApp.
type exerciseApp struct {
	env vugu.EventEnv
	br  exerciseBrowser
	key string // where the student's work is kept: one key per exercise
	x   *ui.Exercise
}

// openExercise reads the exercise embedded in the page and the student's
// saved work; call it in a goroutine (it waits for the browser).
func openExercise(env vugu.EventEnv, br exerciseBrowser) (*ui.Exercise, error) {
	data, err := br.Asset(exercise.AssetPath)
	if err != nil {
		return nil, err
	}
	sp, err := exercise.Parse(exercise.AssetPath, data)
	if err != nil {
		return nil, err
	}
	gold, err := sp.ReadGold()
	if err != nil {
		return nil, err
	}
	a := &exerciseApp{env: env, br: br, key: "oiebench.exercise." + sp.ID}
	saved, _ := br.LoadText(a.key)
	a.x = ui.NewExercise(a, sp, gold, saved)
	return a.x, nil
}

func (a *exerciseApp) SaveExercise(work string) error   { return a.br.SaveText(a.key, work) }
func (a *exerciseApp) Download(name, mime, text string) { a.br.Download(name, mime, text) }

// Later implements ui.ExerciseApp.
func (a *exerciseApp) Later(f func()) { later(a.env, a.br.Yield, f) }

// ReadSubmissions implements ui.ExerciseApp: files are read in the
// background, read as submissions and scored without the lock, pausing
// for the browser, then shown under it.
func (a *exerciseApp) ReadSubmissions(files js.Value) {
	go func() {
		picked := a.br.ReadFiles(files)
		out := make([]ui.PickedFile, len(picked))
		for i, f := range picked {
			out[i] = ui.PickedFile{Name: f.Name, Data: f.Data, Err: f.Err}
		}
		for { // read and scored without the lock, the browser let run between
			a.env.Lock()
			b := a.x.Batch(out)
			a.env.UnlockOnly()
			b.Read(pacer(a.br.Yield))
			a.env.Lock()
			if a.x.ShowBatch(b) {
				a.env.UnlockRender()
				return
			}
			a.env.UnlockOnly() // the table changed meanwhile: read again beside it
		}
	}()
}
