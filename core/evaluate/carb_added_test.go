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
	read := func(name string) evaluate.Input {
		b, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return evaluate.Input{Path: name, Data: b}
	}
	gold, err := evaluate.ReadGold(read("benchie_gold_annotations_en.txt"), false)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := evaluate.ReadCaRBGold(read("carb_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
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
