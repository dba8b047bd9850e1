package benchie

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// listedTripleForms counts a synset's distinct surface triples by listing every
// form of every triple as a string.
func listedTripleForms(syn *Synset) int {
	seen := map[[3]string]bool{}
	for i := range syn.Triples {
		var slots [3][]string
		for k, slot := range syn.Triple(i).Slots() {
			units, _, _ := appendUnits(nil, slot)
			slots[k] = ExpandUnits(units, -1)
		}
		for _, s := range slots[0] {
			for _, r := range slots[1] {
				for _, o := range slots[2] {
					seen[[3]string{s, r, o}] = true
				}
			}
		}
	}
	return len(seen) + len(syn.Junk)
}

// TestStatsCountsEveryBundledSynset: every synset of the bundled golds is
// counted exactly, equal to listing all its triple forms.
func TestStatsCountsEveryBundledSynset(t *testing.T) {
	for _, lang := range []string{"en", "de", "zh"} {
		g := shippedGold(t, lang)
		fc := formCounter{goldForms: 1 << 62, goldBytes: 1 << 62}
		for _, s := range g.Sentences {
			for _, syn := range s.Synsets {
				n, exact := fc.tripleForms(syn)
				if want := listedTripleForms(syn); !exact || n+len(syn.Junk) != want {
					t.Fatalf("%s line %d: %d (exact %v), listing gives %d", lang, syn.Line, n+len(syn.Junk), exact, want)
				}
			}
		}
	}
}

// TestStatsCountsRandomSynsets: synsets of a few triples whose slots share
// words, units and whole slots, with empty units and repeated words,
// counted exactly as listing counts them.
func TestStatsCountsRandomSynsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	words := []string{"a", "b", "a b", "c", "", "b a"}
	slot := func() string {
		var parts []string
		for range 1 + rng.IntN(4) {
			w := words[rng.IntN(len(words))]
			if w == "" {
				parts = append(parts, "[]")
				continue
			}
			if rng.IntN(2) == 0 {
				w = "[" + w + "]"
			}
			parts = append(parts, w)
		}
		return strings.Join(parts, " ")
	}
	checked := 0
	for range 3000 {
		var b strings.Builder
		b.WriteString("sent_id:1\tS\n1--> Cluster 1:\n")
		var pool [3][]string
		for k := range pool {
			for range 1 + rng.IntN(3) {
				pool[k] = append(pool[k], slot())
			}
		}
		for range 1 + rng.IntN(6) {
			fmt.Fprintf(&b, "%s --> %s --> %s\n", pool[0][rng.IntN(len(pool[0]))], pool[1][rng.IntN(len(pool[1]))], pool[2][rng.IntN(len(pool[2]))])
		}
		g, err := ReadGold("g", []byte(b.String()), GoldOptions{})
		if err != nil || len(g.Sentences[0].Synsets) != 1 {
			continue
		}
		syn := g.Sentences[0].Synsets[0]
		st := g.Stats()
		if want := listedTripleForms(syn); !st.Exact || st.Extractions != want {
			t.Fatalf("%q: %d (exact %v), listing gives %d", b.String(), st.Extractions, st.Exact, want)
		}
		checked++
	}
	if checked < 2000 {
		t.Fatalf("only %d synsets checked", checked)
	}
}
