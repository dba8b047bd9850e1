// Package benchie is a differential harness for the BenchIE scorer: a
// second, deliberately simple implementation written from the
// specification only (docs/scoring-edges.md; benchie.md sections 1 to 6.1),
// a seeded generator of perturbed system files, and a test that scores every
// generated file with both implementations. It shares no code with
// core/benchie or core/oie: where the two disagree, one of them is wrong.
//
// The oracle expands every optional unit by brute force, so it is only fit
// for small golds or the few sentences a generated file names.
package benchie

import (
	"regexp"
	"strings"
)

// pySpace reports whether r is white space for Python's str.strip and
// str.isspace, which the reference script uses: Unicode White_Space plus
// the information separators U+001C to U+001F.
func pySpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// strip is Python's str.strip().
func strip(s string) string { return strings.TrimFunc(s, pySpace) }

// Gold is a BenchIE gold as the oracle reads it.
type Gold struct {
	Sentences []*Sentence
	byID      map[string]*Sentence
	Synsets   int // over the whole gold: the recall denominator
}

// Sentence is a gold sentence: its synsets in file order.
type Sentence struct {
	ID      string
	Synsets [][]Entry
	forms   map[string]*sentForms // by facet, made on first use
}

// Entry is a line inside a synset: a triple's three slots, or a line that
// was not understood (Junk, its text).
type Entry struct {
	Slots [3]string
	Junk  string
	IsJnk bool
}

// ReadGold reads a gold file: every line stripped; "sent_id:ID<TAB>text"
// opens a sentence; a line split by " --> " into exactly three parts is a
// triple; another line holding "Cluster" opens a synset; anything else is
// kept as junk in the current synset.
func ReadGold(text string) *Gold {
	g := &Gold{byID: map[string]*Sentence{}}
	var cur *Sentence
	for _, line := range strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n") {
		line = strip(strings.TrimPrefix(line, "\ufeff"))
		switch {
		case line == "":
		case strings.HasPrefix(line, "sent_id:"):
			id := strings.TrimPrefix(line, "sent_id:")
			if i := strings.Index(id, "\t"); i >= 0 {
				id = id[:i]
			}
			cur = &Sentence{ID: id}
			g.Sentences = append(g.Sentences, cur)
			g.byID[id] = cur
		case cur == nil:
		case len(strings.Split(line, " --> ")) == 3:
			p := strings.Split(line, " --> ")
			if len(cur.Synsets) == 0 {
				cur.Synsets = append(cur.Synsets, nil)
				g.Synsets++
			}
			k := len(cur.Synsets) - 1
			cur.Synsets[k] = append(cur.Synsets[k], Entry{Slots: [3]string{p[0], p[1], p[2]}})
		case strings.Contains(line, "Cluster"):
			cur.Synsets = append(cur.Synsets, nil)
			g.Synsets++
		case len(cur.Synsets) > 0:
			k := len(cur.Synsets) - 1
			cur.Synsets[k] = append(cur.Synsets[k], Entry{Junk: line, IsJnk: true})
		}
	}
	return g
}

// Sentence returns the sentence with the given id, or nil.
func (g *Gold) Sentence(id string) *Sentence { return g.byID[id] }

var minimalSpan = regexp.MustCompile(`[\[(].*?[\])]`)

// minimal is BenchIE-M's slot: in a slot holding '[', every span from a
// '[' or '(' to the nearest ']' or ')' deleted, then stripped and runs of
// spaces made one.
func minimal(slot string) string {
	if !strings.Contains(slot, "[") {
		return slot
	}
	s := strip(minimalSpan.ReplaceAllString(slot, ""))
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return s
}

// Forms lists a slot's surface forms, as made (not stripped), by brute
// force: the slot as written (not stripped: white space at its edges
// stays in its forms, as in the reference's), split on single spaces; a token with '['
// and ']' is an optional unit, a token with '[' alone opens one that runs to
// the next token with ']' (or is dropped when there is none), a token with
// ']' alone is dropped; every subset of units is removed in turn, what is
// left joined by single spaces and every bracket deleted. ok is false
// beyond maxUnits optional units.
func Forms(slot string, facet string) (forms []string, ok bool) {
	if facet == "minimal" {
		slot = minimal(slot)
	}
	toks := strings.Split(slot, " ")
	type unit struct {
		toks     []string
		optional bool
	}
	var units []unit
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		open, close := strings.Contains(t, "["), strings.Contains(t, "]")
		switch {
		case open && close:
			units = append(units, unit{[]string{t}, true})
		case open:
			j := i + 1
			for j < len(toks) && !strings.Contains(toks[j], "]") {
				j++
			}
			if j < len(toks) {
				units = append(units, unit{toks[i : j+1], true})
				i = j
			}
		case close:
		default:
			units = append(units, unit{[]string{t}, false})
		}
	}
	var opt []int
	for i, u := range units {
		if u.optional {
			opt = append(opt, i)
		}
	}
	if len(opt) > maxUnits {
		return nil, false
	}
	seen := map[string]bool{}
	for mask := 0; mask < 1<<len(opt); mask++ {
		drop := map[int]bool{}
		for b, i := range opt {
			if mask&(1<<b) != 0 {
				drop[i] = true
			}
		}
		var kept []string
		for i, u := range units {
			if !drop[i] {
				kept = append(kept, u.toks...)
			}
		}
		f := strings.NewReplacer("[", "", "]", "").Replace(strings.Join(kept, " "))
		if !seen[f] {
			seen[f] = true
			forms = append(forms, f)
		}
	}
	return forms, true
}

