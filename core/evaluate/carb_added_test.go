package evaluate_test

import (
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// CaRB added after the fact gives the very report Evaluate gives with the
// CaRB gold from the start, and leaves the first evaluation as it was.
func TestWithCaRBIsEvaluateWithCaRB(t *testing.T) {
	read := func(name string) evaluate.Input { return bundledInput(t, name) }
	gold, cg := englishGolds(t)
	var systems []*evaluate.System
	for _, f := range []string{"systems/clausie_explicit.txt", "systems/minie_explicit.txt"} {
		s, err := evaluate.ReadSystem(read(f), "")
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, s)
	}
	for _, facets := range [][]benchie.Facet{nil, {benchie.Concat}} {
		opt := evaluate.Options{Facets: facets, ReferenceCompat: true}
		first := evaluate.Evaluate(gold, gold, systems, opt)
		before := first.Report.Signature
		var steps []int
		later := first.WithCaRB(cg, func(done, total int) { steps = append(steps, done, total) })
		opt.CaRBGold = cg
		want := evaluate.Evaluate(gold, gold, systems, opt)
		if !reflect.DeepEqual(later.Report, want.Report) {
			t.Errorf("facets %v: WithCaRB's report differs from Evaluate's:\n%+v\nwant\n%+v", facets, later.Report, want.Report)
		}
		if first.Report.Signature != before || first.Report.Systems[0].CaRB != nil {
			t.Error("WithCaRB changed the evaluation it was given")
		}
		if !reflect.DeepEqual(steps, []int{1, 2, 2, 2}) {
			t.Errorf("steps %v", steps)
		}
		// Paced, as the page scores: the same report, and the pause called
		// within each system's score (once per CaRB gold sentence at least).
		pauses := 0
		paced := first.WithCaRBPaced(cg, nil, func() { pauses++ })
		if !reflect.DeepEqual(paced.Report, want.Report) {
			t.Errorf("facets %v: WithCaRBPaced's report differs from Evaluate's", facets)
		}
		if pauses < len(systems)*len(cg.Sentences) {
			t.Errorf("facets %v: pause called %d times for %d systems on %d CaRB sentences", facets, pauses, len(systems), len(cg.Sentences))
		}
	}
}

// CaRB's scores computed elsewhere from the plain data of CaRBWork
// (ScoreCaRB on the restricted gold, as a page's Worker does) and handed
// to WithCaRBScores give Evaluate's report with the CaRB gold, also on a
// subset of the BenchIE gold (the CaRB gold restricted by Keep).
func TestWithCaRBScoresIsEvaluateWithCaRB(t *testing.T) {
	read := func(name string) evaluate.Input { return bundledInput(t, name) }
	gold, cg := englishGolds(t)
	s, err := evaluate.ReadSystem(read("systems/minie_explicit.txt"), "")
	if err != nil {
		t.Fatal(err)
	}
	systems := []*evaluate.System{s}
	sub, _, err := evaluate.ChooseSentences("1-20", gold, systems)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*evaluate.Gold{gold, sub} {
		first := evaluate.Evaluate(g, g, systems, evaluate.Options{})
		w := first.CaRBWork(cg, nil)
		if (w.Keep != nil) != (g == sub) || len(w.Tasks) != 1 {
			t.Fatalf("subset %v: Keep %v, %d tasks", g == sub, w.Keep, len(w.Tasks))
		}
		kept := evaluate.RestrictCaRBGold(cg.Gold, w.Keep)
		var scores []evaluate.CaRBScores
		for _, task := range w.Tasks {
			scores = append(scores, evaluate.ScoreCaRB(kept, task, nil))
		}
		got := first.WithCaRBScores(cg, scores)
		// Evaluate takes the CaRB gold as given: restricted, for a subset.
		want := evaluate.Evaluate(g, g, systems, evaluate.Options{CaRBGold: &evaluate.CaRBGold{Gold: kept, Format: cg.Format, SHA256: cg.SHA256}})
		if !reflect.DeepEqual(got.Report, want.Report) {
			t.Errorf("subset %v: WithCaRBScores's report differs from Evaluate's", g == sub)
		}
		if c := got.Report.Systems[0].CaRB; c == nil || c.Delta == nil || (g == sub) != (len(kept.Sentences) < len(cg.Sentences)) {
			t.Errorf("subset %v: CaRB %+v on %d of %d CaRB sentences", g == sub, c, len(kept.Sentences), len(cg.Sentences))
		}
	}
}

// bundledInput is a bundled data set's file as an input.
func bundledInput(t *testing.T, name string) evaluate.Input {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return evaluate.Input{Path: name, Data: b}
}

// englishGolds are the bundled BenchIE English gold and its CaRB gold.
func englishGolds(t *testing.T) (*evaluate.Gold, *evaluate.CaRBGold) {
	t.Helper()
	gold, err := evaluate.ReadGold(bundledInput(t, "benchie_gold_annotations_en.txt"), false)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := evaluate.ReadCaRBGold(bundledInput(t, "carb_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return gold, cg
}
