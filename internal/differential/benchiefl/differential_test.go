package benchiefl_test

import (
	"cmp"
	"fmt"
	"math"
	"sort"
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
	type mode struct {
		name    string
		got     benchiefl.Score
		want    oracle.Score
		core    []benchiefl.Judgement
		matches map[int]oracle.Matches
	}
	modes := []mode{{"corrected", res.Corrected, want.Corrected, res.CorJudgements, want.CorMatches}}
	if want.Crash == "" { // no reference number exists for a file the script cannot score
		modes = append([]mode{{"reference", res.Reference, want.Reference, res.RefJudgements, want.RefMatches}}, modes...)
	}
	for _, m := range modes {
		got := []float64{float64(m.got.Extractions), float64(m.got.Matched), float64(m.got.Credited), float64(m.got.Synsets), m.got.Precision, m.got.Recall, m.got.F1}
		exp := []float64{float64(m.want.Extractions), float64(m.want.Matched), float64(m.want.Credited), float64(m.want.Synsets), m.want.Precision, m.want.Recall, m.want.F1}
		for k, name := range []string{"extractions", "matched", "credited", "synsets", "P", "R", "F1"} {
			if math.Abs(got[k]-exp[k]) > 1e-12 {
				return fmt.Sprintf("%s %s: core %s, oracle %s (%s)", m.name, name, strconv.FormatFloat(got[k], 'g', 17, 64), strconv.FormatFloat(exp[k], 'g', 17, 64), cmp.Or(firstDiff(sys, m.core, m.matches), "every extraction is given the same synsets: the counting differs"))
			}
		}
	}
	for _, m := range modes {
		if d := firstDiff(sys, m.core, m.matches); d != "" {
			return m.name + ": the scores agree, the assignments do not: " + d
		}
	}
	return ""
}

// firstDiff names the first line of the system file whose extraction the
// two scorers give different synsets (or place in different sentences);
// "" when there is none.
func firstDiff(sys *oie.System, core []benchiefl.Judgement, want map[int]oracle.Matches) string {
	got := map[int]oracle.Matches{}
	for i, j := range core {
		if j.Sentence < 0 {
			continue
		}
		var ss []int
		for _, m := range j.Matches {
			ss = append(ss, m.Synset)
		}
		sort.Ints(ss)
		got[sys.Extractions.At(i).Line] = oracle.Matches{Sentence: j.Sentence, Synsets: ss}
	}
	lines := map[int]bool{}
	for l := range got {
		lines[l] = true
	}
	for l := range want {
		lines[l] = true
	}
	var order []int
	for l := range lines {
		order = append(order, l)
	}
	sort.Ints(order)
	for _, l := range order {
		g, okg := got[l]
		w, okw := want[l]
		if okg != okw || g.Sentence != w.Sentence || fmt.Sprint(g.Synsets) != fmt.Sprint(w.Synsets) {
			return fmt.Sprintf("first difference: line %d, sentence %d: core %v (read %v), oracle %v (read %v)", l, w.Sentence+1, g.Synsets, okg, w.Synsets, okw)
		}
	}
	return ""
}
