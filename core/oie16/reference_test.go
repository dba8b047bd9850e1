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
	// The gold in the allennlp form, scored as a system: 1.0 / 1.0.
	var allen bytes.Buffer
	if err := carb.WriteAllenNLPGold(&allen, gold); err != nil {
		t.Fatal(err)
	}
	self, err := carb.ReadAllenNLP("gold.allennlp", allen.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if res := oie16.Score(gold, self, oie16.Options{}); res.F1 != 1 || res.AUC != 1 || res.Matched != 2715 || res.Records != 2715 {
		t.Errorf("gold as system: F1 %v AUC %v, %d matched of %d records", res.F1, res.AUC, res.Matched, res.Records)
	}
	// oie16.py cannot start with the OpenIE 5 reader (1.2).
	if f := oie16.ReaderFailure("openie5", "openie5_output.txt"); f == nil || oie16.ReaderFailure("openie4", "x") != nil {
		t.Errorf("reader failures: openie5 %v", f)
	}
	// PropS has extractions without arguments on gold sentences: the
	// reference stops (6.5); the corrected mode scores them.
	for _, f := range []string{"props_output.txt.gz"} {
		x, err := formats.Read(formats.Input{File: f, Data: readCaRB(t, f)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res := oie16.Score(gold, x.ByText, oie16.Options{}); res.Failure == nil || res.Failure.Line == 0 {
			t.Errorf("%s: the reference stops, but Failure = %v", f, res.Failure)
		}
		if res := oie16.Score(gold, x.ByText, oie16.Options{Mode: carb.Corrected}); res.Failure != nil || !(res.F1 > 0) {
			t.Errorf("%s corrected: %+v", f, res.Failure)
		}
	}
}
