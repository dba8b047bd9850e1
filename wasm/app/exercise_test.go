//go:build !(js && wasm)

// Native only: these tests read the made files with singlefile.Embedded,
// which WebAssembly builds leave out (as they leave out Go's gzip).

package main

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/dist"
	"github.com/oiebench/oiebench/dist/singlefile"
	"github.com/oiebench/oiebench/internal/hostile"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// siteBrowser serves the binary's embedded site (the evaluator included)
// and keeps what it downloads.
type siteBrowser struct {
	*fakeBrowser
	mu    sync.Mutex
	got   map[string]string
	texts map[string]string
}

func (b *siteBrowser) Asset(path string) ([]byte, error) { return dist.ReadSite(path) }
func (b *siteBrowser) Download(name, mime, text string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.got[name] = text
}
func (b *siteBrowser) download(name string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, ok := b.got[name]
	return s, ok
}
func (b *siteBrowser) LoadText(key string) (string, bool) { s, ok := b.texts[key]; return s, ok }
func (b *siteBrowser) SaveText(key, value string) error {
	b.texts[key] = value
	return nil
}
func (b *siteBrowser) ReadFiles(js.Value) []pickedFile { return nil }

// The page makes the exercise file of the gold on screen, as the command
// line does, and that file opens on the exercise with the student's work
// kept under the exercise's id.
func TestMakeExerciseFromThePage(t *testing.T) {
	br := &siteBrowser{fakeBrowser: newFakeBrowser(), got: map[string]string{}, texts: map[string]string{}}
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	go a.start()
	a.settle(t)
	for list, want := range map[string]string{"3-1": "goes backwards", "2,999": `sentence "999" is not in the gold`} {
		a.handle(func() { a.MakeExercise(list, "", false) })
		if !a.m.Make.Failed || !strings.Contains(a.m.Make.Note, want) {
			t.Errorf("%q: note %q", list, a.m.Make.Note)
		}
	}
	a.handle(func() { a.MakeExercise("2-3", "Week 3", false) })
	var page string
	for deadline := time.Now().Add(hostile.Slowdown * 60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var ok bool
		if page, ok = br.download("exercise.html"); ok {
			break
		}
	}
	a.env.RLock()
	note := a.m.Make.Note
	a.env.RUnlock()
	if page == "" || !strings.Contains(note, "2 sentences") {
		t.Fatalf("no exercise downloaded (%q)", note)
	}
	if !strings.Contains(page, "<title>Week 3</title>") || !strings.Contains(page, `data-asset="app.wasm"`) || strings.Contains(page, `data-asset="data/`) {
		t.Error("the exercise page lacks its title or evaluator, or embeds benchmark data")
	}
	spec := embeddedFile(t, page, exercise.AssetPath)
	br.texts = map[string]string{}
	eb := &embeddedBrowser{siteBrowser: br, spec: spec}
	x, err := openExercise(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), eb)
	if err != nil {
		t.Fatal(err)
	}
	if x.Spec.Title != "Week 3" || len(x.Spec.Sentences) != 2 || x.Spec.Sentences[0].ID != "2" || x.Spec.ShowGold {
		t.Fatalf("spec %+v", x.Spec)
	}
	x.SetSlot(0, 0, "Graner")
	x.SetSlot(0, 1, "handcuffed")
	x.SetSlot(0, 2, "him")
	x.Add(0)
	key := "oiebench.exercise." + x.Spec.ID
	if !strings.Contains(br.texts[key], `"Graner"`) {
		t.Fatalf("the work is not kept under %s: %v", key, br.texts)
	}
	again, err := openExercise(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), eb)
	if err != nil || len(again.Work.Extractions) != 1 || again.Feedback.Score.TP != 1 {
		t.Errorf("reopened: %v, %+v", err, again.Work)
	}
}

// embeddedBrowser is the exercise page: its exercise embedded.
type embeddedBrowser struct {
	*siteBrowser
	spec []byte
}

func (b *embeddedBrowser) Asset(path string) ([]byte, error) {
	if path == exercise.AssetPath {
		return b.spec, nil
	}
	return b.siteBrowser.Asset(path)
}

// embeddedFile decodes a file a single-file page embeds.
func embeddedFile(t *testing.T, page, path string) []byte {
	t.Helper()
	b, err := singlefile.Embedded([]byte(page), path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
