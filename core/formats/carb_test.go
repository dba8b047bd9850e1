package formats_test

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
	"github.com/oiebench/oiebench/internal/dataset"
)

// readTestdata reads testdata/dir/name, unzipped when it ends in .gz.
func readTestdata(t *testing.T, dir, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", dir, name))
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

// TestCaRBPublished scores CaRB's own ClausIE and OpenIE 4 outputs, as the
// systems wrote them and with their formats detected, against CaRB's test
// gold: the numbers are CaRB's published ones (dump/*.dat).
func TestCaRBPublished(t *testing.T) {
	gold, f, err := formats.ReadCaRBGold(formats.Input{File: "test.tsv", Data: dataset.MustReadData(t, "carb/gold/test.tsv")}, nil)
	if err != nil || f.Name != "carb-gold" {
		t.Fatalf("gold read as %v: %v", f, err)
	}
	for _, c := range []struct {
		file, format         string
		auc, p, r, f1        float64
		skipped, extractions int
	}{
		{"clausie_output.txt", "clausie", .223619, .411209, .495817, .449567, 391, 13560},
		{"openie4_output.txt", "openie4", .272104, .552596, .437214, .488180, 489, 8747},
	} {
		data := dataset.MustReadData(t, "carb/systems/test/"+c.file)
		d := formats.Detect(data)
		if d.Format == nil || d.Format.Name != c.format {
			t.Fatalf("%s detected as %+v, want %s", c.file, d, c.format)
		}
		x, err := formats.Read(formats.Input{File: c.file, Data: data}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if x.Len() != c.extractions || len(x.ByText.Warnings) != 1 {
			t.Errorf("%s: %d extractions, warnings %v", c.file, x.Len(), x.ByText.Warnings)
		}
		res := carb.Score(gold, x.ByText)
		for _, v := range []struct {
			name      string
			got, want float64
		}{{"AUC", res.AUC, c.auc}, {"P", res.Precision, c.p}, {"R", res.Recall, c.r}, {"F1", res.F1, c.f1}} {
			if math.Abs(v.got-v.want) > 5e-7 {
				t.Errorf("%s %s = %.9f, published %.6f", c.file, v.name, v.got, v.want)
			}
		}
	}
}