// maxUnits bounds the optional units of a slot the oracle expands.
const maxUnits = 12

// sentForms are a sentence's surface triples under a facet, keyed for
// lookup: stripped and as made, with the first synset (file order) that
// has each.
type sentForms struct {
	stripped, raw map[string]int // key -> first synset
	junk          map[string]int // the script's junk triples, stripped keys
	junkRaw       map[string]int
	ok            bool
}

// key joins a triple's slots: with "\x00" slot by slot, with a space for
// BenchIE-C.
func key(facet string, s [3]string) string {
	sep := "\x00"
	if facet == "concat" {
		sep = " "
	}
	return s[0] + sep + s[1] + sep + s[2]
}

func (s *Sentence) formsOf(facet string) *sentForms {
	if s.forms == nil {
		s.forms = map[string]*sentForms{}
	}
	if f := s.forms[facet]; f != nil {
		return f
	}
	sf := &sentForms{stripped: map[string]int{}, raw: map[string]int{}, junk: map[string]int{}, junkRaw: map[string]int{}, ok: true}
	s.forms[facet] = sf
	for k, syn := range s.Synsets {
		for _, e := range syn {
			slots := e.Slots
			into, intoRaw := sf.stripped, sf.raw
			if e.IsJnk {
				r := []rune(e.Junk)
				if len(r) < 3 {
					continue
				}
				slots = [3]string{string(r[0]), string(r[1]), string(r[2])}
				into, intoRaw = sf.junk, sf.junkRaw
			}
			var fs [3][]string
			for n := range slots {
				var ok bool
				if fs[n], ok = Forms(slots[n], facet); !ok {
					sf.ok = false
					return sf
				}
			}
			for _, a := range fs[0] {
				for _, b := range fs[1] {
					for _, c := range fs[2] {
						t := [3]string{a, b, c}
						if _, in := intoRaw[key(facet, t)]; !in {
							intoRaw[key(facet, t)] = k
						}
						st := [3]string{strip(a), strip(b), strip(c)}
						if _, in := into[key(facet, st)]; !in {
							into[key(facet, st)] = k
						}
					}
				}
			}
		}
	}
	return sf
}

// Expandable reports whether the oracle can expand every slot of the
// sentence under the facet.
func (s *Sentence) Expandable(facet string) bool { return s.formsOf(facet).ok }

// Counts are a run's totals.
type Counts struct {
	TP, FP                int
	Precision, Recall, F1 float64
}

func counts(tp, fp, synsets int) Counts {
	c := Counts{TP: tp, FP: fp}
	if tp+fp > 0 {
		c.Precision = float64(tp) / float64(tp+fp)
	}
	if synsets > 0 {
		c.Recall = float64(tp) / float64(synsets)
	}
	if c.Precision+c.Recall > 0 {
		c.F1 = 2 * c.Precision * c.Recall / (c.Precision + c.Recall)
	}
	return c
}

// Outcome is the oracle's verdict on a system file.
type Outcome struct {
	Rejected bool   // oiebench's reader refuses the file (default reading)
	Crash    string // why the reference script cannot score it; "" if it can
	Paper    Counts // the default mode (section 4 with 6.1's stripped gold forms)
	Script   Counts // reference-compatible mode (the script's reading)
	// Edgy: a line matched only a gold form with white space at an edge.
	Edgy bool
	// Indented counts the lines (not blank) that start with white space.
	Indented int
	// FirstCredit is, for each mode, the synset credited to each line
	// scored (sentence id and synset; -1 none), for failure messages.
	PaperCredits, ScriptCredits []Credit
}

// Credit is what one line was credited with.
type Credit struct {
	Line     int
	Sentence string
	Synset   int
}

