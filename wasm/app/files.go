package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu/js"
)

// userFile is a stored file with what it was read as.
type userFile struct {
	storedFile
	loaded evaluate.Loaded
	// covers remembers, by gold, whether the file is scored on it besides
	// its own (crossgold.go).
	covers map[*evaluate.Gold]bool
}

// AddFiles implements ui.App. It runs in an event handler: the files are
// read in a goroutine.
func (a *app) AddFiles(files js.Value, asEGold bool) {
	// A drop's DataTransfer empties once the handler returns: keep the Files.
	list := js.Global().Get("Array").Call("from", files)
	list, refused := a.withinHeld(list)
	kind := a.readAs
	if asEGold {
		kind = evaluate.KindGold
	}
	n, size := list.Length(), 0
	for i := 0; i < n; i++ {
		size += list.Index(i).Get("size").Int()
	}
	a.m.Progress = &ui.Progress{Label: fmt.Sprintf("Opening %s (%s)…", ui.Count(n, "file"), ui.Size(size))}
	go func() {
		picked := append(refused, a.br.ReadFiles(list)...)
		a.addPicked(picked, kind, asEGold)
	}()
}

// withinHeld keeps the files of a pick that the page can hold with the
// files it holds (maxHeldSize), in order, and refuses the rest before they
// are read. A picked file replaces a held one of its name.
func (a *app) withinHeld(list js.Value) (js.Value, []pickedFile) {
	names := map[string]bool{}
	for i := 0; i < list.Length(); i++ {
		names[list.Index(i).Get("name").String()] = true
	}
	held := 0
	for _, f := range a.files {
		if !names[f.Name] {
			held += len(f.Data)
		}
	}
	kept := js.Global().Get("Array").New()
	var refused []pickedFile
	for i := 0; i < list.Length(); i++ {
		f := list.Index(i)
		name, size := f.Get("name").String(), f.Get("size").Int()
		if size <= maxFileSize && held+size > maxHeldSize {
			refused = append(refused, pickedFile{Name: name, Err: fmt.Errorf("%s (%s) would make %s of your files in the page, which holds up to %d MB in all: remove files you added first. The command line reads larger ones: oiebench score --gold GOLD SYSTEM…",
				name, ui.Size(size), ui.Size(held+size), maxHeldSize>>20)})
			continue
		}
		if size <= maxFileSize {
			held += size
		}
		kept.Call("push", f)
	}
	return kept, refused
}

// loadedFile is a picked file once read, or why it was refused.
type loadedFile struct {
	pickedFile
	loaded evaluate.Loaded
	err    error
	// aligned is a system file's evaluate.CheckAligned against gold,
	// checked before the lock is taken (checkAlignedPaced); addFacts
	// believes it only for the gold it then adds to.
	aligned struct {
		gold *evaluate.Gold
		err  error
	}
}

