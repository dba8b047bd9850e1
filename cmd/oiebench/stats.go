//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/oiebench/oiebench/core/evaluate"
)

func runStats(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("stats", "--gold GOLD [--sentences 1-5,9] [--format table|json]", stderr)
	gold := fs.String("gold", "", "BenchIE gold file (required)")
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	quiet := fs.Bool("quiet", false, "print no warnings on standard error (the JSON output still lists them)")
	format := fs.String("format", "table", "output: table or json")
	sentences := fs.String("sentences", "", "count only these sentences of the gold: ids and ranges in the gold's order (1-5,9)")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if *gold == "" && len(rest) == 1 {
		*gold, rest = rest[0], nil
	}
	if *gold == "" || len(rest) > 0 {
		return usageError{"give one gold file with --gold"}
	}
	in, err := readInput("", *gold)
	if err != nil {
		return err
	}
	g, err := evaluate.ReadGold(in, *strict)
	if err != nil {
		return err
	}
	g, subset, err := evaluate.ChooseSentences(*sentences, g, nil)
	if err != nil {
		return err
	}
	st := g.Stats()
	switch *format {
	case "json":
		out := map[string]any{"path": g.Path, "sha256": g.SHA256, "stats": st, "warnings": warningList(g)}
		if subset != nil {
			out["subset"] = subset
		}
		printWarnings(warningList(g), *quiet, stderr)
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case "table":
		w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		more := ""
		if !st.Exact {
			more = "at least "
		}
		fmt.Fprintf(w, "gold\t%s\n", g.Path)
		fmt.Fprintf(w, "sha256\t%s\n", g.SHA256)
		if subset != nil {
			fmt.Fprintf(w, "counted\t%s\n", subset.Label())
		}
		fmt.Fprintf(w, "sentences\t%d (%d without synsets)\n", st.Sentences, st.EmptySentences)
		fmt.Fprintf(w, "synsets\t%d\n", st.Synsets)
		fmt.Fprintf(w, "annotated triples\t%d\n", st.Triples)
		fmt.Fprintf(w, "surface triples\t%s%d\n", more, st.Extractions)
		fmt.Fprintf(w, "triples per synset\tmean %.2f, median %.1f, %d-%d\n", st.TriplesPerSynset.Mean, st.TriplesPerSynset.Median, st.TriplesPerSynset.Min, st.TriplesPerSynset.Max)
		fmt.Fprintf(w, "surface triples per synset\tmean %.2f, median %.1f, %d-%d\n", st.FormsPerSynset.Mean, st.FormsPerSynset.Median, st.FormsPerSynset.Min, st.FormsPerSynset.Max)
		w.Flush()
		printWarnings(warningList(g), *quiet, stderr)
		return nil
	}
	return usageError{fmt.Sprintf("unknown format %q: expected table or json", *format)}
}

func warningList(g *evaluate.Gold) []string {
	out := []string{}
	for _, w := range g.Warnings {
		out = append(out, w.String())
	}
	return out
}
