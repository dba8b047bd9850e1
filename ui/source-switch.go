package ui

import "fmt"

// SourceSwitch chooses the gold: a bundled BenchIE language or the user's.
type SourceSwitch struct {
	M *Model
}

// Pressed is aria-pressed of a source button.
func (c *SourceSwitch) Pressed(s Source) string { return fmt.Sprint(s.Key == c.M.Source) }

// Choose switches to a source.
func (c *SourceSwitch) Choose(s Source) { c.M.App.SwitchSource(s.Key) }
