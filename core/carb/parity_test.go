package carb_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// expectedCaRB mirrors expected/carb.json.
type expectedCaRB struct {
	Systems map[string]struct {
		PrecNum   float64 `json:"prec_num"`
		PrecDen   float64 `json:"prec_den"`
		RecNum    float64 `json:"rec_num"`
		RecDen    float64 `json:"rec_den"`
		Precision float64 `json:"precision"`
		Recall    float64 `json:"recall"`
		F1        float64 `json:"f1"`
		AUC       float64 `json:"auc"`
		Without   int     `json:"predictions_on_sentences_without_gold"`
	} `json:"systems"`
}

const tolerance = 1e-9

func readData(t testing.TB, name string) []byte {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readParityGold(t testing.TB) *carb.Gold {
	t.Helper()
	g, err := carb.ReadGold("carb_explicit.txt", readData(t, "carb_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// convert reads a BenchIE system file and turns it into CaRB predictions
// with the English sentence list, as expected/carb.json's "_about" says.
func convert(t testing.TB, name string) *carb.Predictions {
	t.Helper()
	sents, err := oie.ReadSentenceList("sample300_en.txt", readData(t, "sample300_en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	path := "systems/" + name + "_explicit.txt"
	sys, err := oie.ReadSystem(path, readData(t, path), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	p := carb.FromBenchIE(sys, sents)
	if p.NoSentence != 0 {
		t.Fatalf("%s: %d extraction(s) without a sentence: %v", name, p.NoSentence, p.Warnings)
	}
	return p
}

// TestParity reproduces every value of expected/carb.json.
func TestParity(t *testing.T) {
	var want expectedCaRB
	if err := dataset.Expected("carb", &want); err != nil {
		t.Fatal(err)
	}
	if len(want.Systems) == 0 {
		t.Fatal("expected/carb.json lists no systems")
	}
	gold := readParityGold(t)
	// The only oddities of the file: five tuples with an empty relation.
	var lines []int
	for _, w := range gold.Warnings {
		lines = append(lines, w.Line)
	}
	if fmt.Sprint(lines) != "[633 664 667 668 699]" {
		t.Errorf("gold warnings on lines %v, want [633 664 667 668 699]: %v", lines, gold.Warnings)
	}
	if n := gold.TupleCount(); n != 783 {
		t.Errorf("gold tuples = %d, want 783", n)
	}
	for name, w := range want.Systems {
		t.Run(name, func(t *testing.T) {
			res := carb.Score(gold, convert(t, name))
			for _, c := range []struct {
				what      string
				got, want float64
			}{
				{"prec_num", res.PrecNum, w.PrecNum}, {"prec_den", res.PrecDen, w.PrecDen},
				{"rec_num", res.RecNum, w.RecNum}, {"rec_den", res.RecDen, w.RecDen},
				{"precision", res.Precision, w.Precision}, {"recall", res.Recall, w.Recall},
				{"f1", res.F1, w.F1}, {"auc", res.AUC, w.AUC},
			} {
				if math.Abs(c.got-c.want) > tolerance {
					t.Errorf("%s = %.17g, want %.17g", c.what, c.got, c.want)
				}
			}
			if res.PredictionsWithoutGold != w.Without {
				t.Errorf("predictions on sentences without gold = %d, want %d", res.PredictionsWithoutGold, w.Without)
			}
			// Every confidence is 1.0: one threshold, AUC = R(1+P)/2.
			if len(res.PRPoints) != 1 || res.OptimalThreshold != 1 {
				t.Errorf("PR points %v, optimal threshold %v; want one point at 1.0", res.PRPoints, res.OptimalThreshold)
			}
		})
	}
}
