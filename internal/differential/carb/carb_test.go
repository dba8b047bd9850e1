package carbdiff

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
)

// files is how many generated system files each gold gets.
const files = 150

// TestDifferential scores generated system files with oiebench's CaRB and
// with the oracle, against the shipped CaRB gold of BenchIE's sentences and
// against small generated golds, and fails on any difference above 1e-12.
func TestDifferential(t *testing.T) {
	shipped, err := os.ReadFile(filepath.Join("..", "..", "..", "dist", "data", "benchie", "carb_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	golds := []struct {
		name string
		data []byte
		n    int
	}{{"carb_explicit.txt", shipped, files}}
	for s := int64(1); s <= 30; s++ {
		golds = append(golds, struct {
			name string
			data []byte
			n    int
		}{fmt.Sprintf("small-gold-%d", s), SmallGold(s), files / 15})
	}
	compared := 0
	for _, g := range golds {
		mainGold, err := carb.ReadGold(g.name, g.data)
		if err != nil {
			t.Fatal(err)
		}
		oracleGold, err := ReadGold(g.data)
		if err != nil {
			t.Fatal(err)
		}
		lines := ParseGoldLines(g.data)
		for seed := int64(1); seed <= int64(g.n); seed++ {
			data := Generate(seed*7919+int64(len(g.data)), lines)
			name := fmt.Sprintf("%s/seed-%d", g.name, seed)
			if compare(t, name, data, mainGold, oracleGold) {
				compared++
			}
		}
	}
	// A file without extractions: no threshold at all.
	for _, empty := range []string{"", "\n \n"} {
		if compare(t, "empty", []byte(empty), mustMain(t, shipped), mustOracle(t, shipped)) {
			compared++
		}
	}
	if compared < 300 {
		t.Errorf("only %d files compared", compared)
	}
	t.Logf("%d files scored alike by oiebench and the oracle", compared)
}

// compare scores one file both ways; it reports whether both scored it.
func compare(t *testing.T, name string, data []byte, mainGold *carb.Gold, oracleGold []group) bool {
	t.Helper()
	sys, oerr := ReadTabbed(data)
	x, merr := formats.Read(formats.Input{File: name, Data: data}, formats.MustLookup(formats.NameCaRBTabbed))
	switch {
	case oerr != nil && merr != nil:
		return false // both refuse: the reference crashes, oiebench says where
	case oerr != nil:
		// oiebench may read what the reference cannot, if its score says
		// that the reference cannot score the file (no published number).
		if carb.Score(mainGold, x.ByText).Failure != nil {
			return false
		}
		t.Errorf("%s: the reference crashes (%v), oiebench reads it without saying so", name, oerr)
		return false
	case merr != nil:
		t.Errorf("%s: oiebench refuses it (%v), the reference reads it\n%q", name, merr, data)
		return false
	}
	want := Score(oracleGold, sys)
	got := carb.Score(mainGold, x.ByText)
	bad := false
	for _, v := range []struct {
		what      string
		got, want float64
	}{
		{"P", got.Precision, want.Precision}, {"R", got.Recall, want.Recall}, {"F1", got.F1, want.F1},
		{"AUC", got.AUC, want.AUC}, {"optimal threshold", got.OptimalThreshold, want.Threshold},
	} {
		if math.Abs(v.got-v.want) > 1e-12 {
			t.Errorf("%s: %s oiebench %.15g, oracle %.15g", name, v.what, v.got, v.want)
			bad = true
		}
	}
	if len(got.PRPoints) != len(want.Points) {
		t.Errorf("%s: %d precision-recall points, oracle %d", name, len(got.PRPoints), len(want.Points))
		bad = true
	} else {
		for i, pt := range got.PRPoints {
			if math.Abs(pt[0]-want.Points[i][0]) > 1e-12 || math.Abs(pt[1]-want.Points[i][1]) > 1e-12 {
				t.Errorf("%s: point %d (R, P) oiebench (%v, %v), oracle %v", name, i, pt[0], pt[1], want.Points[i])
				bad = true
				break
			}
		}
	}
	if bad {
		t.Logf("%s: oiebench points %v\noracle points %v\nfile %q", name, got.PRPoints, want.Points, data)
	}
	return true
}

func mustMain(t *testing.T, data []byte) *carb.Gold {
	g, err := carb.ReadGold("gold", data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustOracle(t *testing.T, data []byte) []group {
	g, err := ReadGold(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
