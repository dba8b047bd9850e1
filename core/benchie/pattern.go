package benchie

import (
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// A gold slot such as "[the] [first] Prime Minister [of Australia]" stands
// for every string made by deleting any subset of its optional units, joining
// what is left with single spaces and deleting every '[' and ']' character.
// A slot with k optional units stands for 2^k forms, so the matcher never
// relies on expanding them all: small slots are expanded (fast membership),
// large ones are matched by dynamic programming over the units.

// Unit is a run of slot tokens kept or deleted as a whole.
type Unit struct {
	Text     string // the tokens joined by single spaces, brackets deleted
	Optional bool
}

// slotIssue is a bracket oddity found while reading a slot.
type slotIssue struct {
	offset int    // byte offset of the token in the slot
	msg    string // what happened to it
}

// maxBacktrackUnits bounds the optional units matched by backtracking, whose
// worst case doubles with each unit; larger patterns use dynamic programming.
const maxBacktrackUnits = 12

// pattern is one compiled slot.
type pattern struct {
	units    []Unit
	optional int32 // how many units are optional
	// minLen and maxLen bound the length in bytes of the slot's forms (the
	// required units only, and all units, joined by single spaces); a
	// maxLen of 0 bounds nothing (it is not set, or only "" is a form).
	minLen, maxLen int32
	// edgy: a form can start or end with white space, and is stripped
	// before it is compared (see matchSlotsTrimmed); no length bounds then.
	edgy bool
}

var bracketDeleter = strings.NewReplacer("[", "", "]", "")

// parseUnits splits a slot into units, following the reference: a token with
// '[' and ']' is one optional unit; a token with '[' only opens a unit that
// runs to the next token holding ']'; an unclosed '[' token and a ']' token
// outside a unit are dropped. Adjacent required tokens form one unit (the
// forms are the same), so a slot without brackets is a single unit.
func parseUnits(slot string) ([]Unit, []slotIssue) {
	units, issues, _ := appendUnits(nil, slot)
	return units, issues
}

// appendUnits is parseUnits appending the units to dst. clean reports that
// every optional unit is bracketed at its two ends only, nothing was
// dropped, and the slot holds no parenthesis and no two spaces in a row:
// then BenchIE-M's slot is its required units, joined (see minimalOf).
func appendUnits(dst []Unit, slot string) (units []Unit, issues []slotIssue, clean bool) {
	if strings.IndexByte(slot, '[') < 0 && strings.IndexByte(slot, ']') < 0 {
		return append(dst, Unit{slot, false}), nil, !strings.ContainsAny(slot, "()")
	}
	// One pass over the tokens (split at every space), each read once as
	// it comes: no table of tokens to fill first. A '[' token that opens a
	// unit reads on to the token holding the next ']'; when none does, it is
	// dropped and the tokens after it are read again as they are, once: a
	// later '[' token knows then that no ']' follows (noClose), so a slot
	// full of unclosed '[' is still read in linear time.
	u := unitReader{slot: slot, units: dst, clean: true, run: -1}
	noClose := false
	for from := 0; ; {
		end, open, close := u.token(from)
		switch {
		case open && close:
			u.flush()
			u.optional(slot[from:end])
		case open:
			u.flush() // a unit or a dropped token ends the run either way
			unitEnd := -1
			if !noClose {
				unitEnd = u.closingAfter(end)
			}
			if unitEnd < 0 {
				noClose = true
				u.issues = append(u.issues, slotIssue{from, "'[' is never closed in this slot: the token " + quote(slot[from:end]) + " is dropped, as the reference does"})
				u.clean = false
				break
			}
			u.optional(slot[from:unitEnd])
			end = unitEnd
		case close:
			u.flush()
			u.issues = append(u.issues, slotIssue{from, "']' closes no optional unit: the token " + quote(slot[from:end]) + " is dropped, as the reference does"})
			u.clean = false
		default:
			if u.run < 0 {
				u.run = from
			}
			u.runEnd = end
		}
		if end >= len(slot) {
			break
		}
		from = end + 1
	}
	u.flush()
	return u.units, u.issues, u.clean
}

// unitReader is appendUnits' state: the units and issues so far, whether
// the slot is still clean, and the current run of required tokens (from
// byte run to runEnd; run < 0 when there is none).
type unitReader struct {
	slot        string
	units       []Unit
	issues      []slotIssue
	clean       bool
	run, runEnd int
}

// token reads the token starting at byte from: it ends at end (the next
// space, or the slot's end), and open and close report whether it holds a
// '[' and a ']'. A parenthesis, or a space right after a space, makes the
// slot unclean (minimalSlot would drop or collapse it).
func (u *unitReader) token(from int) (end int, open, close bool) {
	s := u.slot
	for end = from; end < len(s); end++ {
		c := slotBytes[s[end]]
		if c == 0 { // most bytes (see slotBytes)
			continue
		}
		switch c {
		case ' ':
			if end > 0 && s[end-1] == ' ' {
				u.clean = false
			}
			return end, open, close
		case '[':
			open = true
		case ']':
			close = true
		case '(', ')':
			u.clean = false
		}
	}
	return end, open, close
}

// closingAfter reads the tokens after the space at byte end up to the first
// that holds a ']' and returns where that token ends; -1 if none does.
func (u *unitReader) closingAfter(end int) int {
	for end < len(u.slot) {
		var close bool
		if end, _, close = u.token(end + 1); close {
			return end
		}
	}
	return -1
}

// flush ends the current run of required tokens: one unit.
func (u *unitReader) flush() {
	if u.run >= 0 {
		u.units = append(u.units, Unit{u.slot[u.run:u.runEnd], false})
		u.run = -1
	}
}

// optional appends an optional unit, s as written (see deleteBracketsAt).
func (u *unitReader) optional(s string) {
	text, plain := deleteBracketsAt(s)
	u.clean = u.clean && plain
	u.units = append(u.units, Unit{text, true})
}

// holdsBracket reports whether s holds a '[' or a ']' (strings.ContainsAny,
// without its call per character on short strings in WebAssembly).
func holdsBracket(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '[' || s[i] == ']' {
			return true
		}
	}
	return false
}

