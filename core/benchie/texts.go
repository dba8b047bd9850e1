package benchie

import (
	"sync/atomic"

	"github.com/oiebench/oiebench/core/oie"
)

// goldText is the text a synset's triples are places in: the gold's text
// as read, which the gold's synsets share and nothing appends to, or a
// synset's own, which appends the slots of its triples made in memory
// (Synset.Add) after that text.
type goldText struct {
	oie.Text
	// id names the text read in its triples (GoldTriple.text) and in its
	// gold's arena of units (unitArena.id); a synset's own text keeps the
	// id of the text it starts with.
	id uint32
}

// textIDs numbers the texts of the process.
var textIDs atomic.Uint32

// newTextID returns an id no other text of the process has (it would take
// 2³² texts for one to come round again).
func newTextID() uint32 {
	for {
		if id := textIDs.Add(1); id != 0 {
			return id
		}
	}
}

// place appends tr's slots to the text, as the reader finds them in a
// line, with SlotSeparator between, and returns a triple at them.
func (h *goldText) place(tr oie.Triple, line int) GoldTriple {
	t := GoldTriple{Line: line, text: h.id, off: int64(h.Len())}
	for k, slot := range tr.Slots() {
		if k > 0 {
			h.Append(SlotSeparator)
		}
		h.Append(slot)
		t.n[k] = uint32(len(slot))
	}
	return t
}

// placeRead returns a triple at the slots the reader split from a line of
// the text: their place in it, found by address (an empty slot has none
// of its own: the first slot that is not empty places the triple). It
// reports false when they are not in the text as the reader cut them, one
// separator apart, or a slot is too long for a GoldTriple.
func (h *goldText) placeRead(parts [3]string, line int) (GoldTriple, bool) {
	t := GoldTriple{Line: line, text: h.id}
	placed := false
	var from int64 // where slot k starts after the first
	for k, slot := range parts {
		if uint64(len(slot)) > maxSlotBytes {
			return GoldTriple{}, false
		}
		t.n[k] = uint32(len(slot))
		if slot != "" {
			off, ok := h.Find(slot)
			if !ok || placed && int64(off) != t.off+from {
				return GoldTriple{}, false
			}
			if !placed {
				t.off, placed = int64(off)-from, true
			}
		}
		from += int64(len(slot) + len(SlotSeparator))
	}
	// A triple of empty slots is at 0: Slice reads nothing of it.
	return t, t.off >= 0 && t.off+from-int64(len(SlotSeparator)) <= int64(h.Len())
}

// maxSlotBytes is the longest slot a GoldTriple holds.
const maxSlotBytes = 1<<32 - 1
