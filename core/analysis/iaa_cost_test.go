package analysis

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
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
