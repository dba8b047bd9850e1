package oie

import (
	"fmt"
	"iter"
	"math"
	"unsafe"
)

// Extractions is a system's extractions in the order they were read. Read
// them with Len, At and All; add to them with Append (the zero value is an
// empty list).
//
// The list holds no pointers but to four blocks that hold none (see the
// package doc): Go's collector marks it without reading it, however many
// extractions it holds.
type Extractions struct {
	// src is the text a reader cut its strings from (extractionsIn): a
	// string that lies in it is kept as its offset and length.
	src string
	// own holds, one after the other, the bytes of every string that does
	// not lie in src; bytes once appended never change.
	own  []byte
	rows []extractionRow
	// args holds the arguments after the object of every extraction, in
	// order.
	args []textSpan
}

// textSpan is a string as an offset and a length in the text of src
// followed by own: the offset of a string in own is len(src) more than its
// index there.
type textSpan struct{ off, n uint32 }

// extractionRow is an Extraction without pointers.
type extractionRow struct {
	id, subject, relation, object textSpan
	args, nargs                   uint32 // the extraction's arguments: args[args : args+nargs]
	line                          uint32
	flags                         rowFlags
	confidence                    float64
}

// rowFlags are an Extraction's booleans.
type rowFlags uint8

const (
	hasConfidence rowFlags = 1 << iota
	idSpaced
	indented
)

// maxText is the most text a list holds: src and own together, so that
// every offset fits a textSpan.
const maxText = math.MaxUint32

// errTooLarge: a list would hold more text than a textSpan addresses.
var errTooLarge = fmt.Errorf("more than %d bytes of text (4 GiB): extractions are kept as 32-bit offsets into their text", uint64(maxText))

// extractionsIn returns an empty list whose strings, when they lie in src,
// are kept as offsets into it: src is then kept alive by the list and must
// never change. It fails when src is larger than the offsets can address.
func extractionsIn(src string) (Extractions, error) {
	if uint64(len(src)) > maxText {
		return Extractions{}, errTooLarge
	}
	return Extractions{src: src}, nil
}

// ExtractionsOf returns the list of es, in order.
func ExtractionsOf(es []Extraction) Extractions {
	var x Extractions
	x.Append(es...)
	return x
}

// Len is the number of extractions.
func (x Extractions) Len() int { return len(x.rows) }

// At returns the i-th extraction (0-based). Its strings are the list's
// memory, not copies; Extra is made at each call, nil when there are no
// arguments after the object.
func (x Extractions) At(i int) Extraction {
	r := &x.rows[i]
	e := Extraction{SentID: x.text(r.id), Triple: Triple{x.text(r.subject), x.text(r.relation), x.text(r.object)},
		Confidence: r.confidence, HasConfidence: r.flags&hasConfidence != 0, IDSpaced: r.flags&idSpaced != 0,
		Indented: r.flags&indented != 0, Line: int(r.line)}
	if r.nargs > 0 {
		e.Extra = make([]string, r.nargs)
		for k, s := range x.args[r.args : r.args+r.nargs] {
			e.Extra[k] = x.text(s)
		}
	}
	return e
}

// All yields each extraction with its index, in order. (The page's code
// loops over Len and At: a range over a function is compiled to a closure
// per loop, 19 kB of the evaluator for its 14 loops.)
func (x Extractions) All() iter.Seq2[int, Extraction] {
	return func(yield func(int, Extraction) bool) {
		for i := range x.Len() {
			if !yield(i, x.At(i)) {
				return
			}
		}
	}
}

// Append adds es at the end of the list. It panics when the list would
// hold more than 4 GiB of text or a line number over 2³²−1 (a reader
// refuses such a file with an error first).
func (x *Extractions) Append(es ...Extraction) {
	for _, e := range es {
		if err := x.add(e); err != nil {
			panic("oie: Extractions.Append: " + err.Error())
		}
	}
}

// add appends e, or says why it cannot.
func (x *Extractions) add(e Extraction) error {
	if e.Line < 0 || uint64(e.Line) > math.MaxUint32 {
		return fmt.Errorf("line %d: a line number is kept in 32 bits, not negative", e.Line)
	}
	if uint64(len(x.args))+uint64(len(e.Extra)) > math.MaxUint32 {
		return errTooLarge
	}
	r := extractionRow{args: uint32(len(x.args)), nargs: uint32(len(e.Extra)), line: uint32(e.Line), confidence: e.Confidence}
	var err error
	for _, s := range [...]struct {
		to   *textSpan
		text string
	}{{&r.id, e.SentID}, {&r.subject, e.Subject}, {&r.relation, e.Relation}, {&r.object, e.Object}} {
		if *s.to, err = x.span(s.text); err != nil {
			return err
		}
	}
	for _, a := range e.Extra {
		s, err := x.span(a)
		if err != nil {
			return err
		}
		x.args = append(x.args, s)
	}
	if e.HasConfidence {
		r.flags |= hasConfidence
	}
	if e.IDSpaced {
		r.flags |= idSpaced
	}
	if e.Indented {
		r.flags |= indented
	}
	x.rows = append(x.rows, r)
	return nil
}

// span returns s as a textSpan: its place in src when it lies there (the
// readers' strings are cut from it), else a copy appended to own.
func (x *Extractions) span(s string) (textSpan, error) {
	if s == "" {
		return textSpan{}, nil
	}
	if len(x.src) > 0 {
		// Offsets of addresses: s lies in src when it starts at or after
		// src's first byte and ends at or before its end.
		off := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(x.src)))
		if off < uintptr(len(x.src)) && uintptr(len(s)) <= uintptr(len(x.src))-off {
			return textSpan{uint32(off), uint32(len(s))}, nil
		}
	}
	off := uint64(len(x.src)) + uint64(len(x.own))
	if off+uint64(len(s)) > maxText {
		return textSpan{}, errTooLarge
	}
	x.own = append(x.own, s...)
	return textSpan{uint32(off), uint32(len(s))}, nil
}

// text returns the string s names, sharing the list's memory.
func (x Extractions) text(s textSpan) string {
	if s.n == 0 {
		return ""
	}
	if uint64(s.off) < uint64(len(x.src)) {
		return x.src[s.off : s.off+s.n]
	}
	// own's bytes below its length never change: the string may share them.
	return unsafe.String(&x.own[int(s.off)-len(x.src)], int(s.n))
}
