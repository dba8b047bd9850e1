// Package benchiefl is a second, deliberately simple implementation of the
// BenchIE^FL scorer, written from the specification (benchie-fl.md) alone
// and sharing no code with core/benchiefl, with a seeded generator of
// perturbed system files and golds. The differential test scores every
// generated file with both and fails where they disagree: one of them is
// then wrong.
//
// The oracle is slow on purpose: it enumerates every surface form and
// compares strings the way the specification words each rule, with no
// index, memo or shortcut. It knows both of oiebench's modes: reference
// (the script, every quirk) and corrected (README, "BenchIE^FL"), and it
// says when the reference script would crash on a file instead of scoring
// it.
package benchiefl

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Score is one mode's totals.
type Score struct {
	Extractions, Matched, Credited, Synsets int
	Precision, Recall, F1                   float64
}

// Result is a system file scored in both modes. Crash, when not empty, says
// why the reference script cannot score the file (its Reference score is
// then the one oiebench's reference mode gives, not a published number).
type Result struct {
	Reference, Corrected Score
	Crash                string
	// RefMatches and CorMatches give, by line number of the system file,
	// the extraction's sentence (entry index) and the synsets the
	// assignment gave it: where two scorers differ, the first line that
	// differs names the sentence to look at.
	RefMatches, CorMatches map[int]Matches
}

// Matches are an extraction's sentence and the synsets it was given.
type Matches struct {
	Sentence int
	Synsets  []int
}

// goldTriple is a triple line's slots as read (brackets kept).
type goldTriple []string

// goldSentence is one stored entry of the gold: by position.
type goldSentence struct {
	id      string // "" for an entry an extra empty line made
	synsets [][]goldTriple
}

// readGold reads a gold as section 1 says: universal newlines, lines kept
// with their newline, four tests in order.
func readGold(data string) ([]goldSentence, string) {
	var out []goldSentence
	var stored [][]goldTriple
	var cur []goldTriple
	id, fresh, header, seen := "", false, false, false
	crash := ""
	store := func() {
		if !seen {
			return
		}
		e := goldSentence{synsets: append(stored, cur)}
		if fresh {
			e.id = strings.TrimFunc(id, pyIsSpace)
		}
		out = append(out, e)
		stored, fresh = nil, false
	}
	for _, line := range pyLines(data) {
		r := []rune(line)
		switch {
		case strings.HasPrefix(line, "sent_id:"):
			rest := line[len("sent_id:"):]
			id, _, _ = strings.Cut(rest, "\t")
			id = strings.TrimSuffix(id, "\n")
			cur, header, fresh, seen = nil, false, true, true
		case strings.Contains(line, "Cluster") && len(r) >= 2 && r[len(r)-2] == ':':
			if header {
				stored = append(stored, cur)
			}
			cur, header = []goldTriple{}, true
		case line == "\n":
			store()
		default:
			parts := strings.Split(line, " --> ")
			for i := range parts {
				parts[i] = strings.ReplaceAll(parts[i], "\n", "")
			}
			if len(parts) < 3 {
				crash = fmt.Sprintf("a gold triple with %d slot(s)", len(parts))
			}
			if strings.Count(line, "[") != strings.Count(line, "]") {
				crash = "a gold triple with unbalanced brackets"
			}
			cur = append(cur, parts)
		}
	}
	store()
	for _, e := range out {
		if len(e.synsets) > 1 {
			for _, s := range e.synsets {
				if len(s) == 0 {
					crash = "an empty synset beside others"
				}
			}
		}
	}
	return out, crash
}

// pyLines splits text as Python's text mode reads it: \r\n, \r and \n end
// lines and become \n; the last line may lack one.
func pyLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// pyIsSpace is Python's str.isspace for one character.
func pyIsSpace(c rune) bool {
	switch {
	case c >= '\t' && c <= '\r', c >= 0x1c && c <= ' ', c == 0x85, c == 0xa0, c == 0x1680,
		c >= 0x2000 && c <= 0x200a, c == 0x2028, c == 0x2029, c == 0x202f, c == 0x205f, c == 0x3000:
		return true
	}
	return false
}

