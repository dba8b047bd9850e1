package main

import (
	"strings"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/ui"
)

// carbOwnSource is where a CaRB or OIE2016 gold that shares no sentence
// with the gold on screen is kept, with the system files that name its
// sentences: they are scored on their own (evaluate.RunCaRBColumns,
// OpenIE6's four columns), under any gold, as WiRe57's files are.
const carbOwnSource = "carb-own"

// carbTestSet is CaRB's test set in the catalogue.
const carbTestSet = "carb:test"

// isCaRBOwnRole reports whether files of the role are scored against a CaRB
// gold of its own.
func isCaRBOwnRole(r ui.Role) bool { return r == ui.RoleCaRBOwnGold || r == ui.RoleCaRBOwn }

// carbQuestion asks whether a dropped CaRB gold that shares sentences
// with the gold of target (decideAdd) becomes the CaRB gold of every row.
func (a *app) carbQuestion(target, name string, shared int, adding []loadedFile) *ui.CaRBAsk {
	q := &ui.CaRBAsk{File: name, Shared: shared, Of: len(a.goldOf(target, adding).Sentences), Gold: "your gold"}
	if d, ok := benchmarks.DatasetByKey(target); ok {
		q.Gold = d.Release.Title + " " + d.Label
		if d.CaRBGold != "" {
			q.Now = "the CaRB gold published with it"
		}
	}
	for _, f := range a.files {
		if f.Role == ui.RoleCaRBGold && f.Source == target {
			q.Now = f.Name
		}
	}
	return q
}

// carbOwnGold is the CaRB gold of its own: a user's file (among those
// being added first), or CaRB's test set when the user asked for it; nil
// when there is none (the lock is held).
func (a *app) carbOwnGold(adding []loadedFile, target string) *evaluate.CaRBGold {
	for _, lf := range adding {
		if lf.err == nil && lf.loaded.CaRBGold != nil {
			if g := a.goldOf(target, adding); g == nil || evaluate.SharedSentences(lf.loaded.CaRBGold, g) == 0 {
				return lf.loaded.CaRBGold
			}
		}
	}
	for _, f := range a.files {
		if f.Role == ui.RoleCaRBOwnGold {
			return f.loaded.CaRBGold
		}
	}
	return a.x.carbTest
}

// heldCaRBGold is a CaRB gold held back by the question, with the format
// it was read as: a format the user named ("read as OIE2016 gold") stays
// named when the answer adds it.
type heldCaRBGold struct {
	file pickedFile
	kind evaluate.Kind
}

// AnswerCaRBGold implements ui.App (in an event handler: the lock is held):
// the CaRB gold held back is added as every row's CaRB gold, or as a gold
// of its own, or dropped.
func (a *app) AnswerCaRBGold(answer ui.CaRBAnswer) {
	held := a.carbHeld
	a.carbHeld, a.m.CaRBAsk = nil, nil
	if answer == ui.CaRBCancel || held == nil {
		return
	}
	go func() {
		a.env.Lock()
		a.carbAnswer = answer
		a.env.UnlockOnly()
		a.addPicked([]pickedFile{held.file}, held.kind, false)
		a.env.Lock()
		a.carbAnswer = ""
		a.env.UnlockOnly()
	}()
}

// ScoreCaRBTest implements ui.App (in an event handler: the lock is held):
// CaRB's test set becomes the CaRB gold of its own (unless the user gave
// one), scored with CaRB's published systems.
func (a *app) ScoreCaRBTest() {
	a.x.carbTestWanted = true
	a.m.Analyses.CaRBOwnNote = "Fetching CaRB's test set and its published systems…"
	go a.wakeExtras()
}

// carbOwnFiles lists the files scored against the CaRB gold of its own and
// a key that changes when they, or the wish for CaRB's test set, do (the
// lock is held).
func (a *app) carbOwnFiles() (string, []*userFile) {
	var key []string
	var files []*userFile
	for _, f := range a.files {
		if isCaRBOwnRole(f.Role) {
			key = append(key, f.ID)
			files = append(files, f)
		}
	}
	if a.x.carbTestWanted {
		key = append(key, carbTestSet)
	}
	return strings.Join(key, ","), files
}

// scoreCaRBOwn scores the files of a CaRB gold of its own with OpenIE6's
// four columns: the user's gold, or CaRB's test set with its published
// systems (fetched once), with the user's files that name its sentences.
func (a *app) scoreCaRBOwn(files []*userFile, testSet bool) {
	var gold *evaluate.Input
	var systems []evaluate.Input
	for _, f := range files {
		in := evaluate.Input{Name: evaluate.DefaultName(evaluate.Input{Path: f.Name}), Path: f.Name, Data: f.Data, Shared: true}
		if f.Role == ui.RoleCaRBOwnGold {
			gold = &in
		} else {
			systems = append(systems, in)
		}
	}
	note := ""
	if gold == nil && testSet {
		var err error
		var bundled []evaluate.Input
		if gold, bundled, err = a.fetchCaRBTest(); err != nil {
			note = "CaRB's test set could not be fetched: " + err.Error()
		}
		systems = append(bundled, systems...)
	}
	var r *report.Report
	switch {
	case note != "":
	case gold == nil && len(systems) > 0:
		note = "Add the CaRB gold these files name sentences of, or score CaRB's test set."
	case gold == nil:
	case len(systems) == 0:
		note = "Add system files that name this gold's sentences (by text) to score them against it."
	default:
		a.br.Yield()
		var err error
		if r, err = evaluate.RunCaRBColumns(*gold, systems, oie.FormatAuto, evaluate.OpenIE6Columns()); err != nil {
			note = "CaRB could not score these files: " + err.Error()
		}
	}
	a.env.Lock()
	defer a.env.UnlockRender()
	a.m.Analyses.CaRBOwn, a.m.Analyses.CaRBOwnNote = r, note
}

// fetchCaRBTest fetches CaRB's test gold and its published systems from
// the site's data (core/benchmarks), and keeps the gold read for aligning
// the user's files with it.
func (a *app) fetchCaRBTest() (*evaluate.Input, []evaluate.Input, error) {
	var d benchmarks.Dataset
	for _, x := range benchmarks.CaRB {
		if x.Name == carbTestSet {
			d = x
		}
	}
	get := func(p string) ([]byte, error) {
		f := a.asset("data/" + p)
		<-f.done
		return f.data, f.err
	}
	data, err := get(d.Gold)
	if err != nil {
		return nil, nil, err
	}
	gold := &evaluate.Input{Path: carbTestSet, Data: data, Shared: true}
	cg, err := evaluate.ReadCaRBGold(*gold)
	if err != nil {
		return nil, nil, err
	}
	a.env.Lock()
	a.x.carbTest = cg
	a.env.UnlockOnly()
	var systems []evaluate.Input
	for _, s := range d.Systems {
		data, err := get(s.File)
		if err != nil {
			return nil, nil, err
		}
		systems = append(systems, evaluate.Input{Name: s.Label, Path: carbTestSet + "/" + s.ID(), Data: data, Shared: true})
	}
	return gold, systems, nil
}
