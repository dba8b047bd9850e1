package main

import (
	"fmt"
	"sync"
)

// effects records a fake browser's page effects, one line each.
type effects struct {
	effectsMu sync.Mutex
	asked     []string
	shown     string // the last ShowReport
}

func (e *effects) ask(format string, args ...any) {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	e.asked = append(e.asked, fmt.Sprintf(format, args...))
}

func (e *effects) Focus(id string, later bool)    { e.ask("focus %s later=%v", id, later) }
func (e *effects) ScrollIntoView(selector string) { e.ask("scroll %s", selector) }
func (e *effects) StudioKeys(rule string)         { e.ask("keys %d bytes", len(rule)) }
func (e *effects) KeyDone(seq int)                { e.ask("done %d", seq) }
func (e *effects) SavePNG(name, svg string, scale float64) {
	e.ask("png %s %d bytes ×%v", name, len(svg), scale)
}
func (e *effects) ShowReport(exports string) {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	e.shown = exports
}

// effectsAsked is what was asked so far.
func (e *effects) effectsAsked() []string {
	e.effectsMu.Lock()
	defer e.effectsMu.Unlock()
	return append([]string(nil), e.asked...)
}
