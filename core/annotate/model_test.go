package annotate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

func TestParseSlot(t *testing.T) {
	s := NewSentence("1", "He served as the first Prime Minister of Australia and of the bars of a cell window .")
	cases := []struct {
		text, words string
		raw         bool // kept as read
	}{
		{"He", "#0", false},
		{"[the] [first] Prime Minister [of Australia]", "[#3] [#4] #5 #6 [#7 #8]", false},
		// "of cell window" skips "a": the run restarts at "cell"
		{"[of cell window]", "[#13 #15 #16]", false},
		{"bars [of a cell window]", "#12 [#13 #14 #15 #16]", false},
		// a bracket inside a word: the whole word is one unit, as the reference reads it
		{"[eine]Petition", "[einePetition]", true},
		{"Oath['']", "[Oath'']", true},
		// unpaired brackets stay as placed (the reference drops those words)
		{"[the first", "[#3 #4", false},
		{"first] Minister", "#4] #6", false},
		// a '[' inside a unit is not a bracket any more
		{"[the [first Minister]", "[#3 #4 #6]", true},
		{"[a b]c d]", "[#14 bc] d]", true},
		// double spaces are an empty typed word; surrounding spaces are trimmed
		{"served  as", `#1 "" #2`, false},
		{" as", "#2", true},
		{"", "", false},
		{"   ", "", true},
		// typed words: not tokens of the sentence
		{"U.S. Senator", "U.S. Senator", false},
		{"Australia's", "Australia's", false},
	}
	for _, c := range cases {
		sl := s.ParseSlot(c.text)
		if got := describe(sl.Words); got != c.words {
			t.Errorf("ParseSlot(%q) = %s, want %s", c.text, got, c.words)
		}
		if (sl.Raw != "") != c.raw || (c.raw && sl.Raw != c.text) {
			t.Errorf("ParseSlot(%q).Raw = %q, want kept: %v", c.text, sl.Raw, c.raw)
		}
		if s.SlotText(sl) != c.text {
			t.Errorf("SlotText(ParseSlot(%q)) = %q", c.text, s.SlotText(sl))
		}
	}
}

// TestAlign checks the alignment rule of the package doc: the longest run
// wins; ties go to the first token after the previous run.
func TestAlign(t *testing.T) {
	s := NewSentence("1", "the cat saw the dog near the dog house")
	cases := []struct {
		triple oie.Triple
		want   [3]string
	}{
		{oie.Triple{Subject: "the cat", Relation: "saw", Object: "the dog"}, [3]string{"#0 #1", "#2", "#3 #4"}},
		{oie.Triple{Subject: "the dog house", Relation: "is near", Object: "the dog"}, [3]string{"#6 #7 #8", "is #5", "#6 #7"}},
		// a tie before any run: the first token
		{oie.Triple{Subject: "dog", Relation: "saw", Object: "cat"}, [3]string{"#4", "#2", "#1"}},
		// after "near" (5), "the dog" at 6 is preferred to 3
		{oie.Triple{Subject: "cat", Relation: "near", Object: "the dog"}, [3]string{"#1", "#5", "#6 #7"}},
	}
	for _, c := range cases {
		tr := s.ParseTriple(c.triple)
		for k := range 3 {
			if got := describe(tr.Slots[k].Words); got != c.want[k] {
				t.Errorf("%v %s: %s, want %s", c.triple, SlotNames[k], got, c.want[k])
			}
		}
	}
}

func TestRender(t *testing.T) {
	s := NewSentence("7", "Berlin is the German capital")
	words := []Word{Tok(2).Optional(), Typed("German"), {Token: 4, Open: true}, {Token: NoToken, Text: "city", Close: true}}
	if got, want := s.Render(words), "[the] German [capital city]"; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if got, want := CanonicalHeader("7", 2), "7--> Cluster 3:"; got != want {
		t.Errorf("CanonicalHeader = %q", got)
	}
	if got := CanonicalSentenceLine("7", ""); got != "sent_id:7" {
		t.Errorf("CanonicalSentenceLine without text = %q", got)
	}
	if got := Tokenize("  pre-tokenised  text , kept\tas is "); !reflect.DeepEqual(got, []string{"pre-tokenised", "text", ",", "kept", "as", "is"}) {
		t.Errorf("Tokenize = %q", got)
	}
}

