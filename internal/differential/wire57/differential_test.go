package wire57

import (
	"fmt"
	"math"
	"testing"

	core "github.com/oiebench/oiebench/core/wire57"
)

// TestDifferential scores 400 generated gold and system pairs with
// core/wire57 and with the oracle and fails on any difference, naming the
// seed.
func TestDifferential(t *testing.T) {
	exactSeen, matched := 0, 0
	for seed := uint64(1); seed <= 400; seed++ {
		gold, sys := Generate(seed)
		want, err := Score(gold, sys)
		if err != nil {
			t.Fatalf("seed %d: the oracle: %v", seed, err)
		}
		g, err := core.ReadGold("gold.json", gold)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		systems, err := core.ReadSystem("system.json", sys)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(systems) != 1 {
			t.Fatalf("seed %d: %d systems", seed, len(systems))
		}
		got := core.Score(g, systems[0])
		where := fmt.Sprintf("seed %d (gold %s, system %s)", seed, gold, sys)
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"precision", got.Precision, want.Precision}, {"recall", got.Recall, want.Recall}, {"F1", got.F1, want.F1},
			{"precision numerator", got.PrecNum, want.PrecNum}, {"recall numerator", got.RecNum, want.RecNum},
			{"predictions", got.PrecDen, want.PrecDen}, {"gold tuples", got.RecDen, want.RecDen},
		} {
			if math.Abs(c.got-c.want) > 1e-12 {
				t.Fatalf("%s: %s %.15f, the oracle %.15f", where, c.name, c.got, c.want)
			}
		}
		if got.Matches != want.Matches || got.ExactPredictions != want.ExactPredictions || got.ExactGold != want.ExactGold {
			t.Fatalf("%s: matches %d, exact %d/%d; the oracle %d, %d/%d", where, got.Matches, got.ExactPredictions, got.ExactGold, want.Matches, want.ExactPredictions, want.ExactGold)
		}
		exactSeen += want.ExactPredictions
		matched += want.Matches
	}
	if exactSeen < 100 || matched < 500 {
		t.Fatalf("the files exercise too little: %d exact predictions, %d matched pairs", exactSeen, matched)
	}
	t.Logf("400 files: %d exact predictions, %d matched pairs", exactSeen, matched)
}
