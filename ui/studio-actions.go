package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
)

// The studio's actions, shared by its buttons and its keyboard shortcuts.
// Draft words are copied before every change: a triple handed to the editor
// (and kept in its history) must never change afterwards.

// cloneTriple copies a triple's word slices.
func cloneTriple(t annotate.Triple) annotate.Triple {
	var out annotate.Triple
	for k, sl := range t.Slots {
		out.Slots[k] = annotate.Slot{Words: slices.Clone(sl.Words)}
	}
	return out
}

// setWords replaces the words of a draft slot.
func (d *Draft) setWords(k int, words []annotate.Word) {
	t := cloneTriple(d.Triple)
	t.Slots[k].Words = words
	d.Triple = t
}

// AddToken puts sentence token i at the end of the active slot, as an
// optional one-word unit when asked.
func (s *Studio) AddToken(i int, optional bool) {
	d := s.Draft()
	w := annotate.Tok(i)
	if optional {
		w = w.Optional()
	}
	words := append(slices.Clone(d.Triple.Slots[d.Slot].Words), w)
	d.setWords(d.Slot, words)
	d.Sel = Selection{}
	d.Cursor = i
}

// AddTyped puts the words typed in the box at the end of the active slot,
// one typed word per space-separated piece (BenchIE splits slots on spaces).
func (s *Studio) AddTyped() {
	d := s.Draft()
	pieces := strings.Fields(d.Typed)
	if len(pieces) == 0 {
		return
	}
	words := slices.Clone(d.Triple.Slots[d.Slot].Words)
	for _, p := range pieces {
		words = append(words, annotate.Typed(p))
	}
	d.setWords(d.Slot, words)
	d.Typed = ""
	d.Sel = Selection{}
}

// SetSlot makes slot k the one clicked tokens go to.
func (s *Studio) SetSlot(k int) {
	d := s.Draft()
	if k >= 0 && k < 3 {
		d.Slot = k
	}
}

// SelectWord selects word j of slot k; extend grows the selection within
// the slot (shift-click), so that a run can become one optional unit.
func (s *Studio) SelectWord(k, j int, extend bool) {
	d := s.Draft()
	if extend && d.Sel.Selected && d.Sel.Slot == k {
		d.Sel.From, d.Sel.To = min(d.Sel.From, j), max(d.Sel.To, j)
		if j > d.Sel.From && j < d.Sel.To { // shrink towards the click
			d.Sel.To = j
		}
	} else if d.Sel.Selected && d.Sel.Slot == k && d.Sel.From == j && d.Sel.To == j {
		d.Sel = Selection{} // a second click unselects
	} else {
		d.Sel = Selection{Selected: true, Slot: k, From: j, To: j}
	}
	d.Slot = k
}

// WidenSelection grows the selected run by the next word of its slot (or,
// with nothing selected, selects the active slot's first word): Shift+click
// without a keyboard, for a phone or tablet.
func (s *Studio) WidenSelection() {
	d := s.Draft()
	if !d.Sel.Selected || d.Sel.To >= len(d.Triple.Slots[d.Sel.Slot].Words) {
		if len(d.Triple.Slots[d.Slot].Words) > 0 {
			d.Sel = Selection{Selected: true, Slot: d.Slot}
		}
		return
	}
	if d.Sel.To+1 < len(d.Triple.Slots[d.Sel.Slot].Words) {
		d.Sel.To++
	}
}

// selection is the selected run, or the last word of the active slot.
func (d *Draft) selection() (k, from, to int, ok bool) {
	if d.Sel.Selected && d.Sel.To < len(d.Triple.Slots[d.Sel.Slot].Words) {
		return d.Sel.Slot, d.Sel.From, d.Sel.To, true
	}
	n := len(d.Triple.Slots[d.Slot].Words)
	return d.Slot, n - 1, n - 1, n > 0
}

// ToggleOptional makes the selected words (or the last word of the active
// slot) one optional unit, or required again.
func (s *Studio) ToggleOptional() {
	d := s.Draft()
	if k, from, to, ok := d.selection(); ok {
		d.setWords(k, annotate.ToggleUnit(d.Triple.Slots[k].Words, from, to))
	}
}

