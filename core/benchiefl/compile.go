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
	// triples hold each triple's slot values: its forms are every
	// combination of them, so exact tests go slot by slot.
	triples []slotSets
	// capNP holds, for a synset of more than 100,000 forms, the EXACT_NP
	// keys (trim(np(slot)) joined by sep) of its first 5,000 forms only.
	npCapped                     bool
	capNP                        set
	sq1, sqR, sq2                set // sq of subject, relation, object
	sqn1, sqnR, sqn2             set // sq(np(...))
	cont1, cont2, cont1n, cont2n [][]string
}

// sentence is a gold entry compiled for matching.
type sentence struct {
	skip bool // the reference skips it (a phantom)
	syn  []synset
	// flats are every triple's slot values under sq and sq∘np: FLAT holds
	// when a string splits into one value of each slot, in order. sigma
	// holds the whole keys of triples whose capital sigma's lower case
	// depends on the next slot.
	flats                  []flatSets
	sigmaFlat, sigmaFlatNP set
	is                     []isTriple
	members                []string // distinct XY member strings
	pairs                  [][2]int // XY pairs (into members), capped as the reference enumerates them
	groups                 []group  // XY members without the cap
	// work is what matching one extraction string costs, in gold values
	// visited (see Budget.Comparisons).
	work int
}

// slotSets are a triple's distinct slot values: exact[i] those that keep a
// token (a system slot always has one), np[i] every value as trim(np(v)).
type slotSets struct{ exact, np []set }

// flatSets are a triple's distinct slot values under sq and sq∘np.
type flatSets struct{ sq, sqn [][]string }

// hasExact is EXACT for the parts of an extraction string.
func (y *synset) hasExact(p []string) bool {
	for _, t := range y.triples {
		if len(t.exact) == len(p) && allIn(t.exact, p) {
			return true
		}
	}
	return false
}

// hasNP is EXACT_NP for parts already without punctuation and trimmed.
func (y *synset) hasNP(p []string) bool {
	if y.npCapped {
		return y.capNP.has(strings.Join(p, sep))
	}
	for _, t := range y.triples {
		if len(t.np) == len(p) && allIn(t.np, p) {
			return true
		}
	}
	return false
}

func allIn(sets []set, p []string) bool {
	for i, v := range p {
		if !sets[i].has(v) {
			return false
		}
	}
	return true
}

// hasFlat is FLAT (or FLAT_NP) for sq(FLAT(e)) (or sq(np(FLAT(e)))).
func (s *sentence) hasFlat(f string, noPunct bool) bool {
	for _, t := range s.flats {
		vals := t.sq
		if noPunct {
			vals = t.sqn
		}
		if splits(f, vals) {
			return true
		}
	}
	if noPunct {
		return s.sigmaFlatNP.has(f)
	}
	return s.sigmaFlat.has(f)
}

// splits reports whether f is one value of each slot, concatenated.
func splits(f string, slots [][]string) bool {
	if len(slots) == 0 {
		return f == ""
	}
	for _, v := range slots[0] {
		if strings.HasPrefix(f, v) && splits(f[len(v):], slots[1:]) {
			return true
		}
	}
	return false
}

// isTriple holds the forms of subject and object of a triple whose relation
// is exactly "is" (conjunct and apposition variants, section 6).
type isTriple struct{ subj, obj []string }

// group is one set of forms of distinct synsets that agree on two slots;
// their third slot strings are XY members.
type group []member

type member struct {
	idx  int // into sentence.members
	syns []int
}

// rec is a form of a sentence, tagged with its synset, for the XY pairs.
type rec struct {
	syn     int
	s, r, o int    // slots' token lists, as slotInfo.key
	so, oo  string // subject and object strings
}

const (
	pairCap    = 1000   // the reference stops once it holds more pairs
	npFormsCap = 100000 // synsets with more forms try only the first npFormsTry
	npFormsTry = 5000
)

// pauseEvery is how many sentences compiled, or extraction strings
// matched, come between two pauses.
const pauseEvery = 16

// compile prepares every entry, once; pause, when set, is called every
// few sentences.
func (g *Gold) compile(pause func()) []*sentence {
	g.once.Do(func() {
		g.comp = make([]*sentence, len(g.Entries))
		for i := range g.Entries {
			g.comp[i] = compileEntry(&g.Entries[i])
			if pause != nil && i%pauseEvery == pauseEvery-1 {
				pause()
			}
		}
	})
	return g.comp
}

