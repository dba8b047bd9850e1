package evaluate_test

import (
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/shipped"
)

// The workspace must give exactly what evaluate.Evaluate gives, whatever was
// compiled before: it only saves the repeated work.
func TestWorkspaceMatchesEvaluate(t *testing.T) {
	gold, systems := bundled(t, "zh")
	en, enSystems := bundled(t, "en")
	cases := []struct {
		name    string
		gold    *evaluate.Gold
		eGold   *evaluate.Gold
		systems []*evaluate.System
		opts    []evaluate.Options
	}{
		{"zh, every option", gold, nil, systems, []evaluate.Options{
			{}, {ReferenceCompat: true}, {Facets: []benchie.Facet{benchie.Minimal}}, {Facets: []benchie.Facet{benchie.Concat, benchie.Regular}, StrictGold: true},
		}},
		{"en with an E gold", en, en, enSystems[:3], []evaluate.Options{{}, {ReferenceCompat: true}}},
	}
	for _, c := range cases {
		w := evaluate.NewWorkspace(c.gold)
		w.SetEGold(c.eGold)
		for _, opt := range c.opts {
			want := evaluate.Evaluate(c.gold, c.eGold, c.systems, opt)
			steps, total := 0, w.Steps(len(c.systems), opt)
			opt.Progress = func(done, n int) {
				steps++
				if done != steps || n != total {
					t.Errorf("%s: progress %d/%d after %d steps, want %d/%d", c.name, done, n, steps, steps, total)
				}
			}
			got := w.Evaluate(c.systems, opt)
			if steps != total {
				t.Errorf("%s %+v: %d progress steps, Steps said %d", c.name, opt, steps, total)
			}
			if !reflect.DeepEqual(got.Report, want.Report) {
				t.Errorf("%s %+v: report differs from evaluate.Evaluate", c.name, opt)
			}
			if !reflect.DeepEqual(got.Results, want.Results) {
				t.Errorf("%s %+v: results differ from evaluate.Evaluate", c.name, opt)
			}
		}
	}
}

// Statistics are counted once per gold: the first run has a step for them,
// later runs only score.
func TestWorkspaceCountsOnce(t *testing.T) {
	gold, systems := bundled(t, "de")
	w := evaluate.NewWorkspace(gold)
	if n := w.Steps(len(systems), evaluate.Options{}); n != 1+3*len(systems) {
		t.Fatalf("first run: %d steps, want stats 1 + score %d", n, 3*len(systems))
	}
	w.Evaluate(systems, evaluate.Options{})
	if n := w.Steps(len(systems), evaluate.Options{ReferenceCompat: true}); n != 3*len(systems) {
		t.Fatalf("second run: %d steps, want only scoring (%d)", n, 3*len(systems))
	}
}

// Preview leaves the gold statistics out; Complete makes the report whole.
func TestPreviewThenComplete(t *testing.T) {
	gold, systems := bundled(t, "zh")
	w := evaluate.NewWorkspace(gold)
	ev := w.Preview(systems, evaluate.Options{})
	if w.HasStats() || ev.Report.Gold.Stats != nil || ev.Report.Gold.Extractions != 0 {
		t.Fatal("Preview counted the statistics")
	}
	want := evaluate.Evaluate(gold, nil, systems, evaluate.Options{})
	if ev.Report.Gold.Synsets != want.Report.Gold.Synsets || ev.Report.Signature != want.Report.Signature {
		t.Errorf("preview gold = %+v", ev.Report.Gold)
	}
	if !reflect.DeepEqual(ev.Report.Systems, want.Report.Systems) {
		t.Error("preview scores differ from evaluate.Evaluate")
	}
	w.Complete(ev)
	if !w.HasStats() || !reflect.DeepEqual(ev.Report, want.Report) {
		t.Error("completed report differs from evaluate.Evaluate")
	}
	if again := w.Preview(systems, evaluate.Options{}); !reflect.DeepEqual(again.Report, want.Report) {
		t.Error("a preview after counting lacks the statistics")
	}
}

// bundled reads a bundled data set: its gold and every system.
func bundled(t testing.TB, key string) (*evaluate.Gold, []*evaluate.System) {
	t.Helper()
	g, systems, err := shipped.Read(key)
	if err != nil {
		t.Fatal(err)
	}
	return g, systems
}
