package main

import (
	"errors"
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
	}()
}
