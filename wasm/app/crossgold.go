package main

import (
	"slices"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// A user's files stay loaded when the gold on screen changes. A file is
// scored on the gold it was added to and, if it is a system file that
// names its sentences by id, on every other gold that has those sentences
// under the same ids with the same text (a file added on BenchIE English
// is scored on BenchIE^FL's English gold too, not on the German one, whose
// ids are the same but whose sentences are not). The page lists the other
// files by gold, with a button that shows that gold.

// scoredOn tells whether the user's file f is scored under source.
func (a *app) scoredOn(f *userFile, source string) bool {
	if f.Source == wire57Source || a.belongsTo(f.Source, source) {
		return true
	}
	sys := f.loaded.System
	if f.Role != ui.RoleSystem || sys == nil || sys.ByText != nil || sys.Name != a.systemName(source, sys.Name) {
		return false // aligned by text, or its name taken by a system of that gold
	}
	for _, g := range a.files {
		if g != f && g.Role == ui.RoleSystem && g.loaded.System != nil && g.loaded.System.Name == sys.Name && a.belongsTo(g.Source, source) {
			return false // or by a file of the user's added to that gold
		}
	}
	from, to := a.goldOf(f.Source, nil), a.goldOf(source, nil)
	if from == nil || to == nil {
		return false // not read yet: the file is listed once it is
	}
	if f.covers == nil {
		f.covers = map[*evaluate.Gold]bool{}
	}
	ok, known := f.covers[to]
	if !known {
		ok = sameSentences(sys, from, to)
		f.covers[to] = ok
	}
	return ok
}

// sameSentences tells whether every sentence sys names is in both golds,
// under the same id, with the same text.
func sameSentences(sys *evaluate.System, from, to *evaluate.Gold) bool {
	seen := map[string]bool{}
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		if seen[e.SentID] {
			continue
		}
		seen[e.SentID] = true
		x, ok1 := from.Sentence(e.SentID)
		y, ok2 := to.Sentence(e.SentID)
		if !ok1 || !ok2 || x.Text != y.Text {
			return false
		}
	}
	return len(seen) > 0
}

// elsewhere lists f under the gold it was added to, in the model's
// Elsewhere (syncModel; the lock is held). The user's gold is in the gold
// switch already.
func (a *app) elsewhere(f *userFile) {
	m := a.m
	if f.Role == ui.RoleGold {
		return
	}
	i := slices.IndexFunc(m.Elsewhere, func(e ui.Elsewhere) bool { return e.Source == f.Source })
	if i < 0 {
		label := f.Source
		for _, s := range m.Sources {
			if s.Key == f.Source {
				label = s.Label
			}
		}
		m.Elsewhere = append(m.Elsewhere, ui.Elsewhere{Source: f.Source, Label: label})
		i = len(m.Elsewhere) - 1
	}
	m.Elsewhere[i].Names = append(m.Elsewhere[i].Names, f.Name)
}
