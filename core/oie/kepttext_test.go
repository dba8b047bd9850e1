package oie

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestTextPlaces places strings of every edge class in a Text whose kept
// text is a window of a larger string: inside the window, at its edges,
// the whole window, across either edge, just outside it, empty, and
// strings of other memory. Each comes back equal; a string inside the
// window is its offset there, sharing its bytes; any other is copied once,
// and stays the same while more bytes are appended (the owned bytes move).
func TestTextPlaces(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		all := strings.Repeat("abc€ ", 1+r.IntN(40))
		from := r.IntN(len(all))
		to := from + r.IntN(len(all)-from+1)
		kept := all[from:to]
		text := KeepText(kept)
		type placed struct {
			s      string
			off    int
			inKept bool
		}
		var made []placed
		for range 50 {
			i := r.IntN(len(all) + 1)
			j := i + r.IntN(len(all)-i+1)
			s := all[i:j]
			switch r.IntN(6) {
			case 0:
				s = strings.Clone(s) // other memory, the same bytes
			case 1:
				s = kept
			case 2:
				s = ""
			}
			at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
			base := uintptr(unsafe.Pointer(unsafe.StringData(all)))
			inKept := s != "" && at >= base+uintptr(from) && at+uintptr(len(s)) <= base+uintptr(to)
			off, ok := text.Find(s)
			if ok != inKept || ok && kept[off:off+len(s)] != s {
				t.Fatalf("round %d: Find(all[%d:%d]) in all[%d:%d] = %d, %v", round, i, j, from, to, off, ok)
			}
			if !ok {
				owned := text.Owns()
				if off = text.Append(s); off < len(kept) || text.Owns() != (owned || s != "") {
					t.Fatalf("round %d: %q appended at %d, within the kept %d bytes", round, s, off, len(kept))
				}
			}
			made = append(made, placed{s, off, ok})
			for _, p := range made {
				got := text.Slice(p.off, len(p.s))
				if got != p.s {
					t.Fatalf("round %d: Slice(%d, %d) = %q, want %q", round, p.off, len(p.s), got, p.s)
				}
				if p.inKept && unsafe.StringData(got) != unsafe.StringData(p.s) {
					t.Fatalf("round %d: %q is a copy, not the kept text", round, p.s)
				}
			}
		}
		if text.Len() < len(kept) {
			t.Fatalf("round %d: Len %d under the kept %d bytes", round, text.Len(), len(kept))
		}
	}
}

// TestTextSliceAcrossItsParts: a slice that starts in the kept text and
// ends in the owned bytes is not a string the text holds.
func TestTextSliceAcrossItsParts(t *testing.T) {
	text := KeepText("kept")
	text.Append("own")
	defer func() {
		if recover() == nil {
			t.Error("Slice(2, 4) across the kept text's end did not panic")
		}
	}()
	text.Slice(2, 4)
}
