package main

import (
	"cmp"
	"path"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
)

// app owns the page's state and implements ui.App. Its state is guarded by
// the EventEnv lock, which event handlers (and so the ui.App methods) already
// hold; goroutines take it themselves, and never hold it while they wait for
// the browser.
type app struct {
	env vugu.EventEnv
	br  browser
	m   *ui.Model
	// wake asks the scoring loop for a new evaluation; one pending request
	// stands for any number. requested counts the requests, scored the
	// requests answered (for waiting in tests).
	wake              chan struct{}
	requested, scored atomic.Int64

	// guarded by the EventEnv lock:
	source  string
	options ui.Options
	readAs  evaluate.Kind
	files   []*userFile // every source's, oldest first
	bundles map[string]*bundle
	custom  *evaluate.Workspace // the user's gold, or nil
	stored  bool                // the browser's storage works
	// pending mirrors savedState.Pending; held are stored files left
	// unopened because the last start stopped on them (see start)
	pending bool
	held    []storedFile
	nextID  int
	shown   *evaluate.Workspace // the workspace of the evaluation on screen
	api     shownAPI            // what window.oiebench was given last (shown.go)
	// carbHeld is a dropped CaRB gold held back until the user answers
	// Model.CaRBAsk; carbAnswer is the answer while it is added.
	carbHeld   *heldCaRBGold
	carbAnswer ui.CaRBAnswer
	// counting holds the golds whose statistics are being counted (counting.go)
	counting map[*evaluate.Gold]bool

	fetchMu sync.Mutex
	fetches map[string]*fetch
	loads   map[string]*bundleLoad

	first firstState // the shell's first screen (firstscreen.go)
	st    *studio    // the annotation studio (studio.go)
	x     extras     // the work after the table: CaRB, analyses, tests (analyses.go)
}

func newApp(env vugu.EventEnv, br browser) *app {
	a := &app{
		env: env, br: br, wake: make(chan struct{}, 1),
		source: benchmarks.BenchIE[0].Key, options: defaultOptions(),
		bundles: map[string]*bundle{}, fetches: map[string]*fetch{}, loads: map[string]*bundleLoad{},
	}
	a.m = &ui.Model{App: a}
	a.initFirst(br.FirstScreen())
	a.initStudio()
	return a
}

// start restores the saved state and files and scores; call it in a goroutine.
func (a *app) start() {
	// The browser runs between Go's start (its runtime, the packages'
	// initialisers and main: 35 ms at 1×, 180 ms at 4× CPU) and this
	// one's (the fetches, the stores asked, the stored files read): one
	// task of both was 93 ms at 1× (docs/page-responsiveness.md, The
	// loading tasks, split).
	a.br.Yield()
	browserRan()
	a.br.Mark("oiebench-main")
	st, ok := a.br.LoadState()
	if d, bundled := benchmarks.DatasetByKey(st.Source); bundled || !ok {
		if !ok {
			d = benchmarks.BenchIE[0]
		}
		a.loading(d.Key) // fetch and read while the stored files are read
	}
	// The two stores are asked at once: a storage that does not answer
	// costs its timeout once, not twice.
	type loaded struct {
		works []storedWork
		err   error
	}
	studio := make(chan loaded, 1)
	go func() {
		works, err := a.loadStudio()
		studio <- loaded{works, err}
	}()
	stored, err := a.br.LoadFiles()
	if !ok && len(stored) == 0 {
		holdCollector(startHold) // a fresh visitor's, until the page settles (collector.go)
	}
	ws := <-studio
	works, worksErr := ws.works, ws.err
	if ok || len(stored) > 0 || len(works) > 0 {
		a.release() // a returning visitor: the first screen is not theirs
	}
	// sort.SliceStable (IDs are unique, so any sort gives this order): one
	// sorting code for every element type keeps the evaluator small
	// (docs/architecture.md).
	sort.SliceStable(stored, func(i, j int) bool {
		x, y := &stored[i], &stored[j]
		return cmp.Or(cmp.Compare(x.Added, y.Added), cmp.Compare(x.ID, y.ID)) < 0
	})
	// A start that stopped while reading or scoring the stored files left
	// Pending set: this one starts clean and asks (a file that takes the
	// evaluator down would otherwise do so on every reload).
	var held []storedFile
	if ok && st.Pending && len(stored) > 0 {
		held, stored = stored, nil
	} else if len(stored) > 0 {
		mark := st
		mark.Pending = true
		a.br.SaveState(mark)
	}
	restored, problems := a.open(stored)
	a.env.Lock()
	a.pending = len(stored) > 0 || len(held) > 0
	a.held = held
	if len(held) > 0 {
		a.m.Recovery = recoveryOf(held)
	}
	a.stored = err == nil
	if !a.stored {
		a.m.Notice = "This browser keeps no files for this page (" + err.Error() + "): files you add are gone after a reload."
	}
	if ok {
		a.options, a.readAs, a.m.Prefs = st.Options.Valid(), st.ReadAs, st.Prefs
		if st.Source != "" {
			a.source = st.Source
		}
	}
	a.files = restored
	a.m.Problems = problems
	a.br.Mark("oiebench-restored")
	a.restoreStudio(works, worksErr)
	for _, f := range restored {
		if f.Role == ui.RoleGold {
			a.custom = evaluate.NewWorkspace(f.loaded.Gold)
		}
	}
	a.followLink()
	if !a.hasSource(a.source) {
		a.source = benchmarks.BenchIE[0].Key
	}
	a.syncModel()
	a.br.SetLink(ui.LinkOf(goldName(a.source), a.m.Prefs).Fragment())
	a.env.UnlockRender()
	a.rescore()
	go a.scoreLoop()
}

