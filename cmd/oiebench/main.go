//go:build !(js && wasm)

// Command oiebench scores Open Information Extraction systems against
// fact-synset gold (BenchIE) and prints tables ready for a paper.
//
//	oiebench score --gold GOLD [--facet regular,concat,minimal] [--e-gold FILE]
//	               [--scorer benchie[,benchie-fl][,carb]] [--fl-mode reference|corrected]
//	               [--reference-compat] [--strict] [--format table|json|csv|markdown|latex]
//	               [--receipt FILE] [NAME=]SYSTEM...
//	oiebench stats --gold GOLD [--format table|json]
//	oiebench analyze --gold GOLD [--facet regular] [--samples 1000] [--seed 1] [--lang auto]
//	               [--tags FILE] [--length-buckets 20,30] [--conjunction-buckets 0]
//	               [--case-marker-buckets 1,2,3,4] [--format ...] [NAME=]SYSTEM...
//	oiebench compare --gold GOLD [--facet regular] [--samples 10000] [--seed 1] [--format ...] [NAME=]A [NAME=]B
//	oiebench iaa [--facet regular] [--format ...] GOLD_A GOLD_B
//	oiebench judge --gold GOLD --matches CSV [--format table|json|markdown]
//	oiebench tags [--gold GOLD]... [TEXT_FILE]...
//	oiebench convert --to benchie-gold|annie-json|text [--from benchie-gold|annie-json|sentences] FILE
//	oiebench convert --to benchie-tsv|jsonl|carb-tabbed [--from ...] [--sentences GOLD] FILE
//	oiebench exercise --gold GOLD --sentences LIST [--title T] [--show-gold] --out exercise.html [--gold-out FILE]
//	oiebench verify [--quiet] RECEIPT [SYSTEM_FILE...]
//	oiebench board [--out SITE] DIR
//	oiebench suggest --gold GOLD [--top K] [--against GOLD2] [--format table|json] [NAME=]SYSTEM...
//	oiebench errata add|remove|apply ... (oiebench errata --help)
//	oiebench benchmarks [--format table|json]
//	oiebench formats [--format table|json]
//	oiebench serve [--dir FOLDER] [--addr 127.0.0.1:8080]
//	oiebench version
//
// A gold or system may be a file or a benchmark file the binary ships, by
// name: benchie:en, benchie:en/clausie, benchie-fl:en, … (oiebench benchmarks).
//
// With OIEBENCH_ERRORS=json in the environment a failing command writes its
// error to standard error as one JSON object (errorJSON), for programs that
// run oiebench (the Python package).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// command is one subcommand of the tool.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"score":      {"score systems against a gold file", runScore},
	"stats":      {"describe a gold file", runStats},
	"serve":      {"serve the built site on 127.0.0.1", runServe},
	"gen":        {"write a benchmark N times larger, for measuring scale", runGen},
	"analyze":    {"error profiles, sentence buckets and bootstrap intervals", runAnalyze},
	"compare":    {"paired significance test of two systems", runCompare},
	"iaa":        {"inter-annotator agreement of two gold files", runIAA},
	"judge":      {"agreement of BenchIE and BenchIE^FL matching with human match judgements", runJudge},
	"tags":       {"POS tags of English sentences, for the page", runTags},
	"benchmarks": {"list the benchmark files this binary ships (benchie:en, benchie:en/clausie, …)", runBenchmarks},
	"formats":    {"list the file formats oiebench knows (names for --system-format)", runFormats},
	"version":    {"print the version of oiebench and of Go", runVersion},
	"exercise":   {"write a class exercise: one HTML file with sentences to extract from, instant feedback and a class table", runExercise},
	"verify":     {"re-score a receipt's files with its options and check every number (exit 1 if any differs)", runVerify},
	"board":      {"build a static results board from a folder of receipts and their files (each re-verified)", runBoard},
	"suggest":    {"suggest gold completions: extractions no synset accepts, pooled over systems, clustered and ranked", runSuggest},
	"errata":     {"keep accepted gold changes apart from the gold: add, remove (undo), apply and see rank changes", runErrata},
	"convert":    {"convert gold annotations (BenchIE, AnnIE JSON, text) or system extractions (BenchIE TSV, JSONL, CaRB tabbed)", runConvert},
}

// usageError is a mistake in the command line (exit status 2); any other
// error is bad input (exit status 1).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	collectLess = true // the command's run, not a test's (see collectLessFor)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// rawOutput names the commands whose standard output is data written in
// an input format (convert), kept byte for byte; every other command's
// output, and every command's standard error, is escaped for a terminal.
var rawOutput = map[string]bool{"convert": true}

func run(args []string, stdout, stderr io.Writer) int {
	safeErr := &terminalSafe{w: stderr}
	defer safeErr.Flush()
	if len(args) == 0 || !rawOutput[args[0]] {
		safeOut := &terminalSafe{w: stdout}
		defer safeOut.Flush()
		stdout = safeOut
	}
	return runCommand(args, stdout, safeErr)
}

func runCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 { // help COMMAND is COMMAND --help
			return runCommand([]string{args[1], "--help"}, stdout, stderr)
		}
		usage(stdout)
		return 0
	case "-version", "--version":
		args = []string{"version"}
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "oiebench: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if wantsHelp(args[1:]) {
		// Asked for, the usage is the output, on stdout, and no error.
		if err := cmd.run([]string{"-h"}, stdout, stdout); errors.Is(err, flag.ErrHelp) {
			return 0
		}
	}
	err := cmd.run(args[1:], stdout, stderr)
	var ue usageError
	var nv errNotVerified
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 2
	case errors.As(err, &nv):
		return 1 // the lines printed say what differs
	case errors.As(err, &ue):
		if os.Getenv("OIEBENCH_ERRORS") == "json" {
			writeErrorJSON(stderr, err, true)
		} else {
			fmt.Fprintf(stderr, "oiebench %s: %v\n", args[0], err)
		}
		return 2
	}
	if os.Getenv("OIEBENCH_ERRORS") == "json" {
		writeErrorJSON(stderr, err, false)
	} else {
		fmt.Fprintf(stderr, "oiebench: %v\n", err)
	}
	return 1
}

// errorJSON is a failing command's error as OIEBENCH_ERRORS=json writes
// it: the message as the text form prints it, and, for bad input, the
// place (the Worker's error answers carry the same fields).
type errorJSON struct {
	Error string `json:"error"`
	// Message is what was expected, without the place.
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Usage is true for a mistake in the command line (exit status 2).
	Usage bool `json:"usage"`
}

func writeErrorJSON(w io.Writer, err error, usage bool) {
	e := errorJSON{Error: err.Error(), Message: err.Error(), Usage: usage}
	var pe *oie.ParseError
	if errors.As(err, &pe) {
		e.File, e.Line, e.Column, e.Message = pe.File, pe.Line, pe.Column, pe.Msg
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
}

// wantsHelp tells whether a command's arguments ask for its usage.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--": // what follows is files
			return false
		}
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: oiebench COMMAND [options] [files]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nrun 'oiebench COMMAND --help' for the options of a command")
	fmt.Fprintln(w, "example: oiebench score --gold benchie:en benchie:en/clausie mine.tsv")
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if !inputlessCommands[name] {
		addMaxInputSizeFlag(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: oiebench %s %s\n\noptions:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

func splitList(s string) []string { return evaluate.SplitList(s) }
