package benchiefl

import "strings"

// form is one surface form of a gold triple: its slots, each the kept
// tokens joined by single spaces; empty marks slots left with no token.
type form struct {
	slots []string
	empty []bool
}

// word is a token of a slot with its optional-word number (-1 when the
// token holds no bracket) and its text with the brackets deleted.
type word struct {
	mark  int
	clean string
}

// expand lists the forms of slots in the reference's order
// (benchie-fl.md, section 2): k is the number of '[' characters; every
// subset of {0..k-1} of size 1, 2, ..., k in lexicographic order is a set of
// marked words to drop, and the empty set comes last. A marked word numbered
// k or more is never dropped. Duplicate forms are kept.
func expand(slots []string) []form {
	k := 0
	words := make([][]word, len(slots))
	marks := 0
	for i, s := range slots {
		k += strings.Count(s, "[")
		for _, tok := range strings.Split(s, " ") {
			if tok == "" {
				continue
			}
			w := word{mark: -1, clean: tok}
			if strings.ContainsAny(tok, "[]") {
				w.mark = marks
				marks++
				w.clean = strings.NewReplacer("[", "", "]", "").Replace(tok)
			}
			words[i] = append(words[i], w)
		}
	}
	out := make([]form, 0, 1<<k)
	build := func(drop []bool) {
		f := form{slots: make([]string, len(slots)), empty: make([]bool, len(slots))}
		var b strings.Builder
		for i, ws := range words {
			b.Reset()
			n := 0
			for _, w := range ws {
				if w.mark >= 0 && w.mark < k && drop[w.mark] {
					continue
				}
				if n > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w.clean)
				n++
			}
			f.slots[i], f.empty[i] = b.String(), n == 0
		}
		out = append(out, f)
	}
	drop := make([]bool, k)
	idx := make([]int, k)
	for size := 1; size <= k; size++ {
		// Combinations of size from {0..k-1}, lexicographic.
		for i := range size {
			idx[i] = i
		}
		for {
			for i := range drop {
				drop[i] = false
			}
			for _, j := range idx[:size] {
				drop[j] = true
			}
			build(drop)
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
	for i := range drop {
		drop[i] = false
	}
	build(drop)
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
