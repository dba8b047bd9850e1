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

// bruteDirection is the definition of one direction of the agreement, by
// listing every surface form: x's forms (trimmed, as the scorer trims system
// slots) scored against y's synsets; matched marks y's synsets that share a
// form with x.
func bruteDirection(t *testing.T, x, y *Document) (covered []int, matched map[[2]int]bool) {
	t.Helper()
	gy, err := y.Gold("y")
	if err != nil {
		t.Fatal(err)
	}
	sys := &oie.System{}
	matched = map[[2]int]bool{}
	forms := func(s *Sentence, tr Triple) []oie.Triple {
		var slots [3][]string
		for k, sl := range tr.Slots {
			f := benchie.ExpandUnits(slotUnits(s.SlotText(sl)), 1<<16)
			ok := f != nil
			if !ok {
				t.Fatal("brute force budget")
			}
			slots[k] = f
		}
		var out []oie.Triple
		for _, a := range slots[0] {
			for _, b := range slots[1] {
				for _, c := range slots[2] {
					out = append(out, oie.Triple{Subject: a, Relation: b, Object: c})
				}
			}
		}
		return out
	}
	for yi, sy := range y.Sentences {
		xi, ok := x.SentenceIndex(sy.ID)
		if !ok {
			continue
		}
		sx := x.Sentences[xi]
		xforms := map[oie.Triple]bool{}
		for _, syn := range sx.Synsets {
			for _, tr := range syn.Triples {
				for _, f := range forms(sx, tr) {
					f = f.Trimmed()
					if !xforms[f] {
						xforms[f] = true
						sys.Extractions.Append(oie.Extraction{SentID: sy.ID, Triple: f})
					}
				}
			}
		}
		for k, syn := range sy.Synsets {
			for _, tr := range syn.Triples {
				for _, f := range forms(sy, tr) {
					if xforms[f] {
						matched[[2]int{yi, k}] = true
					}
				}
			}
		}
	}
	res := benchie.Compile(gy, benchie.Regular).Score(sys, benchie.Options{})
	covered = make([]int, len(y.Sentences))
	for yi := range y.Sentences {
		for _, c := range res.Coverage()[yi] {
			if len(c) > 0 {
				covered[yi]++
			}
		}
	}
	return covered, matched
}

