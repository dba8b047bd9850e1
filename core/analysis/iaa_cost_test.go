package analysis

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestAgreementCost: oiebench iaa on hostile golds costs memory in
// proportion to the files (20 KB took 1.3 GB and 36 s before the gold-wide
// budget) and says when the recall is a lower bound.
func TestAgreementCost(t *testing.T) {
	for name, gen := range hostile.Golds {
		t.Run(name, func(t *testing.T) {
			var warnings []string
			hostile.Proportional(t, name, 2, gen, func(in []byte) {
				g, err := benchie.ReadGold("g", in, benchie.GoldOptions{})
				if err != nil {
					t.Fatal(err)
				}
				_, warnings = Recall(g, benchie.Compile(g, benchie.Regular))
			}, hostile.Bound{Floor: 256 << 20, PerByte: 2000})
			if name == "identical triples" && (len(warnings) == 0 || !strings.Contains(warnings[0], "lower bound")) {
				t.Errorf("no lower-bound warning: %q", warnings)
			}
		})
	}
}

// TestGoldBudgetLeavesRoom: the per-byte budget of GoldAsSystem is at
// least four times what the bundled golds take per byte, so that a gold
// made of them N times over is taken whole at any N.
func TestGoldBudgetLeavesRoom(t *testing.T) {
	for _, lang := range []string{"en", "de", "zh"} {
		data, err := dataset.ReadFile("benchie_gold_annotations_" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		g, err := benchie.ReadGold("g", data, benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sys, cut := GoldAsSystem(g)
		per := float64(len(sys.Extractions)) / float64(goldBudget(g)-goldFormBudget) * goldFormsPerByte
		t.Logf("%s: %d forms, %.2f per byte of slot text", lang, len(sys.Extractions), per)
		if cut > 0 || 4*per > goldFormsPerByte {
			t.Errorf("%s: %d triples cut, %.2f forms per byte: the budget's %d per byte leaves less than four times that", lang, cut, per, goldFormsPerByte)
		}
	}
}
