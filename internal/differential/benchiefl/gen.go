package benchiefl

import (
	"fmt"
	"math/rand"
	"strings"
)

// Case is one generated gold and system file.
type Case struct {
	Seed         int64
	Gold, System []byte
}

// Generate builds case seed: a small generated gold, or (one seed in
// three) a few sentences of shipped (a BenchIE-format gold) renumbered,
// and a system file perturbed from the gold's own surface forms.
func Generate(seed int64, shipped []byte) Case {
	r := rand.New(rand.NewSource(seed))
	var gold string
	if len(shipped) > 0 && seed%3 == 0 {
		gold = pickSentences(r, string(shipped))
	} else {
		gold = genGold(r)
	}
	sys := genSystem(r, gold)
	switch r.Intn(10) { // the reader's universal newlines
	case 0:
		gold = strings.ReplaceAll(gold, "\n", "\r\n")
	case 1:
		gold = strings.ReplaceAll(gold, "\n", "\r")
	}
	return Case{Seed: seed, Gold: []byte(gold), System: []byte(sys)}
}

// pickSentences takes 2 to 5 sentences of a gold whose triples have few
// optional words (the oracle enumerates every pair of forms) and numbers
// them 1, 2, ...
func pickSentences(r *rand.Rand, gold string) string {
	blocks := strings.Split(strings.ReplaceAll(gold, "\r\n", "\n"), "\n\n")
	var small []string
	for _, b := range blocks {
		if strings.HasPrefix(b, "sent_id:") && strings.Count(b, "[") <= 40 {
			small = append(small, b)
		}
	}
	var out strings.Builder
	for k := 1; k <= 2+r.Intn(4); k++ {
		b := small[r.Intn(len(small))]
		_, rest, _ := strings.Cut(b, "\t")
		fmt.Fprintf(&out, "sent_id:%d\t%s\n\n", k, strings.TrimRight(rest, "\n"))
	}
	return out.String()
}

var (
	subjects  = []string{"Bob", "Alice", "the man", "He", "he", "New York", "U.S.", "St. Michael", "İstanbul", "Sandy", "Émile", "the city"}
	relations = []string{"is", "likes", "was considered", "was", "drinks", "is in", "has", "can be", "was born in"}
	objects   = []string{"tea", "coffee", "tea and coffee", "tea , coffee", "a founding justice", "Paris", "XXX", "380V", "1000V", "the patron saint", "re-elected", "U.S. Senator", "free - lance"}
)

// optional brackets some words of a slot: word by word, a two-word span,
// or inside a token.
func optional(r *rand.Rand, s string) string {
	w := strings.Split(s, " ")
	switch r.Intn(8) {
	case 0:
		if len(w) >= 2 {
			w[0], w[len(w)-1] = "["+w[0], w[len(w)-1]+"]"
		}
	case 1:
		w[0] = "for[" + w[0] + "]"
	case 2:
		w = append([]string{"[the]"}, w...)
	case 3:
		w = append(w, "[", "x", "]")
	default:
		for i := range w {
			if r.Intn(4) == 0 {
				w[i] = "[" + w[i] + "]"
			}
		}
	}
	return strings.Join(w, " ")
}

// genGold writes a small gold with every reading rule in play: headers or
// none, triples before the first header, sentences without triples, an
// extra empty line, a 4-slot triple, shared subjects and relations across
// synsets (XY pairs), "is" triples, optional words of every kind.
func genGold(r *rand.Rand) string {
	var b strings.Builder
	n := 1 + r.Intn(5)
	for s := 1; s <= n; s++ {
		fmt.Fprintf(&b, "sent_id:%d\tSentence %d .\n", s, s)
		if r.Intn(15) == 0 {
			b.WriteString("\n") // no triple: a phantom synset
			continue
		}
		subj := subjects[r.Intn(len(subjects))]
		rel := relations[r.Intn(len(relations))]
		if r.Intn(6) == 0 { // past the reference's 1,001 XY pairs: many synsets agree on two slots
			for c := 1; c <= 5+r.Intn(4); c++ {
				fmt.Fprintf(&b, "%d--> Cluster %d:\n%s --> %s --> [the] [old] %s [%s]\n", s, c, subj, rel, objects[r.Intn(len(objects))], objects[r.Intn(len(objects))])
			}
			b.WriteString("\n")
			continue
		}
		noHeader := r.Intn(8) == 0
		if !noHeader && r.Intn(10) == 0 {
			fmt.Fprintf(&b, "%s --> %s --> %s\n", subj, rel, objects[r.Intn(len(objects))]) // dropped by the header
		}
		for c := 1; c <= 1+r.Intn(4); c++ {
			if !noHeader {
				fmt.Fprintf(&b, "%d--> Cluster %d:\n", s, c)
			}
			for t := 0; t < 1+r.Intn(3); t++ {
				sj, rl, ob := subj, rel, objects[r.Intn(len(objects))]
				if r.Intn(3) == 0 {
					sj = subjects[r.Intn(len(subjects))]
				}
				if r.Intn(4) == 0 {
					rl = relations[r.Intn(len(relations))]
				}
				if r.Intn(2) == 0 {
					sj = optional(r, sj)
				}
				if r.Intn(3) == 0 && rl != "is" {
					rl = optional(r, rl)
				}
				if r.Intn(2) == 0 {
					ob = optional(r, ob)
				}
				line := sj + " --> " + rl + " --> " + ob
				if r.Intn(25) == 0 {
					line += " --> in 1999"
				}
				b.WriteString(line + "\n")
			}
		}
		b.WriteString("\n")
		if r.Intn(25) == 0 {
			b.WriteString("\n") // an extra empty line: a copy of the last synset
		}
	}
	return b.String()
}

