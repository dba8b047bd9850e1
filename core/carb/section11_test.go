package carb_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/internal/dataset"
)

func carbTestGold(t testing.TB) *carb.Gold {
	t.Helper()
	g, err := carb.ReadGold("test.tsv", dataset.MustReadData(t, "carb/gold/test.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// variants are the four CaRB columns of section 11, in its order.
var variants = []carb.Options{
	{}, {Matching: carb.OneToOne}, {Binary: true}, {Matching: carb.OneToOne, Binary: true},
}

// TestSection11CaRB reproduces the CaRB columns of carb-variants.md
// section 11 (optimal F1 / AUC, 6 decimals) on CaRB's native outputs and
// on CaRB's test gold written in the allennlp form and read back as a
// system (the gold-as-system row).
func TestSection11CaRB(t *testing.T) {
	gold := carbTestGold(t)
	var allen bytes.Buffer
	if err := carb.WriteAllenNLPGold(&allen, gold); err != nil {
		t.Fatal(err)
	}
	goldAsSystem, err := carb.ReadAllenNLP("test_gold_allennlp.txt", allen.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	rows := []struct {
		file string
		want [4][2]float64
	}{
		{"openie4_output.txt", [4][2]float64{{.488180, .272104}, {.403775, .196715}, {.515099, .290653}, {.372684, .172618}}},
		{"clausie_output.txt", [4][2]float64{{.449567, .223619}, {.400521, .176746}, {.418040, .192281}, {.344131, .133759}}},
		{"openie5_output.txt", [4][2]float64{{.467411, .245475}, {.411835, .196243}, {.465015, .246691}, {.402177, .187791}}},
		{"props_output.txt", [4][2]float64{{.318626, .126051}, {.257283, .087991}, {.279088, .098545}, {.240842, .074377}}},
		{"", [4][2]float64{{.994843, .992278}, {.994843, .992278}, {.880585, .816299}, {.804513, .689470}}},
	}
	for _, row := range rows {
		preds := goldAsSystem
		if row.file != "" {
			x, err := formats.Read(formats.Input{File: row.file, Data: dataset.MustReadData(t, "carb/systems/test/"+row.file)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			preds = x.ByText
		}
		for i, opt := range variants {
			res := carb.ScoreWith(gold, preds, opt)
			if res.Failure != nil || math.Abs(res.F1-row.want[i][0]) > 5e-7 || math.Abs(res.AUC-row.want[i][1]) > 5e-7 {
				t.Errorf("%s %s: F1 %.7f AUC %.7f, want %.6f %.6f (%v)", row.file, opt.Title(), res.F1, res.AUC, row.want[i][0], row.want[i][1], res.Failure)
			}
		}
	}
}
