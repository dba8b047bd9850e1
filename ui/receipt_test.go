package ui

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/internal/dataset"
)

// The page's receipt of the bundled scores names no path of its own and
// verifies against the same files.
func TestScoresReceipt(t *testing.T) {
	m, app := model(t, "en")
	c := &ScoresView{M: m}
	c.DownloadReceipt()
	if len(app.calls) != 1 || app.calls[0] != "download oiebench-en.receipt.json" {
		t.Fatalf("calls %v", app.calls)
	}
	out, err := c.Receipt()
	if err != nil {
		t.Fatal(err)
	}
	rc, err := receipt.Parse("receipt", out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), `"path"`) || len(rc.Systems) != len(m.Eval.Report.Systems) {
		t.Fatalf("receipt:\n%s", out)
	}
	d, _ := benchmarks.DatasetByKey("en")
	var given []evaluate.Input
	for _, p := range append([]string{d.Gold}, systemFiles(d)...) {
		data, err := dataset.ReadData(p)
		if err != nil {
			t.Fatal(err)
		}
		given = append(given, evaluate.Input{Path: p, Data: data})
	}
	if res := receipt.Verify(rc, receipt.Source{Given: given}); !res.OK() {
		t.Fatalf("%s: %+v", res.Summary(), res.Lines)
	}
}

func systemFiles(d benchmarks.Dataset) []string {
	var out []string
	for _, s := range d.Systems {
		out = append(out, s.File)
	}
	return out
}
