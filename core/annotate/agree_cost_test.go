package annotate

import (
	"testing"

	"github.com/oiebench/oiebench/internal/hostile"
)

// TestAgreeCost: the agreement of hostile golds with themselves costs memory
// in proportion to the files (a 300 KB gold with a 100 KB slot took 40 GB
// before the automata were bounded) and is a range when budgets cut it.
func TestAgreeCost(t *testing.T) {
	for name, gen := range hostile.Golds {
		t.Run(name, func(t *testing.T) {
			var res *Agreement
			hostile.Proportional(t, name, 2, gen, func(in []byte) {
				d, _, err := ReadBenchIE("g", in, ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if res, err = Agree(d, d, AgreementOptions{}); err != nil {
					t.Fatal(err)
				}
			}, hostile.Bound{Floor: 384 << 20, PerByte: 2000})
			if res.IAA > res.IAAMax || res.IAAMax > 1 || res.Exact != (res.IAA == res.IAAMax) {
				t.Errorf("IAA %v, at most %v, exact %v", res.IAA, res.IAAMax, res.Exact)
			}
		})
	}
}
