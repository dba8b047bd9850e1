package carbdiff

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
)

// GoldLine is one tuple of a clean gold: the sentence, the relation and the
// arguments, as the generator builds predictions from them.
type GoldLine struct {
	Sentence, Rel string
	Args          []string
}

// ParseGoldLines splits a clean gold file (no blank line, no stray white
// space) into its tuples.
func ParseGoldLines(data []byte) []GoldLine {
	var out []GoldLine
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		f := strings.Split(l, "\t")
		if len(f) >= 2 {
			out = append(out, GoldLine{Sentence: f[0], Rel: f[1], Args: f[2:]})
		}
	}
	return out
}

// spaces are white space of every kind the readers meet: ASCII, Python's
// extra ones (the information separators U+001C..U+001F, which Go's
// unicode.IsSpace does not count), Unicode spaces, and one that is not
// white space at all (U+200B, zero width).
var spaces = []string{" ", "  ", "\t", "\v", "\f", "\x1c", "\x1f", "\u0085", "\u00a0", "\u2003", "\u3000", "\u2028", "\u202f", "\u200b"}

// Generate writes a perturbed CaRB tabbed system file for a gold: every
// tuple of a random subset of sentences becomes a prediction, changed by
// some of the perturbations below, with confidences drawn from a small set
// so that thresholds tie. The same seed gives the same file.
func Generate(seed int64, gold []GoldLine) []byte {
	r := rand.New(rand.NewSource(seed))
	chance := func(p float64) bool { return r.Float64() < p }
	pick := func(xs []string) string { return xs[r.Intn(len(xs))] }
	confs := []string{"0.1", "0.25", "0.5", "0.5", "0.75", "0.9", "1", "1.0", "-3.5", "1e-1", "0.33"}
	if chance(0.2) { // one confidence for all: a single threshold
		confs = []string{"1"}
	}
	// Per file, which kinds of perturbation it uses, so that a file is
	// not noise everywhere but each kind meets the others.
	p := map[string]float64{}
	for _, k := range []string{"edgeSpace", "innerSpace", "emptyTrailing", "respell", "noGold", "drop", "move", "case", "nary", "dup", "be", "swap", "noArgs", "extra"} {
		if chance(0.5) {
			p[k] = 0.05 + 0.3*r.Float64()
		}
	}
	var lines []string
	emit := func(sentence, conf, rel string, args []string) {
		f := append([]string{sentence, conf, rel}, args...)
		lines = append(lines, strings.Join(f, "\t"))
	}
	respelled := map[string]string{}
	for _, g := range gold {
		if !chance(0.6) {
			continue
		}
		sentence := g.Sentence
		if chance(p["respell"]) {
			// The same key, another spelling: spaces and punctuation
			// moved (CaRB keeps the spelling that appeared last).
			if s, ok := respelled[g.Sentence]; ok {
				sentence = s
			} else {
				sentence = strings.ReplaceAll(g.Sentence, " ,", ",")
				sentence = strings.ReplaceAll(sentence, " .", ".")
				if sentence == g.Sentence {
					sentence = g.Sentence + " ."
				}
				respelled[g.Sentence] = sentence
			}
		}
		rel, args := g.Rel, append([]string{}, g.Args...)
		if chance(p["case"]) {
			rel = strings.ToUpper(rel)
		}
		if chance(p["be"]) {
			rel = "be " + rel
		}
		if chance(p["drop"]) && len(args) > 0 {
			args = args[:r.Intn(len(args))]
		}
		if chance(p["move"]) && len(args) > 0 {
			// A token moved across a slot border: the relation's last
			// word to the front of arg2, or arg1's last word to the relation.
			w := strings.Fields(rel)
			if len(w) > 1 && len(args) > 1 {
				rel, args[1] = strings.Join(w[:len(w)-1], " "), w[len(w)-1]+" "+args[1]
			} else if a := strings.Fields(args[0]); len(a) > 1 {
				args[0], rel = strings.Join(a[:len(a)-1], " "), a[len(a)-1]+" "+rel
			}
		}
		if chance(p["swap"]) && len(args) > 1 {
			args[0], args[1] = args[1], args[0]
		}
		if chance(p["nary"]) && len(args) > 1 {
			// arg2 split into two arguments, or a further argument added
			if w := strings.Fields(args[1]); len(w) > 1 {
				args = append(args[:1], append([]string{strings.Join(w[:1], " "), strings.Join(w[1:], " ")}, args[2:]...)...)
			} else {
				args = append(args, "in 1990")
			}
		}
		if chance(p["noArgs"]) {
			args = nil
		}
		if chance(p["extra"]) {
			args = append(args, pick([]string{"and more", "be", "it"}))
		}
		if chance(p["innerSpace"]) && len(args) > 0 {
			args[0] = strings.ReplaceAll(args[0], " ", pick(spaces[3:]))
		}
		if chance(p["edgeSpace"]) {
			// white space at a field's or the line's edges
			if len(args) > 0 {
				args[len(args)-1] += pick(spaces)
			} else {
				rel += pick(spaces)
			}
			if chance(0.5) && len(args) > 0 {
				args[0] = pick(spaces) + args[0]
			}
			if chance(0.3) {
				sentence = pick(spaces[:1]) + sentence
			}
		}
		if chance(p["emptyTrailing"]) {
			// an empty object, or trailing empty fields
			if len(args) == 1 {
				args = append(args, "")
			} else {
				args = append(args, "", "")[:len(args)+1+r.Intn(2)]
			}
		}
		conf := pick(confs)
		if chance(0.1) {
			conf = " " + conf
		}
		emit(sentence, conf, rel, args)
		if chance(p["dup"]) {
			emit(sentence, pick(confs), rel, args)
		}
	}
	if chance(0.02) && len(lines) > 0 {
		// a line the reference cannot read: both must refuse the file
		lines = append(lines, pick([]string{"Two fields only .\t0.5", "A sentence .\thigh\trel\targ"}))
	}
	if chance(p["noGold"]) || len(lines) == 0 {
		emit("A sentence that no gold holds .", pick(confs), "holds", []string{"no gold", "it"})
	}
	if chance(0.3) {
		r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	}
	if chance(0.2) && len(lines) > 1 {
		// blank lines and lines of white space only
		i := r.Intn(len(lines))
		lines = append(lines[:i], append([]string{"", " \t "}, lines[i:]...)...)
	}
	sep := "\n"
	if chance(0.2) {
		sep = "\r\n"
	}
	text := strings.Join(lines, sep) + sep
	if chance(0.1) {
		text = "\ufeff" + text
	}
	return []byte(text)
}

