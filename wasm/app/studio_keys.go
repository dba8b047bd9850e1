package main

import (
	"encoding/json"

	"github.com/oiebench/oiebench/ui"
)

// The studio's page effects (ui.StudioApp) and its keys as the page sends
// them: the page decides a key's default action from the rule the studio
// gave it (ui.Studio.KeyRule) and holds the keys that follow a shortcut
// until Go has handled it (KeyDone), so Go may answer later than the key.

// Focus implements ui.StudioApp.
func (a *app) Focus(id string, later bool) { a.br.Focus(id, later) }

// ScrollIntoView implements ui.StudioApp.
func (a *app) ScrollIntoView(selector string) { a.br.ScrollIntoView(selector) }

// StudioKeys implements ui.StudioApp: the page is sent the rule when it
// differs from the last one sent.
func (a *app) StudioKeys(rule string) {
	if rule != a.st.keyRule {
		a.st.keyRule = rule
		a.br.StudioKeys(rule)
	}
}

// studioKeyEvent is a key as the page sends it (effects_js.go).
type studioKeyEvent struct {
	Key                    string
	Ctrl, Shift, Alt, Meta bool
	Where                  string // field, token, button or other
	Seq                    int
}

// studioKey runs a key the page took as a shortcut, then tells the page,
// after the rule of the state the key left, that the key is handled.
// Call it without the EventEnv lock.
func (a *app) studioKey(msg string) {
	var e studioKeyEvent
	json.Unmarshal([]byte(msg), &e) // the page wrote it; a bad one is no key
	k := ui.KeyPress{
		Key: e.Key, Ctrl: e.Ctrl, Shift: e.Shift, Alt: e.Alt, Meta: e.Meta,
		InField: e.Where == "field", OnToken: e.Where == "token", OnButton: e.Where == "token" || e.Where == "button",
	}
	a.env.Lock()
	used := a.m.Prefs.View == ui.ViewStudio && a.m.Studio.Key(k)
	if used {
		a.StudioKeys(a.m.Studio.KeyRule())
		a.env.UnlockRender()
	} else {
		a.env.UnlockOnly()
	}
	// Unlocked: the keys the page held run their handlers now.
	a.br.KeyDone(e.Seq)
}
