package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
)

// conversion is a family of formats that convert into one another: what it
// reads, what it writes, and how. Gold annotations convert through the
// annotation model (core/annotate), so that every gold conversion is the
// studio's import and export; formats of system extractions can be added
// as another family.
type conversion struct {
	reads, writes []string
	// sniff guesses the input format from the data ("" if it cannot).
	sniff   func(data []byte) string
	convert func(c convertRequest) error
}

// convertRequest is one conversion the user asked for.
type convertRequest struct {
	from, to, path string
	data           []byte
	strict         bool
	stdout, stderr io.Writer
}

var conversions = []conversion{goldConversion()}

func goldConversion() conversion {
	names := func(fs []annotate.Format) []string {
		out := make([]string, len(fs))
		for i, f := range fs {
			out[i] = string(f)
		}
		return out
	}
	return conversion{
		reads:  names(annotate.ReadFormats),
		writes: names(annotate.WriteFormats),
		// Plain sentences look like anything else: only the two gold
		// formats are recognised without --from.
		sniff: func(data []byte) string {
			if f := annotate.Sniff(data); f != annotate.FormatSentences {
				return string(f)
			}
			return ""
		},
		convert: func(c convertRequest) error {
			d, warnings, err := annotate.Read(annotate.Format(c.from), c.path, c.data, annotate.ReadOptions{Strict: c.strict})
			if err != nil {
				return err
			}
			for _, w := range warnings {
				fmt.Fprintf(c.stderr, "warning: %s\n", w)
			}
			out, err := annotate.Write(annotate.Format(c.to), d)
			if err != nil {
				return err
			}
			_, err = c.stdout.Write(out)
			return err
		},
	}
}

func runConvert(args []string, stdout, stderr io.Writer) error {
	var reads, writes []string
	for _, c := range conversions {
		reads, writes = append(reads, c.reads...), append(writes, c.writes...)
	}
	fs := newFlagSet("convert", "--to FORMAT [--from FORMAT] [--strict] FILE", stderr)
	from := fs.String("from", "", "input format: "+strings.Join(reads, ", ")+" (default: guessed from the content)")
	to := fs.String("to", "", "output format: "+strings.Join(writes, ", ")+" (required); written to standard output")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usageError{"give one input file"}
	}
	if *to == "" {
		return usageError{"give the output format with --to (" + strings.Join(writes, ", ") + ")"}
	}
	data, err := os.ReadFile(rest[0])
	if err != nil {
		return err
	}
	for _, c := range conversions {
		f := *from
		if f == "" {
			f = c.sniff(data)
		}
		if !slices.Contains(c.reads, f) {
			continue
		}
		if !slices.Contains(c.writes, *to) {
			return usageError{fmt.Sprintf("cannot convert %s to %q: expected --to %s", f, *to, strings.Join(c.writes, ", "))}
		}
		return c.convert(convertRequest{from: f, to: *to, path: rest[0], data: data, strict: *strict, stdout: stdout, stderr: stderr})
	}
	if *from == "" {
		return usageError{"cannot tell the input format: give --from " + strings.Join(reads, ", ")}
	}
	return usageError{fmt.Sprintf("unknown input format %q: expected --from %s", *from, strings.Join(reads, ", "))}
}
