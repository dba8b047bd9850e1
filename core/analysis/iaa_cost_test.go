package analysis

import (
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestAgreementCost: oiebench iaa on hostile golds costs memory in
// proportion to the files (20 KB took 1.3 GB and 36 s when every form was
// listed), and a gold agrees with itself exactly where the forms are too
// many to list (a slot of 20 optional units).
func TestAgreementCost(t *testing.T) {
	for name, gen := range hostile.Golds {
		t.Run(name, func(t *testing.T) {
			var ag any
			hostile.Proportional(t, name, 2, gen, func(in []byte) {
				g, err := evaluate.ReadGold(evaluate.Input{Path: "g", Data: in}, false)
				if err != nil {
					t.Fatal(err)
				}
				a, err := Agreement(g, g, "")
				if err != nil {
					t.Fatal(err)
				}
				if name == "identical triples" && (!a.Exact || a.IAA != a.IAAMax) {
					t.Errorf("not exact: %+v", a)
				}
				ag = a
			}, hostile.Bound{Floor: 256 << 20, PerByte: 2000})
			_ = ag
		})
	}
}
