//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/dist/singlefile"
)

// embeddedAsset returns a file a single-file page embeds.
func embeddedAsset(t *testing.T, page, path string) []byte {
	t.Helper()
	b, err := singlefile.Embedded([]byte(page), path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExerciseFile(t *testing.T) {
	dir := t.TempDir()
	out, gold := filepath.Join(dir, "ex.html"), filepath.Join(dir, "gold.txt")
	stdout, stderr, code := runCLI(t, "exercise", "--gold", "benchie:en", "--sentences", "2-3,7", "--title", "Week <3>", "--out", out, "--gold-out", gold)
	if code != 0 || !strings.Contains(stdout, "3 sentence(s), gold hidden from students") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if !strings.Contains(html, "<title>Week &lt;3&gt;</title>") || !strings.Contains(html, `data-asset="app.wasm"`) || strings.Contains(html, `data-asset="data/`) {
		t.Error("the page lacks its title or the evaluator, or embeds benchmark data")
	}
	sp, err := exercise.Parse("exercise.json", embeddedAsset(t, html, exercise.AssetPath))
	if err != nil {
		t.Fatal(err)
	}
	if sp.Title != "Week <3>" || sp.ShowGold || len(sp.Sentences) != 3 || sp.Sentences[2].ID != "7" {
		t.Errorf("spec %+v", sp)
	}
	written, _ := os.ReadFile(gold)
	if string(written) != sp.Gold {
		t.Error("--gold-out differs from the exercise's gold")
	}
	// The class table's numbers are the command line's on the exercise's gold.
	sub1, _ := exercise.WriteSubmission(sp, "Ana", []exercise.Extraction{{SentID: "2", Triple: oie.Triple{Subject: "Graner", Relation: "handcuffed", Object: "him"}}})
	sub2, _ := exercise.WriteSubmission(sp, "Bo", []exercise.Extraction{{SentID: "2", Triple: oie.Triple{Subject: "Graner", Relation: "left", Object: "him"}}, {SentID: "3", Triple: oie.Triple{Subject: "It", Relation: "deals", Object: "with cases"}}})
	var subs []exercise.Submission
	var files []string
	for name, data := range map[string][]byte{"ana.jsonl": sub1, "bo.jsonl": sub2} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		s, err := exercise.ReadSubmission(sp, name, data)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
		files = append(files, s.Student+"="+p)
	}
	class, err := exercise.ScoreClass(sp, subs)
	if err != nil {
		t.Fatal(err)
	}
	// ... and on the whole gold with the exercise's sentences.
	for _, scored := range [][]string{{"--gold", gold}, {"--gold", "benchie:en", "--sentences", "2-3,7"}} {
		stdout, stderr, code = runCLI(t, append(append([]string{"score", "--format", "json"}, scored...), files...)...)
		if code != 0 {
			t.Fatalf("score: %s", stderr)
		}
		var rep struct {
			Systems []struct {
				Name    string
				BenchIE map[string]struct{ Precision, Recall, F1 float64 }
			}
		}
		json.Unmarshal([]byte(stdout), &rep)
		if len(rep.Systems) != 2 {
			t.Fatalf("%v: %d systems", scored, len(rep.Systems))
		}
		for _, s := range rep.Systems {
			found := false
			for _, row := range class.Rows {
				if row.Student == s.Name {
					found = true
					if got, want := row.Score, s.BenchIE["regular"]; math.Abs(got.F1-want.F1) > 1e-12 || math.Abs(got.Precision-want.Precision) > 1e-12 || math.Abs(got.Recall-want.Recall) > 1e-12 {
						t.Errorf("%v: %s: class %+v, score %+v", scored, s.Name, got, want)
					}
				}
			}
			if !found {
				t.Errorf("%s is not in the class table", s.Name)
			}
		}
	}
	if _, _, code := runCLI(t, "exercise", "--gold", "benchie:en", "--out", out); code != 2 {
		t.Errorf("no --sentences: exit %d, want 2", code)
	}
	// The list is checked against the gold as score --sentences checks it.
	for list, want := range map[string]string{"3-1": "goes backwards", "1,999": `sentence "999" is not in the gold`, "covered": "named by id"} {
		if _, stderr, code := runCLI(t, "exercise", "--gold", "benchie:en", "--sentences", list, "--out", out); code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("--sentences %s: exit %d, %s", list, code, stderr)
		}
	}
}
