package benchie_test

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
)

// edgeGold is written for benchie.md section 6.1: sentence 1's first
// synset has a double space next to an optional unit (as EN sentence 25),
// so dropping "[That night]" leaves a relation form with a trailing space.
const edgeGold = "sent_id:1\t300 soldiers were able to reinforce That night the hotel .\n" +
	"1--> Cluster 1:\n" +
	"[,] 300 soldiers --> [were able to] reinforce  [That night] --> [the] hotel\n" +
	"1--> Cluster 2:\n" +
	"soldiers --> reinforced --> hotel\n" +
	"1--> Cluster 3:\n" +
	"the soldiers --> came --> at night\n" +
	"\n" +
	"sent_id:2\tGraner handcuffed him .\n" +
	"2--> Cluster 1:\n" +
	"Graner --> handcuffed --> him\n"

func scoreBoth(t *testing.T, gold, system string, f benchie.Facet) (paper, script *benchie.Result) {
	t.Helper()
	c := benchie.Compile(mustGold(t, gold), f)
	sys := mustSystem(t, system)
	return c.Score(sys, benchie.Options{}), c.Score(sys, benchie.Options{ReferenceCompat: true})
}

func hasWarning(r *benchie.Result, part string) bool {
	for _, w := range r.Warnings {
		if strings.Contains(w.Msg, part) {
			return true
		}
	}
	return false
}

// A gold form with an edge space (from a double space next to a dropped
// optional unit) is stripped before it is compared, in both modes; the
// script then looks the synset up with the form as made, fails, and credits
// the sentence's last synset.
func TestGoldFormsStripped(t *testing.T) {
	for _, f := range []benchie.Facet{benchie.Regular, benchie.Concat} {
		paper, script := scoreBoth(t, edgeGold, "1\t300 soldiers\twere able to reinforce\tthe hotel\n", f)
		if paper.TP != 1 || paper.FP != 0 || paper.Judgements[0].Synset != 0 {
			t.Fatalf("%s paper: TP %d FP %d synset %d; want 1 0 0", f, paper.TP, paper.FP, paper.Judgements[0].Synset)
		}
		if script.TP != 1 || script.FP != 0 || script.Judgements[0].Synset != 2 {
			t.Fatalf("%s script: TP %d FP %d synset %d; want 1 0 2 (the last synset)", f, script.TP, script.FP, script.Judgements[0].Synset)
		}
		if paper.CreditsDiffer != 1 || paper.ModesDisagree || !hasWarning(paper, "credits 1 extraction(s) that match a gold form with white space at an edge to another synset") {
			t.Fatalf("%s: credits differ %d, disagree %v; want 1, false; warnings %v", f, paper.CreditsDiffer, paper.ModesDisagree, paper.Warnings)
		}
		// with the unit kept the double space stays: both modes credit synset 1
		paper, script = scoreBoth(t, edgeGold, "1\t300 soldiers\treinforce  That night\thotel\n", f)
		if paper.TP != 1 || script.Judgements[0].Synset != 0 || paper.CreditsDiffer != 0 {
			t.Fatalf("%s inner double space: TP %d, script synset %d, credits differ %d", f, paper.TP, script.Judgements[0].Synset, paper.CreditsDiffer)
		}
		// a single space where the gold has two is not a form
		paper, _ = scoreBoth(t, edgeGold, "1\t300 soldiers\treinforce That night\thotel\n", f)
		if f == benchie.Regular && paper.TP != 0 {
			t.Fatalf("regular: one space for two matched")
		}
	}
	// BenchIE-M strips the optional material first: no edge is left.
	paper, script := scoreBoth(t, edgeGold, "1\t300 soldiers\treinforce\thotel\n", benchie.Minimal)
	if paper.TP != 1 || script.TP != 1 || script.Judgements[0].Synset != 0 {
		t.Fatalf("minimal: TP %d/%d synset %d", paper.TP, script.TP, script.Judgements[0].Synset)
	}
}

