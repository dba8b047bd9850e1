//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie16"
)

func runScore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "--gold GOLD [options] [NAME=]SYSTEM...", stderr)
	in := addInputFlags(fs, "BenchIE-E gold file: adds the entity facet")
	scorers := fs.String("scorer", "benchie", "scorers: benchie, benchie-fl and carb (with --carb-gold); or, against a CaRB or OIE2016 gold, carb (CaRB(s,m)), carb-ss (CaRB(s,s)), oie16 (OIE16-C), wire57 (WiRe57-C), or openie6 (the four columns of OpenIE6's evaluate_all.sh); or wire57 (WiRe57 gold and system JSON). Default: the gold's own (benchie for a BenchIE gold, carb for a CaRB gold)")
	binary := fs.Bool("binary", false, "CaRB gold: score carb and carb-ss in binary mode (CaRB's --binary; JSON carb_binary, carb_ss_binary)")
	carbMode := fs.String("carb-mode", "reference", "CaRB gold: reference (OpenIE6's scripts as they run, accidents included) or corrected")
	oie16Curve := fs.String("oie16-curve", "sklearn-1.2.1", "OIE16-C's precision-recall curve as scikit-learn makes it: sklearn-1.2.1 (every threshold; the published numbers) or sklearn-0.23.1 (OpenIE6's pinned version)")
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
	goldFormat, err := parseGoldFormat(*goldFormatName)
	if err != nil {
		return err
	}
	named, _ := formats.ParseGoldName(*goldFormatName)
	var own, kind string
	switch {
	case named == nil:
		own, kind = goldScorer(*in.gold) // told by evidence
	case goldFormat != nil && *carbGold == "":
		// --gold's format as given: the gold is scored alone, by CaRB's columns
		own, kind = evaluate.ScorerCaRB, goldFormat.Label
	}
	if own != "" && !flagGiven(fs, "scorer") {
		*scorers = own
	}
	want, err := evaluate.ParseScorers(splitList(*scorers))
	if err != nil {
		return usageError{err.Error()}
	}
	if named != nil && named.Name == formats.NameBenchIEGold && !want.BenchIE && !want.FL {
		return usageError{"--gold-format " + *goldFormatName + " does not name a gold --scorer " + *scorers + " reads"}
	}
	if goldFormat != nil && *carbGold != "" && !want.CaRB {
		return usageError{"--gold-format " + goldFormat.Name + " names --carb-gold's format, which only --scorer carb reads"}
	}
	if *verdicts != "" && !want.BenchIE {
		return usageError{"--verdicts lists BenchIE's verdicts: it needs --scorer benchie"}
	}
	if own != "" && (want.BenchIE || want.FL) {
		msg := fmt.Sprintf("--gold %s is a gold of format %s, which BenchIE cannot read: score it with --scorer %s (the default for this gold)", *in.gold, kind, own)
		if own == evaluate.ScorerCaRB {
			msg += ", or give it as --carb-gold beside a BenchIE gold"
		}
		return usageError{msg}
	}
	if (want.BenchIE || want.FL) && (want.CaRBSS || want.OIE16 || want.OpenIE6) {
		return usageError{"carb-ss, oie16 and openie6 score a CaRB or OIE2016 gold alone (--gold carb:test, or such a file): they do not combine with benchie or benchie-fl"}
	}
	carbGoldOnly := want.CaRBGoldOnly() || (want.WiRe57 && own == evaluate.ScorerCaRB)
	if want.OpenIE6 && (want.CaRB || want.CaRBSS || want.OIE16 || want.WiRe57) {
		return usageError{"openie6 is the four columns carb-ss, carb, oie16 and wire57 already: give it alone"}
	}
	if !carbGoldOnly && (*binary || flagGiven(fs, "carb-mode") || flagGiven(fs, "oie16-curve")) {
		return usageError{"--binary, --carb-mode and --oie16-curve go with a CaRB gold and --scorer carb, carb-ss, oie16, wire57 or openie6"}
	}
	if carbGoldOnly {
		if *carbGold != "" {
			return usageError{"these scorers score --gold (a CaRB or OIE2016 gold) alone; --carb-gold goes with --scorer benchie,carb"}
		}
		cols := want.Columns()
		cols.Binary = *binary
		if cols.Mode, err = carb.ParseMode(*carbMode); err != nil {
			return usageError{"--carb-mode: " + err.Error()}
		}
		if cols.Curve, err = oie16.ParseCurve(*oie16Curve); err != nil {
			return usageError{"--oie16-curve: " + err.Error()}
		}
		return scoreCaRB(in, goldFormat, systems, cols, stdout, stderr)
	}
	if want.WiRe57 {
		if want.BenchIE || want.FL || want.CaRB {
			return usageError{"wire57 scores WiRe57 files against a WiRe57 gold: it does not combine with benchie, benchie-fl or carb"}
		}
		return scoreWiRe57(in, systems, stdout, stderr)
	}
	flCorrected, err := evaluate.ParseFLMode(*flMode)
	if err != nil {
		return usageError{"--fl-mode: " + err.Error()}
	}
	if _, err := evaluate.CheckScorers(want, flagGiven(fs, "fl-mode"), *carbGold != "", flagName); err != nil {
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

// scoreCaRB scores with the chosen columns against a CaRB or OIE2016 gold
// alone; goldFormat, when not nil, is the gold's format as given.
func scoreCaRB(flags *inputFlags, goldFormat *formats.Format, systems []string, cols evaluate.CaRBColumns, stdout, stderr io.Writer) error {
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
	r, err := evaluate.RunCaRBColumns(in, sys, f, cols)
	if err != nil {
		return err
	}
	return flags.render(r, stdout, stderr)
}

// flagGiven tells whether the flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// goldScorer tells the scorer a gold is read by when it is not a BenchIE
// gold: "carb" for a CaRB or OIE2016 gold (a shipped one such as carb:test,
// or a file detected as one), "wire57" for a WiRe57 gold; kind says what the
// gold's format is, for messages. It is "" for a BenchIE gold and for a file not
// recognised, which the BenchIE reader then judges with its own errors.
func goldScorer(gold string) (scorer, kind string) {
	if benchmarks.IsName(gold) && !fileExists(gold) {
		if e, ok := benchmarks.Lookup(gold); ok && e.Kind == "gold" && e.Dataset.CaRB() {
			return evaluate.ScorerCaRB, formats.MustLookup(formats.NameCaRBGold).Label
		}
		return "", "" // a BenchIE gold, or an unknown name readInput reports
	}
	head, err := readHead(gold, formats.SniffBytes)
	if err != nil {
		return "", "" // reported where the gold is read, after the usage checks
	}
	if t := bytes.TrimLeft(head, "\ufeff \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') && len(head) == formats.SniffBytes {
		if head, err = readFile(gold); err != nil { // Detect reads a JSON document whole
			return "", ""
		}
	}
	f := formats.Detect(head).Format
	switch {
	case f == nil:
		return "", ""
	case f.Role == formats.CaRBGold:
		return evaluate.ScorerCaRB, f.Label
	case f.Role == formats.WiRe57Gold:
		return evaluate.ScorerWiRe57, f.Label
	}
	return "", ""
}

// readHead reads at most n bytes from the start of a file: enough to tell
// its format without reading a large file twice. What is not a regular
// file is refused before it is opened, as readFile refuses it: opening a
// FIFO would wait for a writer.
func readHead(path string, n int) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regularFile(path, info); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return buf[:k], err
}

// flagName is how the command line calls a request's member: fl_mode is
// --fl-mode, scorers --scorer.
func flagName(member string) string {
	if member == "scorers" {
		return "--scorer"
	}
	return "--" + strings.ReplaceAll(member, "_", "-")
}
