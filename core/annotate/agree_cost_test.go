package annotate

import (
	"fmt"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/dataset"
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

// TestPoolLeavesRoom: the agreement's pool per byte is at least four times
// what the bundled golds' agreement with themselves draws per byte, so that
// a gold made of them N times over stays exact at any N.
func TestPoolLeavesRoom(t *testing.T) {
	defer func(f func(int)) { poolUsed = f }(poolUsed)
	for _, lang := range []string{"en", "de", "zh"} {
		data, err := dataset.ReadFile("benchie_gold_annotations_" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		d, _, err := ReadBenchIE("g", data, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		used := 0
		poolUsed = func(n int) { used = max(used, n) }
		res, err := Agree(d, d, AgreementOptions{})
		if err != nil || !res.Exact {
			t.Fatalf("%s: exact %v, %v", lang, res != nil && res.Exact, err)
		}
		size := 0
		for _, s := range d.Sentences {
			for _, syn := range s.Synsets {
				for _, tr := range syn.Triples {
					for _, slot := range tr.Slots {
						size += len(s.SlotText(slot)) + 1
					}
				}
			}
		}
		per := float64(used) / float64(size)
		t.Logf("%s: %d drawn from the pool, %.2f per byte of slot text", lang, used, per)
		if 4*per > poolPerByte {
			t.Errorf("%s draws %.2f per byte: the pool's %d per byte leaves less than four times that", lang, per, poolPerByte)
		}
	}
}

// The slot automata kept for reuse are bounded by their texts' bytes, not
// by the golds' (kept whole, they took 86 MB for two 9.3 MB golds); a slot
// compiled again while kept is the same automaton.
func TestSlotMemoBounded(t *testing.T) {
	memo := &slotMemo{m: map[slotKey]*nfa{}}
	held := 0
	for i := 0; held < 8*slotMemoBytes; i++ {
		text := fmt.Sprintf("the [%d] word [of] slot %d", i, i)
		held += len(text)
		m := memo.compile(text, benchie.Regular)
		if again := memo.compile(text, benchie.Regular); again != m {
			t.Fatalf("%q compiled twice while kept", text)
		}
		if memo.bytes > slotMemoBytes {
			t.Fatalf("after %d slots (%d bytes) the memo holds %d bytes of slot text, over %d", i+1, held, memo.bytes, slotMemoBytes)
		}
	}
	if len(memo.m) == 0 {
		t.Error("the memo holds nothing")
	}
}
