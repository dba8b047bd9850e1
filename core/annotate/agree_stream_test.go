package annotate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/benchie"
)

// edgeGold writes a random gold of the classes the agreement must read
// alike whole and sentence by sentence: sentences drawn from ids that the
// other gold may share, lack or word differently; synsets without triples;
// a triple written twice; Unicode words (accents, CJK, combining marks, a
// zero-width space, full-width letters); the bracket slips and double
// spaces of randomSlot.
func edgeGold(r *rand.Rand, ids []string) string {
	vocab := []string{"a", "b", "of", "é", "日本", "e\u0301", "ｗ", "x\u200by", "ab"}
	var b strings.Builder
	for si, id := range ids {
		if si > 0 {
			b.WriteString("\n")
		}
		text := "a b of é 日本 ab"
		if r.IntN(5) == 0 {
			text = "ｗ e\u0301 x\u200by"
		}
		fmt.Fprintf(&b, "sent_id:%s\t%s\n", id, text)
		for k := 1; k <= r.IntN(4); k++ {
			fmt.Fprintf(&b, "%s--> Cluster %d:\n", id, k)
			if r.IntN(6) == 0 {
				continue // a synset without triples
			}
			for range 1 + r.IntN(3) {
				s, rel, o := utf8Slot(r, vocab), utf8Slot(r, vocab[:3]), utf8Slot(r, vocab)
				if r.IntN(3) == 0 {
					s = "a"
				}
				line := fmt.Sprintf("%s --> %s --> %s\n", s, rel, o)
				b.WriteString(line)
				if r.IntN(6) == 0 {
					b.WriteString(line) // the same triple twice
				}
			}
		}
	}
	return b.String()
}

// utf8Slot is randomSlot of valid UTF-8 (a bracket it slips into a word
// may split a character, which no reader accepts).
func utf8Slot(r *rand.Rand, vocab []string) string {
	for {
		if s := randomSlot(r, vocab); utf8.ValidString(s) {
			return s
		}
	}
}

// edgeIDs picks the sentence ids of two golds: shared, one-sided or
// disjoint, in orders of their own.
func edgeIDs(r *rand.Rand) (a, b []string) {
	switch r.IntN(4) {
	case 0: // disjoint
		for i := range 1 + r.IntN(3) {
			a = append(a, fmt.Sprint("a", i))
		}
		for i := range 1 + r.IntN(3) {
			b = append(b, fmt.Sprint("b", i))
		}
	default: // from one pool: shared and one-sided
		for i := range 5 {
			id := fmt.Sprint(i + 1)
			if r.IntN(4) != 0 {
				a = append(a, id)
			}
			if r.IntN(4) != 0 {
				b = append(b, id)
			}
		}
		r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	}
	return a, b
}

// setGroupBytes sets groupBytes for the rest of the test.
func setGroupBytes(t *testing.T, n int) {
	prev := groupBytes
	groupBytes = n
	t.Cleanup(func() { groupBytes = prev })
}

// poolDraws records what each direction draws from its pool.
func poolDraws(t *testing.T) *[]int {
	var draws []int
	prev := poolUsed
	poolUsed = func(n int) { draws = append(draws, n) }
	t.Cleanup(func() { poolUsed = prev })
	return &draws
}