// pyInt is Python's int() of a string: surrounding white space, a sign,
// decimal digits of any script with single underscores between them.
func pyInt(s string) (int, bool) {
	s = strings.TrimFunc(s, pyIsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") || strings.Contains(s, "__") {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c == '_' {
			continue
		}
		if !unicode.Is(unicode.Nd, c) {
			return 0, false
		}
		d := digitValue(c)
		n = n*10 + d
		if n > 1<<40 {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// digitValue is the value of a decimal digit: Nd characters come in runs
// of ten, each starting at a zero, and adjacent runs start a block.
func digitValue(c rune) int {
	start := c
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(c-start) % 10
}

// form is one surface form of a triple: each slot's kept tokens.
type form [][]string

// dropSets lists the subsets of {0..k-1} by size 1..k, each size in
// lexicographic order, then the empty set.
func dropSets(k int) [][]int {
	var out [][]int
	var rec func(start, size int, cur []int)
	rec = func(start, size int, cur []int) {
		if len(cur) == size {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < k; i++ {
			rec(i+1, size, append(cur, i))
		}
	}
	for size := 1; size <= k; size++ {
		rec(0, size, nil)
	}
	return append(out, nil)
}

// forms expands slots as section 2 says.
func forms(slots []string) []form {
	joined := strings.Join(slots, "|")
	k := strings.Count(joined, "[")
	type tok struct {
		slot, mark int
		text       string
	}
	var toks []tok
	mark := 0
	for si, s := range slots {
		for _, t := range strings.Split(s, " ") {
			if t == "" {
				continue
			}
			m := -1
			if strings.ContainsAny(t, "[]") {
				m = mark
				mark++
			}
			toks = append(toks, tok{si, m, strings.NewReplacer("[", "", "]", "").Replace(t)})
		}
	}
	var out []form
	for _, drop := range dropSets(k) {
		f := make(form, len(slots))
		for i := range f {
			f[i] = []string{}
		}
	next:
		for _, t := range toks {
			for _, d := range drop {
				if t.mark == d {
					continue next
				}
			}
			f[t.slot] = append(f[t.slot], t.text)
		}
		out = append(out, f)
	}
	return out
}

func (f form) slot(i int) string { return strings.Join(f[i], " ") }

func (f form) flat() string {
	var s []string
	for i := range f {
		s = append(s, f.slot(i))
	}
	return strings.Join(s, " ")
}

// The string views of section 4.

func np(s string) string {
	return strings.Map(func(c rune) rune {
		if strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) {
			return -1
		}
		return c
	}, s)
}

func sq(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	var b strings.Builder
	for _, c := range s {
		if c == 'İ' {
			b.WriteString("i\u0307")
		} else {
			b.WriteRune(unicode.ToLower(c))
		}
	}
	return b.String()
}

func toks(s string) []string { return strings.Split(s, " ") }

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func subset(a, b []string) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

func cutRunes(s string, n int) string {
	for ; n > 0 && s != ""; n-- {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// sentence is a gold entry with every form of every synset.
type sentence struct {
	skip     bool
	triples  [][]goldTriple // by synset
	forms    [][]form       // by synset: its triples' forms in order
	isPairs  [][2]string
	xyCapped [][2]string
	xyAll    [][2]string
}

func newSentence(e goldSentence) *sentence {
	s := &sentence{skip: len(e.synsets) == 1 && len(e.synsets[0]) == 0, triples: e.synsets}
	type tagged struct {
		f   form
		syn int
	}
	var all []tagged
	for c, syn := range e.synsets {
		var fs []form
		for _, t := range syn {
			if len(t) < 3 || strings.Count(strings.Join(t, ""), "[") != strings.Count(strings.Join(t, ""), "]") {
				continue // never matches (the reference crashes)
			}
			fs = append(fs, forms(t)...)
			if t[1] == "is" {
				for _, x := range forms(t[:1]) {
					for _, y := range forms(t[2:3]) {
						s.isPairs = append(s.isPairs, [2]string{x.slot(0), y.slot(0)})
					}
				}
			}
		}
		s.forms = append(s.forms, fs)
		for _, f := range fs {
			all = append(all, tagged{f, c})
		}
	}
	// XY pairs: every ordered pair in row-major order. Only forms with
	// three slots or more have the slots compared.
	seen := map[[2]string]bool{}
	capped := true
	add := func(p [2]string) {
		if capped {
			s.xyCapped = append(s.xyCapped, p)
			if len(s.xyCapped) > 1000 {
				capped = false
			}
		}
		if !seen[p] {
			seen[p] = true
			s.xyAll = append(s.xyAll, p)
		}
	}
	for i := range all {
		for j := range all {
			if i == j || all[i].syn == all[j].syn {
				continue
			}
			fi, fj := all[i].f, all[j].f
			if equal(fi[0], fj[0]) && equal(fi[1], fj[1]) {
				add([2]string{fi.slot(2), fj.slot(2)})
			}
			if equal(fi[2], fj[2]) && equal(fi[1], fj[1]) {
				add([2]string{fi.slot(0), fj.slot(0)})
			}
		}
	}
	return s
}

// exactParts is the part handling of EXACT and EXACT_NP: one part cannot
// match, two lose the last two characters of the second and get XXX.
func exactParts(e string) ([]string, bool) {
	p := strings.Split(e, " - ")
	switch {
	case len(p) == 2:
		return []string{p[0], cutRunes(p[1], 2), "XXX"}, true
	case len(p) < 2:
		return nil, false
	}
	return p, true
}

func (s *sentence) exact(e string, c int) bool {
	p, ok := exactParts(e)
	if !ok {
		return false
	}
	for _, f := range s.forms[c] {
		if len(f) != len(p) {
			continue
		}
		all := true
		for i := range p {
			all = all && equal(toks(p[i]), f[i])
		}
		if all {
			return true
		}
	}
	return false
}

func trimNP(s string) []string { return toks(strings.TrimFunc(np(s), pyIsSpace)) }

func (s *sentence) exactNP(e string, c int) bool {
	p, ok := exactParts(e)
	if !ok {
		return false
	}
	fs := s.forms[c]
	if len(fs) > 100000 {
		fs = fs[:5000]
	}
	for _, f := range fs {
		if len(f) != len(p) {
			continue
		}
		all := true
		for i := range p {
			all = all && equal(trimNP(p[i]), trimNP(f.slot(i)))
		}
		if all {
			return true
		}
	}
	return false
}

func tidy(s string) string {
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return strings.TrimFunc(s, pyIsSpace)
}

// variants lists the variant strings of section 6, with the XY pairs given.
func (s *sentence) variants(e string, xy [][2]string) []string {
	p := strings.Split(e, " - ")
	if len(p) == 2 {
		p = append(p, "XXX")
	}
	if len(p) < 3 {
		return nil
	}
	var out []string
	has := func(v string) bool {
		for _, x := range out {
			if x == v {
				return true
			}
		}
		return false
	}
	for side := 0; side < 2; side++ {
		a := p[0]
		if side == 1 {
			a = p[2]
		}
		mk := func(x string) string {
			if side == 0 {
				return tidy(x + " - " + p[1] + " - " + p[2])
			}
			return tidy(p[0] + " - " + p[1] + " - " + x)
		}
		for _, pr := range s.isPairs {
			if strings.Contains(a, pr[0]) && strings.Contains(a, pr[1]) {
				for _, m := range pr {
					out = append(out, mk(strings.ReplaceAll(a, m, "")))
				}
			}
		}
		for _, pr := range xy {
			if !strings.Contains(a, pr[0]) || !strings.Contains(a, pr[1]) {
				continue
			}
			for _, m := range pr {
				d := strings.ReplaceAll(a, m, "")
				for _, v := range []string{
					strings.ReplaceAll(strings.ReplaceAll(d, "and", ""), ",", ""),
					strings.ReplaceAll(d, ",", ""),
					strings.ReplaceAll(d, "and", ""),
					d,
				} {
					if v = mk(v); !has(v) {
						out = append(out, v)
					}
				}
			}
		}
	}
	return out
}

// cand holds CAND(e, c) for every synset c, and EXACT.
type cand struct {
	exact, ok []bool
}

// candidates computes section 5 and 7 for e against every synset;
// taken[c] is TAKEN(c) for the block.
func (s *sentence) candidates(e string, taken []bool, ref bool) cand {
	n := len(s.forms)
	out := cand{exact: make([]bool, n), ok: make([]bool, n)}
	xe := false
	for c := 0; c < n; c++ {
		out.exact[c] = s.exact(e, c)
		xe = xe || out.exact[c]
	}
	parts := strings.Split(e, " - ")
	if len(parts) < 3 {
		parts = append(parts, "XXX")
	}
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	a1, r, a2 := parts[0], parts[1], parts[2]
	flatE := strings.ReplaceAll(e, " - ", " ")
	flat, flatNP := false, false
	for _, fs := range s.forms {
		for _, f := range fs {
			flat = flat || sq(f.flat()) == sq(flatE)
			flatNP = flatNP || sq(np(f.flat())) == sq(np(flatE))
		}
	}
	xy := s.xyAll
	if ref {
		xy = s.xyCapped
	}
	vars := s.variants(e, xy)
	for c := 0; c < n; c++ {
		var sa1, sr, sa2, na1, nr, na2, c1, c2, c1n, c2n bool
		for _, f := range s.forms[c] {
			if len(f) < 3 {
				continue
			}
			g1, gr, g2 := f.slot(0), f.slot(1), f.slot(2)
			sa1 = sa1 || sq(g1) == sq(a1)
			sr = sr || sq(gr) == sq(r)
			sa2 = sa2 || sq(g2) == sq(a2)
			na1 = na1 || sq(np(g1)) == sq(np(a1))
			na2 = na2 || sq(np(g2)) == sq(np(a2))
			if ref {
				nr = nr || sq(np(gr)) == sq(r)
			} else {
				nr = nr || sq(np(gr)) == sq(np(r))
			}
			c1 = c1 || subset(toks(g1), toks(a1))
			c2 = c2 || subset(toks(g2), toks(a2))
			c1n = c1n || subset(toks(np(g1)), toks(np(a1)))
			c2n = c2n || subset(toks(np(g2)), toks(np(a2)))
		}
		variant := false
		for _, v := range vars {
			variant = variant || s.exact(v, c)
		}
		lenient := flat && sr && !xe && !taken[c] && (sa1 && c2 || sa2 && c1)
		lenientNP := flatNP && nr && !xe && !taken[c] && (na1 && c2n || na2 && c1n)
		out.ok[c] = out.exact[c] || variant || s.exactNP(e, c) || lenient || lenientNP
	}
	return out
}

// extraction is one line of a system file, in one mode's reading.
type extraction struct {
	sent int // entry index
	text string
	line int // in the system file, from 1
}

// assign runs section 8 on one block; it returns each extraction's
// assigned positions (within its unit's concatenated vector, mapped to
// copy-major rows) and whether the reference would crash.
func (s *sentence) assign(block []string, ref bool) ([][]int, bool) {
	n := len(s.forms)
	taken := make([]bool, n)
	for _, e := range block {
		for c := 0; c < n; c++ {
			taken[c] = taken[c] || s.exact(e, c)
		}
	}
	type unit struct {
		first, copies int
		cd            cand
		got           []int
	}
	var units []*unit
	for i, e := range block {
		if ref && len(units) > 0 && block[units[len(units)-1].first] == e {
			units[len(units)-1].copies++
			continue
		}
		units = append(units, &unit{first: i, copies: 1, cd: s.candidates(e, taken, ref)})
	}
	taken1 := map[int]bool{}
	done := make([]bool, len(units))
	for ui, u := range units {
		for j := 0; j < n*u.copies; j++ {
			if u.cd.exact[j%n] && !taken1[j] {
				u.got = append(u.got, j)
				taken1[j] = true
			}
			if u.cd.exact[j%n] {
				done[ui] = true
			}
		}
	}
	crash := false
	second := make([]int, len(units)) // the position each unit got in phase 2, or -1
	for ui, u := range units {
		second[ui] = -1
		if done[ui] {
			continue
		}
		for j := 0; j < n*u.copies; j++ {
			if !u.cd.ok[j%n] || taken1[j] {
				continue
			}
			if ui > 0 && j >= n*units[0].copies {
				crash = true // the bookkeeping indexes the first unit past its end
			}
			for v := range second {
				if second[v] == j {
					second[v] = -1 // a later claimant takes it over
				}
			}
			second[ui] = j
			break
		}
	}
	for ui, u := range units {
		if second[ui] >= 0 {
			u.got = []int{second[ui]}
		}
	}
	out := make([][]int, len(block))
	for _, u := range units {
		for _, j := range u.got {
			i := u.first + j/n
			out[i] = append(out[i], j%n)
		}
	}
	return out, crash
}
