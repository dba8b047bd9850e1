package main

import (
	"fmt"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/ui"
)

// Adjudication: a reviewer who disagrees with a verdict in the Sentences
// view edits a copy of the published gold, there and then.

// EditBundled implements ui.StudioApp.
func (a *app) EditBundled(source string) {
	a.editCopy(source, func(w *work) {
		a.st.open = w
		a.prepare(w)
		a.syncStudio()
		a.SaveStudioPrefs()
	})
}

// editCopy finds the edited copy of a source's gold, or makes it from the
// gold's file (fetched again for a bundled gold: the page keeps only the
// gold read for scoring), then runs then under the lock. A read-only tab
// opens a copy but makes none.
func (a *app) editCopy(source string, then func(w *work)) {
	for _, w := range a.st.works {
		if w.meta.Base == source {
			then(w)
			return
		}
	}
	a.edit(func(*editing) error { // refused before the gold is fetched
		a.copyGold(source, then)
		return nil
	})
}

// copyGold makes the edited copy of a source's gold for editCopy.
func (a *app) copyGold(source string, then func(w *work)) {
	var path, lang string
	var data []byte
	if d, ok := benchmarks.DatasetByKey(source); ok {
		path, lang = d.Gold, d.Lang
	} else if g := a.customGold(); source == ui.CustomSource && g != nil {
		path, data = g.Name, g.Data
	} else {
		return
	}
	a.m.Studio.Busy = "Copying the " + baseLabel(source) + "…"
	go func() {
		var err error
		if data == nil {
			data, err = a.br.Asset("data/" + path)
		}
		var doc *annotate.Document
		if err == nil {
			doc, _, err = annotate.ReadBenchIE(path, data, annotate.ReadOptions{})
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		a.m.Studio.Busy = ""
		if err != nil {
			a.m.Studio.Say("The %s could not be copied: %v.", baseLabel(source), err)
			return
		}
		for _, w := range a.st.works { // made meanwhile by another click
			if w.meta.Base == source {
				then(w)
				return
			}
		}
		var w *work
		if a.edit(func(e *editing) error { // the editing may have moved to another tab meanwhile
			open := a.st.open
			w = e.newWork(doc, path, source, lang)
			if open != nil {
				a.st.open = open // a copy made for adjudication does not take the studio over
			}
			return nil
		}) != nil {
			return
		}
		a.syncStudio()
		then(w)
	}()
}

// Adjudicate implements ui.StudioApp.
func (a *app) Adjudicate(sys, ext, k int) {
	ev := a.m.Eval
	if ev == nil || sys < 0 || sys >= len(ev.Systems) || ext < 0 || ext >= ev.Systems[sys].Extractions.Len() {
		return
	}
	e := ev.Systems[sys].Extractions.At(ext)
	name := ev.Systems[sys].Name
	source := a.source
	// The synset was chosen on the gold on screen; when that is the
	// published gold and its copy was edited, synset k of the copy must
	// still be the synset the user saw.
	var seen []oie.Triple
	if gi, ok := ev.Gold.SentenceIndex(e.SentID); ok && k >= 0 && k < len(ev.Gold.Sentences[gi].Synsets) {
		syn := ev.Gold.Sentences[gi].Synsets[k]
		for i := range syn.Triples {
			seen = append(seen, syn.Triple(i))
		}
	}
	add := func(w *work) {
		si, ok := w.ed.Doc.SentenceIndex(e.SentID)
		if !ok {
			a.m.Studio.Say("Sentence %s is not in the gold.", e.SentID)
			return
		}
		if k >= 0 && !sameSynset(w.ed.Doc.Sentences[si], k, seen) {
			a.m.Studio.Say("Not added: synset %d of sentence #%s is not the same in the edited copy. Choose the synset there (the gold switch: %s).", k+1, e.SentID, a.workInfo(w).Label())
			return
		}
		a.edit(func(ed *editing) error {
			if err := ed.apply(w, annotate.AddExtraction{Sentence: si, Synset: k, Extraction: e.Folded()}); err != nil {
				a.m.Studio.Say("Not added: %v.", err)
				return err
			}
			where := fmt.Sprintf("synset %d", k+1)
			if k == annotate.NewSynset {
				where = fmt.Sprintf("a new synset (%d)", len(w.ed.Doc.Sentences[si].Synsets))
			}
			t := e.Folded().Trimmed()
			a.m.Studio.Say("Added %s's (%s; %s; %s) to %s of sentence #%s.", name, t.Subject, t.Relation, t.Object, where, e.SentID)
			if a.source != sourceOf(w) { // before the change is followed, which scores the gold on screen
				a.source = sourceOf(w)
				a.saveState()
			}
			return nil
		})
	}
	if w := a.workOf(source); w != nil {
		add(w)
		return
	}
	a.editCopy(source, func(w *work) {
		if a.source == source { // still on the gold the extraction was judged against
			add(w)
		}
	})
}

// sameSynset reports whether synset k of a sentence has the triples seen.
func sameSynset(s *annotate.Sentence, k int, seen []oie.Triple) bool {
	if k >= len(s.Synsets) || len(s.Synsets[k].Triples) != len(seen) {
		return false
	}
	for i, t := range s.Synsets[k].Triples {
		if s.TripleText(t) != seen[i] {
			return false
		}
	}
	return true
}

// Extractions implements ui.StudioApp: the extractions of a sentence by the
// systems scored with the open work, indexed once per set of systems.
func (a *app) Extractions(sentenceID string) []ui.SystemExtraction {
	w := a.st.open
	if w == nil {
		return nil
	}
	var systems []*evaluate.System
	if b := a.bundles[w.meta.Base]; b != nil {
		systems = append(systems, b.systems...)
	}
	for _, f := range a.files {
		if f.Role == ui.RoleSystem && a.belongsTo(f.Source, sourceOf(w)) {
			systems = append(systems, f.loaded.System)
		}
	}
	key := w.meta.ID
	for _, s := range systems {
		key += fmt.Sprintf("|%s:%p", s.Name, s)
	}
	a.st.extMu.Lock()
	defer a.st.extMu.Unlock()
	if a.st.extKey != key {
		a.st.extKey, a.st.extIndex = key, map[string][]ui.SystemExtraction{}
		for _, s := range systems {
			for j := range s.Extractions.Len() {
				e := s.Extractions.At(j)
				a.st.extIndex[e.SentID] = append(a.st.extIndex[e.SentID], ui.SystemExtraction{System: s.Name, Line: e.Line, Triple: e.Folded()})
			}
		}
	}
	return a.st.extIndex[sentenceID]
}
