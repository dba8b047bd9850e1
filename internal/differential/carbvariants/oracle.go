// Package carbvariants checks oiebench's CaRB(s,s), binary CaRB, OIE16-C
// and WiRe57-C scorers (core/carb, core/oie16, core/wire57) against
// deliberately simple oracles written from docs/spec/carb-variants.md
// alone, on seeded, perturbed files. The oracles import nothing of the
// module: they recompute every threshold from scratch, scan literally as
// the specification words it, and add left to right.
package carbvariants

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// tuple is an extraction: relation and arguments.
type tuple struct {
	rel  string
	args []string
}

// pred is a system line: its raw sentence, confidence and tuple.
type pred struct {
	sent string
	conf float64
	t    tuple
}

// goldSent is a gold sentence and its tuples.
type goldSent struct {
	text   string
	tuples []tuple
}

// parseGold reads a CaRB tsv (1.1): trimmed line split on tabs, parts
// trimmed, arguments with "C: " dropped, grouped by sentence text; then
// keyed, a later sentence with the same key replacing the earlier one.
func parseGold(data string) []goldSent {
	var order []string
	by := map[string]*goldSent{}
	for _, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		parts := strings.Split(line, "\t")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		t := tuple{rel: parts[1]}
		for _, a := range parts[2:] {
			if !strings.Contains(a, "C: ") {
				t.args = append(t.args, a)
			}
		}
		g := by[parts[0]]
		if g == nil {
			g = &goldSent{text: parts[0]}
			by[parts[0]] = g
			order = append(order, parts[0])
		}
		g.tuples = append(g.tuples, t)
	}
	var out []goldSent
	seen := map[string]int{}
	for _, s := range order {
		k := carbKey(s)
		if i, ok := seen[k]; ok {
			out[i] = *by[s]
			continue
		}
		seen[k] = len(out)
		out = append(out, *by[s])
	}
	return out
}

// parseAllen reads the allennlp form as carb.py does (1.2). ok is false
// when a line has no third field or an unreadable confidence.
func parseAllen(data string) (preds []pred, ok bool) {
	for _, line := range strings.Split(strings.TrimSuffix(data, "\n"), "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) < 3 {
			return nil, false
		}
		c, err := strconv.ParseFloat(strings.TrimSpace(f[2]), 64)
		if err != nil {
			return nil, false
		}
		a1, r, a2 := between(f[1], "arg1"), between(f[1], "rel"), between(f[1], "arg2")
		if a1 == "" && r == "" && a2 == "" {
			continue
		}
		preds = append(preds, pred{sent: f[0], conf: c, t: tuple{rel: r, args: []string{a1, a2}}})
	}
	return preds, true
}

// between is the text from the first <tag> to the first </tag> after it.
func between(s, tag string) string {
	i := strings.Index(s, "<"+tag+">")
	if i < 0 {
		return ""
	}
	rest := s[i+len(tag)+2:]
	j := strings.Index(rest, "</"+tag+">")
	if j < 0 {
		return ""
	}
	return rest[:j]
}

// parseTabbed reads sentence<TAB>confidence<TAB>relation<TAB>args..., the
// fields as written.
func parseTabbed(data string) []pred {
	var preds []pred
	for _, line := range strings.Split(strings.TrimSuffix(data, "\n"), "\n") {
		f := strings.Split(line, "\t")
		c, _ := strconv.ParseFloat(f[1], 64)
		preds = append(preds, pred{sent: f[0], conf: c, t: tuple{rel: f[2], args: f[3:]}})
	}
	return preds
}

