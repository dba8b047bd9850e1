package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// TestFLBudget: a gold whose surface forms are past the Worker's BenchIE^FL
// budget is refused with a 400 that names the bound, before any form is
// expanded (a few kilobytes of gold would otherwise cost gigabytes); the
// same gold is scored by BenchIE alone.
func TestFLBudget(t *testing.T) {
	var g strings.Builder
	for i := 1; i <= 40; i++ {
		// 2^12 forms a triple, one triple a synset, 4 synsets a sentence:
		// 655,360 forms in 12 KB, past the Worker's 131,072.
		if i > 1 {
			g.WriteString("\n")
		}
		fmt.Fprintf(&g, "sent_id:%d\tBob likes tea .\n", i)
		for c := 1; c <= 4; c++ {
			fmt.Fprintf(&g, "%d--> Cluster %d:\n[a] [b] [c] [d] Bob --> [e] [f] likes [g] [h] --> [i] [j] tea%d [k] [l]\n", i, c, c)
		}
	}
	sys := "1\tBob\tlikes\ttea1\n"
	for _, c := range []struct {
		scorers []string
		status  int
		msg     string
	}{
		{[]string{"benchie-fl"}, http.StatusBadRequest, "BenchIE^FL would expand this gold to 655360 surface forms (2^k for a triple with k optional words), past the budget of 131072"},
		{[]string{"benchie"}, http.StatusOK, ""},
	} {
		res := post(t, newHandler(nil), mustJSON(t, map[string]any{"gold": g.String(), "systems": map[string]any{"s": sys}, "scorers": c.scorers}))
		got := string(readAll(t, res))
		if res.StatusCode != c.status || !strings.Contains(got, c.msg) || c.msg != "" && !strings.Contains(got, "score it with the command line") {
			t.Errorf("%v: status %d: %.600s", c.scorers, res.StatusCode, got)
		}
	}
}

// TestFLBudgetSystem: within the body limit, a system file that would keep
// BenchIE^FL matching past the Worker's CPU time (every line on the FL
// gold's costliest sentence, 139) is refused before it is scored.
func TestFLBudgetSystem(t *testing.T) {
	gold, err := dataset.ReadData("benchie_fl/benchie-annotated(300).txt")
	if err != nil {
		t.Fatal(err)
	}
	var sys strings.Builder
	for i := 0; sys.Len() < 1<<20; i++ {
		// words of sentence 139, so that the file reads as this gold's
		fmt.Fprintf(&sys, "139\tAn alternative\tand more convincing\texplanation %d\n", i)
	}
	res := post(t, newHandler(nil), mustJSON(t, map[string]any{"gold": string(gold), "systems": map[string]any{"s": sys.String()}, "scorers": []string{"benchie-fl"}}))
	got := string(readAll(t, res))
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(got, "BenchIE^FL would compare its extractions") || !strings.Contains(got, "past the budget of 67108864") {
		t.Errorf("status %d: %.600s", res.StatusCode, got)
	}
}
