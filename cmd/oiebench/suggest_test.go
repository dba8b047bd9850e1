//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var shippedEnglish = []string{"benchie:en/clausie", "benchie:en/minie", "benchie:en/openie6", "benchie:en/m2oie_en"}

func TestSuggestCLI(t *testing.T) {
	out, errs, code := runCLI(t, append([]string{"suggest", "--gold", "benchie:en", "--against", "benchie-fl:en", "--top", "2", "--format", "json", "--quiet"}, shippedEnglish...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep suggestReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.GoldSHA256 == "" || len(rep.Suggestions.Systems) != len(shippedEnglish) || rep.Measurement == nil || len(rep.Measurement.Recall) != 3 {
		t.Fatalf("report %+v", rep)
	}
	for _, s := range rep.Suggestions.Sentences {
		if len(s.Clusters) == 0 || len(s.Clusters) > 2 {
			t.Errorf("sentence %s: %d clusters with --top 2", s.ID, len(s.Clusters))
		}
	}
	out, _, code = runCLI(t, append([]string{"suggest", "--gold", "benchie:en", "--top", "1"}, shippedEnglish...)...)
	if code != 0 || !strings.Contains(out, "#2 Graner handcuffed") || !strings.Contains(out, "  1. ") || strings.Contains(out, "  2. ") {
		t.Errorf("table:\n%.600s", out)
	}
	for _, args := range [][]string{
		{"suggest", "benchie:en/clausie"},
		{"suggest", "--gold", "benchie:en"},
		{"suggest", "--gold", "benchie:en", "--format", "csv", "benchie:en/clausie"},
		{"suggest", "--gold", "benchie:en", "--k", "0", "benchie:en/clausie"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestErrataCLI adds two entries, applies them, undoes one, and checks
// that errata without entries leave every score and rank as it was.
func TestErrataCLI(t *testing.T) {
	dir := t.TempDir()
	errata, newGold := filepath.Join(dir, "e.json"), filepath.Join(dir, "new.txt")
	if _, errs, code := runCLI(t, "errata", "add", "--gold", "benchie:en", "--sentence", "2", "--who", "ann", errata, "Graner --> left --> him there"); code != 0 {
		t.Fatal(errs)
	}
	if _, errs, code := runCLI(t, "errata", "add", "--gold", "benchie:en", "--sentence", "1", "--synset", "99", "--who", "ann", errata, "He --> served --> as"); code != 1 || !strings.Contains(errs, "expected a synset of sentence 1 (1 to 5)") {
		t.Fatalf("bad synset accepted: %d %s", code, errs)
	}
	if _, errs, code := runCLI(t, "errata", "add", "--gold", "benchie:en", "--sentence", "1", "--synset", "1", "--who", "bob", errata, "He --> served --> as the first Prime Minister of Australia"); code != 0 {
		t.Fatal(errs)
	}
	out, errs, code := runCLI(t, append([]string{"errata", "apply", "--gold", "benchie:en", "--out", newGold, "--format", "json", errata}, shippedEnglish...)...)
	if code != 0 || !strings.Contains(errs, "1351 synsets (was 1350), 2 entries applied") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var changes []struct {
		F1Before   float64 `json:"f1_before"`
		F1After    float64 `json:"f1_after"`
		RankBefore int     `json:"rank_before"`
		RankAfter  int     `json:"rank_after"`
	}
	if err := json.Unmarshal([]byte(out), &changes); err != nil || len(changes) != len(shippedEnglish) {
		t.Fatalf("%v: %s", err, out)
	}
	moved := false
	for _, c := range changes {
		moved = moved || c.F1Before != c.F1After
	}
	if !moved {
		t.Error("two new gold triples changed no F1")
	}
	if _, errs, code := runCLI(t, "errata", "remove", errata, "2"); code != 0 {
		t.Fatal(errs)
	}
	if _, errs, code := runCLI(t, "errata", "remove", errata, "1"); code != 0 {
		t.Fatal(errs)
	}
	out, errs, code = runCLI(t, append([]string{"errata", "apply", "--gold", "benchie:en", "--out", newGold, "--format", "json", errata}, shippedEnglish...)...)
	if code != 0 {
		t.Fatal(errs)
	}
	if err := json.Unmarshal([]byte(out), &changes); err != nil {
		t.Fatal(err)
	}
	for i, c := range changes {
		if c.F1Before != c.F1After || c.RankBefore != c.RankAfter {
			t.Errorf("row %d: without entries %+v", i, c)
		}
	}
	// Another gold is refused, and nothing is written.
	os.Remove(newGold)
	if _, errs, code := runCLI(t, "errata", "apply", "--gold", "benchie:de", "--out", newGold, errata); code != 1 || !strings.Contains(errs, "apply them to the original gold") {
		t.Errorf("other gold: %d %s", code, errs)
	}
	if _, err := os.Stat(newGold); !os.IsNotExist(err) {
		t.Errorf("a refused apply wrote %s", newGold)
	}
}
