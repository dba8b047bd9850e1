package explain

import (
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
)

// Every extraction of every system has one row per facet, and the rows
// count what the report counts: correct rows are the true positives,
// correct, duplicate and incorrect rows the extractions scored.
func TestVerdictsCountTheReport(t *testing.T) {
	_, ev := enExplorer(t)
	rows := Verdicts(ev)
	type key struct{ system, facet string }
	count := map[key]map[string]int{}
	for _, r := range rows {
		k := key{r.System, r.Facet}
		if count[k] == nil {
			count[k] = map[string]int{}
		}
		count[k][r.Verdict]++
	}
	for i, s := range ev.Report.Systems {
		for _, f := range benchie.Facets {
			res := ev.Results[i][string(f)]
			c := count[key{s.Name, string(f)}]
			if c["correct"] != res.Counts.TP {
				t.Errorf("%s %s: %d correct rows, TP %d", s.Name, f, c["correct"], res.Counts.TP)
			}
			if n := c["correct"] + c["duplicate"] + c["incorrect"] + c["ignored"]; n != ev.Systems[i].Extractions.Len() {
				t.Errorf("%s %s: %d rows for %d extractions", s.Name, f, n, ev.Systems[i].Extractions.Len())
			}
		}
	}
}

// ClausIE's (Graner; left; him there) on sentence 2 is incorrect; its
// closest gold triple is (Graner; left; him), and the diff marks "there".
func TestVerdictsKnownMismatch(t *testing.T) {
	_, ev := enExplorer(t)
	for _, r := range Verdicts(ev) {
		if r.System != "ClausIE" || r.Facet != "regular" || r.Sentence != "2" || r.Extraction[2] != "him there" {
			continue
		}
		if r.Verdict != "incorrect" || r.Synset == "" || r.Gold[0] != "Graner" || r.Gold[2] != "him" {
			t.Fatalf("row %+v", r)
		}
		if r.Diff != [3]string{"Graner", "left", "him {+there+}"} {
			t.Errorf("diff %q", r.Diff)
		}
		return
	}
	t.Fatal("no row for ClausIE's (Graner; left; him there)")
}

// WordDiff writes missing gold words and extra extraction words in place,
// and leaves out an optional unit rightly dropped.
func TestWordDiff(t *testing.T) {
	gold := []Token{{Text: "the"}, {Text: "big", Optional: true, Mark: Dropped}, {Text: "house", Mark: Missing}, {Text: "door"}}
	ext := []Token{{Text: "the"}, {Text: "red", Mark: Extra}, {Text: "door"}}
	if got, want := WordDiff(gold, ext), "the [-house-] {+red+} door"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
