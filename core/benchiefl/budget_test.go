package benchiefl

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/internal/hostile"
)

// formsGold is a gold of n sentences, each of 4 synsets of one triple with
// 8 optional words (256 forms a triple, 1,024 a sentence), sharing subject
// and relation (the XY pairs' worst case), and a system of one extraction
// a synset.
func formsGold(n int) (gold, sys []byte) {
	var g, s strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			g.WriteString("\n")
		}
		fmt.Fprintf(&g, "sent_id:%d\tBob likes tea %d .\n", i, i)
		for c := 1; c <= 4; c++ {
			fmt.Fprintf(&g, "%d--> Cluster %d:\n[the] [old] Bob --> [really] likes --> [hot] [green] tea%dx%d [from] [the] [hills]\n", i, c, i, c)
			fmt.Fprintf(&s, "%d\tBob\tlikes\thot tea%dx%d\n", i, i, c)
		}
	}
	return []byte(g.String()), []byte(s.String())
}

// TestBudgetCost: compiling and scoring cost memory in proportion to the
// gold's surface forms (which the budget bounds), not more; a gold past
// the budget is refused for the price of reading it.
func TestBudgetCost(t *testing.T) {
	run := func(b Budget) func([]byte) {
		return func(gold []byte) {
			g, err := ReadGold("gold", gold, GoldOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.CheckForms(b); err != nil {
				return
			}
			_, sysData := formsGold(len(g.Entries))
			sys, err := oie.ReadSystem("sys", sysData, oie.SystemOptions{Format: oie.FormatTSV})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.CheckSystem(sys, b, nil); err != nil {
				t.Fatal(err)
			}
			if res := g.Score(sys, Options{}); res.Reference.Matched != sys.Extractions.Len() {
				t.Fatalf("matched %d of %d", res.Reference.Matched, sys.Extractions.Len())
			}
		}
	}
	gen := func(n int) []byte { g, _ := formsGold(n); return g }
	// 1,024 forms a sentence, each allowed 2 KB (the budget's documented
	// 1 KB, with room), about 250 bytes of gold a sentence.
	hostile.Proportional(t, "compile", 8, gen, run(Budget{}), hostile.Bound{Floor: 8 << 20, PerByte: 2048 * 1024 / 250})
	// Past the budget: refused before any form is made.
	hostile.Proportional(t, "refused", 8, gen, run(Budget{Forms: 1024}), hostile.Bound{Floor: 1 << 20, PerByte: 16})
}

// TestBudgetRefusal names the bound and how to raise it, for the gold and
// for a system file, and lets what fits through.
func TestBudgetRefusal(t *testing.T) {
	gold, sysData := formsGold(3)
	g, err := ReadGold("gold.txt", gold, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sys, err := oie.ReadSystem("sys.txt", sysData, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if f := g.Forms(); len(f) != 3 || f[0] != 1024 {
		t.Fatalf("forms %v, want 1024 a sentence", f)
	}
	n := g.Comparisons(sys, nil)
	half, err := oie.ReadSystem("half.txt", sysData[:len(sysData)/2], oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if n <= 12*perExtraction || 2*g.Comparisons(half, nil) != n {
		t.Fatalf("comparisons %d for 12 extractions, %d for 6: want more than %d, and half", n, g.Comparisons(half, nil), 12*perExtraction)
	}
	b := Budget{Forms: 3072, Comparisons: n, Raise: "raise it with --x"}
	if g.CheckForms(b) != nil || g.CheckSystem(sys, b, nil) != nil {
		t.Fatal("refused at the budget")
	}
	b.Forms--
	if err := g.CheckForms(b); err == nil || !strings.Contains(err.Error(), "gold.txt: BenchIE^FL would expand this gold to 3072 surface forms") || !strings.HasSuffix(err.Error(), "past the budget of 3071 (about 1 KB of memory each while compiling): raise it with --x") {
		t.Errorf("forms: %v", err)
	}
	b.Comparisons--
	if err := g.CheckSystem(sys, b, nil); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("sys.txt: BenchIE^FL would compare its extractions %d times with gold values", n)) ||
		!strings.HasSuffix(err.Error(), fmt.Sprintf("past the budget of %d: raise it with --x", n-1)) {
		t.Errorf("comparisons: %v", err)
	}
	// Both bundled golds fit the Worker's budget... the FL gold does.
	if ServerBudget.Forms < 115562 || DefaultBudget.Forms < 254179 {
		t.Errorf("the budgets refuse the bundled golds: %+v %+v", ServerBudget, DefaultBudget)
	}
}

// TestBudgetWhileReading: the forms budget checked while reading refuses
// exactly the golds CheckForms refuses, with its message and count (copies,
// broken triples and triples before a header included), keeps what it
// accepts as read without it, and leaves a strict reader's errors first.
func TestBudgetWhileReading(t *testing.T) {
	quirks := "sent_id:1\tA.\nX --> y --> [z]\n1--> Cluster 1:\nA --> [b] --> c\nA --> b\nA --> [b --> c\n\n\nsent_id:2\tB.\n2--> Cluster 1:\nD --> [e] [f] --> g\n\nsent_id:3\tC.\n"
	many, _ := formsGold(5)
	fl, err := dataset.ReadData("benchie_fl/benchie-annotated(50).txt")
	if err != nil {
		t.Fatal(err)
	}
	golds := map[string]string{"quirks": quirks, "forms": string(many), "fl": string(fl)}
	for name, gold := range golds {
		whole, err := ReadGold("gold.txt", []byte(gold), GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range whole.Forms() {
			total += n
		}
		for _, forms := range []int{0, 1, total / 2, total - 1, total, total + 1} {
			b := Budget{Forms: forms, Raise: "raise it"}
			g, err := ReadGold("gold.txt", []byte(gold), GoldOptions{Budget: &b})
			want := whole.CheckForms(b)
			switch {
			case want != nil && (err == nil || err.Error() != want.Error()):
				t.Errorf("%s, budget %d: %v, want %v", name, forms, err, want)
			case want == nil && (err != nil || !reflect.DeepEqual(g.Entries, whole.Entries)):
				t.Errorf("%s, budget %d of %d: %v, or other entries", name, forms, total, err)
			}
		}
	}
	strict := string(many) + "\nsent_id:9\tS.\n9--> Cluster 1:\nA --> b\n"
	b := Budget{Forms: 1}
	_, want := ReadGold("gold.txt", []byte(strict), GoldOptions{Strict: true})
	if _, err := ReadGold("gold.txt", []byte(strict), GoldOptions{Strict: true, Budget: &b}); err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "found 2 slot(s)") {
		t.Errorf("strict past the budget: %v, want the broken triple's error %v", err, want)
	}
}