func quote(s string) string { return "\"" + s + "\"" }

// deleteBracketsAt deletes every '[' and ']' of an optional unit; the usual
// unit, bracketed at its two ends only (plain), is cut out of the slot as
// it is.
func deleteBracketsAt(s string) (text string, plain bool) {
	if n := len(s); n >= 2 && s[0] == '[' && s[n-1] == ']' && !holdsBracket(s[1:n-1]) {
		return s[1 : n-1], true
	}
	return bracketDeleter.Replace(s), false
}

// minimalOf is BenchIE-M's slot (minimalSlot) of a clean slot (see
// appendUnits), made from its units: its required units joined by single
// spaces. Usually one unit is required, and the slot is cut out of it.
func minimalOf(units []Unit) string {
	var text string
	n := 0
	for _, u := range units {
		if !u.Optional {
			n++
			text = u.Text
		}
	}
	if n > 1 {
		parts := make([]string, 0, n)
		for _, u := range units {
			if !u.Optional {
				parts = append(parts, u.Text)
			}
		}
		text = strings.Join(parts, " ")
	}
	return oie.TrimSpace(text) // a clean slot has no two spaces in a row
}

// appendMinimalOf appends BenchIE-M's slot of a clean slot (minimalOf) to
// dst as units: as its required units when none is empty or has white
// space at an edge (then they make minimalOf's text, joined as matching
// joins units, and each is a piece of the gold's text: no string is built
// for it, which were a tenth of a large gold's memory), else as one unit.
func appendMinimalOf(dst []Unit, units []Unit) []Unit {
	n := len(dst)
	for _, u := range units {
		if !u.Optional {
			dst = append(dst, u)
		}
	}
	if len(dst)-n > 1 && !edgyUnits(dst[n:]) {
		return dst
	}
	return append(dst[:n], Unit{minimalOf(units), false})
}

