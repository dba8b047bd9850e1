package carbvariants

import (
	"fmt"
	"math/rand"
	"strings"
)

// Case is one generated input: a CaRB gold and one system written in the
// allennlp and in the tabbed form.
type Case struct {
	Gold, Allen, Tabbed string
}

var vocab = strings.Fields("the cat sat on mat is be was said told he she Paris in of to city big a by for with from near it")

// Generate makes a small, perturbed input from a seed: golds with one to
// four arguments, context arguments, empty relations and double spaces;
// systems with tags without spaces, missing tags, empty slots, duplicated
// and non-contiguous sentences, several spellings of one sentence (same
// key, or same key once lower-cased), sentences without gold, ties and,
// in the allennlp form, NaN and infinite confidences.
func Generate(seed int64) Case {
	r := rand.New(rand.NewSource(seed))
	words := func(lo, hi int) string {
		n := lo + r.Intn(hi-lo+1)
		w := make([]string, n)
		for i := range w {
			w[i] = vocab[r.Intn(len(vocab))]
		}
		s := strings.Join(w, " ")
		if n > 1 && r.Intn(8) == 0 {
			s = strings.Replace(s, " ", "  ", 1) // a double space inside a slot
		}
		return s
	}
	var gold strings.Builder
	type gt struct {
		rel  string
		args []string
	}
	var sents []string
	var tuples [][]gt
	nSent := 2 + r.Intn(4)
	for s := 0; s < nSent; s++ {
		text := fmt.Sprintf("S%d%d %s , %s .", seed%97, s, words(2, 5), words(1, 4))
		sents = append(sents, text)
		var ts []gt
		for k := 0; k < 1+r.Intn(4); k++ {
			t := gt{rel: words(1, 3)}
			switch r.Intn(10) {
			case 0:
				t.rel = "said"
			case 1:
				t.rel = "is"
			}
			nArgs := 1 + r.Intn(4)
			if r.Intn(25) == 0 {
				t.rel = "" // never matched
			}
			for a := 0; a < nArgs; a++ {
				t.args = append(t.args, words(1, 3))
			}
			ts = append(ts, t)
			line := append([]string{text, t.rel}, t.args...)
			if r.Intn(8) == 0 {
				line = append(line[:3:3], append([]string{"C: he said"}, line[3:]...)...)
			}
			gold.WriteString(strings.Join(line, "\t") + "\n")
		}
		tuples = append(tuples, ts)
	}

	confs := []string{"0.1", "0.5", "0.5", "0.9", "1.0", "0.25"}
	exotic := r.Intn(10)
	conf := func(allen bool) string {
		if allen && exotic < 3 && r.Intn(6) == 0 {
			return []string{"inf", "-inf", "nan"}[exotic]
		}
		return confs[r.Intn(len(confs))]
	}
	type line struct{ allen, tabbed string }
	var lines []line
	emit := func(sent, rel string, args []string) {
		a1, a2 := "", ""
		if len(args) > 0 {
			a1 = args[0]
		}
		if len(args) > 1 {
			a2 = strings.Join(args[1:], " ")
		}
		var body string
		switch r.Intn(12) {
		case 0: // no spaces inside the tags
			body = fmt.Sprintf("<arg1>%s</arg1> <rel>%s</rel> <arg2>%s</arg2>", a1, rel, a2)
		case 1: // arg2 missing
			body = fmt.Sprintf("<arg1> %s </arg1> <rel> %s </rel>", a1, rel)
			if r.Intn(4) != 0 {
				body += fmt.Sprintf(" <arg2> %s </arg2>", a2) // most files stay readable by WiRe57-C
			}
		case 2: // empty slots
			body = fmt.Sprintf("<arg1> %s </arg1> <rel> %s </rel> <arg2></arg2>", a1, rel)
		default:
			body = fmt.Sprintf("<arg1> %s </arg1> <rel> %s </rel> <arg2> %s </arg2>", a1, rel, a2)
		}
		c := conf(false)
		tab := append([]string{sent, c, rel}, args...)
		lines = append(lines, line{sent + "\t" + body + "\t" + conf(true), strings.Join(tab, "\t")})
	}
	for s, text := range sents {
		spellings := []string{text}
		if r.Intn(3) == 0 {
			spellings = append(spellings, strings.ReplaceAll(text, " ,", ",")) // same key
		}
		if r.Intn(4) == 0 {
			spellings = append(spellings, strings.ToLower(text)) // same key once lower-cased
		}
		for k := 0; k < r.Intn(7); k++ {
			sp := spellings[r.Intn(len(spellings))]
			g := tuples[s][r.Intn(len(tuples[s]))]
			args := append([]string{}, g.args...)
			rel := g.rel
			switch r.Intn(6) {
			case 0:
				rel = words(1, 2)
			case 1:
				if len(args) > 1 {
					args[0], args[1] = args[1], args[0]
				}
			case 2:
				args = append(args, words(1, 2))
			case 3:
				args = args[:r.Intn(len(args)+1)]
			case 4:
				if len(args) > 2 && r.Intn(2) == 0 {
					args[2] = " " // an empty extra argument: binary mode stops
				}
			}
			if rel == "" && len(args) == 0 {
				rel = "is"
			}
			emit(sp, rel, args)
		}
	}
	for k := 0; k < r.Intn(3); k++ {
		emit(fmt.Sprintf("Other %d %s .", k, words(2, 4)), words(1, 2), []string{words(1, 2), words(1, 2)})
	}
	// Move a few lines later: sentences become non-contiguous.
	for k := 0; k < r.Intn(3) && len(lines) > 1; k++ {
		i := r.Intn(len(lines))
		l := lines[i]
		lines = append(lines[:i], lines[i+1:]...)
		j := i + r.Intn(len(lines)-i+1)
		lines = append(lines[:j], append([]line{l}, lines[j:]...)...)
	}
	if len(lines) == 0 {
		emit(sents[0], "is", []string{"it"})
	}
	var allen, tabbed strings.Builder
	for _, l := range lines {
		allen.WriteString(l.allen + "\n")
		tabbed.WriteString(l.tabbed + "\n")
	}
	return Case{Gold: gold.String(), Allen: allen.String(), Tabbed: tabbed.String()}
}