// Trailing white space after the object (spaces, a tab) is stripped with
// the line by the script: not a stray space, no disagreement.
func TestLineStrippedBeforeSplit(t *testing.T) {
	for _, sys := range []string{"2\tGraner\thandcuffed\thim  \n", "2\tGraner\thandcuffed\thim\t\n", "2\tGraner\thandcuffed\thim \t \n"} {
		paper, script := scoreBoth(t, edgeGold, "1\tsoldiers\treinforced\thotel\n"+sys, benchie.Regular)
		if paper.TP != 2 || script.TP != 2 || paper.CreditsDiffer != 0 || paper.ModesDisagree || len(paper.Warnings) != 0 {
			t.Fatalf("%q: TP %d/%d credits differ %d warnings %v", sys, paper.TP, script.TP, paper.CreditsDiffer, paper.Warnings)
		}
	}
	// a stray space before a confidence column does reach the object
	paper, script := scoreBoth(t, edgeGold, "1\tsoldiers\treinforced\thotel \t0.5\n", benchie.Regular)
	if paper.Judgements[0].Synset != 1 || script.Judgements[0].Synset != 2 || paper.CreditsDiffer != 1 {
		t.Fatalf("stray space before the confidence: synsets %d/%d", paper.Judgements[0].Synset, script.Judgements[0].Synset)
	}
}

// "1 " names no sentence for the script; the default mode trims it and
// scores the line, and says the script differs.
func TestSpacedID(t *testing.T) {
	paper, script := scoreBoth(t, edgeGold, "2 \tGraner\thandcuffed\thim\n", benchie.Regular)
	if paper.TP != 1 || script.TP != 0 || script.FP != 0 || script.Judgements[0].Verdict != benchie.Ignored {
		t.Fatalf("TP %d/%d FP %d verdict %v", paper.TP, script.TP, script.FP, script.Judgements[0].Verdict)
	}
	if !paper.ModesDisagree || paper.Other.TP != 0 || !hasWarning(paper, "white space after the sentence id") || !hasWarning(script, "leaves them out") {
		t.Fatalf("warnings %v / %v, other %+v", paper.Warnings, script.Warnings, paper.Other)
	}
}

// Columns after the fourth: joined to the object by default (n-ary),
// ignored by the script, with a warning naming how many lines.
func TestExtraColumns(t *testing.T) {
	sys := "1\tthe soldiers\tcame\tat\tnight\n2\tGraner\thandcuffed\thim\textra\n"
	paper, script := scoreBoth(t, edgeGold, sys, benchie.Regular)
	if paper.TP != 1 || paper.FP != 1 || script.TP != 1 || script.FP != 1 {
		t.Fatalf("paper TP %d FP %d, script TP %d FP %d; want 1 1, 1 1", paper.TP, paper.FP, script.TP, script.FP)
	}
	if paper.Judgements[0].Verdict != benchie.Correct || script.Judgements[1].Verdict != benchie.Correct {
		t.Fatalf("verdicts %v %v", paper.Judgements[0].Verdict, script.Judgements[1].Verdict)
	}
	if !hasWarning(script, "2 line(s) have text in columns after the object") {
		t.Fatalf("warnings %v", script.Warnings)
	}
}

// A BOM: dropped by default; the script keeps it in line 1's id.
func TestBOMFirstLine(t *testing.T) {
	paper, script := scoreBoth(t, edgeGold, "\ufeff2\tGraner\thandcuffed\thim\n1\tsoldiers\treinforced\thotel\n", benchie.Regular)
	if paper.TP != 2 || script.TP != 1 || script.Judgements[0].Verdict != benchie.Ignored || !hasWarning(script, "byte order mark") {
		t.Fatalf("TP %d/%d, warnings %v", paper.TP, script.TP, script.Warnings)
	}
	if !paper.ModesDisagree || paper.Other.TP != 1 {
		t.Fatalf("the default mode must give the script's numbers: %+v", paper.Other)
	}
}

