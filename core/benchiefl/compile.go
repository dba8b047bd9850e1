package benchiefl

import (
	"sort"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

type set map[string]struct{}

func (s set) add(k string) { s[k] = struct{}{} }

func (s set) has(k string) bool {
	_, ok := s[k]
	return ok
}

// synset is a gold synset compiled for the signals of benchie-fl.md,
// section 5: one set per signal, each an OR over the synset's forms.
type synset struct {
	empty bool
	// exact holds the forms' slots joined by sep; forms with an emptied
	// slot are left out (a system slot always has a token).
	exact set
	// exactNP holds trim(np(slot)) joined by sep, from the first 5,000
	// forms when the synset has more than 100,000.
	exactNP                      set
	sq1, sqR, sq2                set // sq of subject, relation, object
	sqn1, sqnR, sqn2             set // sq(np(...))
	cont1, cont2, cont1n, cont2n [][]string
}

// sentence is a gold entry compiled for matching.
type sentence struct {
	skip         bool // the reference skips it (a phantom)
	syn          []synset
	flat, flatNP set // sq(FLAT(form)) over every form of every synset
	is           []isTriple
	pairs        [][2]string // XY pairs, capped as the reference enumerates them
	groups       []group     // XY members without the cap
}

// isTriple holds the forms of subject and object of a triple whose relation
// is exactly "is" (conjunct and apposition variants, section 6).
type isTriple struct{ subj, obj []string }

// group is one set of forms of distinct synsets that agree on two slots;
// their third slot strings are XY members.
type group []member

type member struct {
	str  string
	syns []int
}

// rec is a form of a sentence, tagged with its synset, for the XY pairs.
type rec struct {
	syn     int
	s, r, o string // slots as token keys: "\x01" for a slot left empty
	so, oo  string // subject and object strings
}

func tokKey(s string, empty bool) string {
	if empty {
		return "\x01"
	}
	return s
}

const (
	pairCap    = 1000   // the reference stops once it holds more pairs
	npFormsCap = 100000 // synsets with more forms try only the first npFormsTry
	npFormsTry = 5000
)

// compile prepares every entry, once.
func (g *Gold) compile() []*sentence {
	g.once.Do(func() {
		g.comp = make([]*sentence, len(g.Entries))
		for i := range g.Entries {
			g.comp[i] = compileEntry(&g.Entries[i])
		}
	})
	return g.comp
}

func compileEntry(e *Entry) *sentence {
	s := &sentence{skip: e.Phantom(), syn: make([]synset, len(e.Synsets)), flat: set{}, flatNP: set{}}
	var recs []rec
	for ci, c := range e.Synsets {
		y := &s.syn[ci]
		y.empty = len(c.Triples) == 0
		y.exact, y.exactNP = set{}, set{}
		y.sq1, y.sqR, y.sq2, y.sqn1, y.sqnR, y.sqn2 = set{}, set{}, set{}, set{}, set{}, set{}
		c1, c2, c1n, c2n := set{}, set{}, set{}, set{}
		var forms []form
		for _, t := range c.Triples {
			if t.Broken != "" {
				continue
			}
			forms = append(forms, expand(t.Slots)...)
			if t.Slots[1] == "is" {
				s.is = append(s.is, isTriple{slotForms(t.Slots[0]), slotForms(t.Slots[2])})
			}
		}
		for fi, f := range forms {
			noEmpty := true
			for _, em := range f.empty {
				noEmpty = noEmpty && !em
			}
			if noEmpty {
				y.exact.add(strings.Join(f.slots, sep))
			}
			if len(forms) <= npFormsCap || fi < npFormsTry {
				ns := make([]string, len(f.slots))
				for i, sl := range f.slots {
					ns[i] = oie.TrimSpace(np(sl))
				}
				y.exactNP.add(strings.Join(ns, sep))
			}
			g1, gr, g2 := f.slots[0], f.slots[1], f.slots[2]
			y.sq1.add(sq(g1))
			y.sqR.add(sq(gr))
			y.sq2.add(sq(g2))
			y.sqn1.add(sq(np(g1)))
			y.sqnR.add(sq(np(gr)))
			y.sqn2.add(sq(np(g2)))
			addToks(&y.cont1, c1, g1)
			addToks(&y.cont2, c2, g2)
			addToks(&y.cont1n, c1n, np(g1))
			addToks(&y.cont2n, c2n, np(g2))
			flat := strings.Join(f.slots, " ")
			s.flat.add(sq(flat))
			s.flatNP.add(sq(np(flat)))
			recs = append(recs, rec{syn: ci, s: tokKey(g1, f.empty[0]), r: tokKey(gr, f.empty[1]), o: tokKey(g2, f.empty[2]), so: g1, oo: g2})
		}
	}
	s.pairs = cappedPairs(recs)
	s.groups = groupsOf(recs)
	return s
}

// addToks keeps the distinct token lists of a slot (containment signals).
func addToks(list *[][]string, seen set, slot string) {
	if !seen.has(slot) {
		seen.add(slot)
		*list = append(*list, toks(slot))
	}
}

// cappedPairs enumerates the XY pairs as the reference does (section 6):
// every ordered pair of forms (i, j) of different synsets in row-major
// order; equal subject and relation add (object_i, object_j), then equal
// object and relation add (subject_i, subject_j); it stops once it holds
// more than pairCap pairs. Only pairs of forms that agree on two slots
// can add, so each form visits its two groups rather than every form.
func cappedPairs(recs []rec) [][2]string {
	sr, or := map[string][]int{}, map[string][]int{}
	for i, r := range recs {
		sr[r.s+sep+r.r] = append(sr[r.s+sep+r.r], i)
		or[r.o+sep+r.r] = append(or[r.o+sep+r.r], i)
	}
	var out [][2]string
	for _, ri := range recs {
		a, b := others(sr[ri.s+sep+ri.r], recs, ri.syn), others(or[ri.o+sep+ri.r], recs, ri.syn)
		for len(a) > 0 || len(b) > 0 {
			var j int
			switch {
			case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
				j, a = a[0], a[1:]
			case len(a) == 0 || b[0] < a[0]:
				j, b = b[0], b[1:]
			default:
				j, a, b = a[0], a[1:], b[1:]
			}
			rj := recs[j]
			if rj.s == ri.s && rj.r == ri.r {
				if out = append(out, [2]string{ri.oo, rj.oo}); len(out) > pairCap {
					return out
				}
			}
			if rj.o == ri.o && rj.r == ri.r {
				if out = append(out, [2]string{ri.so, rj.so}); len(out) > pairCap {
					return out
				}
			}
		}
	}
	return out
}

// others returns the members of a group (ascending form indices, synsets
// contiguous) outside synset syn, as one list.
func others(list []int, recs []rec, syn int) []int {
	lo := sort.Search(len(list), func(k int) bool { return recs[list[k]].syn >= syn })
	hi := sort.Search(len(list), func(k int) bool { return recs[list[k]].syn > syn })
	if lo == hi {
		return list
	}
	if lo == 0 {
		return list[hi:]
	}
	if hi == len(list) {
		return list[:lo]
	}
	return append(append(make([]int, 0, len(list)-(hi-lo)), list[:lo]...), list[hi:]...)
}

// groupsOf gathers the XY members without the cap: forms that agree on
// subject and relation offer their objects, forms that agree on object and
// relation their subjects; only groups spanning two synsets or more can
// make a pair.
func groupsOf(recs []rec) []group {
	type acc struct {
		order []string
		syns  map[string][]int
		all   map[int]bool
	}
	var keys []string
	accs := map[string]*acc{}
	add := func(key, str string, syn int) {
		a := accs[key]
		if a == nil {
			a = &acc{syns: map[string][]int{}, all: map[int]bool{}}
			accs[key] = a
			keys = append(keys, key)
		}
		if _, ok := a.syns[str]; !ok {
			a.order = append(a.order, str)
		}
		if ss := a.syns[str]; len(ss) == 0 || ss[len(ss)-1] != syn {
			a.syns[str] = append(ss, syn)
		}
		a.all[syn] = true
	}
	for _, r := range recs {
		add("s"+r.s+sep+r.r, r.oo, r.syn)
		add("o"+r.o+sep+r.r, r.so, r.syn)
	}
	var out []group
	for _, k := range keys {
		a := accs[k]
		if len(a.all) < 2 {
			continue
		}
		gr := make(group, len(a.order))
		for i, s := range a.order {
			gr[i] = member{s, a.syns[s]}
		}
		out = append(out, gr)
	}
	return out
}