func compileEntry(e *Entry) *sentence {
	s := &sentence{skip: e.Phantom(), syn: make([]synset, len(e.Synsets))}
	// Expand first, to size the sets (growing maps costs more than filling).
	xsOf := make([][]expansion, len(e.Synsets))
	totals := make([]int, len(e.Synsets))
	all := 0
	for ci, c := range e.Synsets {
		for _, t := range c.Triples {
			if t.Broken != "" {
				continue
			}
			x := expandSlots(t.Slots)
			xsOf[ci] = append(xsOf[ci], x)
			totals[ci] += x.count()
			if t.Slots[1] == "is" {
				s.is = append(s.is, isTriple{slotForms(t.Slots[0]), slotForms(t.Slots[2])})
			}
		}
		all += totals[ci]
	}
	s.sigmaFlat, s.sigmaFlatNP = set{}, set{}
	recs := make([]rec, 0, all)
	cache := &slotCache{m: map[string]*slotInfo{}}
	for ci, c := range e.Synsets {
		y := &s.syn[ci]
		y.empty = len(c.Triples) == 0
		total, xs := totals[ci], xsOf[ci]
		y.npCapped = total > npFormsCap
		if y.npCapped {
			y.capNP = set{}
		}
		y.sq1, y.sqR, y.sq2, y.sqn1, y.sqnR, y.sqn2 = set{}, set{}, set{}, set{}, set{}, set{}
		c1, c2 := set{}, set{}
		fi := 0
		for _, x := range xs {
			// Every combination of slot values is a form, so the signals'
			// sets are made from each slot's values; only the XY pairs (and
			// a capped EXACT_NP) need the forms, in order.
			infos := make([][]*slotInfo, len(x.values))
			for i, vs := range x.values {
				infos[i] = make([]*slotInfo, len(vs))
				for m, v := range vs {
					infos[i][m] = cache.of(v.str)
				}
			}
			for m, in := range infos[0] {
				y.sq1.add(in.sq)
				y.sqn1.add(in.sqn)
				if v := x.values[0][m].str; !c1.has(v) {
					c1.add(v)
					y.cont1, y.cont1n = append(y.cont1, toks(v)), append(y.cont1n, toks(in.np))
				}
			}
			for _, in := range infos[1] {
				y.sqR.add(in.sq)
				y.sqnR.add(in.sqn)
			}
			for m, in := range infos[2] {
				y.sq2.add(in.sq)
				y.sqn2.add(in.sqn)
				if v := x.values[2][m].str; !c2.has(v) {
					c2.add(v)
					y.cont2, y.cont2n = append(y.cont2, toks(v)), append(y.cont2n, toks(in.np))
				}
			}
			ss := slotSets{exact: make([]set, len(infos)), np: make([]set, len(infos))}
			fs := flatSets{sq: make([][]string, len(infos)), sqn: make([][]string, len(infos))}
			sigma := false
			for i, ins := range infos {
				ss.exact[i], ss.np[i] = set{}, set{}
				sqs, sqns := set{}, set{}
				for m, in := range ins {
					if !x.values[i][m].empty {
						ss.exact[i].add(x.values[i][m].str)
					}
					ss.np[i].add(in.npTrim)
					if !sqs.has(in.sq) {
						sqs.add(in.sq)
						fs.sq[i] = append(fs.sq[i], in.sq)
					}
					if !sqns.has(in.sqn) {
						sqns.add(in.sqn)
						fs.sqn[i] = append(fs.sqn[i], in.sqn)
					}
					sigma = sigma || strings.Contains(x.values[i][m].str, "Σ")
				}
			}
			y.triples = append(y.triples, ss)
			if sigma {
				sigmaFlats(&x, s)
			} else {
				s.flats = append(s.flats, fs)
			}
			x.each(func(ms []int) {
				v0, v1, v2 := x.values[0][ms[0]], x.values[1][ms[1]], x.values[2][ms[2]]
				recs = append(recs, rec{syn: ci, s: infos[0][ms[0]].key(v0.empty), r: infos[1][ms[1]].key(v1.empty),
					o: infos[2][ms[2]].key(v2.empty), so: v0.str, oo: v2.str})
				if y.npCapped && fi < npFormsTry {
					ns := make([]string, len(ms))
					for i, m := range ms {
						ns[i] = infos[i][m].npTrim
					}
					y.capNP.add(strings.Join(ns, sep))
				}
				fi++
			})
		}
	}
	intern := map[string]int{}
	id := func(m string) int {
		k, ok := intern[m]
		if !ok {
			k = len(s.members)
			intern[m] = k
			s.members = append(s.members, m)
		}
		return k
	}
	for _, pr := range cappedPairs(recs) {
		s.pairs = append(s.pairs, [2]int{id(pr[0]), id(pr[1])})
	}
	s.groups = groupsOf(recs, func(key int) int { return id(cache.str(key)) })
	s.work = s.matchWork()
	return s
}

// matchWork counts the gold values one extraction string is compared
// with: each synset's triples and containment lists, every slot value
// FLAT splits on, the IS forms, the XY members, pairs and groups.
func (s *sentence) matchWork() int {
	n := 1 + len(s.members) + len(s.pairs)
	for i := range s.syn {
		y := &s.syn[i]
		n += 1 + len(y.triples) + len(y.cont1) + len(y.cont2) + len(y.cont1n) + len(y.cont2n)
	}
	for _, f := range s.flats {
		for i := range f.sq {
			n += len(f.sq[i]) + len(f.sqn[i])
		}
	}
	for _, t := range s.is {
		n += len(t.subj) + len(t.obj)
	}
	for _, g := range s.groups {
		n += len(g)
	}
	return n
}