// Files the script cannot score: a blank line (two final newlines too),
// an empty last field.
func TestScriptCrash(t *testing.T) {
	for sys, want := range map[string]string{
		"2\tGraner\thandcuffed\thim\n\n":                      "line 2 is blank",
		"2\tGraner\thandcuffed\thim\n   \n1\tx\ty\tz\n":       "line 2 is blank",
		"2\tGraner\thandcuffed\t\n":                           "line 1 has fewer than 4 fields",
		"\ufeff\n2\tGraner\thandcuffed\thim\n":                "line 1 is blank",
		"\ufeff":                                              "line 1 is blank",
		"1\tsoldiers\treinforced\thotel\n2\tGraner\tx\t \t\n": "line 2 has fewer than 4 fields",
	} {
		paper, script := scoreBoth(t, edgeGold, sys, benchie.Regular)
		if !strings.Contains(paper.ScriptCrash, want) || script.ScriptCrash != paper.ScriptCrash || !hasWarning(paper, "no published number can exist") || paper.ModesDisagree {
			t.Fatalf("%q: crash %q, warnings %v", sys, paper.ScriptCrash, paper.Warnings)
		}
	}
	for _, sys := range []string{"2\tGraner\thandcuffed\thim\n", "2\tGraner\thandcuffed\thim", "2\tGraner\thandcuffed\thim\r\n"} {
		if paper, _ := scoreBoth(t, edgeGold, sys, benchie.Regular); paper.ScriptCrash != "" {
			t.Fatalf("%q: crash %q", sys, paper.ScriptCrash)
		}
	}
}