// addPicked reads picked files and takes in those that read. Each file is
// taken whole or refused whole; a refused file changes nothing.
func (a *app) addPicked(picked []pickedFile, kind evaluate.Kind, asEGold bool) {
	// Receipts are checked against the files, not read as one.
	var receipts []pickedFile
	files := picked[:0:0]
	for _, p := range picked {
		if p.Err == nil && receipt.IsReceipt(p.Name, p.Data) {
			receipts = append(receipts, p)
		} else {
			files = append(files, p)
		}
	}
	picked = files
	if len(receipts) > 0 {
		defer a.verifyReceipts(receipts, picked)
	}
	var loaded []loadedFile
	total, done := 0, 0
	for _, p := range picked {
		total += len(p.Data)
	}
	releaseCollector(startHold) // the user's files are not the bundled start's
	holdCollector(loadHold)     // until the table is painted (score.go), or nothing was taken
	for _, p := range picked {
		lf := loadedFile{pickedFile: p, err: p.Err}
		if lf.err == nil && len(p.Data) > maxFileSize {
			lf.err = tooLarge(p.Name, len(p.Data))
		}
		if lf.err == nil {
			label := "Reading " + p.Name + " (" + ui.Size(len(p.Data)) + ")…"
			a.env.Lock()
			a.m.Progress = &ui.Progress{Label: label, Done: done, Total: total}
			a.env.UnlockRender()
			a.br.Yield()
			pause := a.readingPause(label, done, total, p.Data)
			lf.loaded, lf.err = evaluate.Load(evaluate.Input{Path: p.Name, Data: p.Data, SHA256: p.SHA256, Pause: pause, Shared: true}, kind, false)
		}
		done += len(p.Data)
		loaded = append(loaded, lf)
	}

	a.checkAlignedPaced(loaded, asEGold)
	a.env.Lock()
	var added []storedFile
	var removed []string
	newGold := hasGold(loaded)
	target := addTarget(a.source, asEGold, newGold)
	var problems []ui.Problem
	var rows []string // the new systems' rows
	for _, lf := range loaded {
		c := addContext{Source: target, AsEGold: asEGold, NewGold: newGold, Answer: a.carbAnswer, Held: a.heldEntries()}
		f := a.addFacts(target, lf, loaded)
		d := decideAdd(c, f)
		switch d.Action {
		case addRefuse:
			problems = append(problems, problemFor(lf.Name, lf.Data, d.Err, d.Kept))
			continue
		case addAsk:
			a.carbHeld, a.m.CaRBAsk = &heldCaRBGold{file: lf.pickedFile, kind: kind}, a.carbQuestion(target, lf.Name, f.Shared, loaded)
			continue
		}
		if d.Role == ui.RoleSystem {
			lf.loaded.System.Name = f.System
		}
		if i := slices.IndexFunc(a.files, func(f *userFile) bool { return f.ID == d.Replaces }); i >= 0 {
			removed = append(removed, d.Replaces)
			a.files = slices.Delete(a.files, i, i+1)
		}
		sf := storedFile{ID: a.newID(), Source: d.Source, Role: d.Role, Name: lf.Name, Kind: kind, Data: lf.Data, Added: time.Now().UnixMilli()}
		a.files = append(a.files, &userFile{storedFile: sf, loaded: lf.loaded})
		if d.Role == ui.RoleSystem {
			rows = append(rows, lf.loaded.System.Name)
		}
		if d.Role == ui.RoleGold {
			a.custom = evaluate.NewWorkspace(lf.loaded.Gold)
		}
		added = append(added, sf)
	}
	a.m.Problems = append(problems, a.m.Problems...)
	if len(a.m.Problems) > 8 {
		a.m.Problems = a.m.Problems[:8]
	}
	a.m.Progress = nil
	if len(added) > 0 {
		a.m.NewRows, a.m.ScrollNew = rows, len(rows) > 0
		if target != a.source {
			a.source = target
			a.m.SetEvaluation(nil)
		}
		a.pending = true // until scored: see app.start
		a.saveState()
	}
	a.syncModel()
	a.env.UnlockRender()

	if len(added) > 0 { // scores first: storing a large file takes a while
		a.requestScore()
	} else {
		releaseCollector(loadHold)
	}
	a.persist(added, removed)
}

// verifyReceipts checks dropped receipts (the last one's result is shown)
// against the files dropped with them, those the page holds and the
// bundled data, as oiebench verify does.
func (a *app) verifyReceipts(receipts, dropped []pickedFile) {
	a.env.RLock()
	var given []evaluate.Input
	for _, f := range a.files {
		given = append(given, evaluate.Input{Path: f.Name, Data: f.Data, Shared: true})
	}
	a.env.RUnlock()
	for _, p := range dropped {
		if p.Err == nil {
			given = append(given, evaluate.Input{Path: p.Name, Data: p.Data, SHA256: p.SHA256, Shared: true})
		}
	}
	shipped := func(name, _ string) (evaluate.Input, bool) {
		e, ok := benchmarks.Lookup(name)
		if !ok {
			return evaluate.Input{}, false
		}
		f := a.asset("data/" + e.Path)
		<-f.done
		return evaluate.Input{Path: name, Data: f.data, Shared: true}, f.err == nil
	}
	for _, r := range receipts {
		v := &ui.Verification{Receipt: r.Name}
		rc, err := receipt.Parse(r.Name, r.Data)
		if err != nil {
			v.Summary = "not a receipt this page reads: " + err.Error()
		} else {
			res := receipt.Verify(rc, receipt.Source{Given: slices.Clone(given), Shipped: shipped})
			v.OK, v.Summary, v.Lines = res.OK(), res.Summary(), res.Lines
		}
		a.env.Lock()
		a.m.Verification = v
		a.env.UnlockRender()
	}
}