// slotInfo holds a gold slot string's views, computed once per string.
type slotInfo struct {
	np, npTrim, sq, sqn string
	id                  int
}

// key identifies the slot's token list: a slot left with no token differs
// from one holding a single empty token, though both read "".
func (in *slotInfo) key(empty bool) int {
	if empty {
		return 2*in.id + 1
	}
	return 2 * in.id
}

// slotCache holds the views of every slot string of a sentence, with ids.
type slotCache struct {
	m    map[string]*slotInfo
	strs []string // by id
}

func (c *slotCache) of(s string) *slotInfo {
	in := c.m[s]
	if in == nil {
		n := np(s)
		in = &slotInfo{np: n, npTrim: oie.TrimSpace(n), sq: sq(s), sqn: sq(n), id: len(c.strs)}
		c.m[s] = in
		c.strs = append(c.strs, s)
	}
	return in
}

// str is the string of a slot key (slotInfo.key).
func (c *slotCache) str(key int) string { return c.strs[key/2] }

// sigmaFlats adds the FLAT keys of every form of a triple holding a
// capital sigma, whose lower case depends on what follows it.
func sigmaFlats(x *expansion, s *sentence) {
	strs := make([]string, len(x.values))
	x.each(func(ms []int) {
		for i, m := range ms {
			strs[i] = x.values[i][m].str
		}
		flat := strings.Join(strs, " ")
		s.sigmaFlat.add(sq(flat))
		s.sigmaFlatNP.add(sq(np(flat)))
	})
}

// cappedPairs enumerates the XY pairs as the reference does (section 6):
// every ordered pair of forms (i, j) of different synsets in row-major
// order; equal subject and relation add (object_i, object_j), then equal
// object and relation add (subject_i, subject_j); it stops once it holds
// more than pairCap pairs. Only pairs of forms that agree on two slots
// can add, so each form visits its two groups rather than every form.
func cappedPairs(recs []rec) [][2]string {
	sr, or := map[[2]int][]int{}, map[[2]int][]int{}
	for i, r := range recs {
		sr[[2]int{r.s, r.r}] = append(sr[[2]int{r.s, r.r}], i)
		or[[2]int{r.o, r.r}] = append(or[[2]int{r.o, r.r}], i)
	}
	var out [][2]string
	for _, ri := range recs {
		a, b := others(sr[[2]int{ri.s, ri.r}], recs, ri.syn), others(or[[2]int{ri.o, ri.r}], recs, ri.syn)
		for !a.done() || !b.done() {
			var j int
			switch {
			case b.done() || !a.done() && a.peek() < b.peek():
				j = a.next()
			case a.done() || b.peek() < a.peek():
				j = b.next()
			default:
				j, _ = a.next(), b.next()
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

// skipList walks a group (ascending form indices, synsets contiguous)
// leaving out the block [lo, hi) of one synset.
type skipList struct {
	list      []int
	k, lo, hi int
}

func (s *skipList) done() bool { return s.k >= len(s.list) }
func (s *skipList) peek() int  { return s.list[s.k] }
func (s *skipList) next() int {
	v := s.list[s.k]
	s.k++
	if s.k == s.lo {
		s.k = s.hi
	}
	return v
}

// others walks the members of a group outside synset syn. It is a value:
// cappedPairs makes two for every form.
func others(list []int, recs []rec, syn int) skipList {
	lo := sort.Search(len(list), func(k int) bool { return recs[list[k]].syn >= syn })
	hi := sort.Search(len(list), func(k int) bool { return recs[list[k]].syn > syn })
	s := skipList{list: list, lo: lo, hi: hi}
	if lo == 0 {
		s.k = hi
	}
	return s
}

// groupsOf gathers the XY members without the cap: forms that agree on
// subject and relation offer their objects, forms that agree on object and
// relation their subjects; only groups spanning two synsets or more can
// make a pair.
func groupsOf(recs []rec, memberOf func(key int) int) []group {
	type acc struct {
		order      []int         // slot keys of the members, first seen first
		syns       map[int][]int // their synsets
		first, two int           // a synset of the group; set when another
	}
	var keys [][3]int
	accs := map[[3]int]*acc{}
	add := func(key [3]int, m, syn int) {
		a := accs[key]
		if a == nil {
			a = &acc{syns: map[int][]int{}, first: syn}
			accs[key] = a
			keys = append(keys, key)
		}
		ss, ok := a.syns[m]
		if !ok {
			a.order = append(a.order, m)
		}
		if len(ss) == 0 || ss[len(ss)-1] != syn {
			a.syns[m] = append(ss, syn)
		}
		if syn != a.first {
			a.two = 1
		}
	}
	for _, r := range recs {
		add([3]int{0, r.s, r.r}, r.o, r.syn)
		add([3]int{1, r.o, r.r}, r.s, r.syn)
	}
	var out []group
	for _, k := range keys {
		a := accs[k]
		if a.two == 0 {
			continue
		}
		gr := make(group, len(a.order))
		for i, m := range a.order {
			gr[i] = member{memberOf(m), a.syns[m]}
		}
		out = append(out, gr)
	}
	return out
}
