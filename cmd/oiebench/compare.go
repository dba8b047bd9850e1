package main

import (
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

func runCompare(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("compare", "--gold GOLD [options] [NAME=]A [NAME=]B", stderr)
	gold := fs.String("gold", "", "BenchIE gold file (required)")
	facet := fs.String("facet", "regular", "facet compared: regular, concat or minimal")
	compat := fs.Bool("reference-compat", false, "reproduce the official script's synset lookup (benchie.md section 6)")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(report.Formats, ", "))
	sysFormat := fs.String("system-format", "auto", "system file format: auto, benchie-tsv, jsonl")
	samples := fs.Int("samples", analysis.DefaultTestSamples, "randomisation rounds (and bootstrap samples of the difference)")
	seed := fs.Uint64("seed", 1, "seed of the test")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *gold == "" {
		return usageError{"--gold is required"}
	}
	if len(systems) != 2 {
		return usageError{"give exactly two system files, A and B"}
	}
	if *samples <= 0 {
		return usageError{"--samples must be positive"}
	}
	f, err := benchie.ParseFacet(*facet)
	if err != nil {
		return usageError{err.Error()}
	}
	req, err := evaluationRequest(*gold, "", *sysFormat, systems)
	if err != nil {
		return err
	}
	req.Options = evaluate.Options{Facets: []benchie.Facet{f}, ReferenceCompat: *compat, StrictGold: *strict}
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	c := analysis.Compare(ev, 0, 1, analysis.CompareOptions{Facet: f, Samples: *samples, Seed: *seed})
	out, err := c.Render(*format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}
