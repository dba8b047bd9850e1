package benchie

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// partCounts are the numbers of parts every reading in parts is tried with
// (parts of at least one byte: as many cuts as the sentence lines allow).
var partCounts = []int{2, 3, 5, 16}

// TestReadInParts: a gold read in parts, cut at sentence lines, is the gold
// read in one go: sentences, synsets, triples and their units, warnings,
// statistics and scores; a file that fails, fails with the same error at the
// same line and column.
func TestReadInParts(t *testing.T) {
	for _, name := range []string{"benchie_gold_annotations_en.txt", "benchie_gold_annotations_de.txt", "benchie_gold_annotations_zh.txt"} {
		data, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, strict := range []bool{false, true} {
			checkParts(t, name, data, GoldOptions{Strict: strict, Shared: strict})
		}
		// The shipped English gold is read in parts by ReadGold itself.
		if cuts := cutAtSentences(oie.TextOf(data, true), 2, minPart); name == "benchie_gold_annotations_en.txt" && len(cuts) != 2 {
			t.Errorf("%s is read in %d parts, want 2", name, len(cuts))
		}
	}
	for _, c := range []struct{ name, in string }{
		{"id repeated in a later part, indented", "sent_id:1\ta\n1--> Cluster 1:\na --> b --> c\nsent_id:2\tb\nsent_id:3\tc\n \tsent_id:1\td\nsent_id:4\te\n"},
		{"id repeated from a middle part", "sent_id:1\ta\nsent_id:2\tb\nsent_id:3\tc\nsent_id:2\td\n"},
		{"id repeated before an error of the same part", "sent_id:1\ta\nsent_id:2\tb\nsent_id:1\tc\nsent_id:\td\n"},
		{"error of a part before an id it repeats", "sent_id:1\ta\nsent_id:2\tb\nsent_id:\tc\nsent_id:1\td\n"},
		{"id repeated inside a later part", "sent_id:1\ta\nsent_id:2\tb\nsent_id:3\tc\nsent_id:3\td\nsent_id:1\te\n"},
		{"empty synset at the end of a part", "sent_id:1\ta\n1--> Cluster 1:\n\nsent_id:2\tb\n2--> Cluster 1:\nx --> y --> z\n\nsent_id:3\tc\n3--> Cluster 1:\n"},
		{"warnings beyond the cap across parts", manyWarnings(3, 150)},
		{"warnings at the cap in the first part", manyWarnings(2, 200)},
		{"warnings beyond the cap in a later part", manyWarnings(2, 250)},
		{"lone CR line endings", "sent_id:1\ta\r1--> Cluster 1:\rx --> [y --> z\rsent_id:2\tb\r2--> Cluster 1:\rx --> y] --> z\r"},
		{"CRLF line endings", "sent_id:1\ta\r\n1--> Cluster 1:\r\nx --> [y --> z\r\nsent_id:2\tb\r\n2--> Cluster 1:\r\n -->  --> z\r\n"},
		{"byte order marks", "\ufeff\ufeffsent_id:1\ta\n1--> Cluster 1:\nx --> y --> z\nsent_id:2\tb\n2 0 6 :\n"},
		{"invalid UTF-8 after an oddity", "sent_id:1\ta\n2--> Cluster 1:\nx --> y --> z\nsent_id:2\tb\xc3(\n"},
		{"a NUL byte in the last part", "sent_id:1\ta\nsent_id:2\tb\nsent_id:3\tc\x00\n"},
		{"lines before any sentence", "junk\nx --> y --> z\n1--> Cluster 1:\nsent_id:1\ta\nsent_id:2\tb\n"},
		{"a header of another sentence in a later part", "sent_id:1\ta\n1--> Cluster 1:\nx --> y --> z\nsent_id:2\tb\n1--> Cluster 9:\nx --> y --> z\n78-->Cluster 6:\nq --> r --> s\n"},
		{"a triple before any header in a later part", "sent_id:1\ta\nsent_id:2\tb\nx --> y --> z\n"},
		{"no tab in a later part", "sent_id:1\ta\nsent_id:2\nsent_id:3\tc\n"},
		{"an empty id in a later part", "sent_id:1\ta\nsent_id:2\tb\nsent_id: \tc\n"},
		{"only headers", "1--> Cluster 1:\n1--> Cluster 2:\n"},
		{"no newline at the end", "sent_id:1\ta\n1--> Cluster 1:\nx --> y --> z\nsent_id:2\tb\n2--> Cluster 1:\nx --> [y] --> z"},
		{"blank lines around the cuts", "\n\nsent_id:1\ta\n\n\n1--> Cluster 1:\nx --> y --> z\n\n\nsent_id:2\tb\n\n\n"},
		{"sent_id inside a line", "sent_id:1\ta sent_id:2\tb\n1--> Cluster 1:\nx --> y --> sent_id:3\nsent_id:4\tc\n"},
	} {
		for _, strict := range []bool{false, true} {
			checkParts(t, c.name, []byte(c.in), GoldOptions{Strict: strict})
		}
	}
}

