package main

import (
	"slices"
	"sync"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
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
