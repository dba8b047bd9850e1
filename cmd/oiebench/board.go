//go:build !(js && wasm)

package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/board"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
)

func runBoard(args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("board", "[--out SITE] [DIR]", stderr)
	out := fset.String("out", "board", "folder the board is written to (index.html, board.js, board.css, receipts/)")
	page := fset.String("page", "../", "address of the page, relative to the board: each entry opens there in the explorer")
	noShipped := fset.Bool("no-shipped", false, "leave out the shipped benchmarks' systems, which are otherwise the first entries")
	pos, err := parseInterleaved(fset, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageError{"one folder of receipts and system files, or none"}
	}
	b := &board.Board{Page: *page}
	if !*noShipped {
		if err := addShipped(b); err != nil {
			return err
		}
	}
	if len(pos) == 1 {
		if err := addFolder(b, pos[0]); err != nil {
			return err
		}
	}
	for _, l := range b.LeftOut {
		fmt.Fprintf(stderr, "left out: %s: %s\n", l.File, l.Reason)
	}
	files := b.Files()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		p := filepath.Join(*out, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeOutput(p, files[n]); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "board: %d entries, %d left out, written to %s\n", len(b.Entries), len(b.LeftOut), filepath.Join(*out, "index.html"))
	return nil
}

// shippedRuns are the shipped benchmarks' scorings: every system of each
// data set against its gold (BenchIE^FL's with its own scorer), and CaRB
// beside BenchIE where a data set ships CaRB's gold.
func shippedRuns() [][]string {
	var runs [][]string
	for _, d := range benchmarks.All() {
		var systems []string
		for _, s := range d.Systems {
			systems = append(systems, d.Name+"/"+s.ID())
		}
		if len(systems) == 0 {
			continue
		}
		args := []string{"--gold", d.Name}
		if d.FL() {
			args = append(args, "--scorer", evaluate.ScorerFL)
		} else if _, ok := benchmarks.Lookup(d.Name + "/carb-gold"); ok {
			args = append(args, "--scorer", "benchie,carb", "--carb-gold", d.Name+"/carb-gold")
		}
		runs = append(runs, append(args, systems...))
	}
	return runs
}

// addShipped scores the shipped systems as oiebench score would, makes
// their receipts and verifies them like any other.
func addShipped(b *board.Board) error {
	// Each scoring sets --max-input-size to its default: the folder's
	// files are read after, under the bound given to board.
	defer func(bound int64) { maxInputSize = bound }(maxInputSize)
	for _, args := range shippedRuns() {
		dir, err := os.MkdirTemp("", "oiebench-board-")
		if err != nil {
			return err
		}
		path := filepath.Join(dir, "receipt.json")
		var discard bytes.Buffer
		err = runScore(append(args, "--quiet", "--format", "json", "--receipt", path), &discard, &discard)
		if err == nil {
			var data []byte
			if data, err = os.ReadFile(path); err == nil {
				name := "shipped-" + strings.NewReplacer(":", "-", "/", "-").Replace(args[1]) + ".json"
				addReceipt(b, name, data, nil)
			}
		}
		os.RemoveAll(dir)
		if err != nil {
			return fmt.Errorf("scoring the shipped %s: %w", args[1], err)
		}
	}
	return nil
}

// addFolder verifies every receipt of a folder against the folder's other
// files (and the shipped ones).
func addFolder(b *board.Board, dir string) error {
	type found struct {
		name string
		data []byte
	}
	var receipts []found
	var given []evaluate.Input
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && p != dir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		in, err := readInput("", p) // refused if not a file or too large
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if receipt.IsReceipt(p, in.Data) {
			receipts = append(receipts, found{filepath.ToSlash(rel), in.Data})
		} else {
			given = append(given, in)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range receipts {
		name := strings.NewReplacer("/", "-").Replace(r.name)
		addReceipt(b, name, r.data, given)
	}
	return nil
}

// addReceipt verifies a receipt: an entry when it reproduces, left out
// with the reason otherwise.
func addReceipt(b *board.Board, name string, data []byte, given []evaluate.Input) {
	rc, err := receipt.Parse(name, data)
	if err != nil {
		b.LeftOut = append(b.LeftOut, board.LeftOut{File: name, Reason: err.Error()})
		return
	}
	res := receipt.Verify(rc, receipt.Source{Given: slices.Clone(given), Shipped: readShipped})
	if !res.OK() {
		var why []string
		for _, l := range res.Lines {
			if !l.OK {
				why = append(why, l.Text)
			}
		}
		if len(why) > 5 {
			why = append(why[:5], fmt.Sprintf("and %d more", len(why)-5))
		}
		b.LeftOut = append(b.LeftOut, board.LeftOut{File: name, Reason: strings.Join(why, "; ")})
		return
	}
	b.Entries = append(b.Entries, board.Entry{Receipt: rc, File: name, Report: res.Report})
}
