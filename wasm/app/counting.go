package main

import (
	"github.com/oiebench/oiebench/core/evaluate"
)

// countLater counts the gold statistics of a workspace (its surface forms:
// seconds of work for a large gold) after its scores are on screen: in a
// goroutine of its own, once per gold, pausing for the browser, so that the
// page stays responsive and the scoring loop free. When done it completes
// the report on screen, if that is still this workspace's, and clears the
// background progress. Call it without the EventEnv lock.
func (a *app) countLater(ws *evaluate.Workspace) {
	a.env.Lock()
	if a.counting == nil {
		a.counting = map[*evaluate.Gold]bool{}
	}
	var golds []*evaluate.Gold
	for _, g := range []*evaluate.Gold{ws.Gold, ws.EGold} {
		if g != nil && !g.StatsCounted() && !a.counting[g] {
			a.counting[g] = true
			golds = append(golds, g)
		}
	}
	a.env.UnlockOnly()
	go func() {
		a.br.Paint() // the scores first
		for _, g := range golds {
			g.CountStats(a.pause(nil))
		}
		a.env.Lock()
		defer a.env.UnlockRender()
		for _, g := range golds {
			delete(a.counting, g)
		}
		if a.shown != ws || !ws.HasStats() {
			return // another gold on screen, or its E gold still counting
		}
		a.completeShown()
		a.settled()
		if p := a.m.Progress; p != nil && p.Background && len(a.wake) == 0 {
			a.m.Progress = nil
		}
		a.settleStart()
	}()
}
