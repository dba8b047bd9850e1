package ui

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/report"
)

// The WiRe57 table's columns are the report's (report.WiRe57Metrics):
// headings, and cells with the exact value in data-value.
func TestWire57TableColumns(t *testing.T) {
	m, _ := model(t, "en")
	m.Analyses.WiRe57 = &report.Report{Systems: []report.System{{Name: "sys", WiRe57: &report.WiRe57{
		Precision: 0.5, Recall: 0.25, F1: 1.0 / 3, Matches: 7, ExactPrec: 0.125, ExactRec: 0.0625}}}}
	html := render(t, &Wire57Table{M: m})
	for _, want := range []string{
		`title="gold tuples matched one to one">Matches</th>`, `>Exact R</th>`,
		`data-metric="f1" data-system="sys" data-value="0.3333333333333333">0.333</td>`,
		`data-metric="matches" data-system="sys" data-value="7">7</td>`,
		`data-metric="exact_prec" data-system="sys" data-value="0.125">0.125</td>`,
		`class="num group-start" data-facet="wire57" data-metric="matches"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in\n%s", want, html)
		}
	}
}
