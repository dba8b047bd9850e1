//go:build !(js && wasm)

package main

import (
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

func runIAA(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("iaa", "[options] GOLD_A GOLD_B", stderr)
	facet := fs.String("facet", "regular", "facet: regular, concat or minimal")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(report.Formats, ", "))
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usageError{"give exactly two gold files, GOLD_A and GOLD_B"}
	}
	f, err := benchie.ParseFacet(*facet)
	if err != nil {
		return usageError{err.Error()}
	}
	var golds [2]*evaluate.Gold
	for i, path := range files {
		in, err := readInput("", path)
		if err != nil {
			return err
		}
		if golds[i], err = evaluate.ReadGold(in, *strict); err != nil {
			return err
		}
	}
	ag, err := analysis.Agreement(golds[0], golds[1], f)
	if err != nil {
		return err
	}
	out, err := ag.Render(*format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}
