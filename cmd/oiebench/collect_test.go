//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// spyCollector stands for the collector until the test ends, counting
// from zero: the run's input read so far, at each setting.
func spyCollector(t *testing.T) *[]int64 {
	t.Helper()
	var got []int64
	saved := setCollector
	t.Cleanup(func() { collectLess, setCollector, inputRead.bytes = false, saved, 0 })
	collectLess, setCollector, inputRead.bytes = true, func(n int64) { got = append(got, n) }, 0
	return &got
}

// Every command that reads files sets the collector through readInput, for
// all the bytes it read, once after each file (collectLessFor): the same
// memory regime as score's (docs/reliability.md, "Memory"). Without it a
// 140.8 MB AnnIE file converted peaked at 700 MiB, 116% of the memory
// goal; with it 521 MiB.
func TestEveryCommandCollectsLess(t *testing.T) {
	gold, sys, sys2 := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt"), data(t, "systems/minie_explicit.txt")
	fl, err := dataset.FLDir()
	if err != nil {
		t.Fatal(err)
	}
	flGold, matches := filepath.Join(fl, "benchie-annotated(50).txt"), filepath.Join(fl, "matches_benchie50_7_systems_annotated.csv")
	dir := t.TempDir()
	receipt, errata := filepath.Join(dir, "r.json"), filepath.Join(dir, "e.json")
	if _, errs, code := runCLI(t, "score", "--quiet", "--gold", gold, "--receipt", receipt, sys); code != 0 {
		t.Fatal(errs)
	}
	if _, errs, code := runCLI(t, "errata", "add", "--gold", gold, "--sentence", "2", "--who", "ann", errata, "Graner --> left --> him there"); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		args []string
		read []string // the files read, in the order of the counts
	}{
		{[]string{"score", "--gold", gold, sys}, []string{gold, sys}},
		{[]string{"stats", "--gold", gold}, []string{gold}},
		{[]string{"analyze", "--gold", gold, "--samples", "10", sys}, []string{gold, sys}},
		{[]string{"compare", "--gold", gold, "--samples", "10", sys, sys2}, []string{gold, sys, sys2}},
		{[]string{"iaa", gold, gold}, []string{gold, gold}},
		{[]string{"judge", "--gold", flGold, "--matches", matches}, []string{flGold, matches}},
		{[]string{"tags", "--gold", gold}, []string{gold}},
		{[]string{"convert", "--to", "annie-json", gold}, []string{gold}},
		{[]string{"exercise", "--gold", gold, "--sentences", "1-2", "--out", filepath.Join(dir, "x.html")}, []string{gold}},
		{[]string{"verify", receipt, gold, sys}, []string{gold, sys}},
		{[]string{"suggest", "--gold", gold, sys}, []string{gold, sys}},
		{[]string{"errata", "apply", "--gold", gold, "--out", filepath.Join(dir, "new.txt"), errata, sys}, []string{gold, sys}},
		{[]string{"gen", "--gold", gold, "--scale", "1", "--out", filepath.Join(dir, "gen"), sys}, []string{gold, sys}},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			got := spyCollector(t)
			if _, errs, code := runCLI(t, c.args...); code != 0 {
				t.Fatalf("%s: exit %d: %s", strings.Join(c.args, " "), code, errs)
			}
			var total int64
			var want []int64
			for _, p := range c.read {
				info, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				total += info.Size()
				want = append(want, total)
			}
			// The gold and the systems are read at once: the counts are in
			// either order, the last is the whole input.
			if len(*got) != len(want) || (*got)[len(want)-1] != total {
				t.Errorf("%s: set the collector for %v bytes, want once a file, ending at the %d bytes read", c.args[0], *got, total)
			}
		})
	}
}
