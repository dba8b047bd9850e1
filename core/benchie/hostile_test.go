package benchie_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// Hostile inputs: each must load or fail cleanly, never crash or hang.
// What they cost is counted, not timed (internal/hostile): each is read
// and scored at two sizes, ten times apart, and must allocate in
// proportion; quadratic or exponential work would not.

func TestTenMegabyteLines(t *testing.T) {
	words := func(n int) []byte { return []byte(strings.Repeat("word ", n)) }
	run := func(long []byte) {
		gold := "sent_id:1\t" + string(long) + "\n1--> Cluster 1:\nHe --> served as --> [the] " + string(long) + "[x]\n"
		g, err := benchie.ReadGold("g", []byte(gold), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sys := "1\tHe\tserved as\tthe " + string(long) + "x\n1\tHe\tserved as\t" + string(long) + "\n"
		s, err := oie.ReadSystem("s", []byte(sys), oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		res := benchie.Compile(g, benchie.Regular).Score(s, benchie.Options{})
		// Both are forms: "[the]" and "[x]" are optional, and the second
		// extraction's trailing space is trimmed.
		if res.Judgements[0].Verdict != benchie.Correct || res.Judgements[1].Verdict != benchie.Duplicate {
			t.Fatalf("%+v", res.Judgements)
		}
	}
	// 1 MB, then 10 MB lines.
	hostile.Proportional(t, "long lines", 2<<20/10, words, run, hostile.Bound{Floor: 1 << 20, PerByte: 32})
}

func TestManyUnclosedBrackets(t *testing.T) {
	brackets := func(n int) []byte { return []byte(strings.Repeat("[a ", n) + "b") }
	run := func(slot []byte) {
		g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\nx --> y --> "+string(slot)+"\n"), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		unclosed := strings.Count(string(slot), "[")
		if n := len(g.Warnings); n != 201 || g.Warnings[n-1].Msg != fmt.Sprintf("%d more warnings not shown", unclosed-200) {
			t.Fatalf("%d warnings, last %v; want 200 and a count of the rest", n, g.Warnings[n-1])
		}
		s := &oie.System{Extractions: oie.ExtractionsOf([]oie.Extraction{{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "b"}}})}
		if res := benchie.Compile(g, benchie.Regular).Score(s, benchie.Options{}); res.TP != 1 {
			t.Fatalf("every unclosed token is dropped, leaving \"b\": %+v", res.Counts)
		}
	}
	// 26,214 unclosed brackets, then 262,140.
	hostile.Proportional(t, "unclosed brackets", 1<<18/10, brackets, run, hostile.Bound{Floor: 1 << 20, PerByte: 160})
}

func TestFortyOptionalUnitsEndToEnd(t *testing.T) {
	slotOf := func(n int) []byte {
		var units []string
		for i := range n {
			units = append(units, "[w"+strings.Repeat("x", i%3)+"]")
		}
		return []byte("the " + strings.Join(units, " ") + " end")
	}
	score := func(slot []byte) (*benchie.Gold, map[benchie.Facet]*benchie.Result) {
		g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\n"+string(slot)+" --> is --> "+string(slot)+"\n"), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := &oie.System{Extractions: oie.ExtractionsOf([]oie.Extraction{
			{SentID: "1", Triple: oie.Triple{Subject: "the w end", Relation: "is", Object: "the wxx wx end"}},
			{SentID: "1", Triple: oie.Triple{Subject: "the end", Relation: "is", Object: "the wxx wxx wxx w end"}},
			{SentID: "1", Triple: oie.Triple{Subject: "the end", Relation: "is", Object: "the w w w w w w w w w w w w w w w w end"}},
		})}
		results := map[benchie.Facet]*benchie.Result{}
		for _, f := range benchie.Facets {
			results[f] = benchie.Compile(g, f).Score(s, benchie.Options{})
		}
		return g, results
	}
	g, results := score(slotOf(44))
	for _, f := range benchie.Facets {
		want := []benchie.Verdict{benchie.Correct, benchie.Duplicate, benchie.Incorrect}
		if f == benchie.Minimal {
			want = []benchie.Verdict{benchie.Incorrect, benchie.Incorrect, benchie.Incorrect}
		}
		for i, j := range results[f].Judgements {
			if j.Verdict != want[i] {
				t.Errorf("%s extraction %d: %v, want %v", f, i, j.Verdict, want[i])
			}
		}
	}
	if st := g.Stats(); st.Exact {
		t.Errorf("2^88 surface triples cannot be counted exactly: %+v", st)
	}
	// 44 optional units a slot, then 440: 2^880 forms are never made.
	hostile.Proportional(t, "optional units", 44, slotOf, func(slot []byte) {
		g, _ := score(slot)
		g.Stats()
	}, hostile.Bound{Floor: 1 << 20, PerByte: 64})
}