// TestAgreeMatchesWhole: the agreement sentence by sentence (Agree on the
// models, AgreeGolds on the golds as the scorer reads them) gives what the
// agreement on whole golds gave (agree_whole_test.go), result for result,
// error for error and pool draw for pool draw, on every facet, with the
// default budget and with budgets small enough to cut, on random golds of
// every edge class.
func TestAgreeMatchesWhole(t *testing.T) {
	draws := poolDraws(t)
	r := rand.New(rand.NewPCG(30, 4))
	var errs, cut, total int
	for i := range 600 {
		ia, ib := edgeIDs(r)
		ta, tb := edgeGold(r, ia), edgeGold(r, ib)
		opt := AgreementOptions{Facet: []benchie.Facet{benchie.Regular, benchie.Minimal, benchie.Concat}[i%3]}
		if r.IntN(3) == 0 {
			opt.Budget = 1 + r.IntN(12)
		}
		// groups of one sentence, of a few, of all
		group := []int{1, 60, groupBytes}[r.IntN(3)]
		setGroupBytes(t, group)
		name := fmt.Sprintf("case %d, %+v, groups of %d B\n%s\n---\n%s", i, opt, group, ta, tb)
		ga, erra := benchie.ReadGold("a", []byte(ta), benchie.GoldOptions{})
		gb, errb := benchie.ReadGold("b", []byte(tb), benchie.GoldOptions{})
		if erra != nil || errb != nil {
			t.Fatalf("%s: %v %v", name, erra, errb)
		}
		// the models as the command line made them before (a gold written
		// and read back whole) and as the page holds them
		da, db := wholeModel(t, ga), wholeModel(t, gb)
		*draws = nil
		want, werr := wholeAgree(da, db, opt)
		wantDraws := *draws
		for _, c := range []struct {
			how string
			run func() (*Agreement, error)
		}{
			{"Agree", func() (*Agreement, error) { return Agree(da, db, opt) }},
			{"AgreeGolds", func() (*Agreement, error) { return AgreeGolds(ga, gb, opt) }},
		} {
			*draws = nil
			got, err := c.run()
			if (err != nil) != (werr != nil) {
				t.Fatalf("%s, %s: error %v, whole %v", name, c.how, err, werr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, %s:\n%+v\nwhole:\n%+v", name, c.how, got, want)
			}
			if !reflect.DeepEqual(*draws, wantDraws) {
				t.Fatalf("%s, %s: pool draws %v, whole %v", name, c.how, *draws, wantDraws)
			}
		}
		total++
		if werr != nil {
			errs++
		} else if !want.Exact {
			cut++
		}
	}
	// the cases reach the classes they are for
	t.Logf("%d cases: %d cut by a budget, %d errors", total, cut, errs)
	if cut == 0 || errs > total/10 {
		t.Errorf("%d cases: %d cut by a budget, %d errors", total, cut, errs)
	}
}

// wholeModel is the studio's model of a whole gold, as the command line
// made it before the agreement went sentence by sentence.
func wholeModel(t *testing.T, g *benchie.Gold) *Document {
	t.Helper()
	var buf bytes.Buffer
	if err := benchie.WriteGold(&buf, g); err != nil {
		t.Fatal(err)
	}
	d, _, err := ReadBenchIE(g.Path, buf.Bytes(), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestAgreeGoldsBundled: the English gold against itself and against the
// edited copy of TestAgreeBundled's kind, sentence by sentence and whole.
func TestAgreeGoldsBundled(t *testing.T) {
	draws := poolDraws(t)
	setGroupBytes(t, 4096) // groups of a few sentences
	en := readGoldDoc(t, "benchie_gold_annotations_en.txt")
	e := NewEditor(readGoldDoc(t, "benchie_gold_annotations_en.txt"))
	r := rand.New(rand.NewPCG(7, 8))
	for si, s := range e.Doc.Sentences {
		if len(s.Synsets) > 0 && r.IntN(2) == 0 {
			mustApply(t, e, DeleteTriple{Sentence: si, Synset: 0, Index: 0})
		}
	}
	for _, pair := range [][2]*Document{{en, e.Doc}} {
		ga, err := pair[0].Gold("a")
		if err != nil {
			t.Fatal(err)
		}
		gb, err := pair[1].Gold("b")
		if err != nil {
			t.Fatal(err)
		}
		for _, facet := range []benchie.Facet{benchie.Regular, benchie.Concat} {
			opt := AgreementOptions{Facet: facet}
			*draws = nil
			want, err := wholeAgree(wholeModel(t, ga), wholeModel(t, gb), opt)
			if err != nil {
				t.Fatal(err)
			}
			wantDraws := *draws
			*draws = nil
			got, err := AgreeGolds(ga, gb, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(*draws, wantDraws) {
				t.Errorf("%s: IAA %v (pool %v), whole %v (pool %v)", facet, got.IAA, *draws, want.IAA, wantDraws)
			}
		}
	}
}

// A document with a repeated sentence id is refused, as the scorer refuses
// the gold it would be written as.
func TestAgreeRepeatedID(t *testing.T) {
	d, _, err := ReadBenchIE("a", []byte("sent_id:1\tx\n1--> Cluster 1:\nx --> y --> z\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	twice := &Document{Sentences: []*Sentence{d.Sentences[0], d.Sentences[0]}}
	if _, err := wholeAgree(d, twice, AgreementOptions{}); err == nil {
		t.Fatal("whole: a repeated id agreed")
	}
	_, err = Agree(d, twice, AgreementOptions{})
	if err == nil || !strings.Contains(err.Error(), `gold B: sentence id "1" is repeated (sentences 1 and 2)`) {
		t.Errorf("repeated id: %v", err)
	}
}
