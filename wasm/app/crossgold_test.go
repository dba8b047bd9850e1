package main

import (
	"fmt"
	"slices"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// A user's system file added on BenchIE English stays across gold
// switches: scored on BenchIE^FL's English gold (the same sentences under
// the same ids), listed with a way back on the German gold (the same ids,
// other sentences), and scored again, with the same numbers, back on
// English.
func TestFileAcrossGolds(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: []byte("1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n")}}, evaluate.KindAuto, false)
	a.settle(t)
	mine := func() (scored bool, f1 float64, elsewhere []ui.Elsewhere) {
		a.env.RLock()
		defer a.env.RUnlock()
		for _, s := range a.m.Eval.Report.Systems {
			if s.Name == "mine" {
				scored, f1 = true, s.BenchIE.Facet("regular").F1
			}
		}
		return scored, f1, slices.Clone(a.m.Elsewhere)
	}
	scored, enF1, elsewhere := mine()
	if !scored || len(elsewhere) != 0 {
		t.Fatalf("on English: scored %v, elsewhere %v", scored, elsewhere)
	}
	// The new row is marked, to be scrolled to, and announced with its rank.
	a.env.RLock()
	rows, scroll := slices.Clone(a.m.NewRows), a.m.ScrollNew
	said := (&ui.Root{M: a.m}).Announcement()
	rank := 1
	for _, s := range a.m.Eval.Report.Systems {
		if s.BenchIE.Facet("regular").F1 > enF1 {
			rank++
		}
	}
	a.env.RUnlock()
	if want := fmt.Sprintf("mine added: BenchIE F1 %.3f, rank %d of 10.", enF1, rank); !slices.Equal(rows, []string{"mine"}) || !scroll || said != want {
		t.Errorf("new rows %v, scroll %v, announced %q; want [mine], true, %q", rows, scroll, said, want)
	}

	a.handle(func() { a.SwitchSource("fl-en") })
	a.settle(t)
	if scored, _, elsewhere := mine(); !scored || len(elsewhere) != 0 {
		t.Errorf("on English, BenchIE^FL: scored %v, elsewhere %v; want scored", scored, elsewhere)
	}
	a.env.RLock()
	listed := slices.ContainsFunc(a.m.Files, func(f ui.FileEntry) bool { return f.Name == "mine.tsv" })
	a.env.RUnlock()
	if !listed {
		t.Error("on English, BenchIE^FL: mine.tsv is not among the files listed")
	}

	a.handle(func() { a.SwitchSource("de") })
	a.settle(t)
	scored, _, elsewhere = mine()
	if scored {
		t.Error("on German: an English file was scored against the German sentences")
	}
	if len(elsewhere) != 1 || elsewhere[0].Source != "en" || !slices.Equal(elsewhere[0].Names, []string{"mine.tsv"}) {
		t.Errorf("on German: elsewhere %+v, want mine.tsv on en", elsewhere)
	}
	if got := ui.ElsewhereText(elsewhere[0]); got != "mine.tsv: added on English; not scored on this gold (its sentences differ, or a system here has the same name)." {
		t.Errorf("the line says %q", got)
	}

	a.handle(func() { a.SwitchSource(elsewhere[0].Source) }) // the line's button
	a.settle(t)
	if scored, f1, _ := mine(); !scored || f1 != enF1 {
		t.Errorf("back on English: scored %v, F1 %v, want %v", scored, f1, enF1)
	}
}
