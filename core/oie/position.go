package oie

import (
	"sort"

	"github.com/tidwall/gjson"
)

// Offsets turns byte offsets in a text, such as gjson's Result.Index, into
// 1-based lines and character columns, for readers of formats that are not
// line-based (JSON). Line starts and a running count of characters are
// indexed on first use, so a lookup costs a binary search and at most one
// block of characters: positions of a one-line 2 MB file stay cheap.
type Offsets struct {
	text   string
	starts []int // byte offset of each line
	runes  []int // runes[k]: characters in text[:k*runeBlock]
	// scanned counts the bytes read, by the index and by every lookup: the
	// tests bound it (a count, unlike a duration, does not depend on the
	// machine's load).
	scanned int
}

// runeBlock is the stride of the character count index.
const runeBlock = 1024

// NewOffsets prepares the position lookup for a text.
func NewOffsets(text string) *Offsets { return &Offsets{text: text} }

// Position returns the 1-based line and character column of byte offset off
// (clamped to the text).
func (o *Offsets) Position(off int) (line, col int) {
	if o.starts == nil {
		o.starts = []int{0}
		o.runes = make([]int, 0, len(o.text)/runeBlock+1)
		n := 0
		o.scanned += len(o.text)
		for i := 0; i < len(o.text); i++ {
			if i%runeBlock == 0 {
				o.runes = append(o.runes, n)
			}
			c := o.text[i]
			if c&0xC0 != 0x80 {
				n++
			}
			// A line ends at "\n", and at a lone "\r" as the line readers
			// take it (old Mac files), so that JSON positions agree.
			if c == '\n' || (c == '\r' && (i+1 == len(o.text) || o.text[i+1] != '\n')) {
				o.starts = append(o.starts, i+1)
			}
		}
	}
	off = min(max(off, 0), len(o.text))
	i := sort.Search(len(o.starts), func(i int) bool { return o.starts[i] > off }) - 1
	return i + 1, o.charsBefore(off) - o.charsBefore(o.starts[i]) + 1
}

// charsBefore counts the characters of text[:off]: bytes that do not
// continue a UTF-8 sequence, so that counts of any two prefixes subtract.
func (o *Offsets) charsBefore(off int) int {
	k := off / runeBlock
	if k >= len(o.runes) {
		k = len(o.runes) - 1
	}
	if k < 0 {
		return 0
	}
	n := o.runes[k]
	o.scanned += max(off-k*runeBlock, 0)
	for i := k * runeBlock; i < off; i++ {
		if o.text[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
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
