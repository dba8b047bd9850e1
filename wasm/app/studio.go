package main

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu/js"
)

// The studio's side of the app: works (documents being annotated, each
// with its undo history) autosaved to the browser, adjudication of system
// extractions into an edited copy of a gold, and agreement between two
// annotators. Every edit, conversion and comparison is core/annotate's;
// this file keeps state, storage and scoring in step.

// newStudioStore makes the store; the browser build replaces it, and
// studioStarted (the keyboard shortcuts on the document).
var (
	newStudioStore = func() studioStore { return newMemStore() }
	studioStarted  func(a *app)
)

// work is a document being annotated.
type work struct {
	meta workMeta
	ed   *annotate.Editor
	// issues are Validate's for the document, kept current after each change.
	issues []annotate.Issue
	// rev counts changes; savedRev is the last one stored.
	rev, savedRev int
	// The gold it is scored as, rebuilt when rev moves on.
	ws    *evaluate.Workspace
	wsRev int
	wsErr error
}

// studio is the studio's state in the app, guarded by the EventEnv lock.
type studio struct {
	store studioStore
	works []*work // newest first
	open  *work
	wake  chan struct{} // asks the saver to store what changed
	saved chan struct{} // test hook: a save round finished
	// stored is false when the browser keeps no works.
	stored bool
	// lease is the one-writer lease across tabs (nil: none); elsewhere is
	// set while another tab holds it, and this tab changes nothing.
	lease     studioLease
	elsewhere bool
	tagsAsked bool
	agreeGen  int
	nextID    int
	queue     *suggestRun // the suggestion queue, when one is made
	keyRule   string      // the shortcuts the page was last given

	extMu    sync.Mutex
	extKey   string
	extIndex map[string][]ui.SystemExtraction
}

// initStudio makes the studio's state; call it from newApp.
func (a *app) initStudio() {
	a.st = &studio{store: newStudioStore(), wake: make(chan struct{}, 1), saved: make(chan struct{}, 16)}
	a.m.Studio = &ui.Studio{App: a, Stored: true}
	if studioStarted != nil {
		studioStarted(a)
	}
}

// loadStudio reads the stored works; call it from start, outside the lock
// (it waits for the browser).
func (a *app) loadStudio() ([]storedWork, error) {
	a.takeLease()
	return a.st.store.LoadWorks()
}

// restoreStudio takes in the stored works (under the lock, before the
// source is checked, so that a work can be the source). A work that cannot
// be restored stays stored, untouched, and is reported.
func (a *app) restoreStudio(stored []storedWork, err error) {
	s := a.m.Studio
	a.st.stored = err == nil
	s.Stored = a.st.stored
	s.Elsewhere = a.st.elsewhere
	if prefs, ok := a.st.store.LoadPrefs(); ok {
		s.Prefs = prefs
	}
	for _, sw := range stored {
		w, lerr := restoredWork(sw)
		if lerr != nil {
			s.Problems = append(s.Problems, ui.Problem{File: sw.Meta.Name, Message: lerr.Error(),
				Kept: "This work could not be restored; it stays stored as it was, and nothing else changed."})
			continue
		}
		a.st.works = append(a.st.works, w)
	}
	slices.SortFunc(a.st.works, func(x, y *work) int { return int(y.meta.Updated - x.meta.Updated) })
	for _, w := range a.st.works {
		if w.meta.ID == s.Prefs.Work {
			a.st.open = w
		}
	}
	if a.st.open == nil && len(a.st.works) > 0 {
		a.st.open = a.st.works[0]
	}
	if a.st.open != nil {
		a.prepare(a.st.open)
	}
	a.resumeQueue()
	a.restoreAgreement()
	go a.saveLoop()
	if a.st.elsewhere {
		go a.awaitLease()
	}
	a.syncStudio()
}

// workOf returns the work a source key names, or nil.
func (a *app) workOf(source string) *work {
	id, ok := strings.CutPrefix(source, ui.WorkSourcePrefix)
	if !ok {
		return nil
	}
	for _, w := range a.st.works {
		if w.meta.ID == id {
			return w
		}
	}
	return nil
}

// sourceOf is the gold-switch key of a work.
func sourceOf(w *work) string { return ui.WorkSourcePrefix + w.meta.ID }

