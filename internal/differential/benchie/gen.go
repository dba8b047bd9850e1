package benchie

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Spaces are the white space (and one look-alike) the generator puts at
// slot and line edges: every kind Python's strip removes, and U+200B, which
// it does not.
var Spaces = []string{" ", "  ", "\t", "\u00a0", "\u2003", "\u3000", "\u001c", "\u001d", "\u001e", "\u001f", "\u0085", "\u200b", "\v", "\f", "\u2028", "\u202f"}

// Generate writes a perturbed system file for the gold, from seed: lines
// made of the gold's own surface forms (every form of a synset, or a few),
// then perturbed in the ways benchie.md section 6.1 names. The same seed
// gives the same file.
func Generate(g *Gold, facet string, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	// a few sentences the oracle can expand
	var pool []*Sentence
	for _, s := range g.Sentences {
		if len(s.Synsets) > 0 {
			pool = append(pool, s)
		}
	}
	var lines [][]string // columns
	nsent := 1 + r.IntN(3)
	for n := 0; n < nsent && len(pool) > 0; n++ {
		s := pool[r.IntN(len(pool))]
		if !s.Expandable(facet) {
			continue
		}
		k := r.IntN(len(s.Synsets))
		every := r.IntN(4) == 0 // every surface form of one synset
		for _, e := range s.Synsets[k] {
			if e.IsJnk {
				continue
			}
			var fs [3][]string
			for i := range fs {
				fs[i], _ = Forms(e.Slots[i], facet)
			}
			pick := func() [3]string {
				return [3]string{fs[0][r.IntN(len(fs[0]))], fs[1][r.IntN(len(fs[1]))], fs[2][r.IntN(len(fs[2]))]}
			}
			if every && len(fs[0])*len(fs[1])*len(fs[2]) <= 64 {
				for _, a := range fs[0] {
					for _, b := range fs[1] {
						for _, c := range fs[2] {
							lines = append(lines, []string{s.ID, a, b, c})
						}
					}
				}
				continue
			}
			for m := 0; m < 1+r.IntN(2); m++ {
				t := pick()
				lines = append(lines, []string{s.ID, t[0], t[1], t[2]})
			}
		}
		// a triple of another synset, or words of the sentence in a wrong order
		if o := s.Synsets[r.IntN(len(s.Synsets))]; len(o) > 0 && !o[0].IsJnk {
			lines = append(lines, []string{s.ID, strip(o[0].Slots[2]), strip(o[0].Slots[1]), strip(o[0].Slots[0])})
		}
	}
	if len(lines) == 0 {
		lines = append(lines, []string{"no-such-id", "a", "b", "c"})
	}
	if len(lines) > 40 {
		r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		lines = lines[:40]
	}
	crashing := r.IntN(5) == 0 // a file the script cannot score
	for i := range len(lines) {
		lines = perturb(r, lines, i, crashing)
	}
	// whole-file perturbations
	var b strings.Builder
	if r.IntN(8) == 0 {
		b.WriteString("\ufeff")
	}
	confidence := r.IntN(6) == 0
	eol := "\n"
	if r.IntN(6) == 0 {
		eol = "\r\n"
	}
	for i, cols := range lines {
		if confidence {
			cols = append(cols, strconv.FormatFloat(r.Float64(), 'f', 3, 64))
		}
		b.WriteString(strings.Join(cols, "\t"))
		if i < len(lines)-1 || r.IntN(3) > 0 {
			b.WriteString(eol)
		}
		if crashing && r.IntN(20) == 0 {
			b.WriteString([]string{"", " ", "\t", "\u3000"}[r.IntN(4)] + eol) // a blank line
		}
	}
	if crashing && r.IntN(3) == 0 {
		b.WriteString(eol) // two final line breaks
	}
	return b.String()
}

