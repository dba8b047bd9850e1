package benchie_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/cost"
)

// optionalUnits is a slot of k optional units, each of the given length.
func optionalUnits(k, length int) string {
	parts := make([]string, k)
	for i := range parts {
		w := fmt.Sprintf("w%d", i)
		parts[i] = "[" + w + strings.Repeat("x", max(length-len(w), 0)) + "]"
	}
	return strings.Join(parts, " ")
}

// hostileGolds are golds whose surface forms grow with 2^k: n sentences of
// each kind, ordinary sentences between them.
var hostileGolds = map[string]func(n int) []byte{
	// The finding of issue 13: 20 identical triples of 20 optional units
	// (2.5 KB) took 6.8 GB and 45 s.
	"identical triples": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			for range 20 {
				b.WriteString(optionalUnits(20, 2) + " --> r --> o\n")
			}
		})
	},
	// Just under the budget of one synset, many times.
	"many synsets at the budget": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			b.WriteString(optionalUnits(15, 3) + " --> r --> o\n")
		})
	},
	// Few forms, long ones.
	"long units": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			b.WriteString(optionalUnits(12, 2000) + " --> r --> o\n")
		})
	},
	// Forms multiplied across slots and triples.
	"products": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			for i := range 6 {
				fmt.Fprintf(b, "%s --> %s%d --> %s\n", optionalUnits(5, 2), optionalUnits(5, 2), i, optionalUnits(5, 2))
			}
		})
	},
}

func goldOf(n int, synset func(*strings.Builder)) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "sent_id:%d\tA sentence.\n%d--> Cluster 1:\nHe --> served as --> [the] [first] minister\n%d--> Cluster 2:\n", 2*i, 2*i, 2*i)
		synset(&b)
		fmt.Fprintf(&b, "\nsent_id:%d\tAnother.\n%d--> Cluster 1:\nShe --> is --> here\n\n", 2*i+1, 2*i+1)
	}
	return []byte(b.String())
}

// TestStatsCost: the statistics of hostile golds cost memory in
// proportion to the file, and say when they are a lower bound.
func TestStatsCost(t *testing.T) {
	for name, gen := range hostileGolds {
		t.Run(name, func(t *testing.T) {
			var st benchie.Stats
			cost.Proportional(t, name, 3, gen, func(in []byte) {
				g, err := benchie.ReadGold("g", in, benchie.GoldOptions{})
				if err != nil {
					t.Fatal(err)
				}
				st = g.Stats()
			}, cost.Bound{Floor: 64 << 20, PerByte: 400})
			if st.Exact && name != "many synsets at the budget" && name != "long units" {
				t.Errorf("%d surface triples counted as exact", st.Extractions)
			}
			if st.Extractions < st.Synsets {
				t.Errorf("lower bound %d below one form per synset (%d)", st.Extractions, st.Synsets)
			}
		})
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
		// 2^20 forms: over the budget; 21 forms of distinct lengths.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + optionalUnits(20, 2) + " --> r --> o\n" + optionalUnits(20, 2) + " --> r --> o\n", 21, false},
		// Twice the same 2^10 forms: counted.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + optionalUnits(10, 2) + " --> r --> o\n" + optionalUnits(10, 2) + " --> r --> o\n", 1024, true},
		// Units without text add no length: the bound counts only the others.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + strings.Repeat("[] ", 30) + "[a] --> r --> o\n", 2, false},
		// One triple, each slot counted alone: 2^12 × 2^12 forms, exact.
		{"sent_id:1\tS\n1--> Cluster 1:\n" + optionalUnits(12, 2) + " --> r --> " + optionalUnits(12, 2) + "\n", 1 << 24, true},
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
