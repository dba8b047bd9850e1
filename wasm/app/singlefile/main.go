//go:build !(js && wasm)

// Command singlefile writes the page as one self-contained HTML file
// (dist/singlefile): the evaluator and the bundled BenchIE data embedded, so
// that a reviewer can open the file from disk (file://), offline.
//
//	go run ./wasm/app/singlefile -dist build/site -out build/site/oiebench.html
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist/singlefile"
)

func main() {
	dist := flag.String("dist", "build/site", "the built site (./build.sh build)")
	out := flag.String("out", "build/site/oiebench.html", "the file to write")
	flag.Parse()
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(*dist, filepath.FromSlash(name))) }
	page, err := singlefile.Bundle(read, assets(), "")
	if err == nil {
		err = os.WriteFile(*out, page, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "singlefile:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s (%s)\n", *out, report.Size(len(page)))
}

// assets lists the files the page loads, relative to the site: the
// evaluator and every bundled data set; and the shell, from which the page
// makes exercise files.
func assets() []singlefile.Asset {
	files := append([]string{"app.wasm"}, singlefile.Shell...)
	for _, d := range benchmarks.OnPage() {
		files = append(files, "data/"+d.Gold)
		for _, s := range d.Systems {
			files = append(files, "data/"+s.File)
		}
		for _, f := range []string{d.CaRBGold, d.Tags} {
			if f != "" {
				files = append(files, "data/"+f)
			}
		}
		if matches, gold, ok := d.Judgements(); ok {
			files = append(files, "data/"+matches, "data/"+gold)
		}
	}
	out := make([]singlefile.Asset, len(files))
	for i, f := range files {
		out[i] = singlefile.Asset{Path: f}
	}
	return out
}