// carbKey is the sentence key: spaces out, bracket escapes undone, ASCII
// punctuation out.
func carbKey(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	for _, e := range [][2]string{{"-LRB-", "("}, {"-RRB-", ")"}, {"-LSB-", "["}, {"-RSB-", "]"}, {"-LCB-", "{"}, {"-RCB-", "}"}} {
		s = strings.ReplaceAll(s, e[0], e[1])
	}
	var b strings.Builder
	for _, r := range s {
		if !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// group maps keys to predictions as the scripts' dictionaries do (1.3):
// grouped by raw sentence, and a raw sentence appearing first later
// replaces another of the same key. all lists every kept prediction.
func group(preds []pred, key func(string) string, merge bool) (byKey map[string][]pred, all []pred) {
	if merge { // corrected: every spelling of a key, in file order
		byKey = map[string][]pred{}
		for _, p := range preds {
			byKey[key(p.sent)] = append(byKey[key(p.sent)], p)
		}
		return byKey, preds
	}
	var raws []string
	byRaw := map[string][]pred{}
	for _, p := range preds {
		if _, ok := byRaw[p.sent]; !ok {
			raws = append(raws, p.sent)
		}
		byRaw[p.sent] = append(byRaw[p.sent], p)
	}
	byKey = map[string][]pred{}
	for _, r := range raws {
		byKey[key(r)] = byRaw[r]
	}
	for _, r := range raws {
		if ps := byKey[key(r)]; len(ps) > 0 && ps[0].sent == r {
			all = append(all, ps...)
		}
	}
	return byKey, all
}

// Point is a curve point.
type Point struct{ P, R, F1, T float64 }

// Outcome is what an oracle reports.
type Outcome struct {
	Fails             bool // the reference stops
	P, R, F1, T, AUC  float64
	ZeroConf          Point
	HasZeroConf       bool
	PrecNum, RecNum   float64 // WiRe57-C
	PrecDen, RecDen   float64
	Degenerate        bool // OIE16-C: nothing matched
	NoThreshold       bool
	OptimalUndefined  bool // CaRB: F1 NaN everywhere
	ThresholdsCounted int
}

var preps = strings.Fields("above across against along among around at before behind below beneath beside between by for from in into near of off on to toward under upon with within")

// binary splits a tuple as the script does (section 4): k-1 copies of the
// last split; crash when an extra argument has no word. intended gives
// (a1; rel; a2) and one split per extra argument with a word instead.
func binary(t tuple, intended bool) (out []tuple, crash bool) {
	if len(t.args) <= 2 {
		return []tuple{{t.rel, append([]string{}, t.args[:len(t.args)]...)}}, false
	}
	if intended {
		out = append(out, tuple{t.rel, []string{t.args[0], t.args[1]}})
	}
	var last tuple
	for _, a := range t.args[2:] {
		w := strings.Fields(a)
		if len(w) == 0 {
			crash = true
			continue
		}
		rel := t.rel + " " + t.args[1]
		for _, p := range preps {
			if strings.ToLower(w[0]) == p {
				rel += " " + w[0]
				w = w[1:]
				break
			}
		}
		last = tuple{rel, []string{t.args[0], strings.Join(w, " ")}}
		if intended {
			out = append(out, last)
		}
	}
	for i := 0; i < len(t.args)-1 && !intended; i++ {
		out = append(out, last)
	}
	return out, crash
}

// pairScore is carb.md's pair score.
func pairScore(g, p tuple) (float64, float64) {
	prec, rec := overlapScore(g, p.rel, fold(p.args))
	said := false
	for _, v := range []string{"said", "told", "added", "adds", "says"} {
		said = said || strings.Contains(g.rel, v)
	}
	if pa := fold(p.args); said && len(pa) == 2 {
		sp, sr := overlapScore(g, p.rel, [][]string{pa[1], pa[0]})
		if sp > prec || sp == prec && sr > rec {
			return sp, sr
		}
	}
	return prec, rec
}

// fold tokenises arguments, joining every argument after the first.
func fold(args []string) [][]string {
	var out [][]string
	if len(args) > 0 {
		out = append(out, strings.Fields(args[0]))
	}
	if len(args) > 1 {
		out = append(out, strings.Fields(strings.Join(args[1:], " ")))
	}
	return out
}

func overlapScore(g tuple, prel string, pargs [][]string) (float64, float64) {
	gr, pr := strings.Fields(g.rel), strings.Fields(prel)
	m := common(gr, pr)
	if count(pr, "be") > count(gr, "be") {
		for _, b := range []string{"be", "is", "am", "are", "was", "were", "been", "being"} {
			if count(gr, b) > 0 {
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0, 0
	}
	pn, gn := len(pr), len(gr)
	for i, ga := range fold(g.args) {
		if i >= len(pargs) {
			return 0, 0
		}
		m += common(ga, pargs[i])
		pn += len(pargs[i])
		gn += len(ga)
	}
	var p, r float64
	if pn > 0 {
		p = float64(m) / float64(pn)
	}
	if gn > 0 {
		r = float64(m) / float64(gn)
	}
	return p, r
}

func count(ws []string, w string) int {
	n := 0
	for _, v := range ws {
		if v == w {
			n++
		}
	}
	return n
}

// common is the multiset intersection size.
func common(a, b []string) int {
	n := 0
	left := map[string]int{}
	for _, w := range a {
		left[w]++
	}
	for _, w := range b {
		if left[w] > 0 {
			left[w]--
			n++
		}
	}
	return n
}

// greedy picks m pairs, each the first unused pair (rows in order, then
// columns) of value strictly above the best so far, best starting below 0.
func greedy(v [][]float64, m int) float64 {
	usedR, usedC := map[int]bool{}, map[int]bool{}
	sum := 0.0
	for k := 0; k < m; k++ {
		best, bi, bj := -1.0, -1, -1
		for i := range v {
			if usedR[i] {
				continue
			}
			for j := range v[i] {
				if !usedC[j] && v[i][j] > best {
					best, bi, bj = v[i][j], i, j
				}
			}
		}
		usedR[bi], usedC[bj] = true, true
		sum += best
	}
	return sum
}

// CaRB scores the allennlp or tabbed system text against the gold text
// with CaRB (sections 2-5), single for (s,s), bin for binary mode;
// corrected applies section 12.1's fixes (spellings merged, thresholds
// from gold sentences only, intended binary splits; NaN confidences left
// out).
func CaRB(goldText string, preds []pred, single, bin, corrected bool) Outcome {
	var o Outcome
	gold := parseGold(goldText)
	var finite []pred
	for _, p := range preds {
		if math.IsNaN(p.conf) {
			o.Fails = !corrected
			if corrected {
				continue
			}
		}
		finite = append(finite, p)
	}
	byKey, all := group(finite, carbKey, corrected)
	var ths []float64
	for _, p := range all {
		if _, onGold := indexOf(gold, carbKey(p.sent)); onGold || !corrected {
			ths = append(ths, p.conf)
		}
	}
	split := func(ts []tuple) []tuple {
		if !bin {
			return ts
		}
		var out []tuple
		for _, t := range ts {
			b, crash := binary(t, corrected)
			o.Fails = o.Fails || crash && !corrected
			out = append(out, b...)
		}
		return out
	}
	gs := make([][]tuple, len(gold))
	ps := make([][]pred, len(gold))
	total := 0
	for i, g := range gold {
		gs[i] = split(g.tuples)
		total += len(gs[i])
		for _, p := range byKey[carbKey(g.text)] {
			for _, t := range split([]tuple{p.t}) {
				ps[i] = append(ps[i], pred{p.sent, p.conf, t})
			}
		}
	}
	if bin && !corrected { // the copies of a no-gold prediction with an empty extra argument crash too
		for _, p := range all {
			if _, ok := indexOf(gold, carbKey(p.sent)); !ok {
				split([]tuple{p.t})
			}
		}
	}
	sort.Float64s(ths)
	var uniq []float64
	for i, t := range ths {
		if i == 0 || t != ths[i-1] {
			uniq = append(uniq, t)
		}
	}
	if len(uniq) == 0 {
		o.NoThreshold = true
		return o
	}
	var pts []Point
	for _, th := range uniq {
		var pn, pd, rn float64
		for i := range gold {
			var cols []pred
			for _, p := range ps[i] {
				if p.conf >= th {
					cols = append(cols, p)
				}
			}
			pv := make([][]float64, len(gs[i]))
			rv := make([][]float64, len(gs[i]))
			for a, g := range gs[i] {
				for _, c := range cols {
					x, y := pairScore(g, c.t)
					pv[a] = append(pv[a], x)
					rv[a] = append(rv[a], y)
				}
			}
			m := len(gs[i])
			if len(cols) < m {
				m = len(cols)
			}
			if single {
				rn += greedy(rv, m)
			} else {
				s := 0.0
				for a := range gs[i] {
					best := 0.0
					for _, y := range rv[a] {
						best = math.Max(best, y)
					}
					s += best
				}
				rn += s
			}
			pn += greedy(pv, m)
			pd += float64(len(cols))
		}
		p := 1.0
		if pd > 0 {
			p = pn / pd
		}
		r := rn / float64(total)
		pts = append(pts, Point{p, r, 2 * p * r / (p + r), th})
	}
	o.ZeroConf, o.HasZeroConf = pts[0], true
	best := -1
	for k, pt := range pts {
		if !math.IsNaN(pt.F1) && (best < 0 || pt.F1 > pts[best].F1) {
			best = k
		}
	}
	if best < 0 {
		o.OptimalUndefined = true
	} else {
		o.P, o.R, o.F1, o.T = pts[best].P, pts[best].R, pts[best].F1, pts[best].T
	}
	var ok bool
	o.AUC, ok = trapezoids(pts)
	o.Fails = o.Fails || !ok && !corrected
	return o
}

func indexOf(gold []goldSent, key string) (int, bool) {
	for i, g := range gold {
		if carbKey(g.text) == key {
			return i, true
		}
	}
	return 0, false
}

// trapezoids is the area under (R, P) in threshold order then (0, 1),
// added left to right; ok is false when recall rises somewhere.
func trapezoids(pts []Point) (float64, bool) {
	pts = append(append([]Point{}, pts...), Point{P: 1, R: 0})
	a, ok := 0.0, true
	for i := 0; i+1 < len(pts); i++ {
		d := pts[i+1].R - pts[i].R
		if d > 0 {
			ok = false
		}
		a += d * (pts[i+1].P + pts[i].P) / 2
	}
	return -a, ok
}

// OIE16 scores predictions against the gold text with OIE16-C (section
// 6); dropLow is scikit-learn 0.23.1's curve; corrected merges spellings
// and splits bags on runs of white space.
func OIE16(goldText string, preds []pred, dropLow, corrected bool) Outcome {
	var o Outcome
	gold := parseGold(goldText)
	lower := func(s string) string { return strings.ToLower(carbKey(s)) }
	byKey, _ := group(preds, lower, corrected)
	bag := func(t tuple) []string {
		s := strings.Join(append([]string{t.rel}, t.args...), " ")
		if corrected {
			return strings.Fields(s)
		}
		return strings.Split(s, " ")
	}
	type rec struct {
		label bool
		conf  float64
	}
	var recs []rec
	n, m := 0, 0
	for _, g := range gold {
		n += len(g.tuples)
		ps := byKey[lower(g.text)]
		nonFinite := 0
		for _, p := range ps {
			if len(p.t.args) == 0 && !corrected {
				o.Fails = true
			}
			if math.IsNaN(p.conf) || math.IsInf(p.conf, 0) {
				nonFinite++
			}
		}
		if nonFinite > 1 {
			o.Fails = true
		}
		if corrected {
			o.Fails = false
		}
		used := make([]bool, len(ps))
		for _, gt := range g.tuples {
			gb := bag(gt)
			for j, p := range ps {
				if used[j] {
					continue
				}
				pb := bag(p.t)
				c := 0
				for _, x := range gb {
					for _, y := range pb {
						if x == y {
							c++
						}
					}
				}
				if len(gb) > 0 && float64(c)/float64(len(gb)) > 0.5 {
					used[j] = true
					m++
					break
				}
			}
		}
		for j, p := range ps {
			c := p.conf
			if math.IsNaN(c) || math.IsInf(c, 0) {
				c = 0
			}
			recs = append(recs, rec{used[j], c})
		}
	}
	if m == 0 {
		o.Degenerate = true
		return o
	}
	var ths []float64
	for _, r := range recs {
		ths = append(ths, r.conf)
	}
	sort.Float64s(ths)
	lowestPos := math.Inf(1)
	for _, r := range recs {
		if r.label {
			lowestPos = math.Min(lowestPos, r.conf)
		}
	}
	var pts []Point
	for i, th := range ths {
		if i > 0 && th == ths[i-1] || dropLow && th < lowestPos {
			continue
		}
		tp, fp := 0, 0
		for _, r := range recs {
			if r.conf >= th && r.label {
				tp++
			} else if r.conf >= th {
				fp++
			}
		}
		p := float64(tp) / float64(tp+fp)
		r := float64(tp) / float64(m) * (float64(m) / float64(n))
		pts = append(pts, Point{p, r, 2 * (p * r) / (p + r), th})
	}
	o.ZeroConf, o.HasZeroConf = pts[0], true
	best := pts[0]
	for _, pt := range pts[1:] {
		if pt.F1 > best.F1 {
			best = pt
		}
	}
	o.P, o.R, o.F1, o.T = best.P, best.R, best.F1, best.T
	o.AUC, _ = trapezoids(pts)
	return o
}

// wireLine is a line as WiRe57-C reads it.
type wireLine struct {
	sent  string
	slots [3]string
}

var wireTags = [3]*regexp.Regexp{regexp.MustCompile(`<arg1>.*</arg1>`), regexp.MustCompile(`<rel>.*</rel>`), regexp.MustCompile(`<arg2>.*</arg2>`)}
var wireSets = [3][2]string{{"<arg1>", "</arg1>"}, {"<rel>", "</rel>"}, {"<arg2>", "</arg2>"}}

// parseWire reads the allennlp form as wire57_evaluation.py does (7.1) and
// groups it, the last contiguous run of a sentence replacing the earlier
// ones. ok is false where the script's assertions fail. corrected cuts the
// exact text between the tags and keeps every run.
func parseWire(data string, corrected bool) (order []string, by map[string][]wireLine, ok bool) {
	by = map[string][]wireLine{}
	prev := "\x00"
	for _, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, nil, false
		}
		var l wireLine
		l.sent = f[0]
		for i, re := range wireTags {
			m := re.FindString(f[1])
			if m == "" {
				return nil, nil, false
			}
			l.slots[i] = strings.TrimSpace(strings.Trim(strings.Trim(m, wireSets[i][0]), wireSets[i][1]))
			if corrected {
				l.slots[i] = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(m, wireSets[i][0]), wireSets[i][1]))
			}
		}
		if _, seen := by[f[0]]; !seen {
			order = append(order, f[0])
		}
		if f[0] != prev && !corrected {
			by[f[0]] = nil
		}
		by[f[0]] = append(by[f[0]], l)
		prev = f[0]
	}
	return order, by, true
}

