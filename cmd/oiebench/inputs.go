//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist"
)

// inputFlags are the flags every command that scores systems shares: the
// gold, how it is read, the systems' format, the mode and the output.
type inputFlags struct {
	gold, eGold, format, sysFormat *string
	sentences                      *string
	compat, strict, quiet, wide    *bool
	// receipt is where score writes the report's receipt (nil for the
	// commands that write none).
	receipt *string
}

// addInputFlags defines the shared flags; eGoldHelp is empty for commands
// that take no E gold.
func addInputFlags(fs *flag.FlagSet, eGoldHelp string) *inputFlags {
	f := &inputFlags{
		gold:      fs.String("gold", "", "BenchIE gold file or shipped gold such as benchie:en (required; oiebench benchmarks lists them)"),
		compat:    fs.Bool("reference-compat", false, "reproduce the official script's synset lookup (benchie.md section 6)"),
		strict:    fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning"),
		format:    fs.String("format", "table", "output: "+strings.Join(report.Formats, ", ")),
		sysFormat: fs.String("system-format", "auto", "system file format: auto or "+strings.Join(formats.Readable(), ", ")),
		quiet:     fs.Bool("quiet", false, "print no warnings on standard error (the JSON report still lists them)"),
		wide:      fs.Bool("wide", false, "table: one block however wide, instead of blocks that fit 120 columns"),
		sentences: fs.String("sentences", "", sentencesHelp),
	}
	empty := ""
	f.eGold = &empty
	if eGoldHelp != "" {
		f.eGold = fs.String("e-gold", "", eGoldHelp)
	}
	return f
}

// request reads the gold, the E gold and the systems, checking that a gold
// and at least one system are given.
func (f *inputFlags) request(systems []string) (evaluate.Request, error) {
	var req evaluate.Request
	if *f.gold == "" {
		return req, usageError{"--gold is required"}
	}
	if len(systems) == 0 {
		return req, usageError{"no system file given"}
	}
	var err error
	if req.SystemFormat, err = parseSystemFormat(*f.sysFormat); err != nil {
		return req, err
	}
	// A list that cannot be read is a usage error, as a bad format name is;
	// one naming ids the gold lacks is found when the gold is read.
	if _, err := evaluate.ParseSentences(*f.sentences); err != nil {
		return req, usageError{"--" + err.Error()}
	}
	if req.Gold, req.Systems, err = f.goldAndSystems(systems); err != nil {
		return req, err
	}
	if *f.eGold != "" {
		in, err := readInput("", *f.eGold)
		if err != nil {
			return req, err
		}
		req.EGold = &in
	}
	req.Options = evaluate.Options{ReferenceCompat: *f.compat, StrictGold: *f.strict, Sentences: *f.sentences}
	return req, nil
}

// goldAndSystems reads the gold (--gold) and the system files, for every
// scorer: the gold on a core of its own (the first touch of a large file's
// memory costs as much as reading it).
func (f *inputFlags) goldAndSystems(systems []string) (evaluate.Input, []evaluate.Input, error) {
	var gold evaluate.Input
	var goldErr error
	read := make(chan struct{})
	go func() {
		defer close(read)
		gold, goldErr = readInput("", *f.gold)
	}()
	sys, err := systemInputs(systems)
	<-read
	if goldErr != nil {
		return gold, nil, goldErr
	}
	return gold, sys, err
}

// sentencesHelp is the help of --sentences.
const sentencesHelp = "score only these sentences of the gold: ids and ranges in the gold's order (1-5,9), or covered: those the system files have extractions on (all files together); the gold is restricted to them for every scorer"

// systemInputs reads system files given as [NAME=]PATH (a path that holds
// '=' and exists is read as a path).
func systemInputs(args []string) ([]evaluate.Input, error) {
	var ins []evaluate.Input
	for _, arg := range args {
		name, path := "", arg
		if n, p, ok := strings.Cut(arg, "="); ok && n != "" && !fileExists(arg) {
			name, path = n, p
		}
		in, err := readInput(name, path)
		if err != nil {
			return nil, err
		}
		ins = append(ins, in)
	}
	return ins, nil
}