// manyWarnings is a gold of n sentences, each with k lines not understood.
func manyWarnings(n, k int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "sent_id:%d\ts\n%d--> Cluster 1:\nx --> y --> z\n", i, i)
		b.WriteString(strings.Repeat("2 0 6 :\n", k))
	}
	return b.String()
}

// TestReadInPartsRandom: random golds of every kind of line (repeated ids,
// odd headers, brackets, line endings, bad bytes) read in parts and in one
// go give the same gold or the same error.
func TestReadInPartsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	lines := []string{
		"sent_id:%d\tA sentence .", "sent_id:%d\tA sentence .", "  sent_id:%d\tIndented .", "sent_id:%d",
		"%d--> Cluster 1:", "%d--> Cluster 2:", "7-->Cluster 6:", "", "   ", "2 0 6 :",
		"He --> served --> [as] [the first PM]", "x --> [y --> z", "a --> b] --> c", " -->  --> ",
		"[a] [b] --> r --> [c] d", "x --> y --> z --> w",
	}
	// Lines that fail even a lenient reading, now and then.
	rare := []string{"sent_id:\tNo id .", "sent_id:%d\tBad \xc3(", "x\x00 --> y --> z"}
	ends := []string{"\n", "\n", "\n", "\r\n", "\r"}
	read, repeated := 0, 0 // golds read whole in several parts; ids repeated
	for round := 0; round < 2000; round++ {
		var b strings.Builder
		if r.IntN(5) != 0 {
			b.WriteString("sent_id:0\tFirst .\n")
		}
		for range r.IntN(30) {
			l := lines[r.IntN(len(lines))]
			if r.IntN(60) == 0 {
				l = rare[r.IntN(len(rare))]
			}
			if strings.Contains(l, "%d") {
				l = fmt.Sprintf(l, 1+r.IntN(20))
			}
			b.WriteString(l + ends[r.IntN(len(ends))])
		}
		for _, strict := range []bool{false, true} {
			checkParts(t, fmt.Sprintf("round %d", round), []byte(b.String()), GoldOptions{Strict: strict})
		}
		_, err := ReadGold("g", []byte(b.String()), GoldOptions{})
		if len(cutAtSentences(oie.TextOf([]byte(b.String()), false), 16, 1)) > 1 {
			if err == nil {
				read++
			} else if errors.Is(err, oie.ErrDuplicateID) {
				repeated++
			}
		}
	}
	if read < 800 || repeated < 200 {
		t.Errorf("of 2000 random golds, %d were read whole in parts and %d repeated an id: too few to tell", read, repeated)
	}
}