func TestIDsWithSpacesAndTabs(t *testing.T) {
	g := mustGold(t, "sent_id:doc 1/s 2\tHe left .\ndoc 1/s 2--> Cluster 1:\nHe --> left --> now\n")
	if _, ok := g.Sentence("doc 1/s 2"); !ok {
		t.Fatal("an id with spaces is an id")
	}
	s, err := oie.ReadSystem("s.jsonl", []byte(`{"sent_id": "doc 1/s 2", "subject": "He", "relation": "left", "object": "now"}`+"\n"+
		`{"sent_id": "doc\t1", "subject": "He", "relation": "left", "object": ""}`), oie.SystemOptions{Format: oie.FormatJSONL})
	if err != nil {
		t.Fatal(err)
	}
	res := benchie.Compile(g, benchie.Regular).Score(s, benchie.Options{})
	if res.TP != 1 || res.Ignored != 1 || res.UnknownIDs[0] != "doc\t1" {
		t.Fatalf("%+v, ignored %d %q", res.Counts, res.Ignored, res.UnknownIDs)
	}
}

func TestNestedBrackets(t *testing.T) {
	// "[a [b] c]": "[a" opens a unit that ends at the next token holding
	// ']' ("[b]"); "c]" then closes nothing and is dropped.
	g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\nx --> y --> [a [b] c] d\n"), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Msg, `"c]" is dropped`) {
		t.Fatalf("%v", g.Warnings)
	}
	s := &oie.System{Extractions: oie.ExtractionsOf([]oie.Extraction{
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "a b d"}},
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "d"}},
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "a b c d"}},
	})}
	res := benchie.Compile(g, benchie.Regular).Score(s, benchie.Options{})
	if res.Judgements[0].Verdict != benchie.Correct || res.Judgements[1].Verdict != benchie.Duplicate || res.Judgements[2].Verdict != benchie.Incorrect {
		t.Fatalf("%+v", res.Judgements)
	}
}

// TestUnindexedTriples: triples whose forms start or end with too many
// words to be indexed are compared with every extraction of their
// sentence. 300 of them, each slot twelve "[a]" (every subset of which the
// backtracking could try), against 3,000 extractions, repeated and
// distinct, took 80 to 140 s a facet; the matches of repeated extractions
// are kept, BenchIE-C indexes by its own keys, the slots' first and last
// words refuse most pairs before any search, and a search that runs long
// is handed to dynamic programming.
func TestUnindexedTriples(t *testing.T) {
	u := strings.TrimSpace(strings.Repeat("[a] ", 12))
	var gold strings.Builder
	gold.WriteString("sent_id:1\tS\n1--> Cluster 1:\n")
	for i := range 300 {
		fmt.Fprintf(&gold, "%s --> %s --> %s b%d\n", u, u, u, i)
	}
	g, err := benchie.ReadGold("g", []byte(gold.String()), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	six, twelve := strings.TrimSpace(strings.Repeat("a ", 6)), strings.TrimSpace(strings.Repeat("a ", 12))
	repeated := func(n int) []byte {
		return []byte(strings.Repeat(fmt.Sprintf("1\t%s\t%s\t%s a\n", six, six, twelve), n))
	}
	distinct := func(n int) []byte {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "1\t%s\t%s\t%s c%d\n", six, six, twelve, i)
		}
		fmt.Fprintf(&b, "1\t%s\t%s\tb7\n", six, six) // one correct
		return []byte(b.String())
	}
	score := func(sys []byte, want func(benchie.Facet) int) {
		s, err := oie.ReadSystem("s", sys, oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range benchie.Facets {
			res := benchie.Compile(g, f).Score(s, benchie.Options{})
			if res.Counts.TP != want(f) {
				t.Errorf("%s: TP %d, want %d", f, res.Counts.TP, want(f))
			}
		}
	}
	none := func(benchie.Facet) int { return 0 }
	oneBut := func(f benchie.Facet) int { // BenchIE-M drops the bracketed words
		if f == benchie.Minimal {
			return 0
		}
		return 1
	}
	// 300 extractions, then 3,000, each compared with the 300 triples (the
	// floor: a small run's count is low, the scorer's maps being small).
	bound := hostile.Bound{Floor: 2 << 20, PerByte: 64}
	hostile.Proportional(t, "repeated extractions", 300, repeated, func(sys []byte) { score(sys, none) }, bound)
	hostile.Proportional(t, "distinct extractions", 300, distinct, func(sys []byte) { score(sys, oneBut) }, bound)
}
