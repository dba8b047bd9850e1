//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/synthetic"
)

// runGen writes a benchmark N times the size of the given one, for
// measuring scale (see package synthetic for how copies are varied).
func runGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", "--gold GOLD --scale N [--seed S] --out DIR [SYSTEM...]", stderr)
	gold := fs.String("gold", "", "BenchIE gold file to scale (required)")
	scale := fs.Int("scale", 10, "how many copies of every sentence")
	seed := fs.Uint64("seed", 1, "seed of the text variation")
	out := fs.String("out", "", "folder to write gold.txt and the systems into (required)")
	systems, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *gold == "" || *out == "" {
		return usageError{"--gold and --out are required"}
	}
	if *scale < 1 {
		return usageError{"--scale must be at least 1"}
	}
	in, err := readInput("", *gold)
	if err != nil {
		return err
	}
	g, err := evaluate.ReadGold(in, false)
	if err != nil {
		return err
	}
	var read []*oie.System
	for _, p := range systems {
		in, err := readInput("", p)
		if err != nil {
			return err
		}
		s, err := evaluate.ReadSystem(in, oie.FormatAuto)
		if err != nil {
			return err
		}
		read = append(read, s.System)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	// Each sentence written as it is made, the scaled gold never held (a
	// copy of every triple), nor any file whole in a buffer first (100 MB
	// at scale 1: 685 → 431 MiB).
	written := []string{filepath.Join(*out, "gold.txt")}
	sentences := 0
	err = writeBuffered(written[0], func(w io.Writer) error {
		gw := benchie.NewGoldWriter(w)
		err := synthetic.EachSentence(g.Gold, *scale, *seed, func(s *benchie.Sentence) error {
			gw.Write(s)
			sentences++
			return nil
		})
		if err != nil {
			return err
		}
		return gw.Flush()
	}, nil)
	if err != nil {
		return err
	}
	ss := synthetic.ScaleSystems(g.Gold, read, *scale, *seed)
	for i, s := range ss {
		write := oie.WriteTSV
		if s.Format == oie.FormatJSONL {
			write = oie.WriteJSONL
		}
		path := filepath.Join(*out, filepath.Base(systems[i]))
		if err := writeBuffered(path, func(w io.Writer) error { return write(w, s.Extractions) }, nil); err != nil {
			return err
		}
		written = append(written, path)
	}
	fmt.Fprintf(stdout, "wrote %d sentences (%d× %s) to:\n", sentences, *scale, *gold)
	for _, p := range written {
		fmt.Fprintf(stdout, "  %s\n", p)
	}
	return nil
}
