package benchie

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// bruteForms expands a slot the way benchie.md section 2 words it: every
// subset of optional units removed, tokens joined by single spaces, every
// bracket character deleted. It is the definition the matcher must agree with.
func bruteForms(slot string) map[string]bool {
	toks := strings.Split(slot, " ")
	type span struct {
		toks     []string
		optional bool
	}
	var spans []span
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case strings.Contains(t, "[") && strings.Contains(t, "]"):
			spans = append(spans, span{[]string{t}, true})
		case strings.Contains(t, "["):
			j := i + 1
			for j < len(toks) && !strings.Contains(toks[j], "]") {
				j++
			}
			if j < len(toks) {
				spans = append(spans, span{toks[i : j+1], true})
				i = j
			}
		case strings.Contains(t, "]"):
		default:
			spans = append(spans, span{[]string{t}, false})
		}
	}
	var opt []int
	for i, s := range spans {
		if s.optional {
			opt = append(opt, i)
		}
	}
	out := map[string]bool{}
	for mask := 0; mask < 1<<len(opt); mask++ {
		drop := map[int]bool{}
		for b, i := range opt {
			if mask&(1<<b) != 0 {
				drop[i] = true
			}
		}
		var kept []string
		for i, s := range spans {
			if !drop[i] {
				kept = append(kept, s.toks...)
			}
		}
		f := strings.Join(kept, " ")
		out[strings.NewReplacer("[", "", "]", "").Replace(f)] = true
	}
	return out
}

// randomSlot makes slots from a tiny alphabet so that forms collide often,
// with empty tokens, multi-token units, nested and unbalanced brackets.
func randomSlot(r *rand.Rand) string {
	words := []string{"a", "b", "ab", "", "a b"}
	n := 1 + r.IntN(7)
	var toks []string
	for i := 0; i < n; i++ {
		w := words[r.IntN(len(words))]
		switch r.IntN(8) {
		case 0, 1:
			w = "[" + w + "]"
		case 2:
			w = "[" + w
		case 3:
			w = w + "]"
		case 4:
			w = w + "[" + w + "]"
		}
		toks = append(toks, w)
	}
	return strings.Join(toks, " ")
}

// strippedForms is forms, each stripped as the reference strips a gold
// form before comparing it (benchie.md, section 6.1).
func strippedForms(forms map[string]bool) map[string]bool {
	out := map[string]bool{}
	for f := range forms {
		out[oie.TrimSpace(f)] = true
	}
	return out
}

// candidates are strings worth testing against a slot: its forms, their
// near misses, and random strings.
func candidates(r *rand.Rand, forms map[string]bool) []string {
	var cs []string
	for f := range forms {
		cs = append(cs, f, oie.TrimSpace(f), f+" ", " "+f, f+"a", strings.Replace(f, " ", "  ", 1), strings.Replace(f, "a", "b", 1))
	}
	for i := 0; i < 5; i++ {
		cs = append(cs, randomSlot(r))
	}
	return cs
}

// TestPatternMatchesBruteForce is the property test of the matcher: on random
// slots, expansion and dynamic programming both agree with the definition.
func TestPatternMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		slot := randomSlot(r)
		want := bruteForms(slot)
		units, _ := parseUnits(slot)
		expanded := newPattern(units)
		dp := pattern{units: units, optional: maxBacktrackUnits + 1, edgy: expanded.edgy} // dynamic programming only
		stripped := strippedForms(want)
		for _, s := range candidates(r, want) {
			if got := expanded.searchExact(s); got != want[s] {
				t.Fatalf("slot %q: backtracking searchExact(%q) = %v, want %v", slot, s, got, want[s])
			}
			if got := dp.searchExact(s); got != want[s] {
				t.Fatalf("slot %q: dp searchExact(%q) = %v, want %v", slot, s, got, want[s])
			}
			if got := expanded.match(s); got != stripped[s] {
				t.Fatalf("slot %q: match(%q) = %v, want %v (forms stripped)", slot, s, got, stripped[s])
			}
			if got := dp.match(s); got != stripped[s] {
				t.Fatalf("slot %q: dp match(%q) = %v, want %v (forms stripped)", slot, s, got, stripped[s])
			}
		}
		if forms := ExpandUnits(units, -1); len(forms) != len(want) {
			t.Fatalf("slot %q: %d distinct forms, want %d", slot, len(forms), len(want))
		}
	}
}

