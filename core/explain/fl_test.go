package explain

import (
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// The explorer gives each extraction BenchIE^FL's verdict beside BenchIE's.
func TestExplorerFL(t *testing.T) {
	gold, systems := bundled(t, "fl-en")
	d, _ := benchmarks.DatasetByKey("fl-en")
	data, err := dataset.ReadData(d.Gold)
	if err != nil {
		t.Fatal(err)
	}
	fl, err := evaluate.ReadFLGold(evaluate.Input{Path: d.Gold, Data: data}, false, benchiefl.DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	x := NewExplorer(evaluate.Evaluate(gold, nil, systems, evaluate.Options{FLGold: fl}))
	// ReVerb, sentence 1: (He; served as; the first Prime Minister of
	// Australia) is synset 2's form; (He; became; a founding justice of the
	// High Court of Australia) is credited to synset 4 by the lenient route
	// (more detailed than "[a] founding justice").
	v := x.Sentence(0, benchie.Regular, []int{6})
	if v.Systems[0].Name != "ReVerb" {
		t.Fatalf("system %q", v.Systems[0].Name)
	}
	got := map[string]FLMatch{}
	for _, e := range v.Systems[0].Extractions {
		if e.FL == nil || e.FL.Mode != "reference" {
			t.Fatalf("%+v", e)
		}
		if len(e.FL.Matches) == 1 && e.FL.Counted {
			got[e.Slots[1][0].Text] = e.FL.Matches[0]
		}
	}
	if m := got["served"]; m.Synset != 1 || m.Route != "exact" || m.Label != "1--> Cluster 2:" {
		t.Errorf("served: %+v", m)
	}
	if m := got["became"]; m.Synset != 3 || m.Route != "lenient" {
		t.Errorf("became: %+v", m)
	}
	// Without BenchIE^FL, no FL verdict.
	y := NewExplorer(evaluate.Evaluate(gold, nil, systems, evaluate.Options{}))
	if e := y.Sentence(0, benchie.Regular, []int{6}).Systems[0].Extractions[0]; e.FL != nil {
		t.Errorf("%+v", e.FL)
	}
}
