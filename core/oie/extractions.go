package oie

import "iter"

// Extractions is a system's extractions in the order they were read. Read
// them with Len, At and All; add to them with Append (the zero value is an
// empty list).
type Extractions struct {
	list []Extraction
}

// ExtractionsOf returns the list of es, in order.
func ExtractionsOf(es []Extraction) Extractions {
	var x Extractions
	x.Append(es...)
	return x
}

// Len is the number of extractions.
func (x Extractions) Len() int { return len(x.list) }

// At returns the i-th extraction (0-based).
func (x Extractions) At(i int) Extraction { return x.list[i] }

// All yields each extraction with its index, in order.
func (x Extractions) All() iter.Seq2[int, Extraction] {
	return func(yield func(int, Extraction) bool) {
		for i := range x.Len() {
			if !yield(i, x.At(i)) {
				return
			}
		}
	}
}

// Append adds es at the end of the list.
func (x *Extractions) Append(es ...Extraction) {
	x.list = append(x.list, es...)
}
