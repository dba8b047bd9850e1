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

// A dropped receipt's verification shows under the files: its summary,
// what differs, and every line.
func TestVerificationPanel(t *testing.T) {
	m, _ := model(t, "en")
	m.Verification = &Verification{Receipt: "mine.json", Summary: "NOT verified: 1 differences", Lines: []receipt.Line{
		{OK: true, Text: "gold benchie:en (shipped): sha256 a510"},
		{OK: false, Text: "systems[Mine].benchie.regular.f1: receipt 0.9, re-scored 0.3"},
	}}
	html := render(t, &Inputs{M: m})
	for _, want := range []string{`data-verified="false"`, "mine.json: NOT verified: 1 differences",
		"<li>systems[Mine].benchie.regular.f1: receipt 0.9, re-scored 0.3</li>", "<code>ok      gold benchie:en (shipped): sha256 a510</code>", "2 lines checked"} {
		if !strings.Contains(html, want) {
			t.Errorf("no %q in\n%s", want, html)
		}
	}
}
