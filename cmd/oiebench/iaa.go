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
	budget := int64(defaultIAAMaxBytes)
	fs.Func("iaa-max-bytes", "refuse golds larger than this together (bytes or with a unit, such as 32MiB; default 8MiB): the agreement holds each as the studio's model, about 18 bytes of memory a byte of gold", func(s string) error {
		n, err := parseByteSize(s)
		budget = n
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
		if read += int64(len(in.Data)); read > budget {
			return iaaTooLarge(files, read, budget)
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

// defaultIAAMaxBytes is iaa's budget: golds of at most 8 MiB together.
// The agreement holds each gold as the studio's model and the gold read
// back from it, and compiles slot automata: about 18 bytes of memory a
// byte of gold, past the memory goal of 4 (docs/reliability.md, "Memory"),
// so the budget bounds a run by default near 200 MiB, as BenchIE^FL's does.
const defaultIAAMaxBytes = 8 << 20

// iaaTooLarge refuses golds past iaa's budget, read bytes into them (a
// file's bytes cost no more than the file; its model, many times that).
func iaaTooLarge(files []string, read, budget int64) error {
	return fmt.Errorf("%s and %s: %w: the agreement's budget is %s of golds together and they hold %s or more; it holds each gold as the studio's model, about 18 bytes of memory a byte of gold; --iaa-max-bytes raises the budget",
		files[0], files[1], errTooLarge, byteCount(budget), byteCount(read))
}
