//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

func runIAA(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("iaa", "[options] GOLD_A GOLD_B", stderr)
	facet := fs.String("facet", "regular", "facet: regular, concat or minimal")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	format := fs.String("format", "table", "output: "+strings.Join(report.Formats, ", "))
	ceiling := int64(0) // none
	fs.Func("iaa-max-bytes", "refuse golds larger than this together (bytes or with a unit, such as 32MiB; default: no ceiling but --max-input-size a file): the agreement's memory stays within 4 bytes a byte of gold plus 64 MiB, so only a machine that wants less needs it", func(s string) error {
		n, err := parseByteSize(s)
		ceiling = n
		return err
	})
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usageError{"give exactly two gold files, GOLD_A and GOLD_B"}
	}
	f, err := benchie.ParseFacet(*facet)
	if err != nil {
		return usageError{err.Error()}
	}
	var golds [2]*evaluate.Gold
	var read int64
	for i, path := range files {
		in, err := readInput("", path)
		if err != nil {
			return err
		}
		if read += int64(len(in.Data)); ceiling > 0 && read > ceiling {
			return iaaTooLarge(files, read, ceiling)
		}
		if golds[i], err = evaluate.ReadGold(in, *strict); err != nil {
			return err
		}
	}
	ag, err := analysis.Agreement(golds[0], golds[1], f)
	if err != nil {
		return err
	}
	out, err := ag.Render(*format)
	if err != nil {
		return usageError{err.Error()}
	}
	_, err = stdout.Write(out)
	return err
}

// iaaTooLarge refuses golds past the ceiling a user set (--iaa-max-bytes),
// read bytes into them. The agreement needs no ceiling of its own: it
// holds the two golds as the scorer reads them and builds the studio's
// model a group of sentences at a time (annotate.AgreeGolds), within the
// memory goal of every command (docs/reliability.md, "Memory").
func iaaTooLarge(files []string, read, ceiling int64) error {
	return fmt.Errorf("%s and %s: %w: --iaa-max-bytes allows %s of golds together and they hold %s or more; raise it or leave it out (the agreement needs no more memory than 4 bytes a byte of gold plus 64 MiB)",
		files[0], files[1], errTooLarge, byteCount(ceiling), byteCount(read))
}
