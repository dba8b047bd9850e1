package benchiefl_test

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
	oracle "github.com/oiebench/oiebench/internal/differential/benchiefl"
)

// cases is how many generated files each run scores with both scorers.
const cases = 300

// TestDifferential scores generated files with core/benchiefl and with the
// oracle, in both modes, and fails on the first number that differs by more
// than 1e-12, naming the seed.
func TestDifferential(t *testing.T) {
	shipped, err := dataset.ReadData("benchie_fl/benchie-annotated(50).txt")
	if err != nil {
		t.Fatal(err)
	}
	failed, crashes := 0, 0
	for seed := int64(1); seed <= cases && failed < 5; seed++ {
		c := oracle.Generate(seed, shipped)
		if msg := compare(c); msg != "" {
			failed++
			t.Errorf("seed %d: %s\ngold:\n%s\nsystem:\n%q", seed, msg, c.Gold, c.System)
		}
		if oracle.Evaluate(c.Gold, c.System).Crash != "" {
			crashes++
		}
	}
	t.Logf("%d files, %d of which the reference script could not score", cases, crashes)
}

// compare returns the first difference between the two scorers on c.
func compare(c oracle.Case) string {
	want := oracle.Evaluate(c.Gold, c.System)
	g, err := benchiefl.ReadGold("gold", c.Gold, benchiefl.GoldOptions{})
	if err != nil {
		return fmt.Sprintf("core cannot read the gold: %v", err)
	}
	sys, err := oie.ReadSystem("system", c.System, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		return fmt.Sprintf("core cannot read the system: %v", err)
	}
	res := g.Score(sys, benchiefl.Options{})
	if (res.Unscorable == "") != (want.Crash == "") {
		return fmt.Sprintf("the reference script cannot score the file: core says %q, the oracle %q", res.Unscorable, want.Crash)
	}
	modes := []struct {
		name string
		got  benchiefl.Score
		want oracle.Score
	}{{"corrected", res.Corrected, want.Corrected}}
	if want.Crash == "" { // no reference number exists for a file the script cannot score
		modes = append(modes, modes[0])
		modes[0].name, modes[0].got, modes[0].want = "reference", res.Reference, want.Reference
	}
	for _, m := range modes {
		got := []float64{float64(m.got.Extractions), float64(m.got.Matched), float64(m.got.Credited), float64(m.got.Synsets), m.got.Precision, m.got.Recall, m.got.F1}
		exp := []float64{float64(m.want.Extractions), float64(m.want.Matched), float64(m.want.Credited), float64(m.want.Synsets), m.want.Precision, m.want.Recall, m.want.F1}
		for k, name := range []string{"extractions", "matched", "credited", "synsets", "P", "R", "F1"} {
			if math.Abs(got[k]-exp[k]) > 1e-12 {
				return fmt.Sprintf("%s %s: core %s, oracle %s (%s)", m.name, name, strconv.FormatFloat(got[k], 'g', 17, 64), strconv.FormatFloat(exp[k], 'g', 17, 64), firstDiff(g, res, c))
			}
		}
	}
	return ""
}

// firstDiff names the first sentence whose extractions core credits
// differently from what their count suggests (a hint for the reader).
func firstDiff(g *benchiefl.Gold, res *benchiefl.Result, c oracle.Case) string {
	for i, j := range res.RefJudgements {
		if len(j.Matches) > 0 {
			return fmt.Sprintf("core's first credited extraction: #%d, sentence %d, %v", i+1, j.Sentence+1, j.Matches)
		}
	}
	return "core credits nothing"
}
