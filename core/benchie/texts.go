package benchie

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/oiebench/oiebench/core/oie"
)

// A gold triple holds no pointer: its slots are a place in a text (a
// gold's as read, or one a synset owns), which it names by an id in the
// process's table of texts. The synsets hold the texts (Synset.text), the
// table only finds them: a text is released when no synset holds it.

// goldText keeps a text in the table while a synset holds it.
type goldText struct {
	id uint32
	// owned is the text's bytes when it was made in memory (Synset.Add);
	// they are only appended to, so the slots placed before stay put (and
	// a copy of the synset may add to them too).
	owned []byte
}

// textData is what the table keeps of a text.
type textData struct{ s string }

// textChunk is the number of texts in one chunk of the table; chunks are
// never moved, so a reader finds a text with two atomic loads and no lock.
const textChunk = 1024

var texts struct {
	mu     sync.Mutex // held to add a text
	last   uint32     // the last id given; 0 names no text
	chunks atomic.Pointer[[]*[textChunk]atomic.Pointer[textData]]
}

// keepText adds s to the table for as long as the returned goldText is
// reachable.
func keepText(s string) *goldText {
	texts.mu.Lock()
	texts.last++
	id := texts.last
	chunks := texts.chunks.Load()
	if chunks == nil || int(id/textChunk) >= len(*chunks) {
		grown := make([]*[textChunk]atomic.Pointer[textData], 0, int(id/textChunk)+1)
		if chunks != nil {
			grown = append(grown, *chunks...)
		}
		grown = append(grown, new([textChunk]atomic.Pointer[textData]))
		texts.chunks.Store(&grown)
		chunks = &grown
	}
	(*chunks)[id/textChunk][id%textChunk].Store(&textData{s})
	texts.mu.Unlock()
	h := &goldText{id: id}
	// A finalizer, not runtime.AddCleanup: the page's evaluator links no
	// cleanups otherwise, and they cost it 18 kB.
	runtime.SetFinalizer(h, func(h *goldText) { releaseText(h.id) })
	return h
}

// setText replaces the text of an id (see place); nil drops it.
func setText(id uint32, d *textData) {
	(*texts.chunks.Load())[id/textChunk][id%textChunk].Store(d)
}

// releaseText drops a text no synset holds any more.
func releaseText(id uint32) { setText(id, nil) }

// textOf returns the text of an id; it panics when the text was released
// (a triple used after every synset holding it was dropped).
func textOf(id uint32) string {
	d := (*texts.chunks.Load())[id/textChunk][id%textChunk].Load()
	if d == nil {
		panic("benchie: a gold triple used after its gold was released")
	}
	return d.s
}

// newOwnedText returns an empty text for triples made in memory.
func newOwnedText() *goldText { return keepText("") }

// place returns a triple at tr's slots in the text, which must be owned:
// they are appended to it as a gold line, "subject --> relation -->
// object" and a newline, as the reader places a triple in a gold's text.
func (h *goldText) place(tr oie.Triple, line int) GoldTriple {
	t := GoldTriple{Line: line, text: h.id, off: int64(len(h.owned))}
	for k, slot := range [3]string{tr.Subject, tr.Relation, tr.Object} {
		if k > 0 {
			h.owned = append(h.owned, SlotSeparator...)
		}
		h.owned = append(h.owned, slot...)
		t.n[k] = uint32(len(slot))
	}
	h.owned = append(h.owned, '\n')
	// A new textData, not the old one changed: golds that share the text
	// may be read meanwhile.
	setText(h.id, &textData{unsafe.String(unsafe.SliceData(h.owned), len(h.owned))})
	return t
}

// placeRead returns a triple at the slots the reader split from a line of
// the text: their place in it, found by address (an empty slot has none
// of its own: the first slot that is not empty places the triple). It
// reports false when they are not in the text as the reader cut them, or
// a slot is too long for a GoldTriple. text is h's (the reader keeps it at
// hand: no look-up a triple).
func (h *goldText) placeRead(text string, parts [3]string, line int) (GoldTriple, bool) {
	t := GoldTriple{Line: line, text: h.id}
	base := int64(uintptr(unsafe.Pointer(unsafe.StringData(text))))
	placed := false
	var from int64 // where slot k starts after the first
	for k, slot := range parts {
		if uint64(len(slot)) > maxSlotBytes {
			return GoldTriple{}, false
		}
		t.n[k] = uint32(len(slot))
		if slot != "" && !placed {
			t.off = int64(uintptr(unsafe.Pointer(unsafe.StringData(slot)))) - base - from
			placed = true
		}
		from += int64(len(slot) + len(SlotSeparator))
	}
	if t.off < 0 || t.off+from-int64(len(SlotSeparator)) > int64(len(text)) {
		return GoldTriple{}, false
	}
	for k, slot := range parts {
		if slot != "" && unsafe.StringData(t.slotIn(text, k)) != unsafe.StringData(slot) {
			return GoldTriple{}, false
		}
	}
	return t, true
}

// maxSlotBytes is the longest slot a GoldTriple holds.
const maxSlotBytes = 1<<32 - 1
