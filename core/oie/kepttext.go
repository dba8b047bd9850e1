package oie

import "unsafe"

// Text is the text strings are kept in as places (offsets and lengths),
// so that what holds the places holds no pointer: the text a reader cut
// the strings from, kept as it is, followed by bytes the Text owns, where a
// string found nowhere in the kept text is copied once. Extractions and
// the triples of a BenchIE gold keep their strings so.
//
// Owned bytes once appended never change, so a string returned by Slice
// may share them. Append changes the Text: a copy that appends too writes
// over the same bytes, so only one of its copies may append.
type Text struct {
	kept string
	own  []byte
}

// KeepText returns a text that starts with kept, which must then never
// change.
func KeepText(kept string) Text { return Text{kept: kept} }

// Kept returns the kept text.
func (t *Text) Kept() string { return t.kept }

// Len is the length of the text: the kept text's and the owned bytes'.
func (t *Text) Len() int { return len(t.kept) + len(t.own) }

// Owns reports whether bytes were appended to the kept text.
func (t *Text) Owns() bool { return len(t.own) > 0 }

// Find returns the offset of s in the kept text when s lies there (see
// Within).
func (t *Text) Find(s string) (int, bool) { return Within(t.kept, s) }

// Within returns the offset of s in text when s lies there: when s is cut
// from text's memory, as a reader's strings are cut from the text it reads
// (it is found by its address, not by its bytes). An empty string lies
// nowhere.
func Within(text, s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	// Offsets of addresses: s lies in text when it starts at or after its
	// first byte and ends at or before its end (never when text is empty).
	off := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(text)))
	if off < uintptr(len(text)) && uintptr(len(s)) <= uintptr(len(text))-off {
		return int(off), true
	}
	return 0, false
}

// Append copies s to the end of the text and returns its offset.
func (t *Text) Append(s string) int {
	off := t.Len()
	t.own = append(t.own, s...)
	return off
}

// Slice returns the n bytes at off, sharing the text's memory: they must
// lie in the kept text or in the owned bytes, not across both.
func (t *Text) Slice(off, n int) string {
	if n == 0 {
		return ""
	}
	if off < len(t.kept) {
		return t.kept[off : off+n]
	}
	own := t.own[off-len(t.kept) : off-len(t.kept)+n]
	return unsafe.String(unsafe.SliceData(own), n)
}