// RemoveWords removes the selected words, or the last word of the active slot.
func (s *Studio) RemoveWords() {
	d := s.Draft()
	if k, from, to, ok := d.selection(); ok {
		d.setWords(k, slices.Delete(slices.Clone(d.Triple.Slots[k].Words), from, to+1))
		d.Sel = Selection{}
	}
}

// MoveWords moves the selected words one place left (-1) or right (+1)
// within their slot: the order of words is the order of the slot's text.
func (s *Studio) MoveWords(dir int) {
	d := s.Draft()
	k, from, to, ok := d.selection()
	words := slices.Clone(d.Triple.Slots[k].Words)
	if !ok || from+dir < 0 || to+dir >= len(words) {
		return
	}
	run := slices.Clone(words[from : to+1])
	words = slices.Delete(words, from, to+1)
	words = slices.Insert(words, from+dir, run...)
	d.setWords(k, words)
	d.Sel = Selection{Selected: true, Slot: k, From: from + dir, To: to + dir}
}

// ClearDraft empties the draft and leaves editing.
func (s *Studio) ClearDraft() {
	d := s.Draft()
	*d = Draft{Target: d.Target, Cursor: d.Cursor}
	if d.Target >= len(s.Sentence().Synsets) {
		d.Target = annotate.NewSynset
	}
}

// Commit adds the draft to its synset, or saves the triple being edited.
func (s *Studio) Commit() {
	d, si, sen := s.Draft(), s.SentenceIndex(), s.Sentence()
	if sen == nil || d.Empty() {
		s.Say("Put words into the subject, the relation and the object first.")
		return
	}
	t := cloneTriple(d.Triple)
	if d.Editing {
		k, i := d.EditAt[0], d.EditAt[1]
		if s.apply(annotate.SetTriple{Sentence: si, Synset: k, Index: i, Triple: t}) {
			s.Say("Saved triple %d of synset %d.", i+1, k+1)
			*d = Draft{Target: k, Cursor: d.Cursor}
			s.FocusNow("studio-token-" + fmt.Sprint(d.Cursor))
		}
		return
	}
	target := d.Target
	if !s.apply(annotate.AddTriple{Sentence: si, Synset: target, Triple: t}) {
		return
	}
	if target == annotate.NewSynset {
		target = len(s.Sentence().Synsets) - 1
		s.Say("Added to a new synset, synset %d. The next triple goes there too: choose “New synset” for another fact.", target+1)
	} else {
		s.Say("Added to synset %d.", target+1)
	}
	*d = Draft{Target: target, Cursor: d.Cursor}
	s.FocusNow("studio-token-" + fmt.Sprint(d.Cursor))
}

// EditTriple loads triple i of synset k into the builder.
func (s *Studio) EditTriple(k, i int) {
	sen := s.Sentence()
	if sen == nil || k >= len(sen.Synsets) || i >= len(sen.Synsets[k].Triples) {
		return
	}
	d := s.Draft()
	*d = Draft{Triple: cloneTriple(sen.Synsets[k].Triples[i]), Editing: true, EditAt: [2]int{k, i}, Target: k, Cursor: d.Cursor}
	s.Panel = nil
	s.Focus = "studio-commit"
}

// apply applies an operation to the open work and says why when refused.
func (s *Studio) apply(op annotate.Op) bool {
	if err := s.App.Apply(op); err != nil {
		var oe *annotate.OpError
		if errors.As(err, &oe) {
			s.Say("Not done: %s.", oe.Msg)
		} else {
			s.Say("Not done: %v.", err)
		}
		return false
	}
	s.Panel = nil
	return true
}

// DuplicateTriple inserts a copy of a triple after it, to be edited into a
// variant, and opens the copy in the builder.
func (s *Studio) DuplicateTriple(k, i int) {
	if s.apply(annotate.DuplicateTriple{Sentence: s.SentenceIndex(), Synset: k, Index: i}) {
		s.Say("Duplicated triple %d of synset %d: edit the copy below.", i+1, k+1)
		s.EditTriple(k, i+1)
	}
}

