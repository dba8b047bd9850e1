//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// studentFile writes what a student who ran ClausIE on sentences 1-5 hands in.
func studentFile(t *testing.T) string {
	t.Helper()
	all, err := os.ReadFile(data(t, "systems/clausie_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(string(all), "\n") {
		if id, _, _ := strings.Cut(line, "\t"); id >= "1" && id <= "5" && len(id) == 1 {
			kept = append(kept, line)
		}
	}
	p := filepath.Join(t.TempDir(), "student.tsv")
	if err := os.WriteFile(p, []byte(strings.Join(kept, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestScoreSentences: --sentences covered and --sentences 1-5 score the
// student on their 5 sentences, name the subset, and equal a gold file of
// those 5 sentences; without it, a warning says why recall is tiny.
func TestScoreSentences(t *testing.T) {
	student := studentFile(t)
	gold := data(t, "benchie_gold_annotations_en.txt")
	score := func(args ...string) (cliReport, string, map[string]any) {
		out, errs, code := runCLI(t, append([]string{"score", "--gold", gold, "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var r cliReport
		var raw map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal([]byte(out), &raw)
		return r, errs, raw
	}
	all, errs, _ := score(student)
	if !strings.Contains(errs, "its extractions are on 5 of the gold's 300 sentences") || !strings.Contains(errs, "--sentences covered") {
		t.Errorf("no word on the 5 sentences: %s", errs)
	}
	covered, errs, raw := score("--sentences", "covered", student)
	if strings.Contains(errs, "5 of the gold's") {
		t.Errorf("the note stays when the subset is chosen: %s", errs)
	}
	listed, _, _ := score(student, "--sentences", "1-5")
	// The gold file of those 5 sentences, as a teacher would cut it.
	text, _ := os.ReadFile(gold)
	cut := strings.Index(string(text), "sent_id:6\t")
	five := filepath.Join(t.TempDir(), "five.txt")
	os.WriteFile(five, text[:cut], 0o644)
	out, errs, code := runCLI(t, "score", "--gold", five, "--format", "json", student)
	if code != 0 {
		t.Fatal(errs)
	}
	var want cliReport
	json.Unmarshal([]byte(out), &want)
	for _, f := range []string{"regular", "concat", "minimal"} {
		w := want.Systems[0].BenchIE[f]
		for _, r := range []cliReport{covered, listed} {
			if r.Systems[0].BenchIE[f] != w {
				t.Errorf("%s: %+v, the 5-sentence gold's %+v", f, r.Systems[0].BenchIE[f], w)
			}
		}
		if all.Systems[0].BenchIE[f].Recall >= w.Recall/10 {
			t.Errorf("%s: the whole gold's recall %v", f, all.Systems[0].BenchIE[f].Recall)
		}
	}
	if !strings.Contains(covered.Signature, "|sentences:covered:5/300:1-5|systems:sha256:") || !strings.Contains(listed.Signature, "|sentences:list:5/300:1-5|systems:sha256:") {
		t.Errorf("signatures %s, %s", covered.Signature, listed.Signature)
	}
	if sub, _ := raw["subset"].(map[string]any); sub["ids"] != "1-5" || sub["of"] != 300.0 || covered.Gold.Sentences != 5 || covered.Gold.Synsets != want.Gold.Synsets {
		t.Errorf("subset %v, gold %+v", raw["subset"], covered.Gold)
	}
	table, _, _ := runCLI(t, "score", "--gold", gold, "--sentences", "covered", student)
	if !strings.Contains(table, "5 of 300 sentences (those the files cover: 1-5)") {
		t.Errorf("the table does not name the subset:\n%s", table)
	}
	// A wrong subset is an error with its column, exit 1.
	_, errs, code = runCLI(t, "score", "--gold", gold, "--sentences", "1-5,301", student)
	if code != 1 || !strings.Contains(errs, `sentences "1-5,301", column 5: sentence "301" is not in the gold`) {
		t.Errorf("exit %d: %s", code, errs)
	}
	help, _, _ := runCLI(t, "help", "score")
	if !strings.Contains(help, "-sentences") || !strings.Contains(help, "covered") {
		t.Errorf("help:\n%s", help)
	}
	// analyze and compare name it in their signatures.
	out, errs, code = runCLI(t, "analyze", "--gold", gold, "--sentences", "covered", "--samples", "10", "--quiet", student)
	if code != 0 || !strings.Contains(unfolded(out), "|sentences:covered:5/300:1-5|systems:sha256:") || !strings.Contains(unfolded(out), "|analysis:regular") {
		t.Errorf("analyze: exit %d %s\n%s", code, errs, out)
	}
	out, errs, code = runCLI(t, "compare", "--gold", gold, "--sentences", "1-20", "--samples", "10", "--quiet", data(t, "systems/clausie_explicit.txt"), data(t, "systems/minie_explicit.txt"))
	if code != 0 || !strings.Contains(out, "over 20 sentences") || !strings.Contains(unfolded(out), "|sentences:list:20/300:1-20|test:") {
		t.Errorf("compare: exit %d %s\n%s", code, errs, out)
	}
	// stats counts a subset too.
	stats, _, _ := runCLI(t, "stats", "--gold", gold, "--sentences", "1-5", "--format", "json")
	if !strings.Contains(stats, `"sentences": 5,`) || !strings.Contains(stats, `"ids": "1-5"`) {
		t.Errorf("stats:\n%s", stats)
	}
}
