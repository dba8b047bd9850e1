package main

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/ui"
)

// The studio's works in storage: what is stored, the store the page uses
// (IndexedDB, studio_js.go) or tests use (memStore), and the loop that saves
// every change within about a second.

// workMeta describes a stored work.
type workMeta struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Base    string `json:"base"` // the source it copies, or ""
	Lang    string `json:"lang"`
	Created int64  `json:"created"` // Unix milliseconds
	Updated int64  `json:"updated"`
}

// storedWork is a work as the store keeps it: its description and its
// annotate snapshot (the document and its recent history).
type storedWork struct {
	Meta     workMeta
	Snapshot []byte
}

// studioStore keeps works and the studio's view state in the browser. In
// the page it is IndexedDB (a database of its own, so that the files' store
// is untouched) and localStorage; elsewhere, memory.
type studioStore interface {
	LoadWorks() ([]storedWork, error)
	PutWork(w storedWork) error
	DeleteWork(id string) error
	LoadPrefs() (ui.StudioPrefs, bool)
	SavePrefs(p ui.StudioPrefs)
}

// SaveStudioPrefs implements ui.StudioApp.
func (a *app) SaveStudioPrefs() { a.st.store.SavePrefs(a.m.Studio.Prefs) }

// saveLoop stores changed works, for the page's life: a snapshot is taken
// under the lock (it reads the document), stored without it.
func (a *app) saveLoop() {
	for range a.st.wake {
		// Let the change be painted first: writing the snapshot of a large
		// gold holds the page for a moment.
		a.br.Paint()
		a.env.Lock()
		type job struct {
			w   *work
			rev int
			sw  storedWork
		}
		var jobs []job
		start := time.Now()
		var failed error
		for _, w := range a.st.works {
			if w.rev == w.savedRev {
				continue
			}
			snap, err := annotate.SaveSnapshot(w.ed, annotate.SnapshotOptions{})
			if err != nil {
				failed = err
				continue
			}
			jobs = append(jobs, job{w, w.rev, storedWork{Meta: w.meta, Snapshot: snap}})
		}
		if len(jobs) == 0 && failed == nil {
			a.env.UnlockOnly()
			continue
		}
		a.m.Studio.Save.Snapshot = time.Since(start).Round(time.Millisecond).String()
		a.m.Studio.Save.Saving = true
		a.env.UnlockRender()
		for _, j := range jobs {
			if err := a.st.store.PutWork(j.sw); err != nil {
				failed = err
				continue
			}
			a.env.Lock()
			j.w.savedRev = max(j.w.savedRev, j.rev)
			a.env.UnlockOnly()
		}
		took := time.Since(start)
		a.env.Lock()
		a.m.Studio.Save.Saving = false
		a.m.Studio.Save.Err = ""
		if failed != nil {
			a.m.Studio.Save.Err = failed.Error()
		}
		a.m.Studio.Save.Took = took.Round(time.Millisecond).String()
		a.syncSaved()
		a.env.UnlockRender()
		select {
		case a.st.saved <- struct{}{}:
		default:
		}
	}
}

// memStore keeps works in memory: natively, in tests, and in a browser
// without storage (the page then says that work is not kept).
type memStore struct {
	mu    sync.Mutex
	works map[string]storedWork
	prefs *ui.StudioPrefs
	fail  error // every call fails with it (tests)
}

func newMemStore() *memStore { return &memStore{works: map[string]storedWork{}} }

func (s *memStore) LoadWorks() ([]storedWork, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return nil, s.fail
	}
	var out []storedWork
	for _, w := range s.works {
		out = append(out, storedWork{Meta: w.Meta, Snapshot: slices.Clone(w.Snapshot)})
	}
	return out, nil
}

func (s *memStore) PutWork(w storedWork) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	s.works[w.Meta.ID] = storedWork{Meta: w.Meta, Snapshot: slices.Clone(w.Snapshot)}
	return nil
}

func (s *memStore) DeleteWork(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	delete(s.works, id)
	return nil
}

func (s *memStore) LoadPrefs() (ui.StudioPrefs, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.prefs == nil {
		return ui.StudioPrefs{}, false
	}
	return *s.prefs, true
}

func (s *memStore) SavePrefs(p ui.StudioPrefs) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prefs = &p
}

// studioLease lets one tab at a time write the studio's works: two tabs
// that both saved would each overwrite the other's edits in turn. The tab
// that holds the lease writes; the others show the works read-only until
// they get it (the holder closed, or gave it up when asked). One lease
// covers the whole studio, not one work: a tab holds every work in memory
// and saves any it changed, so a work deleted or made in one tab would
// otherwise come back, or be lost, through the other.
type studioLease interface {
	// Hold takes the lease if no other tab holds it.
	Hold() bool
	// Wait waits until this tab holds the lease.
	Wait() error
	// Ask asks the tab that holds the lease to save and give it up.
	Ask()
	// Release gives the lease up.
	Release()
	// OnAsk calls f, from the browser's event loop, when another tab asks.
	OnAsk(f func())
}

// newStudioLease makes the lease; nil (natively, or a browser without Web
// Locks) means every tab writes.
var newStudioLease = func() studioLease { return nil }

// elsewhereMsg is said when a change is refused in a read-only tab.
const elsewhereMsg = "This studio is being edited in another tab: here it is read-only. Choose “Edit here” to move the editing to this tab."