// randomSlot makes slot text with the bracket slips the published files
// have: units, nested and unpaired brackets, brackets inside words, double
// spaces.
func randomSlot(r *rand.Rand, vocab []string) string {
	n := 1 + r.IntN(6)
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(" ")
			if r.IntN(12) == 0 {
				b.WriteString(" ")
			}
		}
		w := vocab[r.IntN(len(vocab))]
		switch r.IntN(9) {
		case 0, 1:
			w = "[" + w + "]"
		case 2:
			w = "[" + w
		case 3:
			w += "]"
		case 4:
			if r.IntN(4) == 0 {
				w = w[:len(w)/2] + "[" + w[len(w)/2:]
			}
		}
		b.WriteString(w)
	}
	return b.String()
}

// TestFormsMatchBenchIE checks that the model reads a slot as the scorer
// does: the forms listed from the model's units are exactly the slot's
// forms in benchie (every one is matched, and benchie counts as many).
func TestFormsMatchBenchIE(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"a", "b", "c", "of", "the", "x y"[:1]}
	for i := range 400 {
		slot := randomSlot(r, vocab)
		if oie.TrimSpace(slot) == "" {
			continue
		}
		gold := fmt.Sprintf("sent_id:1\ta b c\n1--> Cluster 1:\nS --> R --> %s\n", slot)
		g, err := benchie.ReadGold("g", []byte(gold), benchie.GoldOptions{})
		if err != nil {
			t.Fatalf("%q: %v", slot, err)
		}
		forms := benchie.ExpandUnits(slotUnits(slot), 1<<12)
		ok := forms != nil
		if !ok {
			t.Fatal("budget")
		}
		sys := &oie.System{}
		for _, f := range forms {
			sys.Extractions.Append(oie.Extraction{SentID: "1", Triple: oie.Triple{Subject: "S", Relation: "R", Object: f}})
		}
		res := benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
		st := g.Stats()
		// Scoring trims system slots; a form with spaces at its ends is
		// checked by count only.
		trimmed := 0
		for _, f := range forms {
			if f == oie.TrimSpace(f) {
				trimmed++
			}
		}
		if st.Extractions != len(forms) || res.FP > len(forms)-trimmed {
			t.Fatalf("case %d: slot %q: model forms %q (%d), benchie counts %d forms, %d not matched", i, slot, forms, len(forms), st.Extractions, res.FP)
		}
		// Rendering the words gives the same forms.
		s := NewSentence("1", "a b c")
		sl := s.ParseSlot(slot)
		again := benchie.ExpandUnits(slotUnits(s.Render(sl.Words)), 1<<12)
		if !reflect.DeepEqual(sortedStrings(again), sortedStrings(forms)) {
			t.Fatalf("slot %q: rendered %q has forms %q, want %q", slot, s.Render(sl.Words), again, forms)
		}
	}
}

// TestIntersect checks the product automaton against listing both sides.
func TestIntersect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vocab := []string{"a", "b", "ab", "of", "the"}
	var x intersector
	for range 2000 {
		p, q := randomSlot(r, vocab), randomSlot(r, vocab)
		if r.IntN(5) == 0 {
			q = p
		}
		fp := benchie.ExpandUnits(slotUnits(p), 1<<12)
		fq := benchie.ExpandUnits(slotUnits(q), 1<<12)
		inq := map[string]bool{}
		for _, f := range fq {
			inq[f] = true
		}
		var want []string
		for _, f := range fp {
			if inq[f] {
				want = append(want, f)
			}
		}
		got, ok := x.intersect(newNFA(slotUnits(p)), newNFA(slotUnits(q)), 1<<12)
		if !ok || !reflect.DeepEqual(sortedStrings(got), sortedStrings(want)) {
			t.Fatalf("intersect(%q, %q) = %q, want %q", p, q, got, want)
		}
		if shared, decided := x.shares(newNFA(slotUnits(p)), newNFA(slotUnits(q))); !decided || shared != (len(want) > 0) {
			t.Fatalf("shares(%q, %q) != %v", p, q, len(want) > 0)
		}
	}
	// The limit cuts the listing and says so.
	wide := strings.Repeat("[a] [b] ", 10)
	if forms, ok := x.intersect(newNFA(slotUnits(wide)), newNFA(slotUnits(wide)), 100); ok || len(forms) != 100 {
		t.Errorf("limit: %d forms, ok %v", len(forms), ok)
	}
}
