//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist"
)

// runBenchmarks lists the benchmark files the binary embeds, by the names
// every command takes in place of a path.
func runBenchmarks(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("benchmarks", "[--format table|json]", stderr)
	format := fs.String("format", "table", "output: table or json")
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"benchmarks takes no file arguments"}
	}
	type row struct {
		Name    string `json:"name"`
		Kind    string `json:"kind"`
		Label   string `json:"label,omitempty"`
		Bytes   int    `json:"bytes"`
		Path    string `json:"path"`
		Release string `json:"release"`
		Licence string `json:"licence"`
		Source  string `json:"source"`
	}
	var rows []row
	for _, e := range benchmarks.Entries() {
		data, err := dist.ReadData(e.Path)
		if err != nil {
			return fmt.Errorf("%s: %v", e.Name, err)
		}
		label := e.Label
		if e.Kind == "gold" {
			label = e.Dataset.Label
		}
		rel := e.Dataset.Release
		rows = append(rows, row{e.Name, e.Kind, label, len(data), e.Path, rel.Title, rel.Licence, rel.Source})
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	case "table", "":
	default:
		return usageError{fmt.Sprintf("unknown format %q: expected table or json", *format)}
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	release := ""
	for _, r := range rows {
		if r.Release != release {
			release = r.Release
			e, _ := benchmarks.Lookup(r.Name)
			fmt.Fprintf(w, "\n%s — %s\n  source: %s\n  cite: %s\n", r.Release, r.Licence, r.Source, e.Dataset.Release.Cite)
		}
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\n", r.Name, r.Kind, r.Label, report.Size(r.Bytes))
	}
	w.Flush()
	fmt.Fprintln(stdout, "\nuse a name wherever a file goes: oiebench score --gold benchie:en benchie:en/clausie mine.tsv")
	return nil
}

// size is a byte count for people.

// runVersion prints the version of oiebench and the Go that built it.
func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", stderr)
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"version takes no arguments"}
	}
	fmt.Fprintf(stdout, "oiebench %s (%s, %s/%s)\n", report.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}