// bundleKey is the bundled data set a source needs loaded: itself, or the
// one a work copies; "" for none.
func (a *app) bundleKey(source string) string {
	if w := a.workOf(source); w != nil {
		source = w.meta.Base
	}
	if _, ok := benchmarks.DatasetByKey(source); ok {
		return source
	}
	return ""
}

// belongsTo reports whether a user's file of fileSource is scored with the
// source: its own files, and for a work those of the gold it copies.
func (a *app) belongsTo(fileSource, source string) bool {
	if fileSource == source {
		return true
	}
	w := a.workOf(source)
	return w != nil && w.meta.Base != "" && fileSource == w.meta.Base
}

// workInputs is the gold a work is scored as (its BenchIE export read
// back, so that the scores are those of the file it exports) and the
// systems of the gold it copies.
func (a *app) workInputs(w *work) (*evaluate.Workspace, []*evaluate.System) {
	if w.ws == nil || w.wsRev != w.rev {
		w.wsRev = w.rev
		g, err := evaluate.ReadGold(evaluate.Input{Path: exportName(w, annotate.FormatBenchIE), Data: annotate.WriteBenchIE(w.ed.Doc)}, false)
		w.ws, w.wsErr = nil, err
		if err == nil {
			w.ws = evaluate.NewWorkspace(g)
		}
	}
	if w.wsErr != nil {
		a.m.Fatal = "This work cannot be scored yet: " + w.wsErr.Error()
		return nil, nil
	}
	var systems []*evaluate.System
	if b := a.bundles[w.meta.Base]; b != nil {
		systems = append(systems, b.systems...)
	}
	return w.ws, systems
}

// workSources are the gold-switch entries of the works, newest first.
func (a *app) workSources() []ui.Source {
	var out []ui.Source
	for _, w := range a.st.works {
		info := a.workInfo(w)
		title := "Your work in the studio, " + info.Name + " (autosaved in this browser)"
		if w.meta.Base != "" {
			title = "An edited copy of the " + info.BaseLabel + "; the published gold is unchanged"
		}
		label := info.Label()
		if w.meta.Base == "" {
			label += " (studio)"
		}
		out = append(out, ui.Source{Key: sourceOf(w), Label: label, Title: title})
	}
	return out
}

// workInfo describes a work for the page.
func (a *app) workInfo(w *work) ui.WorkInfo {
	syn, tri := w.ed.Doc.Count()
	info := ui.WorkInfo{ID: w.meta.ID, Name: w.meta.Name, Base: w.meta.Base, Lang: w.meta.Lang,
		Sentences: len(w.ed.Doc.Sentences), Synsets: syn, Triples: tri, BaseLabel: baseLabel(w.meta.Base)}
	if b := a.bundles[w.meta.Base]; b != nil {
		info.Published = &ui.PublishedGold{SHA256: b.ws.Gold.SHA256, Synsets: b.ws.Gold.SynsetCount()}
	}
	return info
}

// baseLabel names the gold a work copies.
func baseLabel(base string) string {
	if d, ok := benchmarks.DatasetByKey(base); ok {
		return "BenchIE " + d.Label + " gold"
	}
	if base == ui.CustomSource {
		return "your gold"
	}
	return ""
}

// syncStudio copies the studio's state into the model.
func (a *app) syncStudio() {
	s := a.m.Studio
	s.Works = s.Works[:0]
	for _, w := range a.st.works {
		s.Works = append(s.Works, a.workInfo(w))
	}
	s.Work = nil
	if w := a.st.open; w != nil {
		s.Work = &ui.Work{WorkInfo: a.workInfo(w), Ed: w.ed, Issues: w.issues, Rev: w.rev}
		s.Prefs.Work = w.meta.ID
	}
	a.syncSaved()
}

// syncSaved copies only whether every work is stored into the model: the
// save loop calls it, so a save never replaces the model's works, which the
// page (and a test) may be reading while the save runs.
func (a *app) syncSaved() {
	s := a.m.Studio
	s.Save.Saved = true
	for _, w := range a.st.works {
		if w.rev != w.savedRev {
			s.Save.Saved = false
		}
	}
	a.br.Unsaved(!s.Save.Saved)
}