// checkAgainstBrute compares Agree with the brute-force definition.
func checkAgainstBrute(t *testing.T, name string, a, b *Document) *Agreement {
	t.Helper()
	ag, err := Agree(a, b, AgreementOptions{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !ag.Exact {
		t.Fatalf("%s: not exact", name)
	}
	for _, side := range []struct {
		x, y    *Document
		dir     Direction
		per     func(SentenceAgreement) Direction
		pos     func(SentenceAgreement) int
		only    []SynsetRef
		message string
	}{
		{a, b, ag.AB, func(s SentenceAgreement) Direction { return s.AB }, func(s SentenceAgreement) int { return s.B }, ag.OnlyB, "A against B"},
		{b, a, ag.BA, func(s SentenceAgreement) Direction { return s.BA }, func(s SentenceAgreement) int { return s.A }, ag.OnlyA, "B against A"},
	} {
		covered, matched := bruteDirection(t, side.x, side.y)
		total := 0
		for _, c := range covered {
			total += c
		}
		if side.dir.Covered != total {
			t.Errorf("%s, %s: %d synsets credited, brute force %d", name, side.message, side.dir.Covered, total)
		}
		for _, sa := range ag.Sentences {
			if p := side.pos(sa); p >= 0 && side.per(sa).Covered != covered[p] {
				t.Errorf("%s, %s, sentence %s: %d credited, brute force %d", name, side.message, sa.ID, side.per(sa).Covered, covered[p])
			}
		}
		only := map[[2]int]bool{}
		for _, r := range side.only {
			only[[2]int{r.Sentence, r.Synset}] = true
		}
		for yi, s := range side.y.Sentences {
			for k := range s.Synsets {
				if only[[2]int{yi, k}] == matched[[2]int{yi, k}] {
					t.Errorf("%s, %s: synset %d of sentence %s listed as only-one-side: %v, shares a form by brute force: %v", name, side.message, k, s.ID, only[[2]int{yi, k}], matched[[2]int{yi, k}])
				}
			}
		}
	}
	return ag
}

// randomGold writes a small gold whose slots overlap a lot: few words, many
// optional units, the bracket slips of the published files, double spaces.
func randomGold(r *rand.Rand, sentences int) string {
	vocab := []string{"a", "b", "of", "the", "ab"}
	var b strings.Builder
	for si := 1; si <= sentences; si++ {
		if si > 1 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "sent_id:%d\ta b of the ab\n", si)
		for k := 1; k <= r.IntN(4); k++ {
			fmt.Fprintf(&b, "%d--> Cluster %d:\n", si, k)
			for range 1 + r.IntN(3) {
				s, rel, o := randomSlot(r, vocab), randomSlot(r, vocab[:2]), randomSlot(r, vocab)
				if r.IntN(3) == 0 {
					s = "a"
				}
				fmt.Fprintf(&b, "%s --> %s --> %s\n", s, rel, o)
			}
		}
	}
	return b.String()
}

func TestAgreeMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 300 {
		ga, gb := randomGold(r, 3), randomGold(r, 2+r.IntN(2))
		a, _, err := ReadBenchIE("a", []byte(ga), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := ReadBenchIE("b", []byte(gb), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstBrute(t, fmt.Sprintf("case %d\n%s\n---\n%s", i, ga, gb), a, b)
	}
}

// TestAgreeBundled: the English gold against itself and against a second
// "annotator" made from it by the edits annotators differ by (triples left
// out, optional brackets not placed, synsets merged, reordered), checked
// against the brute-force definition.
func TestAgreeBundled(t *testing.T) {
	en := readGoldDoc(t, "benchie_gold_annotations_en.txt")
	self := checkAgainstBrute(t, "en/en", en, en)
	if self.AB.Covered != 1349 || self.AB.Synsets != 1350 || len(self.OnlyA)+len(self.OnlyB) != 0 {
		t.Errorf("English against itself: %+v", self.AB)
	}
	e := NewEditor(en)
	r := rand.New(rand.NewPCG(5, 6))
	for si, s := range en.Sentences {
		if len(s.Synsets) == 0 {
			continue
		}
		k := r.IntN(len(s.Synsets))
		switch r.IntN(5) {
		case 0:
			mustApply(t, e, DeleteTriple{Sentence: si, Synset: k, Index: r.IntN(len(s.Synsets[k].Triples))})
		case 1:
			tr := s.Synsets[k].Triples[0]
			sl := r.IntN(3)
			words := append([]Word(nil), tr.Slots[sl].Words...)
			for j := range words {
				words[j].Open, words[j].Close = false, false
			}
			mustApply(t, e, SetSlot{Sentence: si, Synset: k, Index: 0, Slot: sl, Words: words})
		case 2:
			if len(s.Synsets) > 1 {
				mustApply(t, e, MergeSynsets{Sentence: si, Into: 0, From: []int{len(s.Synsets) - 1}})
			}
		case 3:
			mustApply(t, e, MoveSynset{Sentence: si, Synset: k, To: 0})
		}
	}
	ag := checkAgainstBrute(t, "en/edited", readGoldDoc(t, "benchie_gold_annotations_en.txt"), e.Doc)
	if ag.IAA >= self.IAA || ag.IAA < 0.8 {
		t.Errorf("agreement with the edited gold: %v", ag.IAA)
	}
}

// TestAgreeBounded: two annotators wrote the same triple with 40 optional
// units (2^40 forms each). No form is listed; the agreement is exact.
func TestAgreeBounded(t *testing.T) {
	var units []string
	for i := range 40 {
		units = append(units, fmt.Sprintf("[w%d]", i))
	}
	gold := "sent_id:1\tx\n1--> Cluster 1:\nx --> is --> " + strings.Join(units, " ") + "\n1--> Cluster 2:\nx --> was --> y\n"
	d, _, err := ReadBenchIE("wide", []byte(gold), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ag, err := Agree(d, d, AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !ag.Exact || ag.IAA != 1 || ag.AB.Covered != 2 {
		t.Errorf("wide triple: %+v", ag)
	}
	// An earlier synset that shares forms with it forces a listing, which
	// the budget cuts: the answer is a range, and says so.
	gold2 := "sent_id:1\tx\n1--> Cluster 1:\nx --> is --> [w0] [w1]\n1--> Cluster 2:\nx --> is --> " + strings.Join(units, " ") + "\n"
	d2, _, err := ReadBenchIE("wide2", []byte(gold2), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ag, err = Agree(d2, d2, AgreementOptions{Budget: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if ag.Exact || ag.AB.Covered != 1 || ag.AB.Undecided != 1 || ag.IAAMax != 1 || ag.IAA != 0.5 {
		t.Errorf("cut listing: %+v", ag.AB)
	}
}

func TestAgreeSentences(t *testing.T) {
	a, _, _ := ReadBenchIE("a", []byte("sent_id:1\tx y\n1--> Cluster 1:\nx --> y --> z\n\nsent_id:2\tonly in A\n2--> Cluster 1:\nonly --> in --> A\n"), ReadOptions{})
	b, _, _ := ReadBenchIE("b", []byte("sent_id:3\tonly in B\n\nsent_id:1\tx y\n1--> Cluster 1:\nx --> y --> [z]\n1--> Cluster 2:\nx --> y --> w\n"), ReadOptions{})
	ag := checkAgainstBrute(t, "sentences", a, b)
	want := []SentenceAgreement{
		{ID: "3", A: -1, B: 0, Agreement: 1},
		{ID: "1", A: 0, B: 1, AB: Direction{Synsets: 2, Covered: 1, Recall: 0.5, RecallMax: 0.5}, BA: Direction{Synsets: 1, Covered: 1, Recall: 1, RecallMax: 1}, Agreement: 0.75},
		{ID: "2", A: 1, B: -1, BA: Direction{Synsets: 1}, Agreement: 0},
	}
	if !reflect.DeepEqual(ag.Sentences, want) {
		t.Errorf("sentences:\n%+v\nwant\n%+v", ag.Sentences, want)
	}
	if ag.AB.Recall != 0.5 || ag.BA.Recall != 0.5 || ag.IAA != 0.5 {
		t.Errorf("totals %+v %+v %v", ag.AB, ag.BA, ag.IAA)
	}
	if len(ag.OnlyA) != 1 || ag.OnlyA[0].SentenceID != "2" || len(ag.OnlyB) != 1 || ag.OnlyB[0] != (SynsetRef{SentenceID: "1", Sentence: 1, Synset: 1}) {
		t.Errorf("only: %+v %+v", ag.OnlyA, ag.OnlyB)
	}
}
