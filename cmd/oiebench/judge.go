//go:build !(js && wasm)

package main

import (
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/evaluate"
)

// runJudge measures how each matcher agrees with human match judgements
// (the BenchIE^FL release's matches_benchie50_7_systems_annotated.csv).
func runJudge(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("judge", "--gold GOLD --matches CSV [--format table|json|markdown]", stderr)
	goldPath := fs.String("gold", "", "the gold the judgements refer to (BenchIE format; required)")
	matches := fs.String("matches", "", "the human match judgements: CSV of sentence index, extraction, synsets, system (required)")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(benchiefl.JudgeFormats, ", "))
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *goldPath == "" || *matches == "" {
		return usageError{"--gold and --matches are required"}
	}
	if len(rest) > 0 {
		return usageError{"judge takes no system files: the extractions are those of --matches"}
	}
	in, err := readInput("", *goldPath)
	if err != nil {
		return err
	}
	bench, err := evaluate.ReadGold(in, *strict)
	if err != nil {
		return err
	}
	in.SHA256 = bench.SHA256
	fl, err := evaluate.ReadFLGold(in, *strict, benchiefl.DefaultBudget)
	if err != nil {
		return err
	}
	m, err := readInput("", *matches)
	if err != nil {
		return err
	}
	rows, err := benchiefl.ReadMatches(m.Path, m.Data)
	if err != nil {
		return err
	}
	// The rows hold their own strings (encoding/csv's): the file's bytes,
	// a byte of memory a byte, need not stay while they are judged
	// (100 MB of judgements: 587 → 407 MiB).
	m.Data = nil
	ags, err := benchiefl.Judge(fl.Gold, bench.Gold, rows)
	if err != nil {
		return err
	}
	out, err := benchiefl.NewJudgeReport(in.Path, fl.SHA256, m.Path, rows, ags).Render(*format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}