// DeleteTriple deletes a triple (undo brings it back).
func (s *Studio) DeleteTriple(k, i int) {
	if s.apply(annotate.DeleteTriple{Sentence: s.SentenceIndex(), Synset: k, Index: i}) {
		s.Say("Deleted triple %d of synset %d. Undo (Ctrl+Z) brings it back.", i+1, k+1)
	}
}

// MoveTriple moves (or copies) a triple to synset to (annotate.NewSynset:
// a new one).
func (s *Studio) MoveTriple(k, i, to int, copy bool) {
	si := s.SentenceIndex()
	var op annotate.Op = annotate.MoveTriple{Sentence: si, Synset: k, Index: i, To: to}
	verb := "Moved"
	if copy {
		op, verb = annotate.CopyTriple{Sentence: si, Synset: k, Index: i, To: to}, "Copied"
	}
	if s.apply(op) {
		where := fmt.Sprintf("synset %d", to+1)
		if to == annotate.NewSynset {
			where = "a new synset"
		}
		s.Say("%s triple %d of synset %d to %s.", verb, i+1, k+1, where)
	}
}

// MergeSynsets appends the triples of synset from to synset into.
func (s *Studio) MergeSynsets(into, from int) {
	if s.apply(annotate.MergeSynsets{Sentence: s.SentenceIndex(), Into: into, From: []int{from}}) {
		s.Say("Merged synset %d into synset %d.", from+1, into+1)
	}
}

// MoveSynset moves a synset one place up or down: a correct extraction is
// credited to the first synset that matches it, so order matters.
func (s *Studio) MoveSynset(k, dir int) {
	to := k + dir
	if to < 0 || to >= len(s.Sentence().Synsets) {
		return
	}
	if s.apply(annotate.MoveSynset{Sentence: s.SentenceIndex(), Synset: k, To: to}) {
		s.Say("Synset %d is now synset %d.", k+1, to+1)
		s.Focus = fmt.Sprintf("studio-synset-%d", to)
	}
}

// DeleteSynset deletes a synset with its triples.
func (s *Studio) DeleteSynset(k int) {
	if s.apply(annotate.DeleteSynset{Sentence: s.SentenceIndex(), Synset: k}) {
		s.Say("Deleted synset %d. Undo (Ctrl+Z) brings it back.", k+1)
	}
}

// AddSynset adds an empty synset and makes it the draft's target.
func (s *Studio) AddSynset() {
	if s.apply(annotate.AddSynset{Sentence: s.SentenceIndex()}) {
		k := len(s.Sentence().Synsets) - 1
		s.Draft().Target = k
		s.Say("Added synset %d: triples you add go there.", k+1)
	}
}

// AddSentences appends sentences, one a line of text (blank lines are
// skipped), with the next free ids, and shows the first of them.
func (s *Studio) AddSentences(text string) {
	var texts []string
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		s.Say("Nothing to add: type or paste sentences, one a line.")
		return
	}
	first := len(s.Doc().Sentences)
	if s.apply(annotate.AddSentences{Texts: texts}) {
		s.ShowSentence(first)
		s.Say("Added %d sentence%s, from #%s.", len(texts), plural(len(texts)), s.Doc().Sentences[first].ID)
	}
}

// RenameSentence gives the sentence on screen another id; ids stay unique.
func (s *Studio) RenameSentence(id string) {
	si := s.SentenceIndex()
	if si < 0 {
		return
	}
	old := s.Sentence().ID
	id = strings.TrimSpace(id)
	if s.apply(annotate.SetSentenceID{Sentence: si, ID: id}) {
		s.ShowSentence(si)
		s.Say("Sentence #%s is now #%s.", old, id)
	}
}

// DeleteSentence deletes the sentence on screen with its synsets (undo
// brings it back) and shows the one that took its place.
func (s *Studio) DeleteSentence() {
	si := s.SentenceIndex()
	if si < 0 {
		return
	}
	id := s.Sentence().ID
	if s.apply(annotate.DeleteSentence{Sentence: si}) {
		s.ShowSentence(min(si, len(s.Doc().Sentences)-1))
		s.Say("Deleted sentence #%s. Undo (Ctrl+Z) brings it back.", id)
	}
}

