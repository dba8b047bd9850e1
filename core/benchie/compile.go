package benchie

import (
	"strings"
	"sync"

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
	synsets int
	// byFirst lists, for each word a subject form can start with, the
	// triples (in file order) that have such a form. Any form starts with
	// the same word as the string it equals, so this filter loses nothing.
	byFirst map[string][]int32
}

type compiledTriple struct {
	synset, triple int32
	slots          [3]pattern
	laterSlots     [][]Unit // relation and object units, for BenchIE-C
}

// Compile prepares the gold for a facet. The parsed slots are kept with the
// gold, so BenchIE and BenchIE-C share them and BenchIE-M parses again only
// the slots that hold optional material.
func Compile(g *Gold, f Facet) *Compiled {
	return &Compiled{Gold: g, Facet: f, sents: g.compiledSentences(f == Minimal)}
}

// compiled caches the parsed slots of a gold: index 0 as written, 1 for
// BenchIE-M.
type compiled struct {
	once  sync.Once
	sents []compiledSentence
}

func (g *Gold) compiledSentences(minimal bool) []compiledSentence {
	if !minimal {
		c := &g.compiled[0]
		c.once.Do(func() { c.sents = compileSentences(g, nil) })
		return c.sents
	}
	c := &g.compiled[1]
	c.once.Do(func() { c.sents = compileSentences(g, g.compiledSentences(false)) })
	return c.sents
}

// compileSentences parses every slot; given the regular compilation, it
// builds BenchIE-M, reusing the slots without '['.
func compileSentences(g *Gold, regular []compiledSentence) []compiledSentence {
	f := Regular
	if regular != nil {
		f = Minimal
	}
	sents := make([]compiledSentence, len(g.Sentences))
	for si, s := range g.Sentences {
		cs := &sents[si]
		cs.synsets = len(s.Synsets)
		for ki, syn := range s.Synsets {
			for ti, t := range syn.Triples {
				ct := compiledTriple{synset: int32(ki), triple: int32(ti)}
				for k, slot := range t.Slots() {
					switch {
					case regular != nil && !strings.Contains(slot, "["):
						ct.slots[k] = regular[si].triples[len(cs.triples)].slots[k]
					case regular == nil && t.units != nil:
						ct.slots[k] = newPattern(t.units[k])
					default:
						ct.slots[k] = newPattern(SlotUnits(slot, f))
					}
				}
				ct.laterSlots = [][]Unit{ct.slots[1].units, ct.slots[2].units}
				cs.triples = append(cs.triples, ct)
			}
		}
		cs.byFirst = make(map[string][]int32)
		for i := range cs.triples {
			for _, w := range cs.triples[i].slots[0].firstWords() {
				if l := cs.byFirst[w]; len(l) == 0 || l[len(l)-1] != int32(i) {
					cs.byFirst[w] = append(l, int32(i))
				}
			}
		}
	}
	return sents
}

// firstMatch returns the index (into triples) of the first triple, in file
// order, of which t is a form under the facet; -1 if there is none.
func (c *Compiled) firstMatch(si int, t oie.Triple) int {
	cs := &c.sents[si]
	if c.Facet == Concat {
		joined := t.Subject + " " + t.Relation + " " + t.Object
		for _, i := range cs.byFirst[firstWord(joined)] {
			if cs.triples[i].matchConcat(joined) {
				return int(i)
			}
		}
		return -1
	}
	for _, i := range cs.byFirst[firstWord(t.Subject)] {
		if cs.triples[i].match(t) {
			return int(i)
		}
	}
	return -1
}

// firstWord is s up to its first space.
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// match reports whether t is a form of the triple, slot by slot. Relations
// differ most between the triples of a sentence, so they are tried first.
func (ct *compiledTriple) match(t oie.Triple) bool {
	return ct.slots[1].match(t.Relation) && ct.slots[0].match(t.Subject) && ct.slots[2].match(t.Object)
}

// matchConcat reports whether joined is a form of the triple with its three
// slots joined by single spaces.
func (ct *compiledTriple) matchConcat(joined string) bool {
	s, r, o := &ct.slots[0], &ct.slots[1], &ct.slots[2]
	if s.optional+r.optional+o.optional > maxBacktrackUnits {
		return matchSlots(joined, []*pattern{s, r, o})
	}
	return backtrack(joined, s.units, ct.laterSlots, 0, false)
}

// slotMatches reports, slot by slot, whether t's slots are forms of the
// gold triple's slots: the basis of "closest gold triple".
func (ct *compiledTriple) slotMatches(t oie.Triple) [3]bool {
	s := t.Slots()
	return [3]bool{ct.slots[0].match(s[0]), ct.slots[1].match(s[1]), ct.slots[2].match(s[2])}
}
