//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"
)

// latexReport is a table with every kind of column: three facets, CaRB
// with its AUC, the CaRB and FL deltas (signed), BenchIE^FL.
func latexReport(t *testing.T, extra ...string) string {
	t.Helper()
	args := append([]string{"score", "--gold", "benchie:en", "--scorer", "benchie,carb,benchie-fl", "--carb-gold", "benchie:en/carb-gold",
		"--format", "latex", "--quiet", "benchie:en/clausie", "benchie:en/minie", "Naive_OIE & co=benchie:en/naive_oie"}, extra...)
	out, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	return out
}

// Every row has as many cells as the column spec, the screen's symbols are
// LaTeX, deltas are signed, a table wider than the column is scaled down
// to it, and the signature may break.
func TestLaTeXTable(t *testing.T) {
	tex := latexReport(t)
	spec := tex[strings.Index(tex, `\begin{tabular}{`)+len(`\begin{tabular}{`):]
	spec = spec[:strings.IndexByte(spec, '}')]
	rows := 0
	for _, line := range strings.Split(tex, "\n") {
		if strings.HasSuffix(line, `\\`) && !strings.Contains(line, `\multicolumn`) {
			if n := strings.Count(strings.ReplaceAll(line, `\&`, ""), "&") + 1; n != len(spec) {
				t.Errorf("%d cells in a table of %d columns: %s", n, len(spec), line)
			}
			rows++
		}
	}
	if rows != 4 { // the heading and three systems
		t.Errorf("%d rows", rows)
	}
	for _, raw := range []string{"Δ", "−", "^FL"} {
		if strings.Contains(tex, raw) {
			t.Errorf("raw %q in the LaTeX", raw)
		}
	}
	for _, want := range []string{`$\Delta$ CaRB$-$BenchIE`, `BenchIE\textsuperscript{FL}`, `& $+$0.08 &`, `\resizebox{\ifdim\width>\linewidth\linewidth\else\width\fi}{!}{%`, `Naive\_OIE \& co &`, `\allowbreak{}`} {
		if !strings.Contains(tex, want) {
			t.Errorf("no %q in:\n%s", want, tex)
		}
	}
}