// perturb changes line i (its columns) in one of the ways the script and
// the paper's rule may read apart, or leaves it as it is, and returns the
// lines.
func perturb(r *rand.Rand, lines [][]string, i int, crashing bool) [][]string {
	cols := lines[i]
	sp := func() string { return Spaces[r.IntN(len(Spaces))] }
	switch r.IntN(17) {
	case 0: // white space at a slot's edge
		k := 1 + r.IntN(3)
		if r.IntN(2) == 0 {
			cols[k] = sp() + cols[k]
		} else {
			cols[k] += sp()
		}
	case 1: // white space at the line's end (after the object)
		cols[3] += strings.Repeat(sp(), 1+r.IntN(2))
		if strings.HasSuffix(cols[3], "\t") && r.IntN(2) == 0 {
			cols[3] += " "
		}
	case 2: // white space at the line's start: tabs too, before the id
		cols[0] = sp() + cols[0]
		if r.IntN(3) == 0 {
			cols[0] = "\t" + cols[0]
		}
	case 3: // an id with a space after it
		cols[0] += []string{" ", "\u00a0", "\u3000"}[r.IntN(3)]
	case 4: // a textual extra column (n-ary)
		w := strings.Fields(cols[3])
		if len(w) > 1 {
			cols[3] = strings.Join(w[:len(w)/2], " ")
			lines[i] = append(cols, strings.Join(w[len(w)/2:], " "))
		} else {
			lines[i] = append(cols, "extra")
		}
	case 5: // case changed
		cols[1+r.IntN(3)] = strings.ToUpper(cols[1+r.IntN(3)])
	case 6: // a token moved across a slot border
		k := 1 + r.IntN(2)
		if w := strings.Fields(cols[k]); len(w) > 1 {
			cols[k] = strings.Join(w[:len(w)-1], " ")
			cols[k+1] = w[len(w)-1] + " " + cols[k+1]
		}
	case 7: // a duplicate line
		lines = append(lines, append([]string(nil), cols...))
	case 8: // a double space inside a slot
		k := 1 + r.IntN(3)
		cols[k] = strings.Replace(cols[k], " ", "  ", 1)
	case 9: // an empty object at the end of the line
		if crashing {
			cols[3] = ""
		}
	case 10: // an unknown id
		cols[0] = "x" + cols[0]
	case 11: // white space inside the id column only
		cols[0] = cols[0] + " "
	case 12: // a column missing: oiebench's reader refuses the file
		if r.IntN(8) == 0 {
			lines[i] = cols[:3]
		}
	}
	return lines
}

// GenerateGold writes a small gold from seed: sentences whose slots have
// optional units next to double spaces (whose forms then have white space
// at an edge), other white space inside slots, empty units, units spanning
// tokens, an unclosed bracket, and junk lines inside synsets.
func GenerateGold(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 7))
	words := []string{"a", "b", "cd", "e f", "g", "h\u00a0i", "j"}
	slot := func() string {
		var toks []string
		for n := 1 + r.IntN(4); n > 0; n-- {
			w := words[r.IntN(len(words))]
			switch r.IntN(9) {
			case 0, 1:
				w = "[" + w + "]"
			case 2:
				w = "[" + w + " x]"
			case 3:
				w = "[]"
			case 4:
				w = "[" + w // unclosed, unless a later token closes it
			}
			toks = append(toks, w)
		}
		s := strings.Join(toks, " ")
		if r.IntN(3) == 0 { // a double space next to a unit
			s = strings.Replace(s, " ", "  ", 1)
		}
		switch r.IntN(8) { // white space at the slot's own edge, kept in its forms
		case 0:
			s = " " + s
		case 1:
			s += " "
		}
		if r.IntN(10) == 0 {
			s = "(" + s + ")"
		}
		return s
	}
	var b strings.Builder
	for si := 1; si <= 2+r.IntN(3); si++ {
		id := strconv.Itoa(si)
		b.WriteString("sent_id:" + id + "\ta b cd e f g h i j\n")
		for k := 1; k <= 1+r.IntN(3); k++ {
			b.WriteString(id + "--> Cluster " + strconv.Itoa(k) + ":\n")
			for t := 0; t < 1+r.IntN(3); t++ {
				b.WriteString(slot() + " --> " + slot() + " --> " + slot() + "\n")
				if r.IntN(12) == 0 {
					b.WriteString([]string{"2 0 6 :", "a b", "[ x y"}[r.IntN(3)] + "\n")
				}
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
