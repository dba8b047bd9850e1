// Package carbdiff is a differential check of oiebench's CaRB scorer: a
// second, deliberately simple implementation of CaRB (the default matcher,
// the tabbed system reader and the gold reader), written from the
// specification (docs/spec/carb.md) alone and sharing no code with
// core/carb, core/oie or core/formats, and a seeded generator of perturbed
// system files. The package's test scores every generated file with both
// and fails on any difference: one of the two is then wrong.
//
// The oracle favours plainness over speed: every threshold recomputes every
// sentence from scratch, and the reading follows Python's, step by step
// (universal newlines, str.strip, str.split, float), as CaRB's reader does.
package carbdiff

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// pySpace is what Python's str.isspace counts as white space: str.strip
// and str.split without arguments use it.
func pySpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, ' ', 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// pyStrip is Python's str.strip().
func pyStrip(s string) string { return strings.TrimFunc(s, pySpace) }

// pySplit is Python's str.split() without arguments.
func pySplit(s string) []string { return strings.FieldsFunc(s, pySpace) }

// pyLines splits a text as Python's text files iterate (universal
// newlines: "\r\n", "\r" and "\n" end a line, nothing else does). A byte
// order mark stays: CaRB opens its files without utf-8-sig.
func pyLines(data []byte) []string {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// tuple is an extraction as CaRB compares it.
type tuple struct {
	rel  string
	args []string
	conf float64
}

// group is the tuples of one sentence key, in file order.
type group struct {
	key    string
	tuples []tuple
}

// keyed applies CaRB's normalisation of a dictionary by raw sentence text:
// texts in order of first appearance, each mapped to its key; a key given
// again replaces the earlier text's tuples but keeps its place.
func keyed(order []string, byText map[string][]tuple) []group {
	var out []group
	at := map[string]int{}
	for _, text := range order {
		k := sentenceKey(text)
		if i, ok := at[k]; ok {
			out[i].tuples = byText[text]
			continue
		}
		at[k] = len(out)
		out = append(out, group{key: k, tuples: byText[text]})
	}
	return out
}

// sentenceKey: spaces removed, Penn Treebank bracket escapes undone (in
// this order), ASCII punctuation removed.
func sentenceKey(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	for _, e := range [][2]string{{"(", "-LRB-"}, {")", "-RRB-"}, {"[", "-LSB-"}, {"]", "-RSB-"}, {"{", "-LCB-"}, {"}", "-RCB-"}} {
		s = strings.ReplaceAll(s, e[1], e[0])
	}
	var b strings.Builder
	for _, r := range s {
		if !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ErrCrash: the reference's reader would stop with an exception on this
// file (a line with too few fields, a confidence that is not a number).
var ErrCrash = errors.New("the reference reader crashes")

// ReadGold reads a CaRB gold as CaRB's gold reader does: each line
// stripped and split on tabs, each part stripped, arguments holding "C: "
// dropped, tuples grouped by sentence text.
func ReadGold(data []byte) ([]group, error) {
	byText := map[string][]tuple{}
	var order []string
	for n, line := range pyLines(data) {
		f := strings.Split(pyStrip(line), "\t")
		if len(f) < 2 {
			return nil, fmt.Errorf("gold line %d: %w", n+1, ErrCrash)
		}
		t := tuple{rel: pyStrip(f[1]), conf: 1}
		for _, a := range f[2:] {
			if !strings.Contains(a, "C: ") {
				t.args = append(t.args, pyStrip(a))
			}
		}
		text := pyStrip(f[0])
		if _, ok := byText[text]; !ok {
			order = append(order, text)
		}
		byText[text] = append(byText[text], t)
	}
	return keyed(order, byText), nil
}

// ReadTabbed reads a system file in CaRB's tabbed form as CaRB's TabReader
// does: blank lines skipped, each line stripped and split on tabs,
// sentence, confidence, relation, then the arguments as written.
func ReadTabbed(data []byte) ([]group, error) {
	byText := map[string][]tuple{}
	var order []string
	for n, line := range pyLines(data) {
		s := pyStrip(line)
		if s == "" {
			continue
		}
		f := strings.Split(s, "\t")
		if len(f) < 3 {
			return nil, fmt.Errorf("line %d has %d fields: %w", n+1, len(f), ErrCrash)
		}
		c, err := strconv.ParseFloat(pyStrip(f[1]), 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: confidence %q: %w", n+1, f[1], ErrCrash)
		}
		if _, ok := byText[f[0]]; !ok {
			order = append(order, f[0])
		}
		byText[f[0]] = append(byText[f[0]], tuple{rel: f[2], args: append([]string{}, f[3:]...), conf: c})
	}
	return keyed(order, byText), nil
}

// binary joins the arguments after the first into one.
func binary(args []string) []string {
	if len(args) < 2 {
		return args
	}
	return []string{args[0], strings.Join(args[1:], " ")}
}

// overlap counts the gold words found in the predicted words, each
// predicted word used once; it returns the predicted words left.
func overlap(gold, pred []string) (int, []string) {
	left := append([]string{}, pred...)
	n := 0
	for _, w := range gold {
		for i, p := range left {
			if p == w {
				n++
				left = append(left[:i], left[i+1:]...)
				break
			}
		}
	}
	return n, left
}

// match is the [precision, recall] of a prediction against a gold tuple,
// both already binary.
func match(g, p tuple) [2]float64 {
	gw, pw := pySplit(g.rel), pySplit(p.rel)
	pn, pd, rn, rd := 0, len(pw), 0, len(gw)
	n, left := overlap(gw, pw)
	for _, w := range left {
		if w != "be" {
			continue
		}
		for _, b := range []string{"be", "is", "am", "are", "was", "were", "been", "being"} {
			if contains(gw, b) {
				n++
				break
			}
		}
		break
	}
	if n == 0 {
		return [2]float64{}
	}
	pn, rn = n, n
	for i, ga := range g.args {
		gaw := pySplit(ga)
		rd += len(gaw)
		if i >= len(p.args) {
			return [2]float64{}
		}
		paw := pySplit(p.args[i])
		pd += len(paw)
		m, _ := overlap(gaw, paw)
		pn += m
		rn += m
	}
	var out [2]float64
	if pd > 0 {
		out[0] = float64(pn) / float64(pd)
	}
	if rd > 0 {
		out[1] = float64(rn) / float64(rd)
	}
	return out
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// pairScore is CaRB's default matcher: arguments made binary, and for a gold
// relation holding said, told, added, adds or says, the better of the
// prediction as it is and with its two arguments swapped.
func pairScore(g, p tuple) [2]float64 {
	g.args, p.args = binary(g.args), binary(p.args)
	straight := match(g, p)
	said := false
	for _, v := range []string{"said", "told", "added", "adds", "says"} {
		said = said || strings.Contains(g.rel, v)
	}
	if !said {
		return straight
	}
	swapped := p
	if len(p.args) >= 2 {
		swapped.args = []string{p.args[1], p.args[0]}
	}
	reverse := match(g, swapped)
	if reverse[0] > straight[0] || reverse[0] == straight[0] && reverse[1] > straight[1] {
		return reverse
	}
	return straight
}

// Result is what the oracle reports for a system.
type Result struct {
	// Precision, Recall, F1 at the first threshold of highest F1, and that
	// threshold (0 when there is none).
	Precision, Recall, F1, Threshold float64
	AUC                              float64
	// Points are (recall, precision) at every threshold, ascending.
	Points [][2]float64
}

// Score scores a system against a gold as CaRB's compare does, threshold by
// threshold.
func Score(gold, sys []group) Result {
	preds := map[string][]tuple{}
	var confs []float64
	for _, g := range sys {
		preds[g.key] = g.tuples
		for _, t := range g.tuples {
			confs = append(confs, t.conf)
		}
	}
	sort.Float64s(confs)
	var thresholds []float64
	for i, c := range confs {
		if i == 0 || c != confs[i-1] {
			thresholds = append(thresholds, c)
		}
	}
	var res Result
	if len(thresholds) == 0 {
		return res // CaRB: AUC 0 and an optimal point of (0, 0, 0)
	}
	best := -1.0
	for _, th := range thresholds {
		var pn, pd, rn, rd float64
		for _, g := range gold {
			var counted []tuple
			for _, p := range preds[g.key] {
				if p.conf >= th {
					counted = append(counted, p)
				}
			}
			rd += float64(len(g.tuples))
			pd += float64(len(counted))
			scores := make([][][2]float64, len(g.tuples))
			for i, gt := range g.tuples {
				scores[i] = make([][2]float64, len(counted))
				bestRec := 0.0
				for j, p := range counted {
					scores[i][j] = pairScore(gt, p)
					bestRec = max(bestRec, scores[i][j][1])
				}
				rn += bestRec
			}
			usedG, usedP := map[int]bool{}, map[int]bool{}
			for range min(len(g.tuples), len(counted)) {
				bi, bj, bp := -1, -1, -1.0
				for i := range g.tuples {
					if usedG[i] {
						continue
					}
					for j := range counted {
						if !usedP[j] && scores[i][j][0] > bp {
							bi, bj, bp = i, j, scores[i][j][0]
						}
					}
				}
				usedG[bi], usedP[bj] = true, true
				pn += bp
			}
		}
		p, r := 1.0, 0.0
		if pd > 0 {
			p = pn / pd
		}
		if rd > 0 {
			r = rn / rd
		}
		res.Points = append(res.Points, [2]float64{r, p})
		if p+r == 0 {
			// F1 is 0/0, NaN for CaRB, and never the optimal point; with
			// no other point the optimal point is (0, 0, 0) at threshold
			// 0 (carb-variants.md 5.2: numpy's nanargmax fails on it).
			continue
		}
		if f := 2 * p * r / (p + r); f > best {
			best = f
			res.Precision, res.Recall, res.F1, res.Threshold = p, r, f, th
		}
	}
	// The trapezoid area of the points, in threshold order, and then the
	// point (recall 0, precision 1); recall never rises along them.
	pts := append(append([][2]float64{}, res.Points...), [2]float64{0, 1})
	for i := 1; i < len(pts); i++ {
		res.AUC += (pts[i-1][0] - pts[i][0]) * (pts[i-1][1] + pts[i][1]) / 2
	}
	return res
}
