package oie

import (
	"sort"

	"github.com/tidwall/gjson"
)

// Offsets turns byte offsets in a text, such as gjson's Result.Index, into
// 1-based lines and character columns, for readers of formats that are not
// line-based (JSON). Line starts are indexed on first use.
type Offsets struct {
	text   string
	starts []int
}

// NewOffsets prepares the position lookup for a text.
func NewOffsets(text string) *Offsets { return &Offsets{text: text} }

// Position returns the 1-based line and character column of byte offset off
// (clamped to the text).
func (o *Offsets) Position(off int) (line, col int) {
	if o.starts == nil {
		o.starts = []int{0}
		for i := 0; i < len(o.text); i++ {
			if o.text[i] == '\n' {
				o.starts = append(o.starts, i+1)
			}
		}
	}
	off = min(max(off, 0), len(o.text))
	i := sort.Search(len(o.starts), func(i int) bool { return o.starts[i] > off }) - 1
	return i + 1, Column(o.text[o.starts[i]:], off-o.starts[i])
}

// JSONKind names a JSON value's type for messages ("a string", "an array").
func JSONKind(v gjson.Result) string {
	switch v.Type {
	case gjson.Null:
		return "null"
	case gjson.False, gjson.True:
		return "a boolean"
	case gjson.Number:
		return "a number"
	case gjson.String:
		return "a string"
	}
	if v.IsArray() {
		return "an array"
	}
	return "an object"
}