// TestConcatMatchesBruteForce checks BenchIE-C matching of three slots
// joined by one space, on both the expanded and the dynamic-programming path.
func TestConcatMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 1500; i++ {
		var slots [3]string
		var forms [3]map[string]bool
		var ct, dp compiledTriple
		for k := range slots {
			slots[k] = randomSlot(r)
			forms[k] = bruteForms(slots[k])
			units, _ := parseUnits(slots[k])
			ct.slots[k] = newPattern(units)
			dp.slots[k] = pattern{units: units, optional: maxBacktrackUnits + 1, edgy: ct.slots[k].edgy}
		}
		want, stripped := map[string]bool{}, map[string]bool{}
		for s := range forms[0] {
			for rel := range forms[1] {
				for o := range forms[2] {
					want[s+" "+rel+" "+o] = true
					stripped[oie.TrimSpace(s)+" "+oie.TrimSpace(rel)+" "+oie.TrimSpace(o)] = true
				}
			}
		}
		cands := candidates(r, want)
		for s := range stripped {
			cands = append(cands, s)
		}
		for _, s := range cands {
			if got := ct.matchConcat(s, true); got != want[s] {
				t.Fatalf("slots %q: backtracking exact matchConcat(%q) = %v, want %v", slots, s, got, want[s])
			}
			if got := dp.matchConcat(s, true); got != want[s] {
				t.Fatalf("slots %q: dp exact matchConcat(%q) = %v, want %v", slots, s, got, want[s])
			}
			if got := ct.matchConcat(s, false); got != stripped[s] {
				t.Fatalf("slots %q: matchConcat(%q) = %v, want %v (forms stripped)", slots, s, got, stripped[s])
			}
		}
	}
}

// TestManyOptionalUnits: 40 optional units stand for 2^40 forms; matching
// must not expand them.
func TestManyOptionalUnits(t *testing.T) {
	var toks []string
	for i := 0; i < 40; i++ {
		toks = append(toks, "[w"+strconv.Itoa(i)+"]")
	}
	slot := "head " + strings.Join(toks, " ") + " tail"
	units, issues := parseUnits(slot)
	if len(issues) != 0 || countOptional(units) != 40 {
		t.Fatalf("parsed %d optional units, issues %v", countOptional(units), issues)
	}
	p := newPattern(units)
	if p.optional <= maxBacktrackUnits {
		t.Fatal("a slot with 40 optional units must use dynamic programming")
	}
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"head tail", true},
		{"head w0 w1 tail", true},
		{"head w1 w0 tail", false},
		{"head " + strings.Join(strings.Fields(strings.NewReplacer("[", "", "]", "").Replace(strings.Join(toks, " "))), " ") + " tail", true},
		{"head w0  tail", false},
	} {
		if got := p.match(c.s); got != c.want {
			t.Errorf("match(%q) = %v, want %v", c.s, got, c.want)
		}
		// The matcher is not exponential: its work is counted, not timed.
		// Dynamic programming steps from at most two states (a position,
		// and whether the slot started) per byte of the text and unit;
		// trying the units' subsets would be 2^40 paths.
		if _, work := matchSlotsCounted(c.s, []*pattern{&p}); work > 2*(len(c.s)+1)*len(units) {
			t.Errorf("match(%q) stepped from %d states, over 2 per byte and unit (%d)", c.s, work, 2*(len(c.s)+1)*len(units))
		}
	}
	// Units alike are the hard case: C(20, 10) ways to make ten "a" (few
	// enough that a matcher which did try them ends, and fails here).
	alikeUnits, _ := parseUnits("head " + strings.TrimSpace(strings.Repeat("[a] ", 20)) + " tail")
	alike := newPattern(alikeUnits)
	text := "head " + strings.TrimSpace(strings.Repeat("a ", 10)) + " tail"
	match, work := matchSlotsCounted(text, []*pattern{&alike})
	if !match || !alike.match(text) {
		t.Errorf("%q is a form of twenty optional \"a\"", text)
	}
	if limit := 2 * (len(text) + 1) * len(alikeUnits); work > limit {
		t.Errorf("matching twenty units alike stepped from %d states, over 2 per byte and unit (%d)", work, limit)
	}
}

