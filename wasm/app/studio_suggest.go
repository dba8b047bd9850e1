package main

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/suggest"
	"github.com/oiebench/oiebench/ui"
)

// The studio's suggestion queue: core/suggest's clusters of what the
// chosen systems extract and the open work does not accept, decided with
// suggest.Queue. An accepted suggestion is one undoable step of the work
// (annotate.AddExtraction), so it is autosaved as every edit is; the
// decisions are kept with the studio's prefs (ui.QueuePref) and replayed
// on the same gold after a reload.

// suggestRun is the queue of a work.
type suggestRun struct {
	work *work
	pref ui.QueuePref
	gold *evaluate.Gold // the work as it was when the queue was made
	sugg *suggest.Suggestions
	q    *suggest.Queue
}

// OpenSuggestions implements ui.SuggestApp.
func (a *app) OpenSuggestions() {
	w := a.st.open
	if w == nil {
		return
	}
	q := &a.m.Studio.Suggest
	q.Open = true
	if run := a.st.queue; run != nil {
		if run.work != w { // one queue at a time: its decisions are never dropped unasked
			q.Err = "The suggestion queue is of “" + a.workInfo(run.work).Label() + "”: open that work to go on, or end the queue to start one here."
		}
		return
	}
	q.Systems = a.suggestSystems(w, q.Systems)
	q.Top = cmpOr(q.Top, 3)
	q.Who = cmpOr(q.Who, "studio")
	q.Err, q.Said = "", ""
	a.m.Studio.Focus = "suggest-start"
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// suggestSystems lists what a work's queue can pool: the shipped BenchIE
// and BenchIE^FL systems of its language and the system files added for
// it. Choices made before are kept; the first time, every system is chosen.
func (a *app) suggestSystems(w *work, before []ui.SuggestSystem) []ui.SuggestSystem {
	chosen := map[string]bool{}
	for _, s := range before {
		chosen[s.Key] = s.Chosen
	}
	var out []ui.SuggestSystem
	add := func(key, label string) {
		c, ok := chosen[key]
		out = append(out, ui.SuggestSystem{Key: key, Label: label, Chosen: c || !ok})
	}
	for _, d := range benchmarks.All() {
		if d.Lang != w.meta.Lang || d.Scorer != "" {
			continue
		}
		for i, s := range d.Systems {
			add(d.Key+"/"+strconv.Itoa(i), s.Label+" ("+d.Name+")")
		}
	}
	for _, f := range a.files {
		if f.Role == ui.RoleSystem && a.belongsTo(f.Source, sourceOf(w)) {
			add("file:"+f.ID, f.Name)
		}
	}
	return out
}

// StartSuggestions implements ui.SuggestApp.
func (a *app) StartSuggestions() {
	w := a.st.open
	q := &a.m.Studio.Suggest
	if w == nil || q.Busy != "" {
		return
	}
	pref := ui.QueuePref{Work: w.meta.ID, Top: q.Top, Who: strings.TrimSpace(q.Who), Decisions: []ui.QueueDecision{}}
	for _, s := range q.Systems {
		if s.Chosen {
			pref.Systems = append(pref.Systems, s.Key)
		}
	}
	switch {
	case len(pref.Systems) == 0:
		q.Err = "Choose at least one system."
		return
	case pref.Who == "":
		q.Err = "Name who accepts the suggestions: the errata record it."
		return
	case pref.Top < 1:
		q.Err = "Show at least one suggestion per sentence."
		return
	}
	data := annotate.WriteBenchIE(w.ed.Doc)
	q.Err = ""
	q.Busy = "Pooling what the systems extract and the work lacks…"
	go func() {
		// The gold is named as the shipped one when the work is still it
		// byte for byte, so that the errata apply to the published file.
		pref.GoldName = exportName(w, annotate.FormatBenchIE)
		pref.Gold = string(data)
		sum := digest.Sum256(data)
		pref.GoldSHA256 = hex.EncodeToString(sum[:])
		if d, ok := benchmarks.DatasetByKey(w.meta.Base); ok {
			if pub, err := a.br.Asset("data/" + d.Gold); err == nil && digest.Sum256(pub) == sum {
				pref.GoldName, pref.Gold = d.Name, ""
			}
		}
		a.buildQueue(w, pref, data)
	}()
}

// resumeQueue makes the kept queue again after a reload; call it under
// the lock once the works are restored.
func (a *app) resumeQueue() {
	p := a.m.Studio.Prefs.Queue
	if p == nil {
		return
	}
	w := a.workOf(ui.WorkSourcePrefix + p.Work)
	if w == nil {
		a.m.Studio.Prefs.Queue = nil
		return
	}
	q := &a.m.Studio.Suggest
	q.Open, q.Top, q.Who = true, p.Top, p.Who
	q.Busy = "Restoring the suggestion queue…"
	pref := *p
	pref.Decisions = slices.Clone(p.Decisions)
	go func() {
		data := []byte(pref.Gold)
		if pref.Gold == "" {
			var err error
			data, err = shippedGold(a, pref.GoldName)
			if err != nil {
				a.queueFailed(fmt.Errorf("the suggestion queue could not be restored: %w", err))
				return
			}
		}
		a.buildQueue(w, pref, data)
	}()
}

// shippedGold fetches a shipped gold by its command-line name.
func shippedGold(a *app, name string) ([]byte, error) {
	for _, d := range benchmarks.All() {
		if d.Name == name {
			return a.br.Asset("data/" + d.Gold)
		}
	}
	return nil, fmt.Errorf("no shipped gold is named %q", name)
}

// queueFailed reports a queue that could not be made.
func (a *app) queueFailed(err error) {
	a.env.Lock()
	defer a.env.UnlockRender()
	q := &a.m.Studio.Suggest
	q.Busy, q.Err = "", err.Error()
}

// buildQueue makes a queue on the gold data (its checksum must be the
// pref's) from the pref's systems and replays its decisions; run it
// outside the lock.
func (a *app) buildQueue(w *work, pref ui.QueuePref, data []byte) {
	systems, err := a.queueSystems(pref.Systems)
	if err != nil {
		a.queueFailed(err)
		return
	}
	g, err := evaluate.ReadGold(evaluate.Input{Path: pref.GoldName, Data: data}, false)
	if err == nil && g.SHA256 != pref.GoldSHA256 {
		err = fmt.Errorf("%s has changed since the queue was made (SHA-256 %s, not %s)", pref.GoldName, g.SHA256, pref.GoldSHA256)
	}
	if err != nil {
		a.queueFailed(err)
		return
	}
	ev := evaluate.Evaluate(g, nil, systems, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
	run := &suggestRun{work: w, pref: pref, gold: g, sugg: suggest.Suggest(ev)}
	run.q = suggest.NewQueue(g.Gold, run.sugg, pref.Top)
	for i, d := range pref.Decisions {
		if err = run.q.Decide(suggest.Decision(d.Decision), d.Synset, pref.Who, time.Unix(d.When, 0)); err != nil {
			a.queueFailed(fmt.Errorf("decision %d of the kept queue does not replay: %w", i+1, err))
			return
		}
	}
	a.env.Lock()
	defer a.env.UnlockRender()
	q := &a.m.Studio.Suggest
	q.Busy = ""
	if a.workOf(sourceOf(w)) != w {
		q.Err = "The work was deleted meanwhile."
		return
	}
	a.st.queue = run
	a.m.Studio.Prefs.Queue = &run.pref
	a.SaveStudioPrefs()
	q.Running, q.Len = true, run.q.Len()
	if len(pref.Decisions) == 0 {
		q.Said = fmt.Sprintf("%s from %s (%d extractions pooled).", ui.Count(run.q.Len(), "suggestion"), ui.Count(len(systems), "system"), run.sugg.Pooled)
	}
	a.syncQueue()
}

// queueSystems reads (or waits for) the systems a queue pools, named
// apart when two share a name (ClausIE of BenchIE and of BenchIE^FL).
func (a *app) queueSystems(keys []string) ([]*evaluate.System, error) {
	var out []*evaluate.System
	named := map[string]bool{}
	for _, key := range keys {
		var s *evaluate.System
		var name string
		if id, ok := strings.CutPrefix(key, "file:"); ok {
			a.env.Lock()
			for _, f := range a.files {
				if f.ID == id && f.loaded.System != nil {
					s, name = f.loaded.System, f.Name
				}
			}
			a.env.UnlockOnly()
			if s == nil {
				return nil, fmt.Errorf("the system file of the queue (%s) is no longer added", id)
			}
		} else {
			dkey, idx, _ := strings.Cut(key, "/")
			d, ok := benchmarks.DatasetByKey(dkey)
			i, err := strconv.Atoi(idx)
			if !ok || err != nil || i < 0 || i >= len(d.Systems) {
				return nil, fmt.Errorf("no shipped system %q", key)
			}
			l := a.loading(dkey)
			<-l.done
			a.env.Lock()
			if l.err == nil && a.bundles[dkey] == nil {
				a.bundles[dkey] = l.b
			}
			// As in prepare: no scoring follows this load to clear its progress.
			if a.m.Progress != nil && a.m.Progress == l.progress {
				a.m.Progress = nil
			}
			a.env.UnlockRender()
			if l.err != nil {
				return nil, l.err
			}
			s, name = l.b.systems[i], cmpOr(l.b.systems[i].Name, d.Systems[i].Label)
			if named[name] {
				name = d.Name + "/" + d.Systems[i].ID()
			}
		}
		named[name] = true
		c := *s
		c.Name = name
		out = append(out, &c)
	}
	return out, nil
}

// syncQueue shows the current suggestion, and its sentence in the studio.
func (a *app) syncQueue() {
	run, q := a.st.queue, &a.m.Studio.Suggest
	if run == nil {
		return
	}
	q.Done, q.Accepted, q.Item = run.q.Done(), 0, nil
	for _, d := range run.q.Decisions() {
		if d == suggest.AcceptNew || d == suggest.AcceptForm {
			q.Accepted++
		}
	}
	it, ok := run.q.Current()
	if !ok {
		return
	}
	c := it.Cluster
	item := &ui.SuggestItem{SentenceID: it.Sentence.ID, Text: it.Sentence.Text, Rank: it.Rank + 1,
		Of: min(len(it.Sentence.Clusters), run.pref.Top), Triple: c.Triple, Members: len(c.Members), Closest: c.Closest + 1}
	for _, s := range c.Systems {
		item.Systems = append(item.Systems, run.sugg.Systems[s])
	}
	for _, syn := range run.gold.Sentences[it.Sentence.Index].Synsets {
		var ts []string
		for i := range syn.Triples {
			t := syn.Triple(i)
			ts = append(ts, "("+t.Subject+"; "+t.Relation+"; "+t.Object+")")
		}
		item.Synsets = append(item.Synsets, ts)
	}
	if q.Item == nil || q.Item.SentenceID != item.SentenceID || q.Item.Rank != item.Rank {
		q.Target = min(max(item.Closest, 1), len(item.Synsets))
	}
	q.Item = item
	s := a.m.Studio
	if a.st.open == run.work {
		if s.Prefs.Sentence == nil {
			s.Prefs.Sentence = map[string]string{}
		}
		s.Prefs.Sentence[run.work.meta.ID] = item.SentenceID
	}
}

// queueOp is the change an accepted suggestion makes to the work: its
// triple in a new synset or in synset k (from 1) of its sentence.
func queueOp(w *work, it suggest.QueueItem, k int) (annotate.AddExtraction, error) {
	si, ok := w.ed.Doc.SentenceIndex(it.Sentence.ID)
	if !ok {
		return annotate.AddExtraction{}, fmt.Errorf("sentence #%s is no longer in the work", it.Sentence.ID)
	}
	op := annotate.AddExtraction{Sentence: si, Synset: annotate.NewSynset, Extraction: oie.Triple{Subject: it.Cluster.Triple[0], Relation: it.Cluster.Triple[1], Object: it.Cluster.Triple[2]}}
	if k > 0 {
		op.Synset = k - 1
	}
	return op, nil
}

// activeQueue is the queue of the open work, or nil (then it says why).
func (a *app) activeQueue() *suggestRun {
	run := a.st.queue
	if run == nil || run.work != a.st.open {
		a.m.Studio.Suggest.Said = "The suggestion queue belongs to another work: open it to go on, or end the queue."
		return nil
	}
	return run
}

// DecideSuggestion implements ui.SuggestApp.
func (a *app) DecideSuggestion(decision string, synset int) {
	run := a.activeQueue()
	if run == nil {
		return
	}
	a.edit(func(e *editing) error { a.decide(e, run, suggest.Decision(decision), synset); return nil })
}

// decide records a decision of the queue, and applies an accepted
// suggestion to the work.
func (a *app) decide(e *editing, run *suggestRun, d suggest.Decision, synset int) {
	q := &a.m.Studio.Suggest
	it, ok := run.q.Current()
	if !ok {
		return
	}
	now := time.Now()
	if err := run.q.Decide(d, synset, run.pref.Who, now); err != nil {
		q.Said = "Not decided: " + err.Error() + "."
		return
	}
	w := run.work
	accepted := d == suggest.AcceptNew || d == suggest.AcceptForm
	if accepted {
		op, err := queueOp(w, it, synset)
		if err == nil {
			err = e.apply(w, op)
		}
		if err != nil {
			run.q.Undo()
			q.Said = "Not accepted: " + err.Error() + "."
			return
		}
	}
	rec := ui.QueueDecision{Decision: string(d), When: now.Unix()}
	if d == suggest.AcceptForm {
		rec.Synset = synset
	}
	run.pref.Decisions = append(run.pref.Decisions, rec)
	a.SaveStudioPrefs()
	t := it.Cluster.Triple
	switch d {
	case suggest.AcceptNew:
		q.Said = fmt.Sprintf("Accepted (%s; %s; %s) as a new synset of #%s.", t[0], t[1], t[2], it.Sentence.ID)
	case suggest.AcceptForm:
		q.Said = fmt.Sprintf("Accepted (%s; %s; %s) into synset %d of #%s.", t[0], t[1], t[2], synset, it.Sentence.ID)
	case suggest.Reject:
		q.Said = "Rejected."
	default:
		q.Said = "Skipped."
	}
	a.syncQueue()
}

// UndoSuggestion implements ui.SuggestApp. An accepted suggestion's triple
// leaves the work only while its addition is the work's last step: a
// later edit is never undone for it.
func (a *app) UndoSuggestion() {
	run := a.activeQueue()
	if run == nil {
		return
	}
	a.edit(func(e *editing) error { a.undoDecision(e, run); return nil })
}

// undoDecision takes the queue's last decision back.
func (a *app) undoDecision(e *editing, run *suggestRun) {
	if !run.q.Undo() {
		return
	}
	q := &a.m.Studio.Suggest
	it, _ := run.q.Current()
	last := run.pref.Decisions[len(run.pref.Decisions)-1]
	run.pref.Decisions = run.pref.Decisions[:len(run.pref.Decisions)-1]
	a.SaveStudioPrefs()
	q.Said = "Undone: " + last.Decision + "."
	if last.Decision == string(suggest.AcceptNew) || last.Decision == string(suggest.AcceptForm) {
		w := run.work
		want, err := queueOp(w, it, last.Synset)
		undo, _ := w.ed.History()
		if err == nil && len(undo) > 0 && undo[len(undo)-1] == annotate.Op(want) {
			e.step(w, true)
		} else {
			q.Said = "Undone in the queue; the work changed after the triple was added, so it stays in the work (delete it there if need be)."
		}
	}
	a.syncQueue()
}

// ExportErrata implements ui.SuggestApp: the accepted suggestions as the
// errata file suggest.Queue writes (docs/suggest.md).
func (a *app) ExportErrata() {
	run := a.activeQueue()
	if run == nil {
		return
	}
	data, err := run.q.Errata(run.pref.GoldName, run.pref.GoldSHA256).Marshal()
	if err != nil {
		a.m.Studio.Suggest.Said = "Not exported: " + err.Error()
		return
	}
	name := errataName(run)
	a.br.Download(name, "application/json", string(data))
	a.m.Studio.Suggest.Said = fmt.Sprintf("Exported %s (%d accepted).", name, a.m.Studio.Suggest.Accepted)
}

// errataName is the file name of a queue's errata: its gold's, the
// command-line name's colon spelled as a hyphen.
func errataName(run *suggestRun) string {
	base := strings.TrimSuffix(strings.NewReplacer(":", "-", "/", "-").Replace(run.pref.GoldName), ".txt")
	return base + ".errata.json"
}

// EndSuggestions implements ui.SuggestApp.
func (a *app) EndSuggestions() {
	a.dropQueue()
	a.m.Studio.Suggest.Open = false
	a.m.Studio.Say("The suggestion queue ended; what was accepted stays in the work.")
}

// dropQueue forgets the queue and its kept decisions.
func (a *app) dropQueue() {
	a.st.queue = nil
	q := &a.m.Studio.Suggest
	q.Running, q.Item, q.Done, q.Len, q.Accepted, q.Said, q.Err = false, nil, 0, 0, 0, "", ""
	if a.m.Studio.Prefs.Queue != nil {
		a.m.Studio.Prefs.Queue = nil
		a.SaveStudioPrefs()
	}
}
