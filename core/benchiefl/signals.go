package benchiefl

import (
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// signals are the per-synset signals of one extraction string in one
// sentence (benchie-fl.md, section 5), for both settings of the quirks that
// change them: index 0 is the reference's, 1 the corrected one.
type signals struct {
	exact, np []bool
	variant   [2][]bool // [pair cap, no cap]
	// lenient holds FLAT, r and the argument tests; XE and TAKEN are
	// applied when the assignment is made.
	lenient   []bool
	lenientNP [2][]bool // [relation kept, relation without punctuation]
	xe        bool      // EXACT for some synset of the sentence
}

// slotParts splits an extraction for the slot-wise tests: XXX is appended
// when it has fewer than three parts.
func slotParts(e string) (a1, r, a2 string) {
	p := strings.Split(e, " - ")
	if len(p) < 3 {
		p = append(p, "XXX")
	}
	for len(p) < 3 { // a string without separator (never a system's)
		p = append(p, "")
	}
	return p[0], p[1], p[2]
}

func computeSignals(s *sentence, e string) *signals {
	n := len(s.syn)
	sg := &signals{exact: make([]bool, n), np: make([]bool, n), lenient: make([]bool, n)}
	for k := range sg.variant {
		sg.variant[k] = make([]bool, n)
		sg.lenientNP[k] = make([]bool, n)
	}
	parts, exactOK := partsOf(e)
	a1, r, a2 := slotParts(e)
	flat := strings.ReplaceAll(e, " - ", " ")
	isFlat, isFlatNP := s.hasFlat(sq(flat), false), s.hasFlat(sq(np(flat)), true)
	sqA1, sqR, sqA2 := sq(a1), sq(r), sq(a2)
	sqnA1, sqnR, sqnA2 := sq(np(a1)), sq(np(r)), sq(np(a2))
	t1, t2, t1n, t2n := tokSet(a1), tokSet(a2), tokSet(np(a1)), tokSet(np(a2))
	npParts := npPartsOf(e)
	for i := range s.syn {
		c := &s.syn[i]
		if c.empty {
			continue
		}
		sg.exact[i] = exactOK && c.hasExact(parts)
		sg.xe = sg.xe || sg.exact[i]
		sg.np[i] = npParts != nil && c.hasNP(npParts)
		if isFlat && c.sqR.has(sqR) {
			sg.lenient[i] = c.sq1.has(sqA1) && containsSome(c.cont2, t2) || c.sq2.has(sqA2) && containsSome(c.cont1, t1)
		}
		if isFlatNP {
			args := c.sqn1.has(sqnA1) && containsSome(c.cont2n, t2n) || c.sqn2.has(sqnA2) && containsSome(c.cont1n, t1n)
			sg.lenientNP[0][i] = args && c.sqnR.has(sqR)
			sg.lenientNP[1][i] = args && c.sqnR.has(sqnR)
		}
	}
	for _, v := range variants(s, e) {
		p, ok := partsOf(v.text)
		if !ok {
			continue
		}
		for i := range s.syn {
			if !s.syn[i].empty && s.syn[i].hasExact(p) {
				sg.variant[1][i] = true
				sg.variant[0][i] = sg.variant[0][i] || v.capped
			}
		}
	}
	return sg
}

// npPartsOf gives the parts EXACT_NP compares: each without ASCII
// punctuation and trimmed (nil when the string cannot match).
func npPartsOf(e string) []string {
	p, ok := partsOf(e)
	if !ok {
		return nil
	}
	for i := range p {
		p[i] = oie.TrimSpace(np(p[i]))
	}
	return p
}

func tokSet(s string) set {
	out := set{}
	for _, t := range toks(s) {
		out.add(t)
	}
	return out
}

// containsSome reports whether every token of some gold slot occurs in
// the extraction slot's tokens.
func containsSome(golds [][]string, have set) bool {
	for _, g := range golds {
		all := true
		for _, t := range g {
			if !have.has(t) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// variant is a variant string; capped tells that the reference, with its
// pair cap, makes it too.
type variant struct {
	text   string
	capped bool
}

// variants lists the conjunct and apposition variants of e (section 6), as
// a set: which of them matches is all that counts. The reference takes the
// XY members from its first 1,001 pairs only; they are a subset of the
// members of all pairs, so one pass serves both modes.
func variants(s *sentence, e string) []variant {
	p := strings.Split(e, " - ")
	if len(p) == 2 {
		p = append(p, "XXX")
	}
	if len(p) < 3 {
		return nil
	}
	a1, r, a2 := p[0], p[1], p[2]
	seen := map[string]int{}
	var out []variant
	emit := func(v string, capped bool) {
		v = tidy(v)
		if k, ok := seen[v]; ok {
			out[k].capped = out[k].capped || capped
			return
		}
		seen[v] = len(out)
		out = append(out, variant{v, capped})
	}
	for side, a := range []string{a1, a2} {
		make1 := func(x string) string {
			if side == 0 {
				return x + " - " + r + " - " + a2
			}
			return a1 + " - " + r + " - " + x
		}
		for _, t := range s.is {
			xs, ys := substrings(t.subj, a), substrings(t.obj, a)
			if len(xs) == 0 || len(ys) == 0 {
				continue
			}
			for _, m := range append(xs, ys...) {
				emit(make1(strings.ReplaceAll(a, m, "")), true)
			}
		}
		for m, capped := range xyMembers(s, a) {
			d := strings.ReplaceAll(a, m, "")
			emit(make1(strings.ReplaceAll(strings.ReplaceAll(d, "and", ""), ",", "")), capped)
			emit(make1(strings.ReplaceAll(d, ",", "")), capped)
			emit(make1(strings.ReplaceAll(d, "and", "")), capped)
			emit(make1(d), capped)
		}
	}
	return out
}

func substrings(cands []string, a string) []string {
	var out []string
	for _, c := range cands {
		if strings.Contains(a, c) {
			out = append(out, c)
		}
	}
	return out
}

// xyMembers returns the members m of XY pairs (m, y) or (y, m) with both
// members substrings of a, each with whether a pair within the
// reference's cap makes it.
func xyMembers(s *sentence, a string) map[string]bool {
	out := map[string]bool{}
	in := make([]bool, len(s.members))
	for k, m := range s.members {
		in[k] = strings.Contains(a, m)
	}
	for _, pr := range s.pairs {
		if in[pr[0]] && in[pr[1]] {
			out[s.members[pr[0]]] = true
			out[s.members[pr[1]]] = true
		}
	}
	// Without the cap, forms of one group make a pair when they are of
	// different synsets: the members inside a qualify as soon as they span
	// two synsets.
	for _, g := range s.groups {
		first, two := -1, false
		for _, m := range g {
			if !in[m.idx] {
				continue
			}
			for _, y := range m.syns {
				if first < 0 {
					first = y
				} else if y != first {
					two = true
				}
			}
		}
		if !two {
			continue
		}
		for _, m := range g {
			if str := s.members[m.idx]; in[m.idx] {
				if _, ok := out[str]; !ok {
					out[str] = false
				}
			}
		}
	}
	return out
}
