package board

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
)

func entry(file, sig string, systems ...report.System) Entry {
	return Entry{
		Receipt: &receipt.Receipt{Receipt: receipt.Format, Gold: receipt.File{Shipped: "benchie:en", SHA256: strings.Repeat("a", 64)}},
		File:    file,
		Report:  &report.Report{Signature: sig, Systems: systems},
	}
}

func sys(name string, f1 float64, withCaRB bool) report.System {
	s := report.System{Name: name, BenchIE: &report.BenchIE{Regular: &report.Score{Precision: 0.5, Recall: 0.25, F1: f1}}}
	if withCaRB {
		s.CaRB = &report.CaRB{F1: 0.4, Delta: &report.Delta{F1: 0.1}}
	}
	return s
}

// Entries share a table when their gold, metric and settings agree; the
// CaRB gold is a setting of CaRB's table only; differences rank nothing.
func TestTables(t *testing.T) {
	b := &Board{Page: "../", Entries: []Entry{
		entry("a.json", "oiebench:0.1.0|scorers:benchie+carb|facets:regular|mode:paper|gold:sha256:x|carb-gold:sha256:0123456789abcdef0123|systems:sha256:y", sys("A", 0.3, true)),
		entry("b.json", "oiebench:0.1.0|scorers:benchie|facets:regular|mode:paper|gold:sha256:x|systems:sha256:z", sys("<B>", 0.35, false)),
		entry("c.json", "oiebench:0.1.0|scorers:benchie|facets:regular|mode:reference|gold:sha256:x|systems:sha256:w", sys("C", 0.2, false)),
	}}
	var got []string
	for _, tb := range b.Tables() {
		var rows []string
		for _, r := range tb.Rows {
			rows = append(rows, r.System+"="+r.Cells[len(r.Cells)-1].Value)
		}
		got = append(got, tb.Title+" ["+tb.Options+"] "+strings.Join(tb.Columns, ",")+": "+strings.Join(rows, " "))
	}
	want := []string{
		"BenchIE on benchie:en [mode:paper] P,R,F1: A=0.3 <B>=0.35",
		"CaRB on benchie:en [mode:paper, carb-gold:sha256:0123456789ab…] P,R,F1,AUC: A=0",
		"BenchIE on benchie:en [mode:reference] P,R,F1: C=0.2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	files := b.Files()
	html := string(files["index.html"])
	if !strings.Contains(html, "&lt;B&gt;") || strings.Contains(html, "<B>") || !strings.Contains(html, `href="../#view=sentences&amp;gold=benchie%3Aen&amp;system=%3CB%3E"`) {
		t.Fatalf("a name is not escaped:\n%s", html)
	}
	if files["board.js"] == nil || files["board.css"] == nil || files["receipts/c.json"] == nil {
		t.Fatal("a file is missing")
	}
}
