package benchiefl

import "strings"

// expansion is the optional-word expansion of one gold triple
// (benchie-fl.md, section 2). k is the number of '[' characters; every
// subset of {0..k-1} is a set of marked words to drop. Marked words are
// numbered across the slots in reading order, so slot i owns the
// contiguous marks lo[i] .. lo[i]+width[i]-1 below k (a marked word
// numbered k or more is never dropped), and a form is one value of each slot.
type expansion struct {
	k         int
	lo, width []int
	// values[i][m] is slot i with the marks of local mask m dropped.
	values [][]slotValue
}

// slotValue is a slot's kept tokens joined by single spaces; empty marks a
// slot left with no token (unlike a slot whose one token is empty).
type slotValue struct {
	str   string
	empty bool
}

// expandSlots prepares the expansion of a triple's slots.
func expandSlots(slots []string) expansion {
	x := expansion{lo: make([]int, len(slots)), width: make([]int, len(slots)), values: make([][]slotValue, len(slots))}
	words := make([][]word, len(slots))
	marks := 0
	for i, s := range slots {
		x.k += strings.Count(s, "[")
		x.lo[i] = marks
		for _, tok := range strings.Split(s, " ") {
			if tok == "" {
				continue
			}
			w := word{mark: -1, clean: tok}
			if strings.ContainsAny(tok, "[]") {
				w.mark = marks
				marks++
				w.clean = stripBrackets(tok)
			}
			words[i] = append(words[i], w)
		}
	}
	var b strings.Builder
	for i, ws := range words {
		x.width[i] = max(0, min(x.lo[i]+countMarks(ws), x.k)-x.lo[i])
		x.values[i] = make([]slotValue, 1<<x.width[i])
		for m := range x.values[i] {
			b.Reset()
			n := 0
			for _, w := range ws {
				if l := w.mark - x.lo[i]; w.mark >= 0 && l < x.width[i] && m&(1<<l) != 0 {
					continue
				}
				if n > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w.clean)
				n++
			}
			x.values[i][m] = slotValue{b.String(), n == 0}
		}
	}
	return x
}

// word is a token of a slot: its optional-word number (-1 when the token
// holds no bracket) and its text with the brackets deleted.
type word struct {
	mark  int
	clean string
}

func countMarks(ws []word) int {
	n := 0
	for _, w := range ws {
		if w.mark >= 0 {
			n++
		}
	}
	return n
}

// count is the number of forms, duplicates included.
func (x *expansion) count() int { return 1 << x.k }

// each calls f with every form, in the reference's order: drop-sets of
// size 1, 2, ..., k, each size in lexicographic order, and the empty set
// last. masks[i] indexes values[i]; masks is reused between calls.
func (x *expansion) each(f func(masks []int)) {
	k := x.k
	masks := make([]int, len(x.values))
	emit := func(d uint64) {
		for i := range masks {
			masks[i] = int(d>>x.lo[i]) & (1<<x.width[i] - 1)
		}
		f(masks)
	}
	idx := make([]int, k)
	for size := 1; size <= k; size++ {
		for i := range size {
			idx[i] = i
		}
		for {
			var d uint64
			for _, j := range idx[:size] {
				d |= 1 << j
			}
			emit(d)
			i := size - 1
			for i >= 0 && idx[i] == k-size+i {
				i--
			}
			if i < 0 {
				break
			}
			idx[i]++
			for j := i + 1; j < size; j++ {
				idx[j] = idx[j-1] + 1
			}
		}
	}
	emit(0)
}

// form is one surface form of a triple, for tests and the IS pairs.
type form struct {
	slots []string
	empty []bool
}

// expand lists the forms of slots in the reference's order, duplicates kept.
func expand(slots []string) []form {
	x := expandSlots(slots)
	out := make([]form, 0, x.count())
	x.each(func(masks []int) {
		f := form{slots: make([]string, len(masks)), empty: make([]bool, len(masks))}
		for i, m := range masks {
			f.slots[i], f.empty[i] = x.values[i][m].str, x.values[i][m].empty
		}
		out = append(out, f)
	})
	return out
}

// slotForms lists the forms of one slot expanded on its own, as strings
// (the IS pairs of section 6).
func slotForms(slot string) []string {
	fs := expand([]string{slot})
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.slots[0]
	}
	return out
}

func stripBrackets(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '[' && s[i] != ']' {
			b = append(b, s[i])
		}
	}
	return string(b)
}