// prepare fetches what a work needs besides itself: the English tags for
// colouring, the bundled systems for the preview.
func (a *app) prepare(w *work) {
	if w.meta.Lang == "en" && !a.st.tagsAsked {
		a.st.tagsAsked = true
		go func() {
			data, err := a.br.Asset("data/tags_en.json")
			if err != nil {
				return // no tags: the word lists colour instead
			}
			tags, err := nlp.ReadTags("tags_en.json", data)
			if err != nil {
				return
			}
			a.env.Lock()
			a.m.Studio.Tags = tags
			a.env.UnlockRender()
		}()
	}
	if key := a.bundleKey(sourceOf(w)); key != "" && a.bundles[key] == nil {
		go func() {
			l := a.loading(key)
			<-l.done
			a.env.Lock()
			if l.err == nil && a.bundles[key] == nil {
				a.bundles[key] = l.b
			}
			// Loading shows its progress; no scoring follows this load to
			// clear it (a scoring that waited for it sets its own).
			if a.m.Progress != nil && a.m.Progress == l.progress {
				a.m.Progress = nil
			}
			a.syncStudio()
			a.env.UnlockRender()
		}()
	}
}

// newWork adds a document as a new work and opens it.
func (e *editing) newWork(doc *annotate.Document, name, base, lang string) *work {
	a := e.a
	now := time.Now().UnixMilli()
	a.st.nextID++
	id := fmt.Sprintf("w%d-%d", now, a.st.nextID)
	if lang == "" {
		var texts []string
		for _, s := range doc.Sentences[:min(len(doc.Sentences), 200)] {
			texts = append(texts, s.Text)
		}
		lang = nlp.DetectLanguage(texts)
	}
	w := &work{meta: workMeta{ID: id, Name: name, Base: base, Lang: lang, Created: now, Updated: now}, ed: annotate.NewEditor(doc), rev: 1}
	w.issues = doc.Validate()
	a.st.works = append([]*work{w}, a.st.works...)
	a.st.open = w
	a.prepare(w)
	e.touch(w)
	return w
}

// apply applies an operation to a work.
func (e *editing) apply(w *work, op annotate.Op) error {
	if err := w.ed.Apply(op); err != nil {
		return err
	}
	e.recorded(w, op)
	return nil
}

// step undoes or redoes a work's last operation and returns it.
func (e *editing) step(w *work, undo bool) (annotate.Op, error) {
	var op annotate.Op
	var err error
	if undo {
		op, err = w.ed.Undo()
	} else {
		op, err = w.ed.Redo()
	}
	if err != nil {
		return nil, err
	}
	e.recorded(w, op)
	return op, nil
}

// touch notes that a work changed, for edit to follow once.
func (e *editing) touch(w *work) {
	if !slices.Contains(e.changed, w) {
		e.changed = append(e.changed, w)
	}
}

// recorded follows an operation done on a work: its revision and issues.
func (e *editing) recorded(w *work, op annotate.Op) {
	w.rev++
	revalidate(w, op)
	e.touch(w)
}

// changed follows a change of a work (from edit): the page, the autosave
// and, when the work is the gold on screen, the scores.
func (a *app) changed(w *work) {
	w.meta.Updated = time.Now().UnixMilli()
	a.syncStudio()
	a.syncModel()
	select {
	case a.st.wake <- struct{}{}:
	default:
	}
	if a.source == sourceOf(w) {
		a.requestScore()
	}
}

// revalidate refreshes a work's issues after an operation: only the
// sentence the operation touched, unless it added or removed sentences
// (then everything, since ids must stay unique).
func revalidate(w *work, op annotate.Op) {
	si, one := annotate.SentenceOf(op)
	d := w.ed.Doc
	if !one || si < 0 || si >= len(d.Sentences) {
		w.issues = d.Validate()
		return
	}
	kept := w.issues[:0:0]
	for _, is := range w.issues {
		if is.Sentence != si {
			kept = append(kept, is)
		}
	}
	w.issues = append(kept, d.Sentences[si].Validate(si)...)
	// sort.SliceStable: one sorting code for every element type keeps the
	// evaluator small (docs/architecture.md).
	sort.SliceStable(w.issues, func(i, j int) bool { return w.issues[i].Sentence < w.issues[j].Sentence })
}

