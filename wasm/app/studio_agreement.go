package main

import (
	"errors"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu/js"
)

// The Agreement view: two golds (files or works) side by side, scored
// against each other by annotate.Agree.

// AgreementFiles implements ui.StudioApp.
func (a *app) AgreementFiles(side int, files js.Value) {
	list := js.Global().Get("Array").Call("from", files)
	go func() {
		picked := a.br.ReadFiles(list)
		if len(picked) == 0 {
			return
		}
		a.agreementFile(side, picked[0])
	}()
}

// agreementFile reads one annotator's gold; a file that does not read
// leaves the side as it was.
func (a *app) agreementFile(side int, p pickedFile) {
	err := p.Err
	var doc *annotate.Document
	if err == nil {
		doc, _, err = annotate.Read(annotate.Sniff(p.Data), p.Name, p.Data, annotate.ReadOptions{})
	}
	if err == nil && doc == nil {
		err = errors.New(p.Name + ": nothing read")
	}
	a.env.Lock()
	if err != nil {
		a.m.Studio.Agree.Err = err.Error()
		a.env.UnlockRender()
		return
	}
	a.setAgreeSide(side, &ui.AgreeSide{Name: p.Name, Doc: doc})
	a.keepAgreeSide(side, "")
	a.env.UnlockRender()
}

// AgreementWork implements ui.StudioApp: a copy of the work's document as
// it is now (the agreement is computed while the work may change).
func (a *app) AgreementWork(side int, id string) {
	for _, w := range a.st.works {
		if w.meta.ID == id {
			doc, _, err := annotate.ReadBenchIE(w.meta.Name, annotate.WriteBenchIE(w.ed.Doc), annotate.ReadOptions{})
			if err != nil {
				a.m.Studio.Agree.Err = err.Error()
				return
			}
			a.setAgreeSide(side, &ui.AgreeSide{Name: a.workInfo(w).Label(), WorkID: id, Doc: doc})
			a.keepAgreeSide(side, id)
			return
		}
	}
}

// setAgreeSide takes an annotator's gold and, with both sides there,
// computes the agreement in the background.
func (a *app) setAgreeSide(side int, s *ui.AgreeSide) {
	ag := &a.m.Studio.Agree
	if side < 0 || side > 1 {
		return
	}
	ag.Sides[side], ag.Err, ag.Result, ag.Selected = s, "", nil, 0
	ag.Take, ag.Warnings, ag.Differ, ag.Merged = nil, nil, nil, ""
	if ag.Sides[0] == nil || ag.Sides[1] == nil {
		return
	}
	a.st.agreeGen++
	gen, x, y := a.st.agreeGen, ag.Sides[0].Doc, ag.Sides[1].Doc
	ag.Busy = true
	go func() {
		a.br.Paint()
		start := time.Now()
		res, err := annotate.Agree(x, y, annotate.AgreementOptions{})
		took := time.Since(start)
		a.env.Lock()
		defer a.env.UnlockRender()
		if gen != a.st.agreeGen {
			return // a side changed meanwhile
		}
		ag.Busy = false
		if err != nil {
			ag.Err = err.Error()
			return
		}
		ag.Result = res
		ag.Took = took.Round(time.Millisecond).String()
		ag.Warnings, ag.Differ = agreeWarnings(x, y, res)
	}()
}

// agreeWarnings are what a reader of two annotators' agreement must know:
// sentences whose texts differ for one id (their synsets speak of other
// words), and a side without any synset.
func agreeWarnings(x, y *annotate.Document, res *annotate.Agreement) ([]string, map[string]bool) {
	var out []string
	differ := map[string]bool{}
	if ids := annotate.TextsDiffer(x, y, res); len(ids) > 0 {
		for _, id := range ids {
			differ[id] = true
		}
		out = append(out, "A and B have different texts for the same id in sentences #"+strings.Join(ids, ", #")+
			": their synsets are compared by id all the same; a merge takes the text of the side it takes.")
	}
	for side, d := range [2]*annotate.Document{x, y} {
		if syn, _ := d.Count(); syn == 0 {
			out = append(out, [2]string{"A", "B"}[side]+" has no synsets: every synset of the other counts as one only it has, and the agreement says nothing about the two annotators.")
		}
	}
	return out, differ
}

// keepAgreeSide remembers which work a side is (none for a file: files are
// picked again), so that a reload shows the same two annotators.
func (a *app) keepAgreeSide(side int, workID string) {
	p := &a.m.Studio.Prefs
	key := [2]string{"a", "b"}[side]
	if workID == "" {
		delete(p.Agree, key)
	} else {
		if p.Agree == nil {
			p.Agree = map[string]ui.AgreeSidePref{}
		}
		p.Agree[key] = ui.AgreeSidePref{Work: workID}
	}
	a.SaveStudioPrefs()
}

// restoreAgreement takes the works kept as A and B again; call it under
// the lock once the works are restored.
func (a *app) restoreAgreement() {
	for side, key := range [2]string{"a", "b"} {
		if pref, ok := a.m.Studio.Prefs.Agree[key]; ok {
			if a.workOf(ui.WorkSourcePrefix+pref.Work) != nil {
				a.AgreementWork(side, pref.Work)
			} else {
				delete(a.m.Studio.Prefs.Agree, key)
			}
		}
	}
}

// MergeAgreement implements ui.StudioApp.
func (a *app) MergeAgreement() {
	ag := &a.m.Studio.Agree
	if ag.Result == nil || ag.Sides[0] == nil || ag.Sides[1] == nil {
		return
	}
	a.edit(func(e *editing) error { a.merge(e, ag); return nil })
}

// merge makes the merged work of an agreement's two sides.
func (a *app) merge(e *editing, ag *ui.Agreement) {
	m, err := annotate.Merge(ag.Sides[0].Doc, ag.Sides[1].Doc, ag.Result, ag.Take)
	if err != nil {
		ag.Err = "Not merged: " + err.Error()
		return
	}
	name := "merged " + ag.Sides[0].Name + " + " + ag.Sides[1].Name
	m.Doc.Name, m.Doc.Source = name, name
	open := a.st.open
	w := e.newWork(m.Doc, name, "", "")
	if open != nil {
		a.st.open = open // the merge does not take the studio over
	}
	p := &a.m.Studio.Prefs
	if p.Merged == nil {
		p.Merged = map[string]ui.MergeRecord{}
	}
	p.Merged[w.meta.ID] = ui.MergeRecord{A: ag.Sides[0].Name, B: ag.Sides[1].Name, Provenance: m.Provenance}
	a.syncStudio()
	a.SaveStudioPrefs()
	ag.Merged = a.workInfo(w).Label()
}
