package benchie_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// Hostile inputs: each must load or fail cleanly, never crash or hang.
// The time guards are not performance assertions (benchmarks measure
// speed); they catch exponential or quadratic behaviour, which would take
// hours here.

func guard(t *testing.T, start time.Time) {
	t.Helper()
	if d := time.Since(start); d > hostile.Slowdown*10*time.Second {
		t.Fatalf("took %v: super-linear behaviour", d)
	}
}

func TestTenMegabyteLines(t *testing.T) {
	start := time.Now()
	long := strings.Repeat("word ", 2<<20) // 10 MB
	gold := "sent_id:1\t" + long + "\n1--> Cluster 1:\nHe --> served as --> [the] " + long + "[x]\n"
	g, err := benchie.ReadGold("g", []byte(gold), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sys := "1\tHe\tserved as\tthe " + long + "x\n1\tHe\tserved as\t" + long + "\n"
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
	guard(t, start)
}

func TestManyUnclosedBrackets(t *testing.T) {
	start := time.Now()
	slot := strings.Repeat("[a ", 1<<18) + "b"
	g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\nx --> y --> "+slot+"\n"), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Warnings); n != 201 || g.Warnings[n-1].Msg != "261944 more warnings not shown" {
		t.Fatalf("%d warnings, last %v; want 200 and a count of the rest", n, g.Warnings[n-1])
	}
	s := &oie.System{Extractions: []oie.Extraction{{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "b"}}}}
	if res := benchie.Compile(g, benchie.Regular).Score(s, benchie.Options{}); res.TP != 1 {
		t.Fatalf("every unclosed token is dropped, leaving \"b\": %+v", res.Counts)
	}
	guard(t, start)
}

func TestFortyOptionalUnitsEndToEnd(t *testing.T) {
	start := time.Now()
	var units []string
	for i := 0; i < 44; i++ {
		units = append(units, "[w"+strings.Repeat("x", i%3)+"]")
	}
	slot := "the " + strings.Join(units, " ") + " end"
	g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\n"+slot+" --> is --> "+slot+"\n"), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := &oie.System{Extractions: []oie.Extraction{
		{SentID: "1", Triple: oie.Triple{Subject: "the w end", Relation: "is", Object: "the wxx wx end"}},
		{SentID: "1", Triple: oie.Triple{Subject: "the end", Relation: "is", Object: "the wxx wxx wxx w end"}},
		{SentID: "1", Triple: oie.Triple{Subject: "the end", Relation: "is", Object: "the w w w w w w w w w w w w w w w w end"}},
	}}
	for _, f := range benchie.Facets {
		res := benchie.Compile(g, f).Score(s, benchie.Options{})
		want := []benchie.Verdict{benchie.Correct, benchie.Duplicate, benchie.Incorrect}
		if f == benchie.Minimal {
			want = []benchie.Verdict{benchie.Incorrect, benchie.Incorrect, benchie.Incorrect}
		}
		for i, j := range res.Judgements {
			if j.Verdict != want[i] {
				t.Errorf("%s extraction %d: %v, want %v", f, i, j.Verdict, want[i])
			}
		}
	}
	if st := g.Stats(); st.Exact {
		t.Errorf("2^88 surface triples cannot be counted exactly: %+v", st)
	}
	guard(t, start)
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
	s := &oie.System{Extractions: []oie.Extraction{
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "a b d"}},
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "d"}},
		{SentID: "1", Triple: oie.Triple{Subject: "x", Relation: "y", Object: "a b c d"}},
	}}
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
	start := time.Now()
	u := strings.TrimSpace(strings.Repeat("[a] ", 12))
	var gold, repeated, distinct strings.Builder
	gold.WriteString("sent_id:1\tS\n1--> Cluster 1:\n")
	for i := range 300 {
		fmt.Fprintf(&gold, "%s --> %s --> %s b%d\n", u, u, u, i)
	}
	six, twelve := strings.TrimSpace(strings.Repeat("a ", 6)), strings.TrimSpace(strings.Repeat("a ", 12))
	for i := range 3000 {
		fmt.Fprintf(&repeated, "1\t%s\t%s\t%s a\n", six, six, twelve)
		fmt.Fprintf(&distinct, "1\t%s\t%s\t%s c%d\n", six, six, twelve, i)
	}
	fmt.Fprintf(&distinct, "1\t%s\t%s\tb7\n", six, six) // one correct
	g, err := benchie.ReadGold("g", []byte(gold.String()), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range []string{repeated.String(), distinct.String()} {
		s, err := oie.ReadSystem("s", []byte(sys), oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range benchie.Facets {
			res := benchie.Compile(g, f).Score(s, benchie.Options{})
			want := 0
			if sys == distinct.String() && f != benchie.Minimal {
				want = 1
			}
			if res.Counts.TP != want {
				t.Errorf("%s: TP %d, want %d", f, res.Counts.TP, want)
			}
		}
	}
	guard(t, start)
}