// Apply implements ui.StudioApp.
func (a *app) Apply(op annotate.Op) error {
	w := a.st.open
	if w == nil {
		return errors.New("no work is open")
	}
	return a.edit(func(e *editing) error {
		if err := e.apply(w, op); err != nil {
			return err
		}
		a.m.Studio.Status = ""
		return nil
	})
}

// Undo implements ui.StudioApp.
func (a *app) Undo() { a.step(true) }

// Redo implements ui.StudioApp.
func (a *app) Redo() { a.step(false) }

func (a *app) step(undo bool) {
	w := a.st.open
	if w == nil {
		return
	}
	a.edit(func(e *editing) error {
		op, err := e.step(w, undo)
		if err != nil {
			return err
		}
		verb := "Undone"
		if !undo {
			verb = "Redone"
		}
		a.m.Studio.Say("%s: %s.", verb, ui.OpLabel(op))
		a.focusOp(op)
		return nil
	})
}

// focusOp shows the sentence an undone or redone operation changed.
func (a *app) focusOp(op annotate.Op) {
	si, ok := annotate.SentenceOf(op)
	switch o := op.(type) { // these change the sentences, but at one place
	case annotate.SetSentenceID:
		si, ok = o.Sentence, true
	case annotate.DeleteSentence:
		si, ok = o.Sentence, true
	}
	if !ok {
		return
	}
	if d := a.st.open.ed.Doc; si >= 0 && si < len(d.Sentences) {
		if a.m.Studio.Prefs.Sentence == nil {
			a.m.Studio.Prefs.Sentence = map[string]string{}
		}
		a.m.Studio.Prefs.Sentence[a.st.open.meta.ID] = d.Sentences[si].ID
	}
}

// SelectWork implements ui.StudioApp.
func (a *app) SelectWork(id string) {
	for _, w := range a.st.works {
		if w.meta.ID == id {
			a.st.open = w
			a.m.Studio.Panel, a.m.Studio.Status, a.m.Studio.Confirm = nil, "", ""
			a.prepare(w)
			a.syncStudio()
			a.SaveStudioPrefs()
			return
		}
	}
}

// DeleteWork implements ui.StudioApp.
func (a *app) DeleteWork(id string) {
	i := slices.IndexFunc(a.st.works, func(w *work) bool { return w.meta.ID == id })
	if i < 0 {
		return
	}
	a.edit(func(e *editing) error { e.deleteWork(i); return nil })
}

// deleteWork deletes work i, with the files added for scoring against it.
func (e *editing) deleteWork(i int) {
	a := e.a
	w := a.st.works[i]
	id := w.meta.ID
	a.st.works = slices.Delete(a.st.works, i, i+1)
	if _, ok := a.m.Studio.Prefs.Merged[id]; ok {
		delete(a.m.Studio.Prefs.Merged, id)
		a.SaveStudioPrefs()
	}
	if (a.st.queue != nil && a.st.queue.work == w) || (a.m.Studio.Prefs.Queue != nil && a.m.Studio.Prefs.Queue.Work == id) {
		a.dropQueue()
		a.m.Studio.Suggest.Open = false
	}
	if a.st.open == w {
		a.st.open = nil
		if len(a.st.works) > 0 {
			a.st.open = a.st.works[0]
		}
	}
	if a.source == sourceOf(w) {
		a.source = benchmarks.BenchIE[0].Key
		if a.hasSource(w.meta.Base) {
			a.source = w.meta.Base
		}
		a.m.SetEvaluation(nil)
		a.saveState()
		a.requestScore()
	}
	// System files added for scoring against the work go with it.
	var files []string
	kept := a.files[:0:0]
	for _, f := range a.files {
		if f.Source == sourceOf(w) {
			files = append(files, f.ID)
		} else {
			kept = append(kept, f)
		}
	}
	a.files = kept
	a.m.Studio.Confirm = ""
	a.m.Studio.Say("Deleted “%s”.", a.workInfo(w).Label())
	a.syncStudio()
	a.syncModel()
	go func() {
		a.persist(nil, files)
		if err := a.st.store.DeleteWork(id); err != nil {
			a.env.Lock()
			a.m.Studio.Save.Err = err.Error()
			a.env.UnlockRender()
		}
	}()
}

