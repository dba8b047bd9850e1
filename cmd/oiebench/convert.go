//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// conversion is a family of formats that convert into one another: what it
// reads, what it writes, and how. Gold annotations convert through the
// annotation model (core/annotate), so that every gold conversion is the
// studio's import and export; formats of system extractions can be added
// as another family (systemConversion).
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
	sentences      string // file giving sentence texts by id, for CaRB's tabbed form
	stdout, stderr io.Writer
}

var conversions = []conversion{goldConversion(), systemConversion()}

// systemConversion turns system extractions in any format of the registry
// (core/formats) into any format it writes. When one side names sentences
// by text and the other by id, --sentences gives the texts (a BenchIE gold,
// or a plain list whose line N is sentence N).
func systemConversion() conversion {
	return conversion{
		reads:  formats.Readable(),
		writes: formats.Writable(),
		sniff: func(data []byte) string {
			if d := formats.Detect(data); d.Format != nil && d.Format.CanRead() {
				return d.Format.Name
			}
			return ""
		},
		convert: func(c convertRequest) error {
			from, to := formats.MustLookup(c.from), formats.MustLookup(c.to)
			var sentences []oie.Sentence
			if from.ByText != to.ByText {
				if c.sentences == "" {
					return usageError{fmt.Sprintf("%s names sentences by %s and %s by %s: give --sentences FILE (a BenchIE gold or one sentence a line)",
						from.Label, map[bool]string{true: "text", false: "id"}[from.ByText], to.Label, map[bool]string{true: "text", false: "id"}[to.ByText])}
				}
				var err error
				if sentences, err = readSentences(c.sentences, c.strict); err != nil {
					return err
				}
			}
			in, err := evaluate.ReadSystem(evaluate.Input{Path: c.path, Data: c.data}, oie.Format(c.from))
			if err != nil {
				return err
			}
			x := &formats.Extractions{ByID: in.System, ByText: in.ByText}
			switch {
			case in.ByText != nil && !to.ByText:
				x = &formats.Extractions{ByID: carb.ToBenchIE(in.ByText, sentences)}
			case in.ByText == nil && to.ByText:
				x = &formats.Extractions{ByText: carb.FromBenchIE(in.System, sentences)}
			case in.ByText != nil:
				x.ByID = nil
			}
			warn := func(ws []oie.Warning) {
				for _, w := range ws {
					fmt.Fprintf(c.stderr, "warning: %s\n", w)
				}
			}
			if in.ByText != nil {
				warn(in.ByText.Warnings)
			} else {
				warn(in.System.Warnings)
			}
			if x.ByText != nil && x.ByText != in.ByText {
				warn(x.ByText.Warnings)
			}
			if x.ByID != nil && x.ByID != in.System {
				warn(x.ByID.Warnings)
			}
			if to.Name == formats.NameCaRBTabbed {
				warn(carb.StrippedByReader(x.ByText))
			}
			return formats.Write(c.stdout, to, x)
		},
	}
}

// readSentences reads sentence texts by id from a BenchIE gold (sent_id
// lines) or a plain list (line N is sentence N).
func readSentences(path string, strict bool) ([]oie.Sentence, error) {
	in, err := readInput("", path)
	if err != nil {
		return nil, err
	}
	if annotate.Sniff(in.Data) == annotate.FormatBenchIE {
		g, err := evaluate.ReadGold(in, strict)
		if err != nil {
			return nil, err
		}
		out := make([]oie.Sentence, len(g.Sentences))
		for i, s := range g.Sentences {
			out[i] = s.Sentence
		}
		return out, nil
	}
	return oie.ReadSentenceList(path, in.Data)
}

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
	fs := newFlagSet("convert", "--to FORMAT [--from FORMAT] [--strict] [--quiet] FILE", stderr)
	from := fs.String("from", "", "input format: "+strings.Join(reads, ", ")+" (default: guessed from the content)")
	to := fs.String("to", "", "output format: "+strings.Join(writes, ", ")+" (required); written to standard output")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	quiet := fs.Bool("quiet", false, "print no warnings on standard error")
	sentences := fs.String("sentences", "", "sentence texts by id, for CaRB's tabbed form: a BenchIE gold or one sentence a line")
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
	// A file, or a shipped name (benchie:en/clausie), as everywhere a file goes.
	in, err := readInput("", rest[0])
	if err != nil {
		return err
	}
	data := in.Data
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
		if *quiet {
			stderr = io.Discard // the warnings' only destination
		}
		return c.convert(convertRequest{from: f, to: *to, path: rest[0], data: data, strict: *strict, sentences: *sentences, stdout: stdout, stderr: stderr})
	}
	if *from == "" {
		// What score says of the file, in convert's words.
		return formats.Detect(data).ErrorChoosing(rest[0], "give --from", reads)
	}
	return usageError{fmt.Sprintf("unknown input format %q: expected --from %s", *from, strings.Join(reads, ", "))}
}
