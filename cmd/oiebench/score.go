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
	facets := fs.String("facet", "regular,concat,minimal", "facets to score: regular, concat, minimal")
	compat := fs.Bool("reference-compat", false, "reproduce the official script's synset lookup (benchie.md section 6)")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(report.Formats, ", "))
	sysFormat := fs.String("system-format", "auto", "system file format: auto, benchie-tsv, jsonl")
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
	if *eGold != "" {
		in, err := readInput("", *eGold)
		if err != nil {
			return err
		}
		req.EGold = &in
	}
	for _, arg := range systems {
		name, path := "", arg
		if n, p, ok := strings.Cut(arg, "="); ok && n != "" && !fileExists(arg) {
			name, path = n, p
		}
		in, err := readInput(name, path)
		if err != nil {
			return err
		}
		req.Systems = append(req.Systems, in)
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	out, err := ev.Report.Render(*format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}

func parseSystemFormat(s string) (oie.Format, error) {
	switch s {
	case "auto", "":
		return oie.FormatAuto, nil
	case string(oie.FormatTSV), "tsv":
		return oie.FormatTSV, nil
	case string(oie.FormatJSONL):
		return oie.FormatJSONL, nil
	}
	return "", usageError{fmt.Sprintf("unknown system format %q: expected auto, benchie-tsv or jsonl", s)}
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
