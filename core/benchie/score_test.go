package benchie_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

const smallGold = "sent_id:1\tHe served as the first Prime Minister of Australia .\n" +
	"1--> Cluster 1:\n" +
	"He --> served as --> [the] [first] Prime Minister [of Australia]\n" +
	"He --> served --> as [the] [first] Prime Minister [of Australia]\n" +
	"1--> Cluster 2:\n" +
	"He --> served as [the] [first] Prime Minister of --> Australia\n" +
	"\n" +
	"sent_id:2\tGraner handcuffed him .\n" +
	"2--> Cluster 1:\n" +
	"Graner --> handcuffed --> him\n"

func mustGold(t *testing.T, text string) *benchie.Gold {
	t.Helper()
	g, err := benchie.ReadGold("gold.txt", []byte(text), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustSystem(t *testing.T, text string) *oie.System {
	t.Helper()
	s, err := oie.ReadSystem("sys.tsv", []byte(text), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerdictsAndCounts(t *testing.T) {
	g := mustGold(t, smallGold)
	sys := mustSystem(t, strings.Join([]string{
		"1\tHe\tserved as\tPrime Minister",                        // correct, synset 1
		"1\tHe\tserved\tas the Prime Minister of Australia",       // duplicate of synset 1
		"1\tHe\tserved as the first Prime Minister of\tAustralia", // correct, synset 2
		"1\tHe\tserved as\tthe Minister",                          // incorrect
		"2\tGraner\thandcuffed\thim",                              // correct
		"9\tX\ty\tz",                                              // ignored
	}, "\n"))
	res := benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
	want := []struct {
		v              benchie.Verdict
		synset, triple int
	}{{benchie.Correct, 0, 0}, {benchie.Duplicate, 0, 1}, {benchie.Correct, 1, 0}, {benchie.Incorrect, -1, -1}, {benchie.Correct, 0, 0}, {benchie.Ignored, -1, -1}}
	for i, w := range want {
		j := res.Judgements[i]
		if j.Verdict != w.v || j.Synset != w.synset || j.Triple != w.triple {
			t.Errorf("extraction %d: %v synset %d triple %d, want %v synset %d triple %d", i, j.Verdict, j.Synset, j.Triple, w.v, w.synset, w.triple)
		}
	}
	if res.TP != 3 || res.FP != 1 || res.FN != 0 || res.Ignored != 1 {
		t.Fatalf("TP %d FP %d FN %d ignored %d, want 3 1 0 1", res.TP, res.FP, res.FN, res.Ignored)
	}
	if res.Precision != 0.75 || res.Recall != 1 || math.Abs(res.F1-6.0/7) > 1e-15 {
		t.Fatalf("P %v R %v F1 %v", res.Precision, res.Recall, res.F1)
	}
	if got := res.Coverage()[0][0]; len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("coverage of sentence 1 synset 1 = %v, want [0 1]", got)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "1 extraction(s) name sentences not in the gold") {
		t.Errorf("warnings %v", res.Warnings)
	}
	if res.ModesDisagree {
		t.Error("modes disagree on a file without stray spaces")
	}
}

func TestClosest(t *testing.T) {
	g := mustGold(t, smallGold)
	c := benchie.Compile(g, benchie.Regular)
	got := c.Closest(0, oie.Triple{Subject: "He", Relation: "served as", Object: "the Minister"})
	// Both triples with "served as" agree in two slots? No: only cluster 1
	// triple 1 has relation "served as"; the others agree on the subject only.
	if len(got) != 1 || got[0].Synset != 0 || got[0].Triple != 0 || got[0].Slots != [3]bool{true, true, false} {
		t.Fatalf("closest = %+v", got)
	}
	got = c.Closest(0, oie.Triple{Subject: "She", Relation: "left", Object: "x"})
	if len(got) != 3 {
		t.Fatalf("with no slot in common every triple is closest, got %+v", got)
	}
}

func TestEmptyScores(t *testing.T) {
	g := mustGold(t, smallGold)
	res := benchie.Compile(g, benchie.Concat).Score(&oie.System{}, benchie.Options{})
	if res.Precision != 0 || res.Recall != 0 || res.F1 != 0 || res.FN != 3 {
		t.Fatalf("empty system: %+v", res.Counts)
	}
	sys := mustSystem(t, "7\ta\tb\tc\n8\ta\tb\tc\n")
	res = benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
	if len(res.Warnings) != 2 || !strings.Contains(res.Warnings[1].Msg, "is this the system file for this gold") {
		t.Fatalf("a file matching no gold sentence must be called out: %v", res.Warnings)
	}
}

// TestReferenceCompat: a slot with a stray space is correct under both modes,
// but the script credits the last synset of the sentence.
func TestReferenceCompat(t *testing.T) {
	g := mustGold(t, smallGold)
	sys := mustSystem(t, "1\tHe \tserved as\tthe Prime Minister\n1\tHe\tserved as the first Prime Minister of\tAustralia\n")
	c := benchie.Compile(g, benchie.Regular)
	paper := c.Score(sys, benchie.Options{})
	script := c.Score(sys, benchie.Options{ReferenceCompat: true})
	if paper.TP != 2 || script.TP != 1 {
		t.Fatalf("paper TP %d, script TP %d; want 2 and 1", paper.TP, script.TP)
	}
	if !paper.ModesDisagree || !script.ModesDisagree || paper.Other != script.Counts || script.Other != paper.Counts {
		t.Fatal("each result must carry the other mode's counts and say they disagree")
	}
	if j := script.Judgements[0]; j.Verdict != benchie.Correct || j.Synset != 1 {
		t.Fatalf("script credits %+v, want synset 2 (the last of the sentence)", j)
	}
	if j := script.Judgements[1]; j.Verdict != benchie.Duplicate || j.Synset != 1 {
		t.Fatalf("%+v", j)
	}
	if paper.CreditsDiffer != 1 || script.CreditsDiffer != 1 {
		t.Fatalf("credits differ: %d, %d", paper.CreditsDiffer, script.CreditsDiffer)
	}
	// Concat: the joined string is built without trimming for the lookup.
	cc := benchie.Compile(g, benchie.Concat)
	sys2 := mustSystem(t, "1\tHe\tserved as \tPrime Minister\n")
	if p, s := cc.Score(sys2, benchie.Options{}), cc.Score(sys2, benchie.Options{ReferenceCompat: true}); p.Judgements[0].Synset != 0 || s.Judgements[0].Synset != 1 {
		t.Fatalf("concat credits: paper %+v, script %+v", p.Judgements[0], s.Judgements[0])
	}
}

// TestReferenceCompatZH: the bundled m2oie_zh file has slots with stray
// spaces. One correct extraction (line 323: "他   " / "希 望   " / ...) is
// credited by the script to the sentence's last synset instead of the
// matching one; that synset is covered anyway, so the totals agree and both
// modes give the published number. The result must still say so.
func TestReferenceCompatZH(t *testing.T) {
	exp := loadExpected(t)
	gold := readGold(t, exp.Gold["zh"])
	sys := readSystem(t, exp.ZH["m2oie_zh"].File)
	c := benchie.Compile(gold, benchie.Regular)
	script := c.Score(sys, benchie.Options{ReferenceCompat: true})
	paper := c.Score(sys, benchie.Options{})
	checkPRF(t, "zh script", script.Counts, exp.ZH["m2oie_zh"].Regular)
	checkPRF(t, "zh paper", paper.Counts, exp.ZH["m2oie_zh"].Regular)
	if paper.ModesDisagree || paper.CreditsDiffer != 1 || script.CreditsDiffer != 1 {
		t.Fatalf("disagree %v, credits differ %d/%d; want false, 1/1", paper.ModesDisagree, paper.CreditsDiffer, script.CreditsDiffer)
	}
	for i, e := range sys.Extractions.All() {
		p, s := paper.Judgements[i], script.Judgements[i]
		if (p.Synset != s.Synset) != (e.Line == 323) {
			t.Errorf("line %d: paper credits synset %d, script %d", e.Line, p.Synset, s.Synset)
		}
	}
	if len(paper.Warnings) != 1 || !strings.Contains(paper.Warnings[0].Msg, "credits 1 extraction(s) with stray spaces to another synset") {
		t.Errorf("warnings: %v", paper.Warnings)
	}
}

func TestMinimalFacet(t *testing.T) {
	g := mustGold(t, smallGold)
	c := benchie.Compile(g, benchie.Minimal)
	sys := mustSystem(t, "1\tHe\tserved as\tPrime Minister\n1\tHe\tserved as\tthe Prime Minister\n")
	res := c.Score(sys, benchie.Options{})
	if res.Judgements[0].Verdict != benchie.Correct || res.Judgements[1].Verdict != benchie.Incorrect {
		t.Fatalf("minimal: only the stripped form scores: %+v", res.Judgements)
	}
}

func TestConcatFacet(t *testing.T) {
	g := mustGold(t, smallGold)
	c := benchie.Compile(g, benchie.Concat)
	// Slot borders do not matter in BenchIE-C.
	sys := mustSystem(t, "1\tHe served\tas the\tPrime Minister\n2\tGraner handcuffed\thim\t\n")
	res := c.Score(sys, benchie.Options{})
	if res.Judgements[0].Verdict != benchie.Correct || res.Judgements[0].Synset != 0 {
		t.Fatalf("%+v", res.Judgements[0])
	}
	if res.Judgements[1].Verdict != benchie.Incorrect {
		t.Fatalf("an empty object leaves a trailing space in the joined string: %+v", res.Judgements[1])
	}
}

func TestNaryFolding(t *testing.T) {
	g := mustGold(t, smallGold)
	sys, err := oie.ReadSystem("s.tsv", []byte("1\tHe\tserved as\tthe first\tPrime Minister\n"), oie.SystemOptions{Format: oie.FormatTSV, Confidence: oie.ConfidenceNone})
	if err != nil {
		t.Fatal(err)
	}
	res := benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
	if res.Judgements[0].Verdict != benchie.Correct {
		t.Fatalf("n-ary arguments are folded into the object: %+v", res.Judgements[0])
	}
}

func TestDuplicateIDIsAnError(t *testing.T) {
	_, err := benchie.ReadGold("g.txt", []byte("sent_id:1\ta\nsent_id:1\tb\n"), benchie.GoldOptions{})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, oie.ErrDuplicateID) || pe.Line != 2 || pe.Column != 9 {
		t.Fatalf("err = %v", err)
	}
}

// TestScoreFindsSentences: extractions in the gold's order, out of it,
// repeated, on unknown ids and on a subset all land on their sentence (the
// next sentence is tried before the index).
func TestScoreFindsSentences(t *testing.T) {
	var gold, sys strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&gold, "sent_id:%d\tS%d .\n%d--> Cluster 1:\nx%d --> r --> o\n", i, i, i, i)
	}
	g := mustGold(t, gold.String())
	ids := []string{"1", "2", "2", "3", "9", "4", "6", "5", "6", "1", "x", "2", "3", "4", "5", "6"}
	for _, id := range ids {
		fmt.Fprintf(&sys, "%s\tx%s\tr\to\n", id, id)
	}
	s := mustSystem(t, sys.String())
	sub, err := g.Subset([]int{1, 2, 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, gg := range []*benchie.Gold{g, sub} {
		for _, f := range benchie.Facets {
			r := benchie.Compile(gg, f).Score(s, benchie.Options{})
			for i, id := range ids {
				want, ok := gg.SentenceIndex(id)
				if got := r.Judgements[i]; (ok && (got.Sentence != want || got.Verdict == benchie.Incorrect)) || (!ok && got.Verdict != benchie.Ignored) {
					t.Errorf("%s, subset %v: extraction %d on %q: %+v, want sentence %d (%v)", f, gg.IsSubset(), i, id, got, want, ok)
				}
			}
		}
	}
}

// TestCoverageAgreesWithVerdicts: the coverage, made from the judgements
// when first asked for, lists under each synset exactly the extractions
// judged Correct or Duplicate for it, the Correct one first, and as many
// synsets as true positives; SentenceCounts are its lengths; on the nine
// English systems, every facet, in both modes.
func TestCoverageAgreesWithVerdicts(t *testing.T) {
	exp := loadExpected(t)
	data, err := dataset.ReadFile(exp.Gold["en"])
	if err != nil {
		t.Fatal(err)
	}
	g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tps := 0
	for _, es := range exp.EN {
		sys := readSystem(t, es.File)
		for _, f := range benchie.Facets {
			for _, compat := range []bool{false, true} {
				res := benchie.Compile(g, f).Score(sys, benchie.Options{ReferenceCompat: compat})
				listed, covered := 0, 0
				for si, syns := range res.Coverage() {
					for k, list := range syns {
						if len(list) > 0 {
							covered++
						}
						if got := res.Credits().Of(si, k); !slices.Equal(got, list) || !slices.IsSorted(list) {
							t.Fatalf("%s %s compat %v: sentence %d synset %d credits %v, coverage %v (want them equal, in the extractions' order)", es.File, f, compat, si, k, got, list)
						}
						for n, i := range list {
							j := res.Judgements[i]
							want := benchie.Duplicate
							if n == 0 {
								want = benchie.Correct
							}
							if j.Verdict != want || j.Sentence != si || j.Synset != k {
								t.Fatalf("%s %s compat %v: extraction %d listed %d under sentence %d synset %d, judged %+v", es.File, f, compat, i, n, si, k, j)
							}
							listed++
						}
					}
				}
				credited := 0
				for _, j := range res.Judgements {
					if j.Verdict == benchie.Correct || j.Verdict == benchie.Duplicate {
						credited++
					}
				}
				// SentenceCounts are the coverage's lengths, made without it.
				tp, synsets := res.SentenceCounts()
				for si, syns := range res.Coverage() {
					n := int32(0)
					for _, list := range syns {
						if len(list) > 0 {
							n++
						}
					}
					if tp[si] != n || synsets[si] != int32(len(syns)) {
						t.Fatalf("%s %s compat %v: sentence %d counts %d credited of %d synsets, the coverage %d of %d", es.File, f, compat, si, tp[si], synsets[si], n, len(syns))
					}
				}
				if len(tp) != len(res.Coverage()) || len(synsets) != len(tp) {
					t.Fatalf("%s %s compat %v: counts for %d and %d sentences, coverage for %d", es.File, f, compat, len(tp), len(synsets), len(res.Coverage()))
				}
				tps += res.TP
				if listed != credited || covered != res.TP {
					t.Errorf("%s %s compat %v: %d listed, %d credited; %d synsets covered, TP %d", es.File, f, compat, listed, credited, covered, res.TP)
				}
			}
		}
	}
	if tps == 0 {
		t.Error("no true positive anywhere")
	}
}
