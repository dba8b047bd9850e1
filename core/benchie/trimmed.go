package benchie

import (
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/oie"
)

// The reference compares a system slot, stripped, with a gold surface form,
// also stripped (benchie.md, section 6.1). A form gets white space at an
// edge when an optional unit next to a double space is dropped
// ("reinforce  [That night]" gives "reinforce "), or when a unit is empty or
// starts or ends with white space. Such a slot is "edgy": its forms are
// matched against a trimmed system slot by matchSlotsTrimmed, which lets
// white space at the ends of each form go unmatched; every other slot's
// forms have no white space at their ends, and equality is the same test.

// edgyUnits reports whether a form of the units can start or end with
// white space.
func edgyUnits(units []Unit) bool {
	for _, u := range units {
		if u.Text == "" {
			return true
		}
		first, _ := utf8.DecodeRuneInString(u.Text)
		last, _ := utf8.DecodeLastRuneInString(u.Text)
		if oie.IsSpace(first) || oie.IsSpace(last) {
			return true
		}
	}
	return false
}

// Where a form being matched stands against its trimmed slot text.
const (
	lead  uint8 = iota // only white space emitted: trimmed away
	body               // inside the slot's text
	trail              // past the slot's text: only white space may follow
)

// matchSlotsTrimmed reports whether s equals the forms of the given slots,
// each stripped of white space at its ends, joined by single spaces (one
// slot: a slot match; three: a BenchIE-C match). It is matchSlots with a
// phase per state.
func matchSlotsTrimmed(s string, slots []*pattern) bool {
	type state struct {
		pos     int
		started bool // the slot emitted a unit (the next needs a space)
		phase   uint8
	}
	cur := []state{{0, false, lead}}
	var next []state
	seen := make(map[state]struct{})
	add := func(st state) {
		if _, ok := seen[st]; !ok {
			seen[st] = struct{}{}
			next = append(next, st)
		}
	}
	step := func(f func(state)) {
		next = next[:0]
		clear(seen)
		for _, st := range cur {
			f(st)
		}
		cur, next = next, cur
	}
	// A slot's stripped text ends where no white space precedes.
	ends := func(st state) bool { return st.phase != body || textEndsAt(s, st.pos) }
	for k, p := range slots {
		if k > 0 { // the space between slots
			step(func(st state) {
				if ends(st) && st.pos < len(s) && s[st.pos] == ' ' {
					add(state{st.pos + 1, false, lead})
				}
			})
		}
		for _, u := range p.units {
			step(func(st state) {
				if u.Optional {
					add(st)
				}
				text := u.Text
				if st.started {
					text = " " + text
				}
				feedTrimmed(s, st.pos, st.phase, text, func(pos int, ph uint8) { add(state{pos, true, ph}) })
			})
			if len(cur) == 0 {
				return false
			}
		}
	}
	for _, st := range cur {
		if st.pos == len(s) && ends(st) {
			return true
		}
	}
	return false
}

// feedTrimmed matches text, emitted by a form from byte pos of s in phase
// ph, and calls emit with every state it can end in (a white space can be
// inside the slot's text or after it: two states).
func feedTrimmed(s string, pos int, ph uint8, text string, emit func(int, uint8)) {
	type pp struct {
		pos   int
		phase uint8
	}
	cur := []pp{{pos, ph}} // edgy slots are few: this path may allocate
	for i := 0; i < len(text) && len(cur) > 0; {
		r, size := utf8.DecodeRuneInString(text[i:])
		ch := text[i : i+size]
		space := oie.IsSpace(r)
		var next []pp
		put := func(x pp) {
			for _, y := range next {
				if y == x {
					return
				}
			}
			next = append(next, x)
		}
		for _, c := range cur {
			switch c.phase {
			case lead:
				if space {
					put(c)
				} else if strings.HasPrefix(s[c.pos:], ch) {
					put(pp{c.pos + size, body})
				}
			case body:
				if strings.HasPrefix(s[c.pos:], ch) {
					put(pp{c.pos + size, body})
				}
				if space && textEndsAt(s, c.pos) {
					put(pp{c.pos, trail})
				}
			case trail:
				if space {
					put(c)
				}
			}
		}
		cur = next
		i += size
	}
	for _, c := range cur {
		emit(c.pos, c.phase)
	}
}

// textEndsAt reports whether a stripped text can end at byte pos of s: it
// holds something, and no white space comes last.
func textEndsAt(s string, pos int) bool {
	if pos == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:pos])
	return !oie.IsSpace(r)
}
