//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist"
	"github.com/oiebench/oiebench/dist/singlefile"
)

// runExercise writes a class exercise: one HTML file that works offline
// from disk, with the chosen sentences, the gold restricted to them and the
// evaluator (README, Exercises for a class).
func runExercise(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("exercise", "--gold GOLD --sentences LIST [--title T] [--show-gold] --out exercise.html [--gold-out FILE]", stderr)
	gold := fs.String("gold", "", "BenchIE gold file or shipped name, such as benchie:en (required)")
	list := fs.String("sentences", "", "the sentence ids of the exercise, such as 1-5,9 (required)")
	title := fs.String("title", "", "the exercise's title, shown to students")
	show := fs.Bool("show-gold", false, "show students the gold's facts beside their feedback (hidden by default; the gold is in the file either way)")
	out := fs.String("out", "", "the HTML file to write (required)")
	goldOut := fs.String("gold-out", "", "also write the exercise's gold here: `oiebench score --gold FILE SUBMISSION...` gives the class table")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *gold == "" || *list == "" || *out == "" || len(rest) > 0 {
		return usageError{"give --gold, --sentences and --out (and no other arguments)"}
	}
	in, err := readInput("", *gold)
	if err != nil {
		return err
	}
	g, err := evaluate.ReadGold(in, false)
	if err != nil {
		return err
	}
	sp, err := exercise.New(g.Gold, *list, *title, *show)
	if err != nil {
		return err
	}
	spec, err := sp.MarshalJSON()
	if err != nil {
		return err
	}
	page, err := singlefile.Bundle(dist.ReadSite, []singlefile.Asset{{Path: "app.wasm"}, {Path: exercise.AssetPath, Data: spec}}, sp.Title)
	if err != nil {
		return err
	}
	if err := writeOutput(*out, page); err != nil {
		return err
	}
	if *goldOut != "" {
		if err := writeOutput(*goldOut, []byte(sp.Gold)); err != nil {
			return err
		}
	}
	shown := "hidden from students"
	if sp.ShowGold {
		shown = "shown to students"
	}
	fmt.Fprintf(stdout, "wrote %s (%s): %q, %d sentence(s), gold %s, exercise %s\n", *out, report.Size(len(page)), sp.Title, len(sp.Sentences), shown, sp.ID[:12])
	return nil
}
