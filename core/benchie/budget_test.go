package benchie_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestStatsCost: reading, compiling, scoring and the statistics of
// hostile golds cost memory in proportion to the file (their counts:
// TestStatsHostileCounted; lower bounds: TestStatsLowerBound).
func TestStatsCost(t *testing.T) {
	for name, gen := range hostile.Golds {
		t.Run(name, func(t *testing.T) {
			var st benchie.Stats
			hostile.Proportional(t, name, 3, gen, func(in []byte) {
				g, err := benchie.ReadGold("g", in, benchie.GoldOptions{})
				if err != nil {
					t.Fatal(err)
				}
				st = g.Stats()
				sys, err := oie.ReadSystem("s", []byte("0\tHe\tserved as\tminister\n0\tw0xx w1xx\tr\to\n0\tHe\tis\ta word word\n"), oie.SystemOptions{Format: oie.FormatTSV})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range benchie.Facets {
					c := benchie.Compile(g, f)
					res := c.Score(sys, benchie.Options{})
					for i, j := range res.Judgements {
						if j.Sentence >= 0 {
							c.Closest(j.Sentence, sys.Extractions.At(i).Triple)
						}
					}
				}
			}, hostile.Bound{Floor: 64 << 20, PerByte: 400})
			if st.Extractions < st.Synsets {
				t.Errorf("lower bound %d below one form per synset (%d)", st.Extractions, st.Synsets)
			}
		})
	}
}

// TestStatsHostileCounted: every hostile gold is now counted exactly, each
// count found by hand; the two ordinary synsets of each sentence add 4 + 1.
func TestStatsHostileCounted(t *testing.T) {
	want := map[string]int{
		"identical triples":          1 << 20,   // one triple of 20 distinct words
		"many synsets at the budget": 1<<16 - 1, // "w0x" alone, first or last, is one form
		"long units":                 1 << 12,
		"products":                   32 * (16 + 6*16) * 32, // relations share the 16 forms without their last unit
		"shared forms":               2 << 14,               // two synsets of 2^14
		"long slot":                  2 + 2,
	}
	for name, gen := range hostile.Golds {
		g, err := benchie.ReadGold("g", gen(1), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[name]
		if !ok {
			t.Fatalf("%s: no count by hand", name)
		}
		if st := g.Stats(); st.Extractions != w+5 || !st.Exact {
			t.Errorf("%s: %d surface triples (exact %v), want %d", name, st.Extractions, st.Exact, w+5)
		}
	}
}

// TestStatsLowerBound: a synset the budget leaves uncounted gets a lower
// bound that is one, and a count within the budget is exact.
func TestStatsLowerBound(t *testing.T) {
	cases := []struct {
		gold  string
		n     int
		exact bool
	}{
		// Two triples of 2^20 and 2^21 forms whose subjects share forms:
		// listing them to compare is over the budget; the larger has
		// exactly 2^21 (distinct words), a lower bound.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n" + hostile.OptionalUnits(20, 2) + " [x] --> r --> o\n", 1 << 21, false},
		// Subjects that a required word tells apart are counted without
		// listing, exactly: 2^20 + 2^20.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n" + hostile.OptionalUnits(20, 2) + " x --> r --> o\n", 1 << 21, true},
		// Two identical triples of 2^20 forms are one: counted without
		// listing, exactly (the gold of issue 13, which took 6.8 GB).
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n", 1 << 20, true},
		// The same 2^20 subjects with two objects that share a form: only
		// the objects are listed; 2^20 × |{o}| = 2^20 × 2 ("o", "p o").
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n" + hostile.OptionalUnits(20, 2) + " --> r --> [p] o\n", 1 << 21, true},
		// Products of slots that share half their forms, from the hostile
		// golds: 32 subjects × (16 + 6 × 16) relations × 32 objects.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + productsSynset(), 32 * 112 * 32, true},
		// One triple of distinct words: counted without listing, exactly.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(25, 2) + " --> r --> [o] p\n", 1 << 26, true},
		// Words alike: 41 distinct forms of 2^40, too many to list; 41
		// forms of distinct lengths are sure.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + strings.Repeat("[a] ", 40) + "--> r --> o\n", 41, false},
		// Twice the same 2^10 forms: counted.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(10, 2) + " --> r --> o\n" + hostile.OptionalUnits(10, 2) + " --> r --> o\n", 1024, true},
		// Units without text add no length: the bound counts only the others.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + strings.Repeat("[] ", 30) + "[a] --> r --> o\n", 2, false},
		// One triple, each slot counted alone: 2^12 × 2^12 forms, exact.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + hostile.OptionalUnits(12, 2) + " --> r --> " + hostile.OptionalUnits(12, 2) + "\n", 1 << 24, true},
	}
	for i, c := range cases {
		g, err := benchie.ReadGold("g", []byte(c.gold), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if st := g.Stats(); st.Extractions != c.n || st.Exact != c.exact {
			t.Errorf("case %d: %d forms (exact %v), want %d (exact %v)", i, st.Extractions, st.Exact, c.n, c.exact)
		}
	}
}

// productsSynset is the synset of hostile.Golds' "products".
func productsSynset() string {
	var b strings.Builder
	for i := range 6 {
		fmt.Fprintf(&b, "%s --> %s%d --> %s\n", hostile.OptionalUnits(5, 2), hostile.OptionalUnits(5, 2), i, hostile.OptionalUnits(5, 2))
	}
	return b.String()
}