// A junk line inside a synset (as the ZH gold's "2 0 6 :"): the script
// reads its first three characters as a triple, ("2"; " "; "0"), a true
// positive for ("2"; ""; "0") once stripped; its synset lookup with the
// unstripped extraction then fails (the junk's middle slot, a space, is
// kept in its form as every gold slot's edge space is), so it credits the
// sentence's last synset. The default mode keeps the junk out of the gold.
func TestJunkLineTriple(t *testing.T) {
	gold := "sent_id:7\tA B C\n7--> Cluster 1:\nA --> B --> C\n7--> Cluster 2:\nB --> C --> A\n2 0 6 :\nC --> A --> B\n7--> Cluster 3:\nA --> C --> B\n"
	g, err := benchie.ReadGold("gold.txt", []byte(gold), benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []benchie.Facet{benchie.Regular, benchie.Concat, benchie.Minimal} {
		c := benchie.Compile(g, f)
		sys := mustSystem(t, "7\t2\t\t0\n")
		paper, script := c.Score(sys, benchie.Options{}), c.Score(sys, benchie.Options{ReferenceCompat: true})
		if paper.TP != 0 || paper.FP != 1 || script.TP != 1 || script.Judgements[0].Synset != 2 {
			t.Fatalf("%s: paper TP %d FP %d, script TP %d synset %d; want 0 1, 1 2", f, paper.TP, paper.FP, script.TP, script.Judgements[0].Synset)
		}
		if !paper.ModesDisagree {
			t.Fatalf("%s: the default mode must name the script's numbers", f)
		}
	}
}

// The English gold's sentences 25 and 26 have a double space next to an
// optional unit: the extractions below are true positives for the official
// script, in both of its modes' readings.
func TestEnglishDoubleSpaceForms(t *testing.T) {
	exp := loadExpected(t)
	g := readGold(t, exp.Gold["en"])
	sys := mustSystem(t, "25\t300 soldiers\twere able to reinforce\tthe hotel\n26\tJohn Crozier, Jr.\tbegan building\tflying machine\n")
	for _, f := range benchie.Facets {
		c := benchie.Compile(g, f)
		for _, rc := range []bool{false, true} {
			res := c.Score(sys, benchie.Options{ReferenceCompat: rc})
			want := 2
			if f == benchie.Minimal {
				want = 1 // BenchIE-M's relation of sentence 25 is "reinforce"
			}
			if res.TP != want || res.FP != 2-want {
				t.Errorf("%s, reference-compat %v: TP %d FP %d; want %d %d", f, rc, res.TP, res.FP, want, 2-want)
			}
		}
	}
}

// The script stops at the first line it cannot read: the report names it.
func TestScriptCrashFirstLine(t *testing.T) {
	paper, _ := scoreBoth(t, edgeGold, "2\tGraner\thandcuffed\t\n\n1\tsoldiers\treinforced\thotel\n", benchie.Regular)
	if !strings.HasPrefix(paper.ScriptCrash, "line 1 ") {
		t.Fatalf("crash %q: want line 1", paper.ScriptCrash)
	}
}

// slotEdgeGold is written for a gold slot with white space at its own edge
// (as the German gold's line 938, " in [der] Henry Wood Hall [in Glasgow]"
// after " --> "; 73 German lines): synset 1's object starts with a space,
// synset 2's subject ends with one.
const slotEdgeGold = "sent_id:1\tAnna sang in the Hall in Glasgow .\n" +
	"1--> Cluster 1:\n" +
	"Anna --> sang -->  in [the] Hall [in Glasgow]\n" +
	"1--> Cluster 2:\n" +
	"Anna [Berg]  --> sang in --> [the] Hall\n" +
	"1--> Cluster 3:\n" +
	"Anna --> sang --> in Glasgow\n"

// A gold slot is not trimmed before its forms are made: the reference
// keeps the edge space in them (its statistics count " in X" and "in X" as
// two strings). Matching strips the forms (both modes: a true positive);
// the script's synset lookup with the form as made fails and credits the
// sentence's last synset.
func TestGoldSlotEdgeSpace(t *testing.T) {
	g := mustGold(t, slotEdgeGold)
	if obj := g.Sentences[0].Synsets[0].Triple(0).Object; obj != " in [the] Hall [in Glasgow]" {
		t.Fatalf("object read as %q: the slot as written is kept", obj)
	}
	for _, f := range benchie.Facets {
		for _, c := range []struct {
			sys           string
			paper, script int // synset credited
			minimal       int // the script's under BenchIE-M (-1: not a minimal form)
		}{
			{"1\tAnna\tsang\tin the Hall\n", 0, 2, -1},
			{"1\tAnna\tsang\tin Hall in Glasgow\n", 0, 2, -1},
			{"1\tAnna\tsang\tin Hall\n", 0, 2, 0}, // BenchIE-M trims a slot holding '['
			{"1\tAnna Berg\tsang in\tHall\n", 1, 2, -1},
			{"1\tAnna\tsang in\tHall\n", 1, 2, 1}, // "Anna " is the regular form as made
			{"1\tAnna\tsang\tin Glasgow\n", 2, 2, 2},
		} {
			want, wantPaper := c.script, c.paper
			if f == benchie.Concat && c.sys == "1\tAnna\tsang in\tHall\n" {
				wantPaper = 0 // "Anna sang in Hall" is the first synset's form too, once joined
			}
			if f == benchie.Minimal {
				if c.minimal < 0 {
					continue
				}
				want = c.minimal
			}
			paper, script := scoreBoth(t, slotEdgeGold, c.sys, f)
			if paper.TP != 1 || paper.Judgements[0].Synset != wantPaper {
				t.Errorf("%s %q paper: TP %d synset %d; want 1, %d", f, c.sys, paper.TP, paper.Judgements[0].Synset, wantPaper)
			}
			if script.TP != 1 || script.Judgements[0].Synset != want {
				t.Errorf("%s %q script: TP %d synset %d; want 1, %d", f, c.sys, script.TP, script.Judgements[0].Synset, want)
			}
			if differ := wantPaper != want; differ != (paper.CreditsDiffer == 1) || differ && !hasWarning(paper, "white space at an edge") {
				t.Errorf("%s %q: credits differ %d; warnings %v", f, c.sys, paper.CreditsDiffer, paper.Warnings)
			}
		}
	}
	// Two extractions the script credits to one synset: its TP is lower.
	paper, script := scoreBoth(t, slotEdgeGold, "1\tAnna\tsang\tin the Hall\n1\tAnna\tsang\tin Glasgow\n", benchie.Regular)
	if paper.TP != 2 || script.TP != 1 || !paper.ModesDisagree || !hasWarning(paper, "white space at an edge") || paper.StrayCredits != 0 {
		t.Fatalf("paper TP %d, script TP %d, disagree %v, stray credits %d; want 2, 1, true, 0; warnings %v", paper.TP, script.TP, paper.ModesDisagree, paper.StrayCredits, paper.Warnings)
	}
	// One credit of each cause: the counts keep them apart.
	paper, _ = scoreBoth(t, slotEdgeGold, "1\tAnna\tsang\tin the Hall\n1\tAnna\tsang in \tHall\n", benchie.Regular)
	if paper.CreditsDiffer != 2 || paper.StrayCredits != 1 || !hasWarning(paper, "(1 with stray spaces, 1 matching a gold form with white space at an edge)") {
		t.Fatalf("credits differ %d, stray %d; want 2, 1; warnings %v", paper.CreditsDiffer, paper.StrayCredits, paper.Warnings)
	}
	// The statistics count the forms as made: " in Hall" is not "in Hall".
	st := mustGold(t, "sent_id:1\tAnna sang in Hall .\n1--> Cluster 1:\nAnna --> sang -->  in Hall\nAnna --> sang --> in Hall\n").Stats()
	if st.Extractions != 2 {
		t.Fatalf("%d distinct surface triples; want 2", st.Extractions)
	}
}

// A line that starts with white space, a tab included: the script strips
// the line before it splits it, so the id is read and the line scored; both
// modes do the same and say so. A trailing space on the id still names no
// sentence for the script.
func TestIndentedLines(t *testing.T) {
	for _, sys := range []string{
		"\t2\tGraner\thandcuffed\thim\n",
		" 2\tGraner\thandcuffed\thim\n",
		"\u00a02\tGraner\thandcuffed\thim\n",
		"\t \u3000\t2\tGraner\thandcuffed\thim\n",
	} {
		paper, script := scoreBoth(t, edgeGold, sys, benchie.Regular)
		for _, r := range []*benchie.Result{paper, script} {
			if r.TP != 1 || r.FP != 0 || r.Ignored != 0 || r.ModesDisagree || !hasWarning(r, "1 line(s) start with white space before the sentence id") {
				t.Fatalf("%q (reference-compat %v): TP %d FP %d ignored %d, disagree %v; want 1 0 0 false; warnings %v", sys, r.ReferenceCompat, r.TP, r.FP, r.Ignored, r.ModesDisagree, r.Warnings)
			}
		}
	}
	paper, script := scoreBoth(t, edgeGold, "\t2 \tGraner\thandcuffed\thim\n", benchie.Regular)
	if paper.TP != 1 || script.TP != 0 || script.Judgements[0].Verdict != benchie.Ignored || !paper.ModesDisagree {
		t.Fatalf("indented id with a space after it: paper TP %d, script TP %d verdict %v; want 1, 0, ignored", paper.TP, script.TP, script.Judgements[0].Verdict)
	}
	if plain, _ := scoreBoth(t, edgeGold, "2\tGraner\thandcuffed\thim\n", benchie.Regular); hasWarning(plain, "start with white space") {
		t.Fatalf("a line without white space before its id: %v", plain.Warnings)
	}
}
