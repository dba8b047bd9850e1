package main

import (
	"github.com/oiebench/oiebench/ui"
	"github.com/tidwall/gjson"
)

// The studio's page effects (ui.StudioApp) and its keys as the page sends
// them: the page decides a key's default action from the rule the studio
// gave it (ui.Studio.KeyRule) and holds the keys that follow a shortcut
// until Go has handled it (KeyDone), so Go may answer later than the key.

// Focus implements ui.App and ui.StudioApp.
func (a *app) Focus(id string, later bool) { a.br.Focus(id, later) }

// ScrollIntoView implements ui.App and ui.StudioApp.
func (a *app) ScrollIntoView(selector, block string) { a.br.ScrollIntoView(selector, block) }

// showStudioKeys sends the page the shortcuts of the studio state a build
// shows, before its render: with the evaluator in a Worker the rule then
// reaches the page before the DOM it goes with, not after it (a key pressed
// between the two was judged by the old state's rule: "q" just after the
// studio opened was lost). Called under the render's read lock.
func (a *app) showStudioKeys() {
	if a.m.Prefs.View == ui.ViewStudio && a.m.Studio != nil {
		a.StudioKeys(a.m.Studio.KeyRule())
	}
}

// StudioKeys sends the page the rule when it differs from the last one
// sent.
func (a *app) StudioKeys(rule string) {
	if rule != a.st.keyRule {
		a.st.keyRule = rule
		a.br.StudioKeys(rule)
	}
}

// studioKey runs a key the page took as a shortcut (a JSON object from
// dist/loader.js: key, ctrl, shift, alt, meta, where, seq), then tells the
// page, after the rule of the state the key left, that the key is handled.
// Call it without the EventEnv lock.
func (a *app) studioKey(msg string) {
	e := gjson.Parse(msg)
	where := e.Get("where").String() // field, token, button or other
	k := ui.KeyPress{
		Key: e.Get("key").String(), Ctrl: e.Get("ctrl").Bool(), Shift: e.Get("shift").Bool(), Alt: e.Get("alt").Bool(), Meta: e.Get("meta").Bool(),
		InField: where == "field", OnToken: where == "token", OnButton: where == "token" || where == "button",
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
	a.br.KeyDone(int(e.Get("seq").Int()))
}