// WiRe57C scores a system against a gold, both in the allennlp form.
func WiRe57C(goldText, sysText string, corrected bool) (o Outcome, readable bool) {
	order, gold, ok1 := parseWire(goldText, corrected)
	_, sys, ok2 := parseWire(sysText, corrected)
	if !ok1 || !ok2 {
		return o, false
	}
	for _, s := range order {
		g, ps := gold[s], sys[s]
		type sc struct{ p, r, f float64 }
		score := func(gl, pl wireLine) (sc, bool) {
			var m, pn, gn int
			for i := 0; i < 3; i++ {
				pw, gw := strings.Fields(pl.slots[i]), strings.Fields(gl.slots[i])
				if len(pw) == 0 {
					if len(gw) > 0 {
						return sc{}, false
					}
					continue
				}
				k := 0
				for _, w := range pw {
					for _, v := range gw {
						if v == w {
							k++
							break
						}
					}
				}
				if k == 0 {
					return sc{}, false
				}
				m, pn, gn = m+k, pn+len(pw), gn+len(gw)
			}
			if pn == 0 || gn == 0 {
				return sc{}, false
			}
			p, r := float64(m)/float64(pn), float64(m)/float64(gn)
			return sc{p, r, 2 * p * r / (p + r)}, true
		}
		usedG, usedP := map[int]bool{}, map[int]bool{}
		var pn, rn float64
		for {
			best, bi, bj := 0.0, -1, -1
			var bs sc
			for i := range g {
				if usedG[i] {
					continue
				}
				for j := range ps {
					if usedP[j] {
						continue
					}
					if x, ok := score(g[i], ps[j]); ok && x.f > best {
						best, bi, bj, bs = x.f, i, j, x
					}
				}
			}
			if bi < 0 {
				break
			}
			usedG[bi], usedP[bj] = true, true
			pn += bs.p
			rn += bs.r
		}
		o.PrecNum += pn
		o.RecNum += rn
		o.PrecDen += float64(len(ps))
		o.RecDen += float64(len(g))
	}
	if o.PrecDen == 0 {
		o.Fails = !corrected
		return o, true
	}
	o.P, o.R = o.PrecNum/o.PrecDen, o.RecNum/o.RecDen
	if o.P+o.R > 0 {
		o.F1 = 2 * o.P * o.R / (o.P + o.R)
	}
	return o, true
}