// open reads stored files; those that do not read are problems.
func (a *app) open(stored []storedFile) (restored []*userFile, problems []ui.Problem) {
	for _, f := range stored {
		l, err := evaluate.Load(evaluate.Input{Path: f.Name, Data: f.Data, Pause: a.pause(nil), Shared: true}, f.Kind, false)
		if err != nil { // read once; a newer reader may be stricter
			problems = append(problems, problemFor(f.Name, f.Data, err, "It stays stored; remove it or add a corrected file."))
			continue
		}
		restored = append(restored, &userFile{storedFile: f, loaded: l})
	}
	return restored, problems
}

func recoveryOf(held []storedFile) *ui.Recovery {
	r := &ui.Recovery{}
	for _, f := range held {
		r.Files = append(r.Files, f.Name)
	}
	return r
}

// settled is called under the lock once an evaluation is on screen with
// its statistics: the stored files read and scored, Pending is cleared.
func (a *app) settled() {
	if a.pending && a.held == nil && len(a.wake) == 0 {
		a.pending = false
		a.saveState()
	}
}

// RetryStored implements ui.App: the held files are opened after all.
// Pending stays set until they are scored, so a file that stops the
// evaluator again is held again at the next start.
func (a *app) RetryStored() {
	held := a.held
	if held == nil {
		return
	}
	a.held, a.m.Recovery = nil, nil
	a.m.Progress = &ui.Progress{Label: "Opening your stored files…"}
	go func() {
		restored, problems := a.open(held)
		a.env.Lock()
		a.files = append(restored, a.files...)
		a.m.Problems = append(problems, a.m.Problems...)
		for _, f := range restored {
			if f.Role == ui.RoleGold {
				a.custom = evaluate.NewWorkspace(f.loaded.Gold)
			}
		}
		a.m.Progress = nil
		a.syncModel()
		a.env.UnlockRender()
		a.requestScore()
	}()
}

// DiscardStored implements ui.App: the held files are deleted from the
// browser's storage, unopened. The notice goes once they are: a reload
// after it had gone while they were still stored brought them back.
func (a *app) DiscardStored() {
	held := a.held
	if held == nil {
		return
	}
	a.held = nil
	a.pending = false
	a.saveState()
	ids := make([]string, len(held))
	for i, f := range held {
		ids[i] = f.ID
	}
	go func() {
		a.persist(nil, ids)
		a.env.Lock()
		a.m.Recovery = nil
		a.env.UnlockRender()
	}()
}

// hasSource reports whether the switch offers a source.
func (a *app) hasSource(key string) bool {
	if key == ui.CustomSource {
		return a.custom != nil
	}
	if a.workOf(key) != nil {
		return true
	}
	_, ok := benchmarks.DatasetByKey(key)
	return ok
}