// parseGoldFormat reads --gold-format: nil for auto and for the BenchIE
// gold, else the token-level gold's format.
func parseGoldFormat(s string) (*formats.Format, error) {
	f, err := evaluate.ParseGoldFormat(s)
	if err != nil {
		return nil, usageError{"--gold-format: " + err.Error()}
	}
	return f, nil
}

func parseSystemFormat(s string) (oie.Format, error) {
	f, err := evaluate.ParseSystemFormat(s)
	if err != nil {
		return "", usageError{err.Error()}
	}
	return f, nil
}

// readInput reads a file, or a shipped benchmark file by its name
// (benchie:en, benchie:en/clausie; see core/benchmarks) from the data this
// binary embeds. A system read by name is called as its paper calls it.
// Every command reads its inputs here, and so runs under the collector's
// ceiling for the bytes read (collectLessFor).
func readInput(name, path string) (evaluate.Input, error) {
	if benchmarks.IsName(path) && !fileExists(path) {
		e, ok := benchmarks.Lookup(path)
		if !ok {
			return evaluate.Input{}, fmt.Errorf("%s: no such shipped file; did you mean one of %s? (oiebench benchmarks lists them all)",
				path, strings.Join(benchmarks.Suggest(path), ", "))
		}
		data, err := dist.ReadData(e.Path)
		if err != nil {
			return evaluate.Input{}, err
		}
		if name == "" {
			name = e.Label
		}
		collectLessFor(len(data))
		return evaluate.Input{Name: name, Path: path, Data: data, Shared: true}, nil
	}
	data, err := readFile(path)
	if err != nil {
		return evaluate.Input{}, err
	}
	collectLessFor(len(data))
	if path == stdinPath {
		path = stdinName
	}
	// Nothing writes the bytes read: the readers share them, no copy.
	return evaluate.Input{Name: name, Path: path, Data: data, Shared: true}, nil
}

// render writes a report in the chosen format on stdout, and its warnings
// on stderr unless --quiet.
func (f *inputFlags) render(r *report.Report, stdout, stderr io.Writer) error {
	if f.receipt != nil && *f.receipt != "" {
		if err := writeReceipt(r, *f.sysFormat, *f.receipt); err != nil {
			return err
		}
	}
	return renderReport(r, *f.format, report.RenderOptions{Wide: *f.wide}, *f.quiet, stdout, stderr)
}

func renderReport(r *report.Report, format string, opts report.RenderOptions, quiet bool, stdout, stderr io.Writer) error {
	out, err := r.RenderWith(format, opts)
	if err != nil {
		return usageError{err.Error()}
	}
	printWarnings(r.WarningLines(), quiet, stderr)
	_, err = stdout.Write(out)
	return err
}

// fitWidth folds the captions and signatures of a text output (lines that
// do not start with a space; table rows do) to report.TableWidth, as the
// score table folds its own; --wide or another format leaves it whole.
func fitWidth(out []byte, format string, wide bool) []byte {
	if format != "table" || wide {
		return out
	}
	lines := strings.Split(string(out), "\n")
	for i, line := range lines {
		if line != "" && line[0] != ' ' {
			lines[i] = report.FoldLine(line, report.TableWidth)
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// printWarnings writes warnings on stderr, one a line, unless quiet: every
// command's manner (the JSON report keeps them).
func printWarnings(lines []string, quiet bool, stderr io.Writer) {
	if quiet {
		return
	}
	for _, w := range lines {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
}

// progressAfter is how long a command works before it reports progress.
var progressAfter = time.Second

// progress returns an evaluate.Options.Progress that says on stderr how
// far the scoring is once it has run for progressAfter, then at most once
// a second, and ends its line when done; nil when quiet.
func progress(stderr io.Writer, quiet bool) func(done, total int) {
	if quiet {
		return nil
	}
	start := time.Now()
	var last time.Time
	return func(done, total int) {
		now := time.Now()
		if now.Sub(start) < progressAfter || (done < total && now.Sub(last) < time.Second) {
			return
		}
		last = now
		fmt.Fprintf(stderr, "\rscored %d of %d (system, facet) in %.1f s", done, total, now.Sub(start).Seconds())
		if done == total {
			fmt.Fprintln(stderr)
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
