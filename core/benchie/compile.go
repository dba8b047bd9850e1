package benchie

import (
	"fmt"

	"github.com/oiebench/oiebench/core/oie"
)

// Facet is a way of matching extractions against the gold.
type Facet string

// The facets of BenchIE. BenchIE-E is Regular scoring of a separate E gold.
const (
	Regular Facet = "regular" // exact match, slot by slot
	Concat  Facet = "concat"  // BenchIE-C: the three slots joined by one space
	Minimal Facet = "minimal" // BenchIE-M: gold stripped of optional material
)

// Facets lists the facets in their canonical order.
var Facets = []Facet{Regular, Concat, Minimal}

// ParseFacet checks a facet name.
func ParseFacet(s string) (Facet, error) {
	for _, f := range Facets {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown facet %q: expected regular, concat or minimal", s)
}

// Compiled is a gold prepared for one facet: every slot parsed into units
// once, small slots expanded, and subjects indexed, so that any number of
// systems can be scored against it.
type Compiled struct {
	Gold  *Gold
	Facet Facet
	sents []compiledSentence // parallel to Gold.Sentences
}

type compiledSentence struct {
	triples []compiledTriple // every triple of every synset, in file order
	// bySubject maps a subject form to the triples that have it; triples
	// whose subject is too large to expand are listed in unindexed.
	bySubject map[string][]int32
	unindexed []int32
	synsets   int
}

type compiledTriple struct {
	synset, triple int32
	slots          [3]pattern
}

// Compile prepares the gold for a facet.
func Compile(g *Gold, f Facet) *Compiled {
	c := &Compiled{Gold: g, Facet: f, sents: make([]compiledSentence, len(g.Sentences))}
	for si, s := range g.Sentences {
		cs := &c.sents[si]
		cs.synsets = len(s.Synsets)
		for ki, syn := range s.Synsets {
			for ti, t := range syn.Triples {
				ct := compiledTriple{synset: int32(ki), triple: int32(ti)}
				for k, slot := range t.Slots() {
					ct.slots[k] = newPattern(slotUnits(slot, f))
				}
				cs.triples = append(cs.triples, ct)
			}
		}
		if f != Concat {
			cs.index()
		}
	}
	return c
}

func (cs *compiledSentence) index() {
	cs.bySubject = make(map[string][]int32)
	for i := range cs.triples {
		forms := cs.triples[i].slots[0].forms
		if forms == nil {
			cs.unindexed = append(cs.unindexed, int32(i))
			continue
		}
		for _, f := range forms {
			cs.bySubject[f] = append(cs.bySubject[f], int32(i))
		}
	}
}

// firstMatch returns the index (into triples) of the first triple, in file
// order, of which t is a form under the facet; -1 if there is none.
func (c *Compiled) firstMatch(si int, t oie.Triple) int {
	cs := &c.sents[si]
	if c.Facet == Concat {
		joined := t.Subject + " " + t.Relation + " " + t.Object
		for i := range cs.triples {
			if cs.triples[i].matchConcat(joined) {
				return i
			}
		}
		return -1
	}
	best := -1
	for _, i := range cs.bySubject[t.Subject] {
		if cs.triples[i].matchRest(t) {
			best = int(i)
			break // the index lists triples in file order
		}
	}
	for _, i := range cs.unindexed {
		if best >= 0 && int(i) > best {
			break
		}
		if ct := &cs.triples[i]; ct.slots[0].match(t.Subject) && ct.matchRest(t) {
			best = int(i)
			break
		}
	}
	return best
}

func (ct *compiledTriple) matchRest(t oie.Triple) bool {
	return ct.slots[1].match(t.Relation) && ct.slots[2].match(t.Object)
}

// matchConcat reports whether joined is a form of the triple with its three
// slots joined by single spaces.
func (ct *compiledTriple) matchConcat(joined string) bool {
	s, r, o := &ct.slots[0], &ct.slots[1], &ct.slots[2]
	if s.forms == nil || r.forms == nil || o.forms == nil {
		return matchSlots(joined, []*pattern{s, r, o})
	}
	for _, fs := range s.forms {
		if len(joined) <= len(fs) || joined[len(fs)] != ' ' || joined[:len(fs)] != fs {
			continue
		}
		rest := joined[len(fs)+1:]
		for _, fr := range r.forms {
			if len(rest) <= len(fr) || rest[len(fr)] != ' ' || rest[:len(fr)] != fr {
				continue
			}
			if o.match(rest[len(fr)+1:]) {
				return true
			}
		}
	}
	return false
}

// slotMatches reports, slot by slot, whether t's slots are forms of the
// gold triple's slots: the basis of "closest gold triple".
func (ct *compiledTriple) slotMatches(t oie.Triple) [3]bool {
	s := t.Slots()
	return [3]bool{ct.slots[0].match(s[0]), ct.slots[1].match(s[1]), ct.slots[2].match(s[2])}
}