// minimalSlot strips optional material from a gold slot for BenchIE-M: in a
// slot that holds '[', every span from a '[' or '(' to the nearest following
// ']' or ')' is deleted (the reference's single non-greedy pattern over both
// bracket kinds, so parenthesised text goes too); then the slot is trimmed
// and runs of spaces become one. Slots without '[' are left as they are.
func minimalSlot(slot string) string {
	if !strings.Contains(slot, "[") {
		return slot
	}
	// The pieces kept; when only one of them holds more than white space
	// (the usual slot, bracketed at its ends), the result is cut out of the
	// slot instead of built.
	var keptBuf [8]string
	kept := keptBuf[:0]
	rest := slot
	for {
		i := indexEither(rest, '[', '(')
		if i < 0 {
			break
		}
		j := indexEither(rest[i+1:], ']', ')')
		if j < 0 {
			break // no closing bracket after it, nor after any later opener
		}
		kept = append(kept, rest[:i])
		rest = rest[i+1+j+1:]
	}
	kept = append(kept, rest)
	only := -1
	for k, piece := range kept {
		if oie.TrimSpace(piece) != "" {
			if only >= 0 {
				return collapseSpaces(oie.TrimSpace(strings.Join(kept, "")))
			}
			only = k
		}
	}
	if only < 0 {
		return ""
	}
	return collapseSpaces(oie.TrimSpace(kept[only]))
}

// indexEither is the index of the first a or b in s, or -1.
func indexEither(s string, a, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == a || s[i] == b {
			return i
		}
	}
	return -1
}

