package hostile

import (
	"fmt"
	"strings"
)

// OptionalUnits is a slot of k optional units, each about length bytes.
func OptionalUnits(k, length int) string {
	parts := make([]string, k)
	for i := range parts {
		w := fmt.Sprintf("w%d", i)
		parts[i] = "[" + w + strings.Repeat("x", max(length-len(w), 0)) + "]"
	}
	return strings.Join(parts, " ")
}

// Golds are BenchIE golds whose surface forms grow with 2^k, by name: each
// makes n sentences of its kind, with ordinary sentences between them.
var Golds = map[string]func(n int) []byte{
	// The finding of issue 13: 20 identical triples of 20 optional units
	// (2.5 KB) took 6.8 GB and 45 s to count.
	"identical triples": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			for range 20 {
				b.WriteString(OptionalUnits(20, 2) + " --> r --> o\n")
			}
		})
	},
	// At the budget of one synset, many times: a word twice, so that the
	// forms must be listed to be counted.
	"many synsets at the budget": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			b.WriteString(OptionalUnits(15, 3) + " [w0x] --> r --> o\n")
		})
	},
	// Few forms, long ones.
	"long units": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			b.WriteString(OptionalUnits(12, 2000) + " --> r --> o\n")
		})
	},
	// Forms multiplied across slots and triples.
	"products": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			for i := range 6 {
				fmt.Fprintf(b, "%s --> %s%d --> %s\n", OptionalUnits(5, 2), OptionalUnits(5, 2), i, OptionalUnits(5, 2))
			}
		})
	},
	// Two synsets of the same 2^14 forms: the agreement must list them to
	// know which synset they credit.
	"shared forms": func(n int) []byte {
		return goldOf(n, func(b *strings.Builder) {
			fmt.Fprintf(b, "%s --> r --> o\n0--> Cluster 3:\n%s --> r --> o\n", OptionalUnits(14, 2), OptionalUnits(14, 2))
		})
	},
	// A 100 KB slot with an optional unit: automata over its bytes, and
	// their products, grow with the square of its length.
	"long slot": func(n int) []byte {
		long := strings.Repeat("word ", 20000)
		return goldOf(n, func(b *strings.Builder) {
			fmt.Fprintf(b, "He --> is --> [a] %s\n0--> Cluster 3:\nHe --> is --> [b] %s\n", long, long)
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