// TestMinimalSlotMatchesPattern: the hand-written deletion agrees with the
// reference's description, one non-greedy pattern over both bracket kinds.
func TestMinimalSlotMatchesPattern(t *testing.T) {
	span, spaces := regexp.MustCompile(`[\[(].*?[\])]`), regexp.MustCompile(` +`)
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []string{"a", "b", " ", " ", "[", "]", "(", ")", "ä"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(14); n > 0; n-- {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		slot := strings.TrimSpace(b.String())
		want := slot
		if strings.Contains(slot, "[") {
			want = spaces.ReplaceAllString(strings.TrimSpace(span.ReplaceAllString(slot, "")), " ")
		}
		if got := minimalSlot(slot); got != want {
			t.Fatalf("minimalSlot(%q) = %q, want %q", slot, got, want)
		}
	}
}

func TestMinimalSlot(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[the] [first] Prime Minister [of Australia]", "Prime Minister"},
		{"Prime Minister", "Prime Minister"},
		{"Senator [Edward Kennedy] (D. , Mass .)", "Senator"},
		{"a (b) c", "a (b) c"}, // no '[': left as it is
		{"[a ( b] c )", "c )"},
		{"x [y", "x [y"},
	} {
		if got := minimalSlot(c.in); got != c.want {
			t.Errorf("minimalSlot(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFirstMatchIndex: the first-word index of a compiled sentence finds the
// same triple as trying every triple in file order, on every facet.
func TestFirstMatchIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pick := func(slot string) string { // a form, a near miss or noise
		cs := candidates(r, bruteForms(slot))
		return cs[r.IntN(len(cs))]
	}
	for round := 0; round < 300; round++ {
		s := &Sentence{Sentence: oie.Sentence{ID: "1"}}
		var gold []oie.Triple
		for k := 0; k < 1+r.IntN(4); k++ {
			syn := &Synset{}
			for n := 0; n < 1+r.IntN(3); n++ {
				tr := oie.Triple{Subject: randomSlot(r), Relation: randomSlot(r), Object: randomSlot(r)}
				syn.Add(tr, 0)
				gold = append(gold, tr)
			}
			s.Synsets = append(s.Synsets, syn)
		}
		var pool []oie.Triple
		for i := 0; i < 60; i++ {
			g := gold[r.IntN(len(gold))]
			pool = append(pool, oie.Triple{Subject: pick(g.Subject), Relation: pick(g.Relation), Object: pick(g.Object)})
		}
		g, err := NewGold("g", []*Sentence{s})
		if err != nil {
			t.Fatal(err)
		}
		checkFirstMatch(t, g, pool)
	}
}

// checkFirstMatch checks, on every facet, that the indexed first match of
// each triple of pool against the gold's first sentence is the first gold
// triple a linear scan matches.
func checkFirstMatch(t *testing.T, g *Gold, pool []oie.Triple) {
	t.Helper()
	for _, f := range Facets {
		c := Compile(g, f)
		for _, tr := range pool {
			want := -1
			for i := range c.set.triplesOf(0) {
				ct := c.triple(0, i)
				ok := ct.slots[0].match(tr.Subject) && ct.slots[1].match(tr.Relation) && ct.slots[2].match(tr.Object)
				if f == Concat {
					ok = ct.matchConcat(tr.Subject+" "+tr.Relation+" "+tr.Object, false)
				}
				if ok {
					want = i
					break
				}
			}
			if got := c.firstMatch(0, tr); got != want {
				t.Fatalf("%s: firstMatch(%q) = %d, want %d", f, tr, got, want)
			}
		}
	}
}
