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

// exactIn is EXACT(e, c).
func exactIn(e string, c *synset) bool {
	p, ok := partsOf(e)
	return ok && c.exact.has(strings.Join(p, sep))
}

func computeSignals(s *sentence, e string) *signals {
	n := len(s.syn)
	sg := &signals{exact: make([]bool, n), np: make([]bool, n), lenient: make([]bool, n)}
	for k := range sg.variant {
		sg.variant[k] = make([]bool, n)
		sg.lenientNP[k] = make([]bool, n)
	}
	exactKey, exactOK := "", false
	if p, ok := partsOf(e); ok {
		exactKey, exactOK = strings.Join(p, sep), true
	}
	a1, r, a2 := slotParts(e)
	flat := strings.ReplaceAll(e, " - ", " ")
	isFlat, isFlatNP := s.flat.has(sq(flat)), s.flatNP.has(sq(np(flat)))
	sqA1, sqR, sqA2 := sq(a1), sq(r), sq(a2)
	sqnA1, sqnR, sqnA2 := sq(np(a1)), sq(np(r)), sq(np(a2))
	t1, t2, t1n, t2n := tokSet(a1), tokSet(a2), tokSet(np(a1)), tokSet(np(a2))
	npk := npKeyOf(e)
	var vars [2][]string
	for i := range s.syn {
		c := &s.syn[i]
		if c.empty {
			continue
		}
		sg.exact[i] = exactOK && c.exact.has(exactKey)
		sg.xe = sg.xe || sg.exact[i]
		sg.np[i] = npk != "" && c.exactNP.has(npk)
		if isFlat && c.sqR.has(sqR) {
			sg.lenient[i] = c.sq1.has(sqA1) && containsSome(c.cont2, t2) || c.sq2.has(sqA2) && containsSome(c.cont1, t1)
		}
		if isFlatNP {
			args := c.sqn1.has(sqnA1) && containsSome(c.cont2n, t2n) || c.sqn2.has(sqnA2) && containsSome(c.cont1n, t1n)
			sg.lenientNP[0][i] = args && c.sqnR.has(sqR)
			sg.lenientNP[1][i] = args && c.sqnR.has(sqnR)
		}
	}
	vars[0] = variants(s, e, false)
	vars[1] = variants(s, e, true)
	for k, vs := range vars {
		for _, v := range vs {
			p, ok := partsOf(v)
			if !ok {
				continue
			}
			key := strings.Join(p, sep)
			for i := range s.syn {
				if !s.syn[i].empty && s.syn[i].exact.has(key) {
					sg.variant[k][i] = true
				}
			}
		}
	}
	return sg
}

// npKeyOf is the key of EXACT_NP: each part without ASCII punctuation and
// trimmed ("" when the string cannot match).
func npKeyOf(e string) string {
	p, ok := partsOf(e)
	if !ok {
		return ""
	}
	for i := range p {
		p[i] = oie.TrimSpace(np(p[i]))
	}
	return strings.Join(p, sep)
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

// variants lists the conjunct and apposition variants of e (section 6), as
// a set: which of them matches is all that counts. uncapped takes the XY
// members from every pair rather than the reference's first 1,001.
func variants(s *sentence, e string, uncapped bool) []string {
	p := strings.Split(e, " - ")
	if len(p) == 2 {
		p = append(p, "XXX")
	}
	if len(p) < 3 {
		return nil
	}
	a1, r, a2 := p[0], p[1], p[2]
	seen := set{}
	var out []string
	emit := func(v string) {
		v = tidy(v)
		if !seen.has(v) {
			seen.add(v)
			out = append(out, v)
		}
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
				emit(make1(strings.ReplaceAll(a, m, "")))
			}
		}
		for _, m := range xyMembers(s, a, uncapped) {
			d := strings.ReplaceAll(a, m, "")
			emit(make1(strings.ReplaceAll(strings.ReplaceAll(d, "and", ""), ",", "")))
			emit(make1(strings.ReplaceAll(d, ",", "")))
			emit(make1(strings.ReplaceAll(d, "and", "")))
			emit(make1(d))
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
// members substrings of a.
func xyMembers(s *sentence, a string, uncapped bool) []string {
	var out []string
	if !uncapped {
		for _, pr := range s.pairs {
			if strings.Contains(a, pr[0]) && strings.Contains(a, pr[1]) {
				out = append(out, pr[0], pr[1])
			}
		}
		return out
	}
	// Forms of one group make a pair when they are of different synsets:
	// the members inside a qualify as soon as they span two synsets.
	for _, g := range s.groups {
		var in []string
		first, two := -1, false
		for _, m := range g {
			if !strings.Contains(a, m.str) {
				continue
			}
			in = append(in, m.str)
			for _, y := range m.syns {
				if first < 0 {
					first = y
				} else if y != first {
					two = true
				}
			}
		}
		if two {
			out = append(out, in...)
		}
	}
	return out
}