// checkParts compares reading data in parts with reading it in one go.
func checkParts(t *testing.T, name string, data []byte, opt GoldOptions) {
	t.Helper()
	whole, wholeErr := readGold("g", data, opt, 1, 1)
	for _, n := range partCounts {
		got, err := readGold("g", data, opt, n, 1)
		if !reflect.DeepEqual(err, wholeErr) {
			t.Fatalf("%s (strict %v) in %d parts: error %v, in one go %v", name, opt.Strict, n, err, wholeErr)
		}
		if err != nil {
			continue
		}
		if diff := goldDiff(whole, got); diff != "" {
			t.Fatalf("%s (strict %v) in %d parts: %s", name, opt.Strict, n, diff)
		}
	}
}

// goldDiff names the first difference between two golds, "" if none: what
// they hold, their units, warnings, statistics and scores.
func goldDiff(a, b *Gold) string {
	if len(a.Sentences) != len(b.Sentences) || !reflect.DeepEqual(a.index, b.index) {
		return fmt.Sprintf("%d sentences, want %d (or their index differs)", len(b.Sentences), len(a.Sentences))
	}
	for si, s := range a.Sentences {
		p := b.Sentences[si]
		if s.Sentence != p.Sentence || s.Line != p.Line || len(s.Synsets) != len(p.Synsets) {
			return fmt.Sprintf("sentence %d: %+v, want %+v", si, p, s)
		}
		for ki, syn := range s.Synsets {
			q := p.Synsets[ki]
			if syn.Label != q.Label || syn.Line != q.Line || syn.Implicit != q.Implicit || !reflect.DeepEqual(syn.Junk, q.Junk) || len(syn.Triples) != len(q.Triples) {
				return fmt.Sprintf("sentence %d synset %d: %+v, want %+v", si, ki, q, syn)
			}
			for ti, tr := range syn.Triples {
				pt := q.Triples[ti]
				if syn.Triple(ti) != q.Triple(ti) || tr.Line != pt.Line || tr.units.opens != pt.units.opens || !a.readHere(&tr) || !b.readHere(&pt) {
					return fmt.Sprintf("sentence %d synset %d triple %d: %+v, want %+v", si, ki, ti, pt, tr)
				}
				for k := range 3 {
					if !reflect.DeepEqual(a.units.of(tr.unitsOf(k)), b.units.of(pt.unitsOf(k))) {
						return fmt.Sprintf("sentence %d synset %d triple %d slot %d: units %v, want %v", si, ki, ti, k, b.units.of(pt.unitsOf(k)), a.units.of(tr.unitsOf(k)))
					}
				}
			}
		}
	}
	if !reflect.DeepEqual(a.Warnings, b.Warnings) {
		for i := range min(len(a.Warnings), len(b.Warnings)) {
			if a.Warnings[i] != b.Warnings[i] {
				return fmt.Sprintf("warning %d: %v, want %v", i, b.Warnings[i], a.Warnings[i])
			}
		}
		return fmt.Sprintf("%d warnings, want %d", len(b.Warnings), len(a.Warnings))
	}
	if sa, sb := a.Stats(), b.Stats(); sa != sb {
		return fmt.Sprintf("statistics %+v, want %+v", sb, sa)
	}
	sys := triplesAndCuts(a)
	for _, f := range Facets {
		if ra, rb := Compile(a, f).Score(sys, Options{}), Compile(b, f).Score(sys, Options{}); !sameResult(ra, rb) {
			return fmt.Sprintf("%s: scores %+v, want %+v", f, rb.Counts, ra.Counts)
		}
	}
	return ""
}

// triplesAndCuts is a system of the gold's triples as written, and each
// without its object's last word: matches and misses on every facet.
func triplesAndCuts(g *Gold) *oie.System {
	sys := &oie.System{}
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for i := range syn.Triples {
				cut := syn.Triple(i)
				cut.Object = cut.Object[:max(0, strings.LastIndexByte(cut.Object, ' '))]
				sys.Extractions.Append(oie.Extraction{SentID: s.ID, Triple: syn.Triple(i)}, oie.Extraction{SentID: s.ID, Triple: cut})
			}
		}
	}
	return sys
}
