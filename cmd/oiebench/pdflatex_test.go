//go:build latex && !(js && wasm)

// The LaTeX tables compile with pdflatex as a paper includes them:
//
//	go test -tags latex -run TestLaTeXCompiles ./cmd/oiebench
//
// (needs pdflatex with booktabs: Debian's texlive-latex-base and
// texlive-latex-recommended; it fails, never skips, without them).
package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestLaTeXCompiles(t *testing.T) {
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Fatal("pdflatex not found: install texlive-latex-base and texlive-latex-recommended")
	}
	analysis, stderr, code := runCLI(t, "analyze", "--gold", "benchie:en", "--format", "latex", "--samples", "10", "--quiet",
		"benchie:en/clausie", "benchie:en/minie")
	if code != 0 {
		t.Fatalf("analyze: exit %d: %s", code, stderr)
	}
	for name, table := range map[string]string{
		"wide":     latexReport(t),
		"small":    latexReport(t, "--scorer", "benchie", "--carb-gold", ""),
		"analysis": analysis,
	} {
		dir := t.TempDir()
		doc := "\\documentclass[twocolumn]{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n" +
			"\\begin{document}\n" + table + "\\end{document}\n"
		if err := os.WriteFile(filepath.Join(dir, "paper.tex"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "paper.tex")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: pdflatex: %v\n%s", name, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "paper.pdf")); err != nil {
			t.Errorf("%s: no PDF", name)
		}
		if log := string(out); strings.Contains(log, "Overfull \\hbox") {
			t.Errorf("%s: the table does not fit the column:\n%s", name, log)
		}
	}
}
