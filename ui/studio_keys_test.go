package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
)

// The page decides a key's default action from KeyRule, without asking Go,
// and Key runs what the key does. Both are held to the studio's keys as
// they were when the page asked Go (legacyKey: Studio.Key and the token
// row's TokenKey before the change), on every key KeyRule asks about and
// others, with every modifier, on each kind of element, in each state the
// shortcuts depend on: the rule lists a key exactly when the old keys used
// it, and the new Key does what the old one did.
func TestKeyRuleIsKey(t *testing.T) {
	states := []struct {
		name string
		set  func(s *Studio)
	}{
		{"no work", func(s *Studio) { s.Work = nil }},
		{"empty draft", func(s *Studio) {}},
		{"a draft", func(s *Studio) { s.AddToken(0, false); s.SetSlot(1); s.AddToken(1, true); s.Draft().Cursor = 1 }},
		{"a form open", func(s *Studio) { s.AddToken(2, false); s.Panel = &Panel{Kind: "move"} }},
		{"the last sentence", func(s *Studio) { s.ShowSentence(1); s.Help = true }},
		{"queue's form", func(s *Studio) { s.Suggest.Open = true }},
		{"queue running", func(s *Studio) {
			s.Suggest = SuggestQueue{Open: true, Running: true, Target: 1, Item: &SuggestItem{Synsets: [][]string{{"a"}, {"b"}}}}
		}},
		{"queue done", func(s *Studio) { s.Suggest = SuggestQueue{Open: true, Running: true} }},
		{"queue closed", func(s *Studio) {
			s.Suggest = SuggestQueue{Running: true, Item: &SuggestItem{Synsets: [][]string{{"a"}}}}
		}},
	}
	wheres := []KeyPress{{InField: true}, {OnToken: true, OnButton: true}, {OnButton: true}, {}}
	keys := append([]string{" ", "F5", "ä", "€", "Dead", "Unidentified", "Shift", "Control", "Insert", "ContextMenu"}, ruleKeys...)
	made := func(set func(*Studio)) (*Studio, *fakeStudio) {
		s, f := studio(t, "Obama was born in Hawaii .\nShe left .\n")
		s.Work.Ed.Apply(annotate.AddSynset{Sentence: 0})
		f.changed()
		set(s)
		f.calls = nil
		return s, f
	}
	checked := 0
	for _, st := range states {
		rule := map[string]bool{}
		ruled, _ := made(st.set)
		for _, name := range strings.Split(ruled.KeyRule(), "\n") {
			rule[name] = true
		}
		for _, where := range wheres {
			for mods := range 16 {
				for _, key := range keys {
					k := where
					k.Key, k.Ctrl, k.Meta, k.Shift, k.Alt = key, mods&1 != 0, mods&2 != 0, mods&4 != 0, mods&8 != 0
					was, wasApp := made(st.set)
					now, nowApp := made(st.set)
					usedBefore := legacyKey(was, k)
					used := now.Key(k)
					if used != usedBefore || rule[k.Name()] != usedBefore {
						t.Fatalf("%s: %+v: used before %v, now %v, in the rule %v", st.name, k, usedBefore, used, rule[k.Name()])
					}
					if b, a := keyState(was, wasApp), keyState(now, nowApp); a != b {
						t.Fatalf("%s: %+v did\n%s\nbefore, and now\n%s", st.name, k, b, a)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d key presses", checked)
}

// keyState is what a key can change in the studio and ask of the app.
func keyState(s *Studio, f *fakeStudio) string {
	out := fmt.Sprintf("calls %q help %v panel %+v queue open %v target %v focus %q status %q",
		f.calls, s.Help, s.Panel, s.Suggest.Open, s.Suggest.Target, s.Focus, s.Status)
	if s.Work != nil {
		out += fmt.Sprintf(" rev %d sentence %d draft %+v", s.Work.Rev, s.SentenceIndex(), *s.Draft())
	}
	return out
}

// legacyKey is the studio's keys as the page ran them before KeyRule: the
// token row's own listener (TokenKey) first, then Studio.Key, with its
// queue's keys (queueKey), as they were written.
func legacyKey(s *Studio, k KeyPress) bool {
	if k.OnToken && s.Work != nil && s.Sentence() != nil { // TokenKey
		d, n := s.Draft(), len(s.Sentence().Tokens)
		at := min(d.Cursor, n-1)
		if at, ok := tokenList.move(k.Key, at, n); ok {
			d.Cursor = at
			s.FocusNow(fmt.Sprintf("studio-token-%d", at))
			return true
		}
	}
	if s.Work == nil {
		return false
	}
	if s.Suggest.Open && legacyQueueKey(s, k) {
		return true
	}
	cmd := k.Ctrl || k.Meta
	switch {
	case cmd && !k.Shift && strings.EqualFold(k.Key, "z") && !k.InField:
		s.Undo()
		return true
	case cmd && (k.Shift && strings.EqualFold(k.Key, "z") || strings.EqualFold(k.Key, "y")) && !k.InField:
		s.Redo()
		return true
	case cmd && k.Key == "Enter":
		s.Commit()
		return true
	case k.Alt && k.Key == "ArrowDown":
		s.Step(1)
		return true
	case k.Alt && k.Key == "ArrowUp":
		s.Step(-1)
		return true
	case cmd || k.Alt:
		return false
	case k.Key == "Escape":
		if s.Panel != nil {
			s.Panel = nil
		} else {
			s.ClearDraft()
		}
		return true
	case k.InField:
		return false
	}
	switch k.Key {
	case "1", "2", "3":
		s.SetSlot(int(k.Key[0] - '1'))
	case "o":
		s.ToggleOptional()
	case "t":
		s.FocusNow("studio-typed")
	case "/":
		s.FocusNow("studio-search")
	case "n":
		s.Draft().Target = annotate.NewSynset
	case "j":
		s.Step(1)
	case "k":
		s.Step(-1)
	case "?":
		s.Help = !s.Help
	case "q":
		s.App.OpenSuggestions()
	case "Backspace", "Delete":
		s.RemoveWords()
	case "Enter":
		if k.OnButton {
			return false
		}
		s.Commit()
	default:
		return false
	}
	return true
}

// legacyQueueKey is queueKey as it was: it runs the queue's keys while its panel is open; it reports
// whether the key was used.
func legacyQueueKey(s *Studio, k KeyPress) bool {
	q := &s.Suggest
	if k.Key == "Escape" {
		q.Open = false
		return true
	}
	if k.InField || k.Alt {
		return false
	}
	if !q.Running { // the form: Enter starts, wherever focus is
		if k.Key == "Enter" && !(k.Ctrl || k.Meta) {
			s.App.StartSuggestions()
			return true
		}
		return false
	}
	app := s.App
	cmd := k.Ctrl || k.Meta
	switch {
	case cmd && strings.EqualFold(k.Key, "z"), !cmd && (k.Key == "u" || k.Key == "Backspace"):
		app.UndoSuggestion()
	case cmd:
		return false
	case k.Key == "e":
		app.ExportErrata()
	case q.Item == nil:
		return false
	case k.Key == "a":
		app.DecideSuggestion(SuggestAcceptNew, 0)
	case len(k.Key) == 1 && k.Key[0] >= '1' && k.Key[0] <= '9':
		app.DecideSuggestion(SuggestAcceptForm, int(k.Key[0]-'0')) // a synset it lacks is refused, and said
	case k.Key == "ArrowLeft", k.Key == "ArrowUp":
		q.SetTarget(-1)
	case k.Key == "ArrowRight", k.Key == "ArrowDown":
		q.SetTarget(1)
	case k.Key == "f", k.Key == "Enter" && !k.OnButton:
		if q.Target >= 1 && q.Target <= len(q.Item.Synsets) {
			app.DecideSuggestion(SuggestAcceptForm, q.Target)
		}
	case k.Key == "r":
		app.DecideSuggestion(SuggestReject, 0)
	case k.Key == "s":
		app.DecideSuggestion(SuggestSkip, 0)
	default:
		return false
	}
	return true
}
