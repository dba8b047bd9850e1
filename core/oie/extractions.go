package oie

import (
	"fmt"
	"iter"
	"math"
)

// Extractions is a system's extractions in the order they were read. Read
// them with Len, At and All; add to them with Append (the zero value is an
// empty list).
//
// The list holds no pointers but to four blocks that hold none (see the
// package doc): Go's collector marks it without reading it, however many
// extractions it holds.
type Extractions struct {
	// text is the text a reader cut the strings from (extractionsIn),
	// followed by a copy of every string that does not lie in it.
	text Text
	rows []extractionRow
	// args holds the arguments after the object of every extraction, in
	// order.
	args []textSpan
}

// textSpan is a string as an offset and a length in the list's text.
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

// maxText is the most text a list holds, what it kept and what it copied
// together, so that every offset fits a textSpan.
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
	return Extractions{text: KeepText(src)}, nil
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
	e := Extraction{SentID: x.str(r.id), Triple: Triple{x.str(r.subject), x.str(r.relation), x.str(r.object)},
		Confidence: r.confidence, HasConfidence: r.flags&hasConfidence != 0, IDSpaced: r.flags&idSpaced != 0,
		Indented: r.flags&indented != 0, Line: int(r.line)}
	if r.nargs > 0 {
		e.Extra = make([]string, r.nargs)
		for k, s := range x.args[r.args : r.args+r.nargs] {
			e.Extra[k] = x.str(s)
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

// span returns s as a textSpan: its place in the text read when it lies
// there (the readers' strings are cut from it), else in a copy.
func (x *Extractions) span(s string) (textSpan, error) {
	if s == "" {
		return textSpan{}, nil
	}
	off, ok := x.text.Find(s)
	if !ok {
		if uint64(x.text.Len())+uint64(len(s)) > maxText {
			return textSpan{}, errTooLarge
		}
		off = x.text.Append(s)
	}
	return textSpan{uint32(off), uint32(len(s))}, nil
}

// str returns the string s names, sharing the list's memory.
func (x *Extractions) str(s textSpan) string { return x.text.Slice(int(s.off), int(s.n)) }