// syncModel copies the app state the page shows into the model.
func (a *app) syncModel() {
	m := a.m
	m.Sources = m.Sources[:0]
	for _, d := range benchmarks.OnPage() {
		title := "BenchIE " + d.Label + " gold (" + path.Base(d.Gold) + ")"
		if d.FL() {
			title = d.Label + " gold (" + path.Base(d.Gold) + "), scored with BenchIE^FL beside BenchIE"
		}
		m.Sources = append(m.Sources, ui.Source{Key: d.Key, Label: d.Label, Title: title})
	}
	if g := a.customGold(); g != nil {
		m.Sources = append(m.Sources, ui.Source{Key: ui.CustomSource, Label: "Your gold", Title: g.Name})
	}
	m.Sources = append(m.Sources, a.workSources()...)
	m.Source, m.Options, m.ReadAs = a.source, a.options, a.readAs
	m.Files, m.Elsewhere = m.Files[:0], nil
	for _, f := range a.files {
		if f.Source != carbOwnSource && !a.scoredOn(f, a.source) {
			a.elsewhere(f)
			continue
		}
		e := ui.FileEntry{ID: f.ID, Name: f.Name, Size: len(f.Data), Role: f.Role, Kind: f.loaded.Kind}
		if f.loaded.System != nil {
			e.System = f.loaded.System.Name
		}
		m.Files = append(m.Files, e)
	}
}

// customGold is the user's gold file, or nil.
func (a *app) customGold() *userFile {
	for _, f := range a.files {
		if f.Role == ui.RoleGold {
			return f
		}
	}
	return nil
}

// SwitchSource implements ui.App.
func (a *app) SwitchSource(key string) {
	if key == a.source || !a.hasSource(key) {
		return
	}
	a.source = key
	a.m.SetEvaluation(nil)
	a.m.Fatal, a.m.FirstScreenDiffers = "", ""
	a.syncModel()
	a.saveState()
	a.requestScore()
}

// SetOptions implements ui.App.
func (a *app) SetOptions(o ui.Options) {
	a.options = o.Valid()
	a.syncModel()
	a.saveState()
	a.requestScore()
}

// SetReadAs implements ui.App.
func (a *app) SetReadAs(k evaluate.Kind) {
	a.readAs = k
	a.syncModel()
	a.saveState()
}

// SavePrefs implements ui.App. A view change may call for work after the
// table (the Compare view's test, the charts of another facet).
func (a *app) SavePrefs() {
	a.saveState()
	a.wakeExtras()
}

// Later implements ui.App.
func (a *app) Later(f func()) { later(a.env, a.br.Yield, f) }

// later runs f under env's lock once the browser has had a turn (yield),
// then renders: the main page's Later and the exercise's.
func later(env vugu.EventEnv, yield, f func()) {
	go func() { // yield from a goroutine that holds no lock
		yield()
		browserRan()
		env.Lock()
		f()
		env.UnlockRender()
	}()
}

func (a *app) saveState() {
	a.br.SaveState(savedState{Source: a.source, Options: a.options, ReadAs: a.readAs, Prefs: a.m.Prefs, Pending: a.pending})
	a.br.SetLink(ui.LinkOf(goldName(a.source), a.m.Prefs).Fragment())
}

// goldName is how a link names a source: a data set's catalogue name
// (benchie-fl:en), else the switch's key; sourceKey reads it back.
func goldName(source string) string {
	if d, ok := benchmarks.DatasetByKey(source); ok {
		return d.Name
	}
	return source
}

func sourceKey(gold string) string {
	for _, d := range benchmarks.OnPage() {
		if d.Name == gold {
			return d.Key
		}
	}
	return gold
}

// followLink applies the address's link (ui.Link) over the stored state:
// a link opens where it points.
func (a *app) followLink() {
	l := ui.ParseLink(a.br.Link())
	if l.Gold != "" && a.hasSource(sourceKey(l.Gold)) {
		a.source = sourceKey(l.Gold)
	}
	l.Apply(&a.m.Prefs)
}

// Download implements ui.App.
func (a *app) Download(name, mime, text string) { a.br.Download(name, mime, text) }

// Copy implements ui.App.
func (a *app) Copy(text string) { a.br.Copy(text) }

func (a *app) Mark(name string) { a.br.Mark(name) }
