//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// scores returns the ratios of a system's scores under scorer (the
// report's JSON): precision, recall, F1 and, for CaRB, the area under the
// curve. Counts grow with the copies; ratios stay, up to rounding.
func scores(t *testing.T, s report.System, scorer string) map[string]float64 {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	var sc map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(m[scorer], &sc); err != nil {
		t.Fatalf("%s: %v", scorer, err)
	}
	out := map[string]float64{}
	for _, k := range []string{"precision", "recall", "f1", "auc"} {
		if v, ok := sc[k].(float64); ok {
			out[k] = v
		}
	}
	if len(out) < 3 {
		t.Fatalf("no %s scores in %s", scorer, b)
	}
	return out
}

// sameScores reports a difference past rounding between two scores.
func sameScores(t *testing.T, one, many map[string]float64) {
	t.Helper()
	for k, v := range one {
		if w, ok := many[k]; !ok || math.Abs(v-w) > 1e-9 {
			t.Errorf("%s: one copy %v, many %v", k, v, w)
		}
	}
}

func input(t *testing.T, path string) evaluate.Input {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return evaluate.Input{Path: path, Data: data}
}

// TestGenCaRBScoresAsOne checks that the repeated CaRB gold and system
// score as one copy: each copy's sentences are apart and read alike.
func TestGenCaRBScoresAsOne(t *testing.T) {
	dir := t.TempDir()
	var got [2]map[string]float64
	for i, mb := range []int{1, 3} {
		gold, sys := filepath.Join(dir, "gold.tsv"), filepath.Join(dir, "sys.txt")
		genCaRB(mb, gold, sys)
		r, err := evaluate.RunCaRB(input(t, gold), []evaluate.Input{input(t, sys)}, oie.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 && r.Gold.Sentences != 2*634 {
			t.Errorf("2 copies: %d sentences, want %d", r.Gold.Sentences, 2*634)
		}
		got[i] = scores(t, r.Systems[0], "carb")
	}
	sameScores(t, got[0], got[1])
}

// TestGenWiRe57ScoresAsOne checks the same of the WiRe57 gold and system.
func TestGenWiRe57ScoresAsOne(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join("..", "..", "core", "wire57", "testdata")
	r, err := evaluate.RunWiRe57(input(t, filepath.Join(one, "gold.json")), []evaluate.Input{input(t, filepath.Join(one, "system.json"))})
	if err != nil {
		t.Fatal(err)
	}
	gold, sys := filepath.Join(dir, "gold.json"), filepath.Join(dir, "system.json")
	genWiRe57(one, 1, gold, sys)
	many, err := evaluate.RunWiRe57(input(t, gold), []evaluate.Input{input(t, sys)})
	if err != nil {
		t.Fatal(err)
	}
	if many.Gold.Sentences < 100*r.Gold.Sentences || many.Gold.Sentences%r.Gold.Sentences != 0 {
		t.Errorf("%d sentences, want a multiple of %d", many.Gold.Sentences, r.Gold.Sentences)
	}
	// The fixture's system file holds two extractors (sysA, sysB), each a
	// system of the report, in the order the file first names them.
	if len(many.Systems) != len(r.Systems) {
		t.Fatalf("%d systems, want %d", len(many.Systems), len(r.Systems))
	}
	for _, one := range r.Systems {
		i := slices.IndexFunc(many.Systems, func(s report.System) bool { return s.Name == one.Name })
		if i < 0 {
			t.Fatalf("no system %s in the copies' report", one.Name)
		}
		sameScores(t, scores(t, one, "wire57"), scores(t, many.Systems[i], "wire57"))
	}
}
