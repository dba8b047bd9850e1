package annotate

import (
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"

	"github.com/oiebench/oiebench/core/oie"
)

// A slot's surface forms, as the scorer defines them: the slot text is read
// into units (slotUnits); a form keeps any subset of the optional units and
// every required one, joined by single spaces. Agreement needs the forms two
// slots have in common, which it finds without listing either slot's forms:
// each slot is a small automaton over bytes, and the common forms are walked
// on the product of two automata (intersect).

// unit is a run of slot words kept or dropped as a whole, read by the
// scorer's own reader.
type unit = benchie.Unit

// slotUnits reads slot text into units exactly as the scorer does.
func slotUnits(text string) []unit { return benchie.SlotUnits(text, benchie.Regular) }

// trimmedForms reports whether every form of the units is already trimmed:
// no unit is empty or starts or ends with white space.
func trimmedForms(units []unit) bool {
	for _, u := range units {
		if u.Text == "" || u.Text != oie.TrimSpace(u.Text) {
			return false
		}
	}
	return true
}

// nfa is a slot's forms as an automaton over bytes. Node i consumes byte
// b[i] and moves to any node of next[i]; node accept consumes nothing and
// ends a form. Units are emitted as " "+text after the first emitted unit,
// as text before it, which is joining by single spaces.
//
// An automaton costs memory in the slot's bytes and, through its closures,
// in the square of its units, and a product of two in the product of their
// bytes; so a slot over nfaMaxBytes or nfaMaxUnits is not built (big), and
// a product over productMaxCells is not walked: what they share is then
// undecided, and the agreement a range. A slot without optional units
// keeps its one form (literal), which is compared as a string at any size.
type nfa struct {
	b      []byte
	next   [][]int32
	start  []int32
	accept int32
	big    bool
	// literal is the one form of a slot without optional units.
	literal   string
	isLiteral bool
}

// The bounds of automata and of their products (see nfa).
const (
	nfaMaxBytes     = 1 << 16
	nfaMaxUnits     = 1 << 9
	productMaxCells = 1 << 22
)

func newNFA(units []unit) *nfa {
	m := &nfa{isLiteral: true}
	bytes := 0
	for _, u := range units {
		bytes += len(u.Text) + 1
		m.isLiteral = m.isLiteral && !u.Optional
	}
	if m.isLiteral { // every unit after the first is emitted after a space
		parts := make([]string, len(units))
		for i, u := range units {
			parts[i] = u.Text
		}
		m.literal = strings.Join(parts, " ")
	}
	if bytes > nfaMaxBytes || len(units) > nfaMaxUnits {
		m.big = true
		return m
	}
	n := len(units)
	emission := func(i int, started bool) string {
		if started {
			return " " + units[i].Text
		}
		return units[i].Text
	}
	size := 1
	for _, u := range units {
		size += 2*len(u.Text) + 1
	}
	m.b, m.next = make([]byte, 0, size), make([][]int32, 0, size)
	// first[i][st] is the node emitting the first byte of unit i.
	first := make([][2]int32, n)
	for i := range units {
		for st := 0; st < 2; st++ {
			first[i][st] = int32(len(m.b))
			e := emission(i, st == 1)
			for off := 0; off < len(e); off++ {
				m.b = append(m.b, e[off])
				m.next = append(m.next, nil)
			}
		}
	}
	m.accept = int32(len(m.b))
	// closure[i][st]: the nodes reachable without consuming from the point
	// before unit i.
	closure := make([][2][]int32, n+1)
	done := make([][2]bool, n+1)
	var close func(i, st int) []int32
	close = func(i, st int) []int32 {
		if done[i][st] {
			return closure[i][st]
		}
		var set []int32
		if i == n {
			set = []int32{m.accept}
		} else {
			if len(emission(i, st == 1)) > 0 {
				set = append(set, first[i][st])
			} else {
				set = append(set, close(i+1, 1)...)
			}
			if units[i].Optional {
				set = append(set, close(i+1, st)...)
			}
			slices.Sort(set)
			set = slices.Compact(set)
		}
		closure[i][st], done[i][st] = set, true
		return set
	}
	for i := range units {
		for st := 0; st < 2; st++ {
			e := emission(i, st == 1)
			for off := 0; off < len(e); off++ {
				id := first[i][st] + int32(off)
				if off+1 < len(e) {
					m.next[id] = []int32{id + 1}
				} else {
					m.next[id] = close(i+1, 1)
				}
			}
		}
	}
	m.start = close(0, 0)
	return m
}

// cells is the size of the product of p and q, or -1 when either is big.
func cells(p, q *nfa) int {
	if p.big || q.big {
		return -1
	}
	return (len(p.b) + 1) * (len(q.b) + 1)
}

// literalNFA accepts exactly one string.
func literalNFA(s string) *nfa {
	if s == "" {
		return newNFA(nil)
	}
	return newNFA([]unit{{Text: s}})
}

// intersector finds the forms two automata share. Its memo of live node
// pairs is stamped, not cleared, between calls: most pairs of slots differ
// in their first bytes and cost almost nothing.
type intersector struct {
	live  []int8 // per pair: 0 unknown, 1 live, 2 dead
	stamp []uint32
	epoch uint32
	p, q  *nfa
	nq    int
}