// takeLease takes the studio's lease before the works are read (from
// start, outside the lock): without it the tab shows the works read-only
// and waits for the lease in the background (from restoreStudio, so that
// the works it reads again replace the restored ones).
func (a *app) takeLease() {
	a.st.lease = newStudioLease()
	if a.st.lease == nil {
		return
	}
	a.st.lease.OnAsk(func() { go a.giveLease() })
	a.st.elsewhere = !a.st.lease.Hold() // restoreStudio then waits for it
}

// errElsewhere is edit's refusal in a read-only tab.
var errElsewhere = errors.New(elsewhereMsg)

// editing is the permit to change the studio's works. Only edit hands one
// out, and every change of a work (an operation applied, undone or redone;
// a work made, merged or deleted) is a method of it, so no change can pass
// by edit's check of the lease.
type editing struct {
	a       *app
	changed []*work // to show and autosave once the change is done
}

// edit is the studio's one gate for changes of its works: while another
// tab holds the lease it changes nothing, says so and returns
// errElsewhere; otherwise it runs change with the permit, then shows and
// autosaves every work that change touched (after what change decided,
// such as the gold on screen, whose scores then follow).
func (a *app) edit(change func(e *editing) error) error {
	if a.st.elsewhere {
		a.m.Studio.Say(elsewhereMsg)
		return errElsewhere
	}
	e := &editing{a: a}
	err := change(e)
	for _, w := range e.changed {
		a.changed(w)
	}
	return err
}

// EditHere implements ui.StudioApp: the tab that holds the lease is asked
// to save and give it up; awaitLease takes it over.
func (a *app) EditHere() {
	if !a.st.elsewhere || a.st.lease == nil {
		return
	}
	a.m.Studio.Taking = true
	a.st.lease.Ask()
}

// awaitLease waits for the lease, then reads the works again (the other
// tab saved them last) and makes this tab the one that edits.
func (a *app) awaitLease() {
	if err := a.st.lease.Wait(); err != nil {
		a.env.Lock()
		a.m.Studio.Taking = false
		a.m.Studio.Say("This tab could not take the editing over: %v.", err)
		a.env.UnlockRender()
		return
	}
	stored, err := a.st.store.LoadWorks()
	a.env.Lock()
	defer a.env.UnlockRender()
	a.m.Studio.Taking = false
	if err != nil {
		// Nothing was read: the works on screen may be older than the
		// stored ones, so this tab stays read-only rather than save them.
		a.st.lease.Release()
		a.m.Studio.Say("This tab could not read the works the other tab saved: %v.", err)
		go a.awaitLease()
		return
	}
	a.reloadWorks(stored)
	a.st.elsewhere = false
	a.m.Studio.Elsewhere = false
	a.m.Studio.Say("This tab now edits the studio; the works are as the other tab saved them.")
}

// giveLease answers another tab's request: this tab stops editing, saves
// what it has not saved yet, then gives the lease up and waits to get it
// back. A save that fails is shown with its download (saveLoop) before the
// lease goes.
func (a *app) giveLease() {
	a.env.Lock()
	if a.st.elsewhere {
		a.env.UnlockOnly()
		return
	}
	a.st.elsewhere = true
	a.m.Studio.Elsewhere = true
	select {
	case a.st.wake <- struct{}{}:
	default:
	}
	a.env.UnlockRender()
	for waited := time.Duration(0); waited < leaseSaveWait; waited += 50 * time.Millisecond {
		a.env.Lock()
		done := a.m.Studio.Save.Err != "" || !a.m.Studio.Save.Saving && a.allSaved()
		a.env.UnlockOnly()
		if done {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.st.lease.Release()
	a.awaitLease()
}

// leaseSaveWait bounds how long a tab asked for the lease waits for its
// last save (the storage's own bound is 4 s per work).
const leaseSaveWait = 20 * time.Second

// allSaved tells whether every work is stored.
func (a *app) allSaved() bool {
	for _, w := range a.st.works {
		if w.rev != w.savedRev {
			return false
		}
	}
	return true
}

// reloadWorks replaces the works with the stored ones (under the lock),
// keeping the open work open when it is still there.
func (a *app) reloadWorks(stored []storedWork) {
	openID := ""
	if a.st.open != nil {
		openID = a.st.open.meta.ID
	}
	a.st.works, a.st.open = nil, nil
	for _, sw := range stored {
		if w, err := restoredWork(sw); err == nil {
			a.st.works = append(a.st.works, w)
		}
	}
	slices.SortFunc(a.st.works, func(x, y *work) int { return int(y.meta.Updated - x.meta.Updated) })
	for _, w := range a.st.works {
		if w.meta.ID == openID {
			a.st.open = w
		}
	}
	if a.st.open == nil && len(a.st.works) > 0 {
		a.st.open = a.st.works[0]
	}
	if a.st.open != nil {
		a.prepare(a.st.open)
	}
	a.syncStudio()
	if strings.HasPrefix(a.source, ui.WorkSourcePrefix) {
		if a.workOf(a.source) == nil { // deleted in the other tab
			a.source = benchmarks.BenchIE[0].Key
			a.m.SetEvaluation(nil)
			a.saveState()
		}
		a.requestScore()
	}
	a.syncModel()
}

// restoredWork makes a work of a stored one.
func restoredWork(sw storedWork) (*work, error) {
	ed, _, err := annotate.LoadSnapshot(sw.Meta.Name, sw.Snapshot)
	if err != nil {
		return nil, err
	}
	w := &work{meta: sw.Meta, ed: ed}
	w.issues = ed.Doc.Validate()
	return w, nil
}