// hasGold reports whether a gold file is among those that read.
func hasGold(ls []loadedFile) bool {
	for _, l := range ls {
		if l.err == nil && l.loaded.Kind == evaluate.KindGold {
			return true
		}
	}
	return false
}

// systemName is the name a new system is shown under: its file name, made
// unique against the bundled systems of the source.
func (a *app) systemName(source, name string) string {
	taken := map[string]bool{}
	if b := a.bundles[source]; b != nil {
		for _, s := range b.systems {
			taken[s.Name] = true
		}
	}
	if !taken[name] {
		return name
	}
	base := name
	for i := 2; taken[name]; i++ {
		name = base + " (" + strconv.Itoa(i) + ")"
	}
	return name
}

// newID names a stored file: time first, so that IDs sort by age.
func (a *app) newID() string {
	a.nextID++
	return fmt.Sprintf("f%d-%d", time.Now().UnixMilli(), a.nextID)
}

// persist stores added files and forgets removed ones; a failure to store
// is told, the files stay on the page.
func (a *app) persist(added []storedFile, removed []string) {
	var failed error
	for _, id := range removed {
		if err := a.br.DeleteFile(id); err != nil {
			failed = err
		}
	}
	for _, f := range added {
		if err := a.br.PutFile(f); err != nil {
			failed = err
		}
	}
	if failed != nil {
		a.env.Lock()
		a.m.Notice = "Your files could not be stored in this browser (" + failed.Error() + "): they are gone after a reload."
		a.env.UnlockRender()
	}
}

// Reread implements ui.App: a system file is read again as another
// format, a CaRB gold as the other token-level gold (CaRB's or OIE2016's).
func (a *app) Reread(id string, kind evaluate.Kind) {
	var f *userFile
	for _, x := range a.files {
		if x.ID == id {
			f = x
		}
	}
	if f == nil || kind == evaluate.KindGold ||
		f.Role != ui.RoleSystem && !(f.Role == ui.RoleCaRBGold && tokenLevelRole(kind) == ui.RoleCaRBGold) {
		return
	}
	stored := f.storedFile
	go func() {
		l, err := evaluate.Load(evaluate.Input{Path: stored.Name, Data: stored.Data}, kind, false)
		a.env.Lock()
		if !slices.Contains(a.files, f) { // removed meanwhile
			a.env.UnlockOnly()
			return
		}
		if err != nil {
			a.m.Problems = append([]ui.Problem{problemFor(stored.Name, stored.Data, err, "It stays read as "+f.loaded.Kind.Label()+".")}, a.m.Problems...)
			a.env.UnlockRender()
			return
		}
		if l.Kind == evaluate.KindGold {
			a.env.UnlockRender()
			return
		}
		if l.System != nil {
			l.System.Name = f.loaded.System.Name
		}
		f.loaded, f.Kind, f.covers = l, kind, nil
		stored = f.storedFile
		a.syncModel()
		a.env.UnlockRender()
		a.persist([]storedFile{stored}, nil)
		a.requestScore()
	}()
}

// RemoveFile implements ui.App.
func (a *app) RemoveFile(id string) {
	for i, f := range a.files {
		if f.ID != id {
			continue
		}
		a.files = append(a.files[:i], a.files[i+1:]...)
		if f.Role == ui.RoleGold { // the user's source goes with its gold
			a.custom = nil
			var kept []*userFile
			var ids []string
			for _, g := range a.files {
				if g.Source == ui.CustomSource {
					ids = append(ids, g.ID)
				} else {
					kept = append(kept, g)
				}
			}
			a.files = kept
			ids = append(ids, id)
			if a.source == ui.CustomSource {
				a.source = benchmarks.BenchIE[0].Key
				a.m.SetEvaluation(nil)
			}
			go a.persist(nil, ids)
		} else {
			go a.persist(nil, []string{id})
		}
		a.syncModel()
		a.saveState()
		a.requestScore()
		return
	}
}

