//go:build !(js && wasm)

package main

import (
	"io"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
)

func runCompare(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("compare", "--gold GOLD [options] [NAME=]A [NAME=]B", stderr)
	in := addInputFlags(fs, "")
	facet := fs.String("facet", "regular", "facet compared: regular, concat or minimal")
	samples := fs.Int("samples", analysis.DefaultTestSamples, "randomisation rounds (and bootstrap samples of the difference)")
	seed := fs.Uint64("seed", 1, "seed of the test")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
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
	req, err := in.request(systems)
	if err != nil {
		return err
	}
	req.Facets = []benchie.Facet{f}
	req.Progress = progress(stderr, *in.quiet)
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	c := analysis.Compare(ev, 0, 1, analysis.CompareOptions{Facet: f, Samples: *samples, Seed: *seed})
	out, err := c.Render(*in.format)
	if err != nil {
		return usageError{err.Error()}
	}
	printWarnings(ev.Report.WarningLines(), *in.quiet, stderr)
	_, err = stdout.Write(fitWidth(out, *in.format, *in.wide))
	return err
}
