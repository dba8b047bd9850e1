//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/nlp/postag"
)

func runAnalyze(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("analyze", "--gold GOLD [options] [NAME=]SYSTEM...", stderr)
	in := addInputFlags(fs, "BenchIE-E gold file: adds the entity facet to the profile")
	facet := fs.String("facet", "regular", "facet analysed: regular, concat or minimal (every facet is scored for the profile)")
	samples := fs.Int("samples", analysis.DefaultSamples, "bootstrap samples for the 95% intervals (0: no intervals)")
	seed := fs.Uint64("seed", 1, "seed of the bootstrap")
	lang := fs.String("lang", "auto", "language of the sentences for conjunctions and case markers: auto, en, de, or another code (length only)")
	tags := fs.String("tags", "", "precomputed POS tags (oiebench tags) to use before the tagger")
	length := fs.String("length-buckets", "20,30", "upper bounds of the sentence-length buckets, in tokens")
	conj := fs.String("conjunction-buckets", "0", "upper bounds of the conjunction buckets")
	cases := fs.String("case-marker-buckets", "1,2,3,4", "upper bounds of the case-marker buckets")
	charts := fs.String("charts", "", "also write the charts (paper Figs. 1-4, PR curves) as SVG files into this folder")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	req, err := in.request(systems)
	if err != nil {
		return err
	}
	opt := analysis.Options{Seed: *seed, Samples: *samples}
	if *samples == 0 {
		opt.Samples = -1
	} else if *samples < 0 {
		return usageError{"--samples must be 0 or more"}
	}
	if opt.Facet, err = benchie.ParseFacet(*facet); err != nil {
		return usageError{err.Error()}
	}
	for _, b := range []struct {
		flag, value string
		dst         *[]int
	}{{"--length-buckets", *length, &opt.Thresholds.Length}, {"--conjunction-buckets", *conj, &opt.Thresholds.Conjunctions}, {"--case-marker-buckets", *cases, &opt.Thresholds.CaseMarkers}} {
		if *b.dst, err = parseInts(b.value); err != nil {
			return usageError{b.flag + ": " + err.Error()}
		}
	}
	if err := analysis.CheckThresholds(opt.Thresholds); err != nil {
		return usageError{err.Error()}
	}
	req.Progress = progress(stderr, *in.quiet)
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	if opt.Featurizer, err = featurizer(*lang, *tags, ev.Gold.Gold); err != nil {
		return err
	}
	if err := analysis.Analyze(ev, opt); err != nil {
		return usageError{err.Error()}
	}
	if *charts != "" {
		if err := writeCharts(*charts, &ev.Report); err != nil {
			return err
		}
	}
	out, err := ev.Report.RenderAnalysis(*in.format)
	if err != nil {
		return usageError{err.Error()}
	}
	printWarnings(ev.Report.WarningLines(), *in.quiet, stderr)
	_, err = stdout.Write(fitWidth(out, *in.format, *in.wide))
	return err
}

// featurizer sets up sentence features for a language ("auto": guessed from
// the gold's sentences). English uses precomputed tags when given, and the
// tagger for sentences they lack.
func featurizer(lang, tagsFile string, g *benchie.Gold) (*nlp.Featurizer, error) {
	if lang == "auto" {
		texts := make([]string, len(g.Sentences))
		for i, s := range g.Sentences {
			texts[i] = s.Text
		}
		lang = nlp.DetectLanguage(texts)
	}
	fz := &nlp.Featurizer{Lang: lang}
	if tagsFile != "" {
		in, err := readInput("", tagsFile)
		if err != nil {
			return nil, err
		}
		if fz.Tags, err = nlp.ReadTags(in.Path, in.Data); err != nil {
			return nil, err
		}
	}
	if lang == "en" {
		tagger, err := postag.English()
		if err != nil {
			return nil, fmt.Errorf("loading the POS tagger: %w", err)
		}
		fz.Tagger, fz.TaggerName = tagger, postag.Name
	}
	return fz, nil
}

func parseInts(s string) ([]int, error) {
	out := []int{}
	for _, p := range splitList(s) {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("expected comma-separated whole numbers, found %q", p)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("expected at least one bound")
	}
	return out, nil
}
