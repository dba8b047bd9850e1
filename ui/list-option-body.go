package ui

import (
	"slices"

	"github.com/vugu/vugu"
)

// ListOption is a sentence of a list box (Sentences, Compare). It is built
// again only when what it shows changed, and otherwise returns its last
// output, whose nodes the renderer then skips (wasm/app/dom): selecting a
// sentence in a list of hundreds builds two options, not the list.
type ListOption struct {
	ListOptionBody
	shown optionShown // what out shows
	tally []string
	out   *vugu.BuildOut
}

// ListOptionBody is what a ListOption shows (list-option-body.vugu).
type ListOptionBody struct {
	Prefix   string // of the options' element ids: "s" Sentences, "d" Compare
	Index    int    // the sentence's gold index
	ID, Text string
	Selected bool
	Tally    []string
	// List is told the sentence picked; the handler reads it when clicked,
	// so a reused output still reaches the latest list.
	List interface{ Pick(id string) }
}

type optionShown struct {
	prefix   string
	index    int
	id, text string
	selected bool
}

// Build returns the last output while the option shows the same.
func (c *ListOption) Build(in *vugu.BuildIn) *vugu.BuildOut {
	shown := optionShown{c.Prefix, c.Index, c.ID, c.Text, c.Selected}
	if c.out == nil || shown != c.shown || !slices.Equal(c.Tally, c.tally) {
		c.shown, c.tally, c.out = shown, c.Tally, c.ListOptionBody.Build(in)
	}
	return c.out
}