// collapseSpaces turns runs of spaces into one space.
func collapseSpaces(s string) string {
	double := false
	for i := 1; i < len(s) && !double; i++ {
		double = s[i] == ' ' && s[i-1] == ' '
	}
	if !double {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && i > 0 && s[i-1] == ' ' {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// SlotUnits is how every consumer reads a gold slot: as written, white
// space at its edges included (the reference makes its forms so: the German
// gold's " in [der] Henry Wood Hall" has forms that start with a space,
// which matching strips), stripped of optional material for BenchIE-M,
// split into units.
func SlotUnits(slot string, f Facet) []Unit { return appendSlotUnits(nil, slot, f) }

// appendSlotUnits is SlotUnits appending the units to dst.
func appendSlotUnits(dst []Unit, slot string, f Facet) []Unit {
	if f == Minimal {
		slot = minimalSlot(slot)
	}
	units, _, _ := appendUnits(dst, slot)
	return units
}

func newPattern(units []Unit) pattern { return patternOf(units, edgyUnits(units)) }

// patternOf is newPattern given edgyUnits(units).
func patternOf(units []Unit, edgy bool) pattern {
	p := pattern{units: units, optional: int32(countOptional(units))}
	if edgy {
		p.edgy = true
		return p
	}
	required := 0
	for i, u := range units {
		if i > 0 {
			p.maxLen++
		}
		p.maxLen += int32(len(u.Text))
		if !u.Optional {
			if required > 0 {
				p.minLen++
			}
			p.minLen += int32(len(u.Text))
			required++
		}
	}
	return p
}

// fits reports whether a string of n bytes can be a form of the slot.
func (p *pattern) fits(n int) bool {
	return p.maxLen == 0 || (int32(n) >= p.minLen && int32(n) <= p.maxLen)
}

// appendFirstWords appends the words the slot's forms can start with: the
// first word of every unit that can come first (those up to the first
// required one), and "" when every unit is optional (the empty form, and
// forms after which a separator follows at once, start with the empty word).
func (p *pattern) appendFirstWords(ws []string) []string {
	for _, u := range p.units {
		ws = append(ws, firstWord(u.Text))
		if !u.Optional {
			return ws
		}
	}
	return append(ws, "")
}

// appendLastWords appends the words the slot's forms can end with: the last
// word of every unit that can come last (those after the last required
// one, and it), and "" when every unit is optional.
func (p *pattern) appendLastWords(ws []string) []string {
	for i := len(p.units) - 1; i >= 0; i-- {
		u := p.units[i]
		ws = append(ws, lastWord(u.Text))
		if !u.Optional {
			return ws
		}
	}
	return append(ws, "")
}

// endsFit reports whether s starts with a word the slot's forms can start
// with and ends with one they can end with (the words the index keys on):
// a cheap refusal before any search, which matters for a triple compared
// with every extraction of its sentence (see compiledSentence.any).
func (p *pattern) endsFit(s string) bool {
	if p.edgy { // its forms' words at the ends are not the trimmed ones
		return true
	}
	var buf [16]string
	return slices.Contains(p.appendFirstWords(buf[:0]), firstWord(s)) &&
		slices.Contains(p.appendLastWords(buf[:0]), lastWord(s))
}

func countOptional(units []Unit) int {
	n := 0
	for _, u := range units {
		if u.Optional {
			n++
		}
	}
	return n
}

// ExpandUnits lists the distinct forms of a slot in a fixed order, for the
// statistics; it returns nil, having listed nothing, when the slot has more
// than limit forms (limit < 0: no limit) or they would take more than
// expandByteBudget bytes (or four times the units' text, if more). Matching
// never expands.
func ExpandUnits(units []Unit, limit int) []string {
	forms, bytes := expansionPrice(units)
	length := 0
	for _, u := range units {
		length += len(u.Text)
	}
	if forms < 0 || (limit >= 0 && forms > limit) || bytes > max(expandByteBudget, 4*length) {
		return nil
	}
	forms2, _, _ := expandInto(units, -1, []string{""}, []bool{false}, joinWords)
	return dedupe(forms2)
}

// expandByteBudget bounds the bytes one ExpandUnits may write.
const expandByteBudget = 16 << 20

// expansionPrice is what expandInto costs for units, computed without
// listing anything: the forms it lists (2^k for k optional units,
// duplicates included) and an upper bound of the bytes it writes; -1, -1
// beyond 2^40 of either.
func expansionPrice(units []Unit) (forms, bytes int) {
	const most = 1 << 40
	n, size, written := 1.0, 0.0, 0.0 // forms, their bytes, bytes written
	for _, u := range units {
		add := n * float64(len(u.Text)+1)
		written += size + add // every form of the step is written again
		if u.Optional {
			n, size = 2*n, 2*size+add
		} else {
			size += add
		}
		if n > most || written > most {
			return -1, -1
		}
	}
	return int(n), int(written)
}

func joinWords(a, b string) string { return a + " " + b }

// expandInto lists every form of a slot, duplicates included, into forms
// and started (a form per entry, and whether it has a word yet), which hold
// one empty form on entry; join puts two runs of words together. ok is
// false once more than limit forms exist (limit < 0: no limit). The buffers
// come back for reuse.
func expandInto(units []Unit, limit int, forms []string, started []bool, join func(a, b string) string) ([]string, []bool, bool) {
	for _, u := range units {
		n := len(forms)
		for i := 0; i < n; i++ {
			emitted := u.Text
			if started[i] {
				emitted = join(forms[i], u.Text)
			}
			if u.Optional {
				forms = append(forms, emitted)
				started = append(started, true)
			} else {
				forms[i], started[i] = emitted, true
			}
		}
		if limit >= 0 && len(forms) > limit {
			return forms, started, false
		}
	}
	return forms, started, true
}

func dedupe(forms []string) []string {
	if len(forms) < 2 {
		return forms
	}
	return dedupeWith(forms, make(map[string]struct{}, len(forms)))
}

// dedupeWith drops repeated forms in place, keeping the first of each,
// with seen (emptied first) as its table.
func dedupeWith(forms []string, seen map[string]struct{}) []string {
	if len(forms) < 2 {
		return forms
	}
	clear(seen)
	out := forms[:0]
	for _, f := range forms {
		if _, ok := seen[f]; !ok {
			seen[f] = struct{}{}
			out = append(out, f)
		}
	}
	return out
}

// match reports whether s is a form of the slot, stripped (benchie.md,
// section 6.1).
func (p *pattern) match(s string) bool {
	if !p.fits(len(s)) {
		return false
	}
	if p.optional > 0 && !p.endsFit(s) {
		return false
	}
	return p.search(s)
}

// search is match without its cheap refusals: the search for a way to
// make s from the units, each form stripped.
func (p *pattern) search(s string) bool {
	if p.edgy {
		return matchSlotsTrimmed(s, []*pattern{p})
	}
	return p.searchExact(s)
}

// searchExact is search with the forms as made, not stripped: the
// reference script's second lookup (benchie.md, section 6).
func (p *pattern) searchExact(s string) bool {
	if p.optional <= maxBacktrackUnits {
		if m, decided := tryBacktrack(s, p.units, nil); decided {
			return m
		}
	}
	return matchSlots(s, []*pattern{p})
}

// backtrack reports whether s, from byte pos on, is a form of the remaining
// units of the current slot followed by the later slots, slots joined by
// single spaces; started says whether the current slot emitted a unit yet.
// A mismatch ends at the first differing byte, so the usual cost is a few
// comparisons.
func backtrack(s string, units []Unit, later [][]Unit, pos int, started bool, steps *int) bool {
	if *steps--; *steps < 0 {
		return false // out of steps: the caller decides otherwise
	}
	for i, u := range units {
		if u.Optional && backtrack(s, units[i+1:], later, pos, started, steps) {
			return true
		}
		if started {
			if pos >= len(s) || s[pos] != ' ' {
				return false
			}
			pos++
		}
		if !strings.HasPrefix(s[pos:], u.Text) {
			return false
		}
		pos += len(u.Text)
		started = true
	}
	if len(later) == 0 {
		return pos == len(s)
	}
	if pos >= len(s) || s[pos] != ' ' {
		return false
	}
	return backtrack(s, later[0], later[1:], pos+1, false, steps)
}

// backtrackSteps bounds the calls of one backtracking match. Most matches
// end within a few; units alike ("[a] [a] [a] ...") can make it try every
// subset of them, 2^12 paths for each gold triple a system extraction is
// compared with, and then dynamic programming (matchSlots), whose work is
// polynomial, decides instead.
const backtrackSteps = 256

// tryBacktrack is backtrack within backtrackSteps: decided is false when
// the steps ran out before a match was found (a match found is a match).
func tryBacktrack(s string, units []Unit, later [][]Unit) (match, decided bool) {
	steps := backtrackSteps
	match = backtrack(s, units, later, 0, false, &steps)
	return match, match || steps >= 0
}

// matchSlots reports whether s equals the forms of the given slots joined by
// single spaces (one slot: a slot match; three: a BenchIE-C match). It walks
// the units once, keeping the set of reachable positions in s.
func matchSlots(s string, slots []*pattern) bool {
	match, _ := matchSlotsCounted(s, slots)
	return match
}

// matchSlotsCounted is matchSlots with its work: the states it stepped
// from, at most two per byte of s and unit (its tests count it).
func matchSlotsCounted(s string, slots []*pattern) (match bool, work int) {
	// A state is a position in s, and whether the current slot has emitted a
	// unit yet (which decides if the next unit needs a separating space).
	type state struct {
		pos     int
		started bool
	}
	cur := []state{{0, false}}
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
		work += len(cur)
		cur, next = next, cur
	}
	for k, p := range slots {
		if k > 0 { // the space between slots
			step(func(st state) {
				if st.pos < len(s) && s[st.pos] == ' ' {
					add(state{st.pos + 1, false})
				}
			})
		}
		for _, u := range p.units {
			step(func(st state) {
				if u.Optional {
					add(st)
				}
				pos := st.pos
				if st.started {
					if pos >= len(s) || s[pos] != ' ' {
						return
					}
					pos++
				}
				if strings.HasPrefix(s[pos:], u.Text) {
					add(state{pos + len(u.Text), true})
				}
			})
			if len(cur) == 0 {
				return false, work
			}
		}
	}
	for _, st := range cur {
		if st.pos == len(s) {
			return true, work
		}
	}
	return false, work
}