// problemFor describes a refused file, with the line at fault when the
// error points at one.
func problemFor(name string, data []byte, err error, kept string) ui.Problem {
	p := ui.Problem{File: name, Message: err.Error(), Kept: kept}
	var pe *oie.ParseError
	if errors.As(err, &pe) {
		if ex, ok := explain.ExcerptAt(data, pe.Line, pe.Column); ok {
			p.Excerpt = &ex
		}
	}
	return p
}

// tooLarge refuses a file over maxFileSize, before it is read.
func tooLarge(name string, size int) error {
	return fmt.Errorf("%s is %s: the page reads files up to %d MB (BenchIE English 100 times over, 30,000 sentences, is 77 MB). The command line reads larger ones: oiebench score --gold GOLD SYSTEM…",
		name, ui.Size(size), maxFileSize>>20)
}

// goldOf is the gold that files added to source are scored against: a gold
// among the files being added, the user's own gold, or a bundled gold once
// read; nil when it is not known yet (a bundled gold still loading, a
// studio work).
func (a *app) goldOf(source string, adding []loadedFile) *evaluate.Gold {
	if source == ui.CustomSource {
		for _, lf := range adding {
			if lf.err == nil && lf.loaded.Kind == evaluate.KindGold {
				return lf.loaded.Gold
			}
		}
		if a.custom != nil {
			return a.custom.Gold
		}
		return nil
	}
	if b := a.bundles[source]; b != nil && b.ws != nil {
		return b.ws.Gold
	}
	return nil
}

// checkAlignedPaced checks each system file of a pick against the gold it
// is added to, as addFacts does, but paced and without the lock (the page
// yields between slices: every word of 10 times BenchIE English's files
// looked up in its sentence took 2-3 s in one task). Call it without the
// lock; addFacts checks again a file whose gold changed meanwhile.
func (a *app) checkAlignedPaced(loaded []loadedFile, asEGold bool) {
	a.env.Lock()
	target := addTarget(a.source, asEGold, hasGold(loaded))
	g := a.goldOf(target, loaded)
	a.env.UnlockOnly()
	if g == nil {
		return
	}
	pause := a.pause(nil)
	for i := range loaded {
		lf := &loaded[i]
		if sys := lf.loaded.System; lf.err == nil && sys != nil {
			lf.aligned.gold, lf.aligned.err = g, evaluate.CheckAlignedPaced(sys, g, lf.Data, pause)
		}
	}
}

// heldEntries are the files the page holds, as decideAdd sees them (the
// lock is held).
func (a *app) heldEntries() []heldEntry {
	held := make([]heldEntry, len(a.files))
	for i, f := range a.files {
		held[i] = heldEntry{ID: f.ID, Name: f.Name, Role: f.Role, Source: f.Source}
		if f.loaded.System != nil {
			held[i].System = f.loaded.System.Name
		}
	}
	return held
}

// addFacts measures a file read for decideAdd: how it fits the gold of
// target, and the CaRB gold of its own (the lock is held).
func (a *app) addFacts(target string, lf loadedFile, adding []loadedFile) addFacts {
	f := addFacts{Name: lf.Name, Err: lf.err, Kind: lf.loaded.Kind, Default: evaluate.DefaultName(evaluate.Input{Path: lf.Name})}
	if lf.err != nil {
		return f
	}
	g := a.goldOf(target, adding)
	f.GoldKnown = g != nil
	if cg := lf.loaded.CaRBGold; cg != nil && g != nil {
		f.Shared = evaluate.SharedSentences(cg, g)
	}
	if sys := lf.loaded.System; sys != nil {
		f.System = a.systemName(target, sys.Name)
		if g != nil {
			if lf.aligned.gold == g {
				f.Unaligned = lf.aligned.err
			} else {
				f.Unaligned = evaluate.CheckAligned(sys, g, lf.Data)
			}
			if f.Unaligned != nil {
				own := a.carbOwnGold(adding, target)
				f.OwnAligned = own != nil && evaluate.CheckAlignedCaRB(sys, own, lf.Data) == nil
			}
		}
	}
	return f
}
