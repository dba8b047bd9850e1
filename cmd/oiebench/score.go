package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

func runScore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "--gold GOLD [options] [NAME=]SYSTEM...", stderr)
	gold := fs.String("gold", "", "BenchIE gold file (required)")
	eGold := fs.String("e-gold", "", "BenchIE-E gold file: adds the entity facet")
	scorers := fs.String("scorer", "benchie", "scorers: benchie and carb (with --carb-gold), or wire57 (WiRe57 gold and system JSON)")
	carbGold := fs.String("carb-gold", "", "CaRB gold for the BenchIE gold's sentences: adds CaRB and CaRB minus BenchIE")
	facets := fs.String("facet", "regular,concat,minimal", "facets to score: regular, concat, minimal")
	compat := fs.Bool("reference-compat", false, "reproduce the official script's synset lookup (benchie.md section 6)")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(report.Formats, ", "))
	sysFormat := fs.String("system-format", "auto", "system file format: auto, benchie-tsv, jsonl, carb-tabbed")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *gold == "" {
		return usageError{"--gold is required"}
	}
	if len(systems) == 0 {
		return usageError{"no system file given"}
	}
	want := map[string]bool{}
	for _, sc := range splitList(*scorers) {
		if sc != "benchie" && sc != "carb" && sc != "wire57" {
			return usageError{fmt.Sprintf("unknown scorer %q: expected benchie, carb or wire57", sc)}
		}
		want[sc] = true
	}
	if want["wire57"] {
		if len(want) > 1 {
			return usageError{"wire57 scores WiRe57 files against a WiRe57 gold: it does not combine with benchie or carb"}
		}
		return scoreWiRe57(*gold, systems, *format, stdout)
	}
	if want["carb"] != (*carbGold != "") {
		return usageError{"the carb scorer needs --carb-gold (a CaRB gold for the BenchIE gold's sentences), and --carb-gold needs --scorer benchie,carb"}
	}
	req := evaluate.Request{Options: evaluate.Options{ReferenceCompat: *compat, StrictGold: *strict}}
	if req.SystemFormat, err = parseSystemFormat(*sysFormat); err != nil {
		return err
	}
	for _, f := range splitList(*facets) {
		facet, err := benchie.ParseFacet(f)
		if err != nil {
			return usageError{err.Error()}
		}
		req.Facets = append(req.Facets, facet)
	}
	if req.Gold, err = readInput("", *gold); err != nil {
		return err
	}
	if *carbGold != "" {
		in, err := readInput("", *carbGold)
		if err != nil {
			return err
		}
		req.CaRBGold = &in
	}
	if *eGold != "" {
		in, err := readInput("", *eGold)
		if err != nil {
			return err
		}
		req.EGold = &in
	}
	if req.Systems, err = systemInputs(systems); err != nil {
		return err
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	return render(&ev.Report, *format, stdout)
}

func scoreWiRe57(gold string, systems []string, format string, stdout io.Writer) error {
	in, err := readInput("", gold)
	if err != nil {
		return err
	}
	sys, err := systemInputs(systems)
	if err != nil {
		return err
	}
	r, err := evaluate.RunWiRe57(in, sys)
	if err != nil {
		return err
	}
	return render(r, format, stdout)
}

func render(r *report.Report, format string, stdout io.Writer) error {
	out, err := r.Render(format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}

func parseSystemFormat(s string) (oie.Format, error) {
	f, err := evaluate.ParseSystemFormat(s)
	if err != nil {
		return "", usageError{err.Error()}
	}
	return f, nil
}

func readInput(name, path string) (evaluate.Input, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return evaluate.Input{}, err
	}
	return evaluate.Input{Name: name, Path: path, Data: data}, nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