// intersect returns the forms p and q share, up to limit; ok is false when
// there are more. It only walks prefixes that lead to a shared form.
func (x *intersector) intersect(p, q *nfa, limit int) (forms []string, ok bool) {
	if c := cells(p, q); c < 0 || c > productMaxCells {
		if p.isLiteral && q.isLiteral {
			if p.literal == q.literal && limit > 0 {
				return []string{p.literal}, true
			}
			return nil, p.literal != q.literal
		}
		return nil, false
	}
	x.reset(p, q)
	var front [][2]int32
	for _, a := range p.start {
		for _, b := range q.start {
			if x.isLive(a, b) {
				front = append(front, [2]int32{a, b})
			}
		}
	}
	if len(front) == 0 {
		return nil, true
	}
	ok = true
	var buf []byte
	var walk func(front [][2]int32)
	walk = func(front [][2]int32) {
		if !ok {
			return
		}
		// The bytes the front reads next, as a set: walked in increasing
		// order with no slice to sort.
		var next256 [4]uint64
		for _, pr := range front {
			if pr[0] == p.accept && pr[1] == q.accept {
				if len(forms) == limit {
					ok = false
					return
				}
				forms = append(forms, string(buf))
			} else if pr[0] != p.accept {
				c := p.b[pr[0]]
				next256[c>>6] |= 1 << (c & 63)
			}
		}
		for i := range 256 {
			if next256[i>>6]&(1<<(i&63)) == 0 {
				continue
			}
			c := byte(i)
			var next [][2]int32
			for _, pr := range front {
				if pr[0] == p.accept || pr[1] == q.accept || p.b[pr[0]] != c || q.b[pr[1]] != c {
					continue
				}
				for _, a := range p.next[pr[0]] {
					for _, b := range q.next[pr[1]] {
						if x.isLive(a, b) && !slices.Contains(next, [2]int32{a, b}) {
							next = append(next, [2]int32{a, b})
						}
					}
				}
			}
			if len(next) > 0 {
				buf = append(buf, c)
				walk(next)
				buf = buf[:len(buf)-1]
			}
		}
	}
	walk(front)
	return forms, ok
}

// shares reports whether p and q have a form in common; decided is false
// when they are too large to tell (see nfa).
func (x *intersector) shares(p, q *nfa) (shared, decided bool) {
	if c := cells(p, q); c < 0 || c > productMaxCells {
		if p.isLiteral && q.isLiteral {
			return p.literal == q.literal, true
		}
		return false, false
	}
	x.reset(p, q)
	for _, a := range p.start {
		for _, b := range q.start {
			if x.isLive(a, b) {
				return true, true
			}
		}
	}
	return false, true
}

func (x *intersector) reset(p, q *nfa) {
	x.p, x.q, x.nq = p, q, len(q.b)+1
	size := (len(p.b) + 1) * x.nq
	if len(x.live) < size {
		x.live = make([]int8, size)
		x.stamp = make([]uint32, size)
		x.epoch = 0
	}
	x.epoch++
	if x.epoch == 0 { // wrapped: start afresh
		clear(x.stamp)
		x.epoch = 1
	}
}

// isLive reports whether both automata can end a form together from nodes
// a and b. The graph has no cycles (every byte moves forward), so plain
// recursion with a memo terminates.
func (x *intersector) isLive(a, b int32) bool {
	p, q := x.p, x.q
	if a == p.accept || b == q.accept {
		return a == p.accept && b == q.accept
	}
	k := int(a)*x.nq + int(b)
	if x.stamp[k] == x.epoch {
		return x.live[k] == 1
	}
	live := false
	if p.b[a] == q.b[b] {
	search:
		for _, a2 := range p.next[a] {
			for _, b2 := range q.next[b] {
				if x.isLive(a2, b2) {
					live = true
					break search
				}
			}
		}
	}
	x.stamp[k], x.live[k] = x.epoch, 2
	if live {
		x.live[k] = 1
	}
	return live
}

// shares3 reports whether p, q and r have a form in common: whether a form
// two golds share could also match a triple of an earlier synset. Too large
// to tell (see nfa), it says they might.
func (x *intersector) shares3(p, q, r *nfa) bool {
	if c := cells(p, q); c < 0 || cells(q, r) < 0 || c*(len(r.b)+1) > productMaxCells {
		if p.isLiteral && q.isLiteral && r.isLiteral {
			return p.literal == q.literal && q.literal == r.literal
		}
		return true
	}
	memo := map[[3]int32]bool{}
	var live func(a, b, c int32) bool
	live = func(a, b, c int32) bool {
		endA, endB, endC := a == p.accept, b == q.accept, c == r.accept
		if endA || endB || endC {
			return endA && endB && endC
		}
		if p.b[a] != q.b[b] || p.b[a] != r.b[c] {
			return false
		}
		key := [3]int32{a, b, c}
		if v, ok := memo[key]; ok {
			return v
		}
		found := false
	search:
		for _, a2 := range p.next[a] {
			for _, b2 := range q.next[b] {
				for _, c2 := range r.next[c] {
					if live(a2, b2, c2) {
						found = true
						break search
					}
				}
			}
		}
		memo[key] = found
		return found
	}
	for _, a := range p.start {
		for _, b := range q.start {
			for _, c := range r.start {
				if live(a, b, c) {
					return true
				}
			}
		}
	}
	return false
}
