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

// TestStudioCost: what the studio does with a gold it is given (read it,
// validate it, snapshot it and read the snapshot back, write it as AnnIE
// JSON and read that back, score against it) costs memory in proportion to
// the file on hostile golds, so that a stored work cannot take the page down.
func TestStudioCost(t *testing.T) {
	for name, gen := range hostile.Golds {
		t.Run(name, func(t *testing.T) {
			hostile.Proportional(t, name, 1, gen, func(in []byte) {
				d, _, err := ReadBenchIE("g", in, ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				d.Validate()
				snap, err := SaveSnapshot(NewEditor(d), SnapshotOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if _, _, err := LoadSnapshot("s", snap); err != nil {
					t.Fatal(err)
				}
				annie, err := WriteAnnIE(d)
				if err != nil {
					t.Fatal(err)
				}
				if _, _, err := ReadAnnIE("a", annie, ReadOptions{}); err != nil {
					t.Fatal(err)
				}
				if _, err := d.Gold("g"); err != nil {
					t.Fatal(err)
				}
			}, hostile.Bound{Floor: 64 << 20, PerByte: 2000})
		})
	}
}
