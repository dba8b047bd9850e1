//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"flag"
	"io"
	"os"
	"strings"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/formats"
)

func runScore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "--gold GOLD [options] [NAME=]SYSTEM...", stderr)
	in := addInputFlags(fs, "BenchIE-E gold file: adds the entity facet")
	scorers := fs.String("scorer", "benchie", "scorers: benchie, benchie-fl and carb (with --carb-gold); carb alone (--gold is a CaRB or OIE2016 gold); or wire57 (WiRe57 gold and system JSON)")
	flMode := fs.String("fl-mode", "reference", "BenchIE^FL mode shown first: reference (the published numbers) or corrected; the other is shown where it differs")
	goldFormatName := fs.String("gold-format", "auto", "gold file format: auto (told by evidence) or "+strings.Join(formats.GoldNames, ", ")+
		"; carb-gold or oie2016-gold names --gold's under --scorer carb, and --carb-gold's otherwise")
	carbGold := fs.String("carb-gold", "", "CaRB gold for the BenchIE gold's sentences: adds CaRB and CaRB minus BenchIE")
	facets := fs.String("facet", "regular,concat,minimal", "facets to score: regular, concat, minimal")
	flBudget := benchiefl.DefaultBudget
	fs.IntVar(&flBudget.Forms, "fl-max-forms", flBudget.Forms, "BenchIE^FL: refuse a gold of more surface forms (2^k per triple with k optional words; about 1 KB of memory each)")
	fs.IntVar(&flBudget.Comparisons, "fl-max-comparisons", flBudget.Comparisons, "BenchIE^FL: refuse a system file whose extractions, times the forms of their sentences (per 64 bytes), pass this")
	verdicts := fs.String("verdicts", "", "also write BenchIE's verdict on every extraction (system, sentence, verdict, closest synset, slot diff) to this JSON file")
	in.receipt = fs.String("receipt", "", "also write the report's receipt to this file: checksums, options and scores that oiebench verify checks (docs/receipts.md)")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *in.gold == "" {
		return usageError{"--gold is required"}
	}
	want, err := evaluate.ParseScorers(splitList(*scorers))
	if err != nil {
		return usageError{err.Error()}
	}
	if *verdicts != "" && !want.BenchIE {
		return usageError{"--verdicts lists BenchIE's verdicts: it needs --scorer benchie"}
	}
	if want.WiRe57 {
		if want.BenchIE || want.FL || want.CaRB {
			return usageError{"wire57 scores WiRe57 files against a WiRe57 gold: it does not combine with benchie, benchie-fl or carb"}
		}
		return scoreWiRe57(in, systems, stdout, stderr)
	}
	goldFormat, err := parseGoldFormat(*goldFormatName)
	if err != nil {
		return err
	}
	if named, _ := formats.ParseGoldName(*goldFormatName); named != nil && (want.WiRe57 || named.Name == formats.NameBenchIEGold && !want.BenchIE && !want.FL) {
		return usageError{"--gold-format " + *goldFormatName + " does not name a gold --scorer " + *scorers + " reads"}
	}
	if goldFormat != nil && !want.CaRB {
		return usageError{"--gold-format " + goldFormat.Name + " names a CaRB scorer's gold: with --scorer benchie the gold is a BenchIE gold"}
	}
	if want.CaRB && !want.BenchIE && !want.FL {
		if *carbGold != "" {
			return usageError{"--scorer carb scores against --gold (a CaRB or OIE2016 gold) alone; --carb-gold goes with --scorer benchie,carb"}
		}
		return scoreCaRB(in, goldFormat, systems, stdout, stderr)
	}
	flCorrected, err := evaluate.ParseFLMode(*flMode)
	if err != nil {
		return usageError{"--fl-mode: " + err.Error()}
	}
	flModeGiven := false
	fs.Visit(func(f *flag.Flag) { flModeGiven = flModeGiven || f.Name == "fl-mode" })
	if _, err := evaluate.CheckScorers(want, flModeGiven, *carbGold != "", flagName); err != nil {
		return usageError{err.Error()}
	}
	chosen, err := evaluate.ParseFacets(splitList(*facets))
	if err != nil {
		return usageError{err.Error()}
	}
	req, err := in.request(systems)
	if err != nil {
		return err
	}
	req.Facets = chosen
	req.SetScorers(want)
	req.FLCorrected = flCorrected
	req.FLBudget = &flBudget
	if *carbGold != "" {
		cg, err := readInput("", *carbGold)
		if err != nil {
			return err
		}
		cg.GoldFormat = goldFormat
		req.CaRBGold = &cg
	}
	req.Progress = progress(stderr, *in.quiet)
	evaluate.CollectLess(req)
	ev, err := evaluate.Run(req)
	if err != nil {
		return err
	}
	if *verdicts != "" {
		if err := writeVerdicts(*verdicts, explain.Verdicts(ev)); err != nil {
			return err
		}
	}
	return in.render(&ev.Report, stdout, stderr)
}

// writeVerdicts writes the verdict rows to path as a JSON array.
func writeVerdicts(path string, rows []explain.VerdictRow) error {
	if rows == nil {
		rows = []explain.VerdictRow{}
	}
	b, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func scoreWiRe57(flags *inputFlags, systems []string, stdout, stderr io.Writer) error {
	in, sys, err := flags.goldAndSystems(systems)
	if err != nil {
		return err
	}
	r, err := evaluate.RunWiRe57(in, sys)
	if err != nil {
		return err
	}
	return flags.render(r, stdout, stderr)
}

// scoreCaRB scores with CaRB alone, against a CaRB or OIE2016 gold.
func scoreCaRB(flags *inputFlags, goldFormat *formats.Format, systems []string, stdout, stderr io.Writer) error {
	if len(systems) == 0 {
		return usageError{"no system file given"}
	}
	f, err := parseSystemFormat(*flags.sysFormat)
	if err != nil {
		return err
	}
	in, sys, err := flags.goldAndSystems(systems)
	if err != nil {
		return err
	}
	in.GoldFormat = goldFormat
	r, err := evaluate.RunCaRB(in, sys, f)
	if err != nil {
		return err
	}
	return flags.render(r, stdout, stderr)
}

// flagName is how the command line calls a request's member: fl_mode is
// --fl-mode, scorers --scorer.
func flagName(member string) string {
	if member == "scorers" {
		return "--scorer"
	}
	return "--" + strings.ReplaceAll(member, "_", "-")
}