// ScoreWork implements ui.StudioApp.
func (a *app) ScoreWork(id string) {
	for _, w := range a.st.works {
		if w.meta.ID == id {
			a.m.Prefs.View = ui.ViewScores
			a.SwitchSource(sourceOf(w))
			a.saveState()
			return
		}
	}
}

// exportName is the file name a work is exported under.
func exportName(w *work, f annotate.Format) string {
	base := w.meta.Name
	if d, ok := benchmarks.DatasetByKey(w.meta.Base); ok {
		base = strings.TrimSuffix(path.Base(d.Gold), ".txt") + ".edited"
	} else if w.meta.Base != "" {
		base = strings.TrimSuffix(base, ".txt") + ".edited"
	}
	for _, ext := range []string{".txt", ".json", ".tsv"} {
		base = strings.TrimSuffix(base, ext)
	}
	switch {
	case f == annotate.FormatAnnIE:
		return base + ".annie.json"
	case f == annotate.FormatText:
		return base + ".readable.txt"
	case w.meta.Base == "":
		return base + ".gold.txt"
	}
	return base + ".txt"
}

// Export implements ui.StudioApp.
func (a *app) Export(f annotate.Format) {
	w := a.st.open
	if w == nil {
		return
	}
	data, err := annotate.Write(f, w.ed.Doc)
	if err != nil {
		a.m.Studio.Say("Not exported: %v.", err)
		return
	}
	mime := "text/plain;charset=utf-8"
	if f == annotate.FormatAnnIE {
		mime = "application/json"
	}
	a.br.Download(exportName(w, f), mime, string(data))
	a.m.Studio.Say("Exported %s.", exportName(w, f))
}

// OpenFiles implements ui.StudioApp.
func (a *app) OpenFiles(files js.Value) {
	a.edit(func(*editing) error { // refused before the files are read
		list := js.Global().Get("Array").Call("from", files)
		go func() {
			picked := a.br.ReadFiles(list)
			a.openPicked(picked)
		}()
		return nil
	})
}

// openPicked reads picked files as new works; a file that does not read
// is reported and changes nothing.
func (a *app) openPicked(picked []pickedFile) {
	for _, p := range picked {
		a.env.Lock()
		a.m.Studio.Busy = "Reading " + p.Name + "…"
		a.env.UnlockRender()
		a.br.Yield()
		err := p.Err
		if err == nil && len(p.Data) > maxFileSize {
			err = fmt.Errorf("%s: the file is %d MB; the page reads files up to %d MB", p.Name, len(p.Data)>>20, maxFileSize>>20)
		}
		var doc *annotate.Document
		var warns []oie.Warning
		if err == nil {
			doc, warns, err = annotate.Read(annotate.Sniff(p.Data), p.Name, p.Data, annotate.ReadOptions{})
		}
		a.env.Lock()
		a.m.Studio.Busy = ""
		refused := a.edit(func(e *editing) error { // the editing may have moved to another tab meanwhile
			if err != nil {
				pr := problemFor(p.Name, p.Data, err, "Your works are as they were.")
				a.m.Studio.Problems = append([]ui.Problem{pr}, a.m.Studio.Problems...)
				return nil
			}
			e.newWork(doc, p.Name, "", "")
			a.m.Studio.Say("Opened %s: %s%s.", p.Name, ui.Count(len(doc.Sentences), "sentence"), warned(warns))
			return nil
		})
		a.env.UnlockRender()
		if refused != nil {
			return
		}
	}
}

func warned(ws []oie.Warning) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ", with a warning: " + ws[0].String()
	}
	return fmt.Sprintf(", with %d warnings (the first: %s)", len(ws), ws[0].String())
}

// StartFromText implements ui.StudioApp.
func (a *app) StartFromText(name, text string) {
	a.edit(func(e *editing) error {
		doc, err := annotate.ReadSentences(name, []byte(text))
		if err != nil {
			a.m.Studio.Say("Nothing to annotate yet: type or paste sentences, one a line.")
			return nil
		}
		e.newWork(doc, name, "", "")
		a.m.Studio.Paste = ""
		a.m.Studio.Say("Started with %s. Click tokens to build a triple.", ui.Count(len(doc.Sentences), "sentence"))
		return nil
	})
}
