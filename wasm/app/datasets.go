package main

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
)

// fetch is a site file being fetched.
type fetch struct {
	done chan struct{}
	data []byte
	err  error
}

// asset starts fetching a site file, once; wait on done.
func (a *app) asset(path string) *fetch {
	a.fetchMu.Lock()
	defer a.fetchMu.Unlock()
	if f, ok := a.fetches[path]; ok {
		return f
	}
	f := &fetch{done: make(chan struct{})}
	a.fetches[path] = f
	go func() {
		f.data, f.err = a.br.Asset(path)
		close(f.done)
	}()
	return f
}

// prefetch starts fetching a bundled data set's files, with the CaRB gold
// and the tags the page reads after the table (analyses.go), so that no
// request follows the first screen.
func (a *app) prefetch(d benchmarks.Dataset) {
	a.asset("data/" + d.Gold)
	for _, s := range d.Systems {
		a.asset("data/" + s.File)
	}
	for _, f := range []string{d.CaRBGold, d.Tags} {
		if f != "" {
			a.asset("data/" + f)
		}
	}
}

// forget drops fetched files once read (or failed, to allow a retry).
func (a *app) forget(d benchmarks.Dataset) {
	a.fetchMu.Lock()
	defer a.fetchMu.Unlock()
	delete(a.fetches, "data/"+d.Gold)
	for _, s := range d.Systems {
		delete(a.fetches, "data/"+s.File)
	}
}

// bundle is a bundled data set once fetched and read.
type bundle struct {
	ws      *evaluate.Workspace
	systems []*evaluate.System
}

// bundleLoad is a bundled data set being fetched and read.
type bundleLoad struct {
	done chan struct{}
	b    *bundle
	err  error
	// progress is what the load put on screen, so that whoever waited for
	// it can tell whether the screen still shows it (by identity, never by
	// its words).
	progress *ui.Progress
}

// loading starts loading a bundled data set, once.
func (a *app) loading(key string) *bundleLoad {
	a.fetchMu.Lock()
	defer a.fetchMu.Unlock()
	if l, ok := a.loads[key]; ok {
		return l
	}
	l := &bundleLoad{done: make(chan struct{})}
	a.loads[key] = l
	go func() {
		l.b, l.err = a.loadBundle(key, l)
		close(l.done)
	}()
	return l
}

// loadBundle fetches and reads a bundled data set.
func (a *app) loadBundle(key string, l *bundleLoad) (*bundle, error) {
	d, _ := benchmarks.DatasetByKey(key)
	a.env.Lock()
	l.progress = &ui.Progress{Label: "Loading BenchIE " + d.Label + "…"}
	a.m.Progress = l.progress
	a.env.UnlockRender()

	paths := []string{d.Gold}
	for _, s := range d.Systems {
		paths = append(paths, s.File)
	}
	a.prefetch(d)
	data := make([][]byte, len(paths))
	for i, p := range paths {
		f := a.asset("data/" + p)
		<-f.done
		if f.err != nil {
			a.forget(d)
			return nil, fmt.Errorf("The BenchIE %s data could not be loaded (%s: %v). This build may have no bundled data: add your own gold and system files.", d.Label, p, f.err)
		}
		data[i] = f.data
	}
	a.forget(d)
	a.br.Mark("oiebench-fetched")
	holdCollector(loadHold) // until the table is painted, or the load fails (rescore)
	// The fetched bytes are the bundle's alone: the readers keep slices of
	// them instead of copying (Shared).
	gold, err := evaluate.ReadGold(evaluate.Input{Path: d.Gold, Data: data[0], Pause: a.pause(nil), Shared: true}, false)
	if err != nil {
		return nil, fmt.Errorf("the bundled gold does not read: %v", err)
	}
	b := &bundle{ws: evaluate.NewWorkspace(gold)}
	if d.FL() {
		releaseCollector(startHold) // BenchIE^FL's live heap is near startLimit
		in := evaluate.Input{Path: d.Gold, Data: data[0], SHA256: gold.SHA256}
		if b.ws.FL, err = evaluate.ReadFLGold(in, false, pageFLBudget); err != nil {
			return nil, fmt.Errorf("the bundled gold does not read for BenchIE^FL: %v", err)
		}
	}
	for i, s := range d.Systems {
		sys, err := evaluate.ReadSystem(evaluate.Input{Name: s.Label, Path: s.File, Data: data[i+1], Pause: a.pause(nil), Shared: true}, oie.FormatAuto)
		if err != nil {
			return nil, fmt.Errorf("a bundled system does not read: %v", err)
		}
		b.systems = append(b.systems, sys)
	}
	a.br.Mark("oiebench-read")
	return b, nil
}