// Visible lists the positions of the sentences the search and filter keep.
func (s *Studio) Visible() []int {
	d := s.Doc()
	if d == nil {
		return nil
	}
	key := cacheKey{work: s.Work.ID, rev: s.Work.Rev, issues: len(s.Work.Issues), query: s.Prefs.Query, filter: string(s.Prefs.Filter)}
	if s.visibleKey == key && s.visible != nil {
		return s.visible
	}
	s.visible, s.visibleKey = s.visible[:0:0], key
	found := d.Find(s.Prefs.Query)
	if s.Prefs.Filter == FilterAll {
		s.visible = append(s.visible, found...)
		return s.visible
	}
	o := s.Overview()
	for _, i := range found {
		st := o.Statuses[i]
		keep := false
		switch s.Prefs.Filter {
		case FilterTodo:
			keep = !st.Annotated()
		case FilterAnnotated:
			keep = st.Annotated()
		case FilterIssues:
			keep = st.Errors+st.Warnings > 0
		}
		if keep {
			s.visible = append(s.visible, i)
		}
	}
	return s.visible
}

// Step shows the next (dir 1) or previous (-1) sentence of the list.
func (s *Studio) Step(dir int) {
	list, at := s.Visible(), s.SentenceIndex()
	if len(list) == 0 {
		return
	}
	pos := slices.Index(list, at)
	switch {
	case pos < 0 && dir > 0:
		pos = 0
	case pos < 0:
		pos = len(list) - 1
	default:
		pos = min(max(pos+dir, 0), len(list)-1)
	}
	s.ShowSentence(list[pos])
	s.FocusNow("studio-token-0") // the element stays; the render gives it the new sentence's first token
}

// Undo and Redo step through the history and say what they did.
func (s *Studio) Undo() {
	if s.Work != nil && s.Work.Ed.CanUndo() {
		s.App.Undo()
	}
}

func (s *Studio) Redo() {
	if s.Work != nil && s.Work.Ed.CanRedo() {
		s.App.Redo()
	}
}

// KeyPress is a key pressed while the studio is on screen.
type KeyPress struct {
	Key                    string
	Ctrl, Shift, Alt, Meta bool
	// InField is set when focus is in a text field or a select, where
	// letters and editing keys belong to the field.
	InField bool
	// OnButton is set when focus is on a button, where Enter and Space
	// press the button.
	OnButton bool
	// OnToken is set when focus is on a token of the sentence (a button),
	// where the arrows, Home and End move along the tokens.
	OnToken bool
}

// Name is the key as KeyRule lists it: its modifiers (C for Ctrl or ⌘, S
// for Shift, A for Alt), where it was pressed (field, token, button or
// other) and the key, as in "C:field:Enter". The page names a key the same
// way (dist/loader.js, studioKeys).
func (k KeyPress) Name() string {
	mods := ""
	if k.Ctrl || k.Meta {
		mods += "C"
	}
	if k.Shift {
		mods += "S"
	}
	if k.Alt {
		mods += "A"
	}
	where := "other"
	switch {
	case k.InField:
		where = "field"
	case k.OnToken:
		where = "token"
	case k.OnButton:
		where = "button"
	}
	return mods + ":" + where + ":" + k.Key
}

// Key runs the studio's keyboard shortcut of a key; it reports whether the
// key was one (the page, which asks nothing of Go before it decides,
// prevented the key's default action by KeyRule).
func (s *Studio) Key(k KeyPress) bool { return s.shortcut(k, true) }