// splitLines splits as Python's universal newlines do: "\n", "\r\n", "\r".
func splitLines(text string) []string {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" { // a final line break opens no line
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Score scores a system file (its bytes as text) against the gold under a
// facet in both modes.
func Score(g *Gold, facet, text string) Outcome {
	var out Outcome
	paper, ok := readDefault(text)
	if !ok {
		out.Rejected = true
	} else {
		out.Paper, out.PaperCredits = score(g, facet, paper, false)
		for _, l := range paper {
			if s := g.Sentence(l.id); s != nil {
				sf := s.formsOf(facet)
				_, stripped := sf.stripped[key(facet, l.slots)]
				_, raw := sf.raw[key(facet, l.slots)]
				out.Edgy = out.Edgy || stripped && !raw
			}
		}
	}
	for _, l := range splitLines(strings.TrimLeft(text, "\ufeff")) {
		if strip(l) != "" && strings.TrimLeftFunc(l, pySpace) != l {
			out.Indented++
		}
	}
	script, crash := readScript(text)
	out.Crash = crash
	out.Script, out.ScriptCredits = score(g, facet, script, true)
	return out
}

// line is one system extraction as a mode reads it.
type line struct {
	num   int
	id    string
	slots [3]string // as read: the default mode has them stripped already
}

// readDefault reads the file as oiebench's default mode does (benchie.md
// section 3 and 6.1): a BOM dropped; blank lines skipped; white space
// (tabs too) before the id dropped, as the script's stripping drops it;
// tab-separated; the id stripped; at least four columns (else the file is refused); when
// every line has five or more columns and every last one is a number, the
// last column is a confidence; other columns after the object are joined
// to it with single spaces; the slots stripped.
func readDefault(text string) ([]line, bool) {
	text = strings.TrimLeft(text, "\ufeff")
	var rows [][]string
	var nums []int
	for i, l := range splitLines(text) {
		if strip(l) == "" {
			continue
		}
		cols := strings.Split(strings.TrimLeftFunc(l, pySpace), "\t")
		if len(cols) < 4 || strip(cols[0]) == "" {
			return nil, false
		}
		rows, nums = append(rows, cols), append(nums, i+1)
	}
	conf := len(rows) > 0
	for _, r := range rows {
		conf = conf && len(r) >= 5 && isFloat(r[len(r)-1])
	}
	var out []line
	for i, r := range rows {
		if conf {
			r = r[:len(r)-1]
		}
		obj := r[3]
		if len(r) > 4 {
			obj += " " + strings.Join(r[4:], " ")
		}
		out = append(out, line{nums[i], strip(r[0]), [3]string{strip(r[1]), strip(r[2]), strip(obj)}})
	}
	return out, true
}

var floatPattern = regexp.MustCompile(`^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|inf|infinity|nan)$`)

// isFloat: what Python's float() reads, for the plain numbers the
// generator writes.
func isFloat(s string) bool { return floatPattern.MatchString(strings.ToLower(strip(s))) }

// readScript reads the file as the reference script does (benchie.md
// section 6.1): every line stripped, then split on tabs; a blank line, or
// one with fewer than four fields, stops it (the crash is returned, and the
// lines before are still read, for the comparison with oiebench's
// reference-compatible numbers); the id kept as it is (a BOM and white
// space included); the columns after the fourth ignored.
func readScript(text string) ([]line, string) {
	var out []line
	crash := ""
	for i, l := range splitLines(text) {
		s := strip(l)
		f := strings.Split(s, "\t")
		if s == "" || len(f) < 4 {
			if crash == "" {
				crash = "line " + itoa(i+1)
			}
			continue
		}
		out = append(out, line{i + 1, f[0], [3]string{f[1], f[2], f[3]}})
	}
	return out, crash
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// score applies section 4 (and, for the script, section 6's lookup).
func score(g *Gold, facet string, lines []line, script bool) (Counts, []Credit) {
	covered := map[*Sentence]map[int]bool{}
	tp, fp := 0, 0
	var credits []Credit
	for _, l := range lines {
		s := g.Sentence(l.id)
		if s == nil {
			continue
		}
		sf := s.formsOf(facet)
		st := [3]string{strip(l.slots[0]), strip(l.slots[1]), strip(l.slots[2])}
		k, ok := sf.stripped[key(facet, st)]
		if script {
			if jk, jok := sf.junk[key(facet, st)]; jok && (!ok || jk < k) {
				k, ok = jk, true
			}
			if ok { // the script looks the synset up again with the raw slots
				rk, rok := sf.raw[key(facet, l.slots)]
				if jk, jok := sf.junkRaw[key(facet, l.slots)]; jok && (!rok || jk < rk) {
					rk, rok = jk, true
				}
				if rok {
					k = rk
				} else {
					k = len(s.Synsets) - 1
				}
			}
		}
		if !ok {
			fp++
			credits = append(credits, Credit{l.num, l.id, -1})
			continue
		}
		credits = append(credits, Credit{l.num, l.id, k})
		if covered[s] == nil {
			covered[s] = map[int]bool{}
		}
		if !covered[s][k] {
			covered[s][k] = true
			tp++
		}
	}
	return counts(tp, fp, g.Synsets), credits
}
