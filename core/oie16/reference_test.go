package oie16_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie16"
)

// readCaRB reads a file of CaRB's (MIT) kept in core/formats/testdata/carb.
func readCaRB(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "formats", "testdata", "carb", name))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Ext(name) == ".gz" {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return data
}

func testGold(t testing.TB) *carb.Gold {
	g, err := carb.ReadGold("test.tsv", readCaRB(t, "test.tsv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSection11 reproduces the OIE16-C column of carb-variants.md section
// 11 that can be computed from CaRB's published files.
func TestSection11(t *testing.T) {
	gold := testGold(t)
	x, err := formats.Read(formats.Input{File: "openie4_output.txt", Data: readCaRB(t, "openie4_output.txt.gz")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range oie16.Curves {
		res := oie16.Score(gold, x.ByText, oie16.Options{Curve: c})
		if res.Failure != nil || math.Abs(res.F1-.558555) > 5e-7 || math.Abs(res.AUC-.376398) > 5e-7 {
			t.Errorf("openie4 (%v): F1 %.9f AUC %.9f, want .558555 .376398 (%v)", c, res.F1, res.AUC, res.Failure)
		}
	}
}