// shortcut reports whether a key is a shortcut in the studio's present
// state and, when run is set, runs it. Without run it changes nothing:
// KeyRule asks it of every key.
func (s *Studio) shortcut(k KeyPress, run bool) bool {
	if s.Work == nil {
		return false
	}
	if k.OnToken { // before the queue's arrows, as the token row's own keys were
		if sen := s.Sentence(); sen != nil {
			if _, ok := tokenList.move(k.Key, 0, len(sen.Tokens)); ok {
				if run {
					s.MoveCursor(k.Key)
				}
				return true
			}
		}
	}
	if s.Suggest.Open && s.queueShortcut(k, run) {
		return true
	}
	cmd := k.Ctrl || k.Meta
	switch {
	case cmd && !k.Shift && strings.EqualFold(k.Key, "z") && !k.InField:
		if run {
			s.Undo()
		}
		return true
	case cmd && (k.Shift && strings.EqualFold(k.Key, "z") || strings.EqualFold(k.Key, "y")) && !k.InField:
		if run {
			s.Redo()
		}
		return true
	case cmd && k.Key == "Enter":
		if run {
			s.Commit()
		}
		return true
	case k.Alt && k.Key == "ArrowDown":
		if run {
			s.Step(1)
		}
		return true
	case k.Alt && k.Key == "ArrowUp":
		if run {
			s.Step(-1)
		}
		return true
	case cmd || k.Alt:
		return false
	case k.Key == "Escape":
		switch {
		case !run:
		case s.Panel != nil:
			s.Panel = nil
		default:
			s.ClearDraft()
		}
		return true
	case k.InField:
		return false
	}
	switch k.Key {
	case "1", "2", "3":
		if run {
			s.SetSlot(int(k.Key[0] - '1'))
		}
	case "o":
		if run {
			s.ToggleOptional()
		}
	case "t":
		if run {
			s.FocusNow("studio-typed")
		}
	case "/":
		if run {
			s.FocusNow("studio-search")
		}
	case "n":
		if run {
			s.Draft().Target = annotate.NewSynset
		}
	case "j":
		if run {
			s.Step(1)
		}
	case "k":
		if run {
			s.Step(-1)
		}
	case "?":
		if run {
			s.Help = !s.Help
		}
	case "q":
		if run {
			s.App.OpenSuggestions()
		}
	case "Backspace", "Delete":
		if run {
			s.RemoveWords()
		}
	case "Enter":
		if k.OnButton {
			return false
		}
		if run {
			s.Commit()
		}
	default:
		return false
	}
	return true
}

// ruleKeys are the keys KeyRule asks shortcut about: every printable ASCII
// character and the named keys a shortcut could be (a key that is none of
// them is no shortcut anywhere: TestKeyRuleIsKey tries others).
var ruleKeys = func() []string {
	keys := []string{"Enter", "Escape", "Backspace", "Delete", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown",
		"Home", "End", "PageUp", "PageDown"}
	for c := byte('!'); c <= '~'; c++ {
		keys = append(keys, string(c))
	}
	return keys
}()

// ruleState is what the studio's shortcuts depend on, besides the key.
type ruleState struct {
	work                  *Work
	tokens                bool
	open, running, queued bool
}

// KeyRule lists, one name a line (KeyPress.Name), the keys that are
// shortcuts in the studio's present state. The page prevents their
// default action from it when they are pressed and sends them to Key; it
// needs no answer from Go to decide, so Go may answer later than the key.
func (s *Studio) KeyRule() string {
	st := ruleState{work: s.Work, open: s.Suggest.Open, running: s.Suggest.Running, queued: s.Suggest.Item != nil}
	if s.Work != nil {
		if sen := s.Sentence(); sen != nil {
			st.tokens = len(sen.Tokens) > 0
		}
	}
	if s.ruleCache.valid && s.ruleCache.state == st {
		return s.ruleCache.rule
	}
	var b strings.Builder
	for _, where := range []KeyPress{{InField: true}, {OnToken: true, OnButton: true}, {OnButton: true}, {}} {
		for mods := range 8 {
			for _, key := range ruleKeys {
				k := where
				k.Key, k.Ctrl, k.Shift, k.Alt = key, mods&1 != 0, mods&2 != 0, mods&4 != 0
				if s.shortcut(k, false) {
					b.WriteString(k.Name())
					b.WriteByte('\n')
				}
			}
		}
	}
	s.ruleCache.valid, s.ruleCache.state, s.ruleCache.rule = true, st, b.String()
	return s.ruleCache.rule
}
