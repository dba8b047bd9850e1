package benchie_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestMalformedGold lists broken gold files with the exact position and
// kind of the error; strict marks the oddities lenient reading accepts.
func TestMalformedGold(t *testing.T) {
	for _, c := range []struct {
		name, in  string
		strict    bool
		line, col int
		kind      error
		msg       string
	}{
		{"duplicate id", "sent_id:1\ta\n\nsent_id:1\tb\n", false, 3, 9, oie.ErrDuplicateID, `g:3:9: sentence id "1" is repeated (first on line 1): expected unique ids`},
		{"empty id", "sent_id:\ta\n", false, 1, 9, oie.ErrEmptyField, ""},
		{"only headers", "1--> Cluster 1:\n1--> Cluster 2:\n", false, 2, 0, oie.ErrNoContent, ""},
		{"empty file", "", false, 1, 0, oie.ErrNoContent, ""},
		{"invalid utf-8", "sent_id:1\tab\xc3(\n", false, 1, 13, oie.ErrEncoding, ""},
		{"junk line (strict)", "sent_id:1\ta\n1--> Cluster 1:\na --> b --> c\n2 0 6 :\n", true, 4, 1, oie.ErrSyntax, ""},
		{"irregular header (strict)", "sent_id:78\ta\n78-->Cluster 6:\na --> b --> c\n", true, 2, 1, oie.ErrSyntax, ""},
		{"header of another sentence (strict)", "sent_id:1\ta\n2--> Cluster 1:\na --> b --> c\n", true, 2, 1, oie.ErrSyntax, ""},
		{"stray closing bracket (strict)", "sent_id:1\ta\n1--> Cluster 1:\nx --> for [as little as] $ 89] --> y\n", true, 3, 28, oie.ErrSyntax, ""},
		{"unclosed bracket (strict)", "sent_id:1\ta\n1--> Cluster 1:\nx --> y --> [the cat\n", true, 3, 13, oie.ErrSyntax, ""},
		{"empty slot (strict)", "sent_id:1\ta\n1--> Cluster 1:\nx -->  --> y\n", true, 3, 7, oie.ErrEmptyField, ""},
		{"empty synset (strict)", "sent_id:1\ta\n1--> Cluster 1:\n\nsent_id:2\tb\n", true, 2, 1, oie.ErrNoContent, ""},
		{"triple before header (strict)", "sent_id:1\ta\nx --> y --> z\n", true, 2, 1, oie.ErrSyntax, ""},
		{"no tab (strict)", "sent_id:1\n", true, 1, 10, oie.ErrFieldCount, ""},
		{"indented line keeps its column", "sent_id:1\ta\n1--> Cluster 1:\n   x --> [y --> z\n", true, 3, 10, oie.ErrSyntax, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := benchie.ReadGold("g", []byte(c.in), benchie.GoldOptions{Strict: c.strict})
			var pe *oie.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ParseError", err)
			}
			if pe.Line != c.line || pe.Column != c.col || !errors.Is(err, c.kind) {
				t.Fatalf("err = %v (line %d col %d), want line %d col %d, kind %v", err, pe.Line, pe.Column, c.line, c.col, c.kind)
			}
			if c.msg != "" && err.Error() != c.msg {
				t.Fatalf("message %q, want %q", err.Error(), c.msg)
			}
			if c.strict {
				// Lenient reading accepts the same file, with a warning.
				g, err := benchie.ReadGold("g", []byte(c.in), benchie.GoldOptions{})
				if err != nil || len(g.Warnings) == 0 {
					t.Fatalf("lenient: err %v, warnings %v", err, g)
				}
				if w := g.Warnings[0]; w.Line != c.line || w.Column != c.col {
					t.Fatalf("lenient warning at %d:%d, want %d:%d", w.Line, w.Column, c.line, c.col)
				}
			}
		})
	}
}