// goldForms lists, by entry position, the three-slot forms of the gold as
// the oracle reads it (each a subject, relation and object string).
func goldForms(gold string) [][][3]string {
	entries, _ := readGold(gold)
	out := make([][][3]string, len(entries))
	for i, e := range entries {
		for _, syn := range e.synsets {
			for _, t := range syn {
				if len(t) != 3 {
					continue
				}
				for _, f := range forms(t) {
					out[i] = append(out[i], [3]string{f.slot(0), f.slot(1), f.slot(2)})
				}
			}
		}
	}
	return out
}

// spaces are white space of every kind Python's strip() and split(" ")
// treat differently, and look-alikes that are not white space.
var spaces = []string{" ", "  ", "\v", "\f", "\u001c", "\u001f", "\u0085", "\u00a0", "\u1680", "\u2000", "\u2003", "\u200a",
	"\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\u200b", "\ufeff", "\u00ad", "\u180e"}

// perturb changes one slot of a form the way systems and LLMs do.
func perturb(r *rand.Rand, f [3]string, others [][3]string) [3]string {
	i := r.Intn(3)
	switch r.Intn(12) {
	case 0:
		f[i] = strings.ToUpper(f[i])
	case 1:
		f[i] = strings.ToLower(f[i])
	case 2:
		f[i] = spaces[r.Intn(len(spaces))] + f[i]
	case 3:
		f[i] += spaces[r.Intn(len(spaces))]
	case 4: // the relation's first word moves to the subject
		if w := strings.SplitN(f[1], " ", 2); len(w) == 2 {
			f[0], f[1] = f[0]+" "+w[0], w[1]
		}
	case 5: // the subject's last word moves to the relation
		if k := strings.LastIndex(f[0], " "); k > 0 {
			f[0], f[1] = f[0][:k], f[0][k+1:]+" "+f[1]
		}
	case 6: // more detail: another form's object appended
		if len(others) > 0 {
			f[2] += " " + others[r.Intn(len(others))][2]
		}
	case 7: // a conjunction of two objects
		if len(others) > 0 {
			f[2] += [...]string{" and ", " , ", ", "}[r.Intn(3)] + others[r.Intn(len(others))][2]
		}
	case 8:
		f[i] = strings.NewReplacer(".", "", ",", "", "-", "").Replace(f[i])
	case 9:
		f[i] += [...]string{" .", ".", " ,", "!"}[r.Intn(4)]
	case 10:
		f[2] = ""
	case 11:
		f[i] = strings.ReplaceAll(f[i], " ", "  ")
	}
	return f
}

// idText writes sentence id n the ways files do; all but the first are
// the same number to Python's int() and a different id to the corrected
// mode, which finds sentences by id.
func idText(r *rand.Rand, n int) string {
	if r.Intn(6) != 0 {
		return fmt.Sprint(n)
	}
	switch r.Intn(7) {
	case 0:
		return fmt.Sprintf(" %d", n)
	case 1:
		return fmt.Sprintf("%d ", n)
	case 2:
		return fmt.Sprintf("0%d", n)
	case 3:
		return fmt.Sprintf("+%d", n)
	case 4:
		return fmt.Sprintf("\u00a0%d", n)
	case 5:
		return string(rune('٠' + n%10)) // Arabic-Indic digits (n < 10 here)
	}
	return fmt.Sprintf("%d\u3000", n)
}

// genSystem writes a system file for gold: its surface forms, perturbed,
// noise, duplicates adjacent and not, extra columns or a confidence, and
// file-level line endings, a byte-order mark, blank lines, a last line
// without line break.
func genSystem(r *rand.Rand, gold string) string {
	byEntry := goldForms(gold)
	confidence := r.Intn(6) == 0
	var lines []string
	for pos, fs := range byEntry {
		n := r.Intn(6)
		if r.Intn(10) == 0 && len(fs) <= 40 {
			n = len(fs) // every surface form of the sentence
		}
		for k := 0; k < n; k++ {
			var f [3]string
			switch {
			case len(fs) == 0 || r.Intn(8) == 0:
				f = [3]string{subjects[r.Intn(len(subjects))], relations[r.Intn(len(relations))], objects[r.Intn(len(objects))]}
			case n == len(fs) && r.Intn(2) == 0:
				f = fs[k]
			default:
				f = fs[r.Intn(len(fs))]
				for k := r.Intn(4); k > 0; k-- {
					f = perturb(r, f, fs)
				}
			}
			line := idText(r, pos+1) + "\t" + f[0] + "\t" + f[1] + "\t" + f[2]
			switch {
			case confidence:
				line += fmt.Sprintf("\t0.%d", r.Intn(100))
			case r.Intn(12) == 0:
				line += "\tin 2001"
			case r.Intn(20) == 0:
				line += [...]string{" ", "\t", "\u00a0", "  "}[r.Intn(4)] // at the end of the line
			}
			lines = append(lines, line)
			if r.Intn(10) == 0 {
				lines = append(lines, line) // a duplicate, adjacent
			}
		}
		if len(lines) > 0 && r.Intn(12) == 0 {
			lines = append(lines, lines[r.Intn(len(lines))]) // a duplicate, not adjacent
		}
	}
	if len(lines) == 0 {
		lines = append(lines, "1\tBob\tlikes\ttea")
	}
	if r.Intn(25) == 0 {
		k := r.Intn(len(lines))
		lines = append(lines[:k], append([]string{[...]string{"", "  "}[r.Intn(2)]}, lines[k:]...)...) // a blank line
	}
	eol := [...]string{"\n", "\n", "\n", "\r\n", "\r"}[r.Intn(5)]
	text := strings.Join(lines, eol)
	if r.Intn(4) != 0 {
		text += eol
	}
	if r.Intn(20) == 0 {
		text = "\ufeff" + text
	}
	return text
}
