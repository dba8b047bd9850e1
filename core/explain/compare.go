package explain

import "github.com/oiebench/oiebench/core/benchie"

// Comparison sets two systems side by side on one facet.
type Comparison struct {
	A, B  int
	Facet benchie.Facet
	// Synsets covered by both, by one of them only, by neither.
	Both, OnlyA, OnlyB, Neither int
	// Incorrect extractions of each.
	ErrorsA, ErrorsB int
	// Sentences where the two differ: a synset covered by one only, or a
	// different number of incorrect extractions. In gold order.
	Sentences []Difference
}

// Difference is one sentence where two systems differ.
type Difference struct {
	Index            int
	ID, Text         string
	OnlyA, OnlyB     []int // synsets covered by that system only
	ErrorsA, ErrorsB int
}

// Compare finds where systems a and b differ on a facet.
func (x *Explorer) Compare(a, b int, f benchie.Facet) Comparison {
	c := Comparison{A: a, B: b, Facet: f}
	ra, rb := x.result(a, f), x.result(b, f)
	if ra == nil || rb == nil {
		return c
	}
	errors := func(sys, si int, r *benchie.Result) int {
		n := 0
		for _, k := range x.bySentence[sys].Group(si) {
			if r.Judgements[k].Verdict == benchie.Incorrect {
				n++
			}
		}
		return n
	}
	for si, s := range x.ev.Gold.Sentences {
		d := Difference{Index: si, ID: s.ID, Text: s.Text, ErrorsA: errors(a, si, ra), ErrorsB: errors(b, si, rb)}
		for ki := range s.Synsets {
			ca, cb := len(ra.Credits().Of(si, ki)) > 0, len(rb.Credits().Of(si, ki)) > 0
			switch {
			case ca && cb:
				c.Both++
			case ca:
				c.OnlyA++
				d.OnlyA = append(d.OnlyA, ki)
			case cb:
				c.OnlyB++
				d.OnlyB = append(d.OnlyB, ki)
			default:
				c.Neither++
			}
		}
		c.ErrorsA += d.ErrorsA
		c.ErrorsB += d.ErrorsB
		if len(d.OnlyA) > 0 || len(d.OnlyB) > 0 || d.ErrorsA != d.ErrorsB {
			c.Sentences = append(c.Sentences, d)
		}
	}
	return c
}