// TestJunkLineKeepsSynset: the ZH gold's "2 0 6 :" line is skipped and the
// triple after it stays in the current synset, as in the reference.
func TestJunkLineKeepsSynset(t *testing.T) {
	g, err := benchie.ReadGold("g", []byte("sent_id:1\ta\n1--> Cluster 1:\na --> b --> c\n2 0 6 :\nd --> e --> f\n"), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	syn := g.Sentences[0].Synsets
	if len(syn) != 1 || len(syn[0].Triples) != 2 || len(syn[0].Junk) != 1 || syn[0].Junk[0] != 4 {
		t.Fatalf("%+v", syn[0])
	}
	if st := g.Stats(); st.Extractions != 3 {
		t.Fatalf("the reference counts the junk line as an entry: %d", st.Extractions)
	}
}

func TestGoldTolerates(t *testing.T) {
	in := "\ufeffsent_id:1\tHe left .  \r\n1--> Cluster 1:\r\n  He --> left --> [now]\t\r\n\r\n\r\nsent_id:2\tNothing .\r\n"
	g, err := benchie.ReadGold("g", []byte(in), benchie.GoldOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Sentences) != 2 || g.Sentences[0].Text != "He left ." || len(g.Sentences[1].Synsets) != 0 || len(g.Warnings) != 0 {
		t.Fatalf("%+v", g)
	}
	if syn := g.Sentences[0].Synsets[0]; syn.Triple(0).Object != "[now]" || syn.Triples[0].Line != 3 {
		t.Fatalf("%+v", syn.Triples[0])
	}
	st := g.Stats()
	if st.Sentences != 2 || st.EmptySentences != 1 || st.Synsets != 1 || st.Extractions != 2 || !st.Exact {
		t.Fatalf("%+v", st)
	}
}

func TestStatsBudget(t *testing.T) {
	slot := strings.Repeat("[a] ", 30) + "b"
	g, err := benchie.ReadGold("g", []byte("sent_id:1\tx\n1--> Cluster 1:\nx --> y --> "+slot+"\n"), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st := g.Stats(); st.Exact {
		t.Fatalf("2^30 forms must be reported as a lower bound: %+v", st)
	}
}

func FuzzReadGold(f *testing.F) {
	f.Add([]byte("sent_id:1\tHe served .\n1--> Cluster 1:\nHe --> served --> [as] [the first PM]\n\nsent_id:2\tx\n"))
	f.Add([]byte("sent_id:1\ta\n78-->Cluster 6:\n2 0 6 :\nx --> [y --> z]\n"))
	f.Add([]byte("1--> Cluster 1:\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		for _, strict := range []bool{false, true} {
			g, err := benchie.ReadGold("f", data, benchie.GoldOptions{Strict: strict})
			// The page's way (its bytes shared, paused now and then) must read
			// exactly the same.
			shared, serr := benchie.ReadGold("f", data, benchie.GoldOptions{Strict: strict, Shared: true, Pause: func() {}})
			if fmt.Sprint(err) != fmt.Sprint(serr) || (err == nil && goldText(g) != goldText(shared)) {
				t.Fatalf("shared reading differs: %v / %v", err, serr)
			}
			// So must reading in parts, cut at sentence lines (natively, a
			// large gold's way).
			parted, perr := benchie.ReadGoldInParts("f", data, benchie.GoldOptions{Strict: strict}, 4)
			if fmt.Sprint(err) != fmt.Sprint(perr) || (err == nil && goldText(g) != goldText(parted)) {
				t.Fatalf("reading in parts differs: %v / %v", err, perr)
			}
			if err != nil {
				var pe *oie.ParseError
				if !errors.As(err, &pe) || pe.Line < 1 {
					t.Fatalf("error without a position: %v", err)
				}
				continue
			}
			if strict && len(g.Warnings) > 0 {
				t.Fatalf("strict reading left warnings: %v", g.Warnings)
			}
			// Whatever loads must compile and score without panicking.
			sys := &oie.System{}
			for _, s := range g.Sentences {
				for _, syn := range s.Synsets {
					for i := range syn.Triples {
						sys.Extractions.Append(oie.Extraction{SentID: s.ID, Triple: syn.Triple(i)})
					}
				}
			}
			for _, facet := range benchie.Facets {
				r := benchie.Compile(g, facet).Score(sys, benchie.Options{ReferenceCompat: true})
				if pr := benchie.Compile(parted, facet).Score(sys, benchie.Options{ReferenceCompat: true}); !benchie.SameScores(r, pr) {
					t.Fatalf("%s: the gold read in parts scores %+v, in one go %+v", facet, pr.Counts, r.Counts)
				}
			}
			g.Stats()
		}
	})
}

// goldText lists everything a gold holds, for comparing two readings.
func goldText(g *benchie.Gold) string {
	var b strings.Builder
	for _, s := range g.Sentences {
		fmt.Fprintf(&b, "%q %q\n", s.ID, s.Text)
		for _, syn := range s.Synsets {
			fmt.Fprintf(&b, " %q %d %v\n", syn.Label, syn.Line, syn.Junk)
			for i, tr := range syn.Triples {
				fmt.Fprintf(&b, "  %d %q\n", tr.Line, syn.Triple(i).Slots())
			}
		}
	}
	for _, w := range g.Warnings {
		fmt.Fprintln(&b, w)
	}
	st := g.Stats()
	fmt.Fprintf(&b, "%+v\n", st)
	return b.String()
}