// SmallGold writes a small gold of generated sentences that meets the
// scorer's rules: "said"-type relations (arguments swapped), forms of "be",
// n-ary tuples, one-argument tuples, context arguments ("C: "), repeated
// words, two sentences that share a key.
func SmallGold(seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	words := []string{"John", "Mary", "the", "city", "river", "old", "book", "was", "is", "red", "of", "in", "1990", "Paris", "it", "be"}
	phrase := func(n int) string {
		w := make([]string, 1+r.Intn(n))
		for i := range w {
			w[i] = words[r.Intn(len(words))]
		}
		return strings.Join(w, " ")
	}
	rels := []string{"said", "told", "is", "was part of", "saw", "lives in", "has been", "adds", "gave"}
	var b strings.Builder
	n := 3 + r.Intn(5)
	first := ""
	for s := 0; s < n; s++ {
		sentence := fmt.Sprintf("%s %s %s , sentence %s .", phrase(3), rels[r.Intn(len(rels))], phrase(4), strconv.Itoa(s))
		if s == 0 {
			first = sentence
		} else if s == n-1 && r.Intn(2) == 0 {
			sentence = strings.ReplaceAll(first, " ,", ",") // the first sentence's key: it replaces it
		}
		for t := 0; t < 1+r.Intn(4); t++ {
			args := []string{phrase(3)}
			switch r.Intn(5) {
			case 0: // one argument
			case 1:
				args = append(args, phrase(3), phrase(2))
			case 2:
				args = append(args, phrase(3), "C: "+phrase(2))
			default:
				args = append(args, phrase(4))
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\n", sentence, rels[r.Intn(len(rels))], strings.Join(args, "\t"))
		}
	}
	return []byte(b.String())
}
