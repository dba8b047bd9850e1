//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/suggest"
)

// suggestReport is what `oiebench suggest --format json` prints.
type suggestReport struct {
	Gold        string               `json:"gold"`
	GoldSHA256  string               `json:"gold_sha256"`
	Top         int                  `json:"top"`
	Suggestions *suggest.Suggestions `json:"suggestions"`
	Against     string               `json:"against,omitempty"`
	Measurement *suggest.Measurement `json:"measurement,omitempty"`
	Warnings    []string             `json:"warnings,omitempty"`
}

func runSuggest(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("suggest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gold := fs.String("gold", "", "BenchIE gold file or shipped gold such as benchie:en (required)")
	against := fs.String("against", "", "another gold of the same sentences (benchie-fl:en): report the recall of the top-K clusters on its synsets the gold does not cover")
	top := fs.Int("top", 5, "clusters shown per sentence (0: all)")
	ks := fs.String("k", "1,3,5", "with --against: the K of recall at K, comma-separated")
	format := fs.String("format", "table", "output: table or json")
	quiet := fs.Bool("quiet", false, "print no warnings on standard error")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: oiebench suggest --gold GOLD [--top K] [--against GOLD2 [--k 1,3,5]] [--format table|json] [NAME=]SYSTEM...")
		fmt.Fprintln(fs.Output(), "\nExtractions no synset of GOLD accepts (regular facet), pooled over the systems,\nclustered per sentence and ranked by the number of systems producing them.\n\noptions:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *gold == "" {
		return usageError{"--gold is required"}
	}
	if fs.NArg() == 0 {
		return usageError{"no system file given"}
	}
	if *format != "table" && *format != "json" {
		return usageError{fmt.Sprintf("--format %q: expected table or json", *format)}
	}
	if *top < 0 {
		return usageError{"--top must be 0 (all) or more"}
	}
	var kList []int
	for _, s := range evaluate.SplitList(*ks) {
		var k int
		if _, err := fmt.Sscanf(s, "%d", &k); err != nil || k < 1 || fmt.Sprint(k) != s {
			return usageError{fmt.Sprintf("--k %q: expected positive whole numbers separated by commas", *ks)}
		}
		kList = append(kList, k)
	}
	gin, err := readInput("", *gold)
	if err != nil {
		return err
	}
	g, err := evaluate.ReadGold(gin, false)
	if err != nil {
		return err
	}
	ins, err := systemInputs(fs.Args())
	if err != nil {
		return err
	}
	var systems []*evaluate.System
	named := map[string]bool{}
	for _, in := range ins {
		// Two shipped files of one system (benchie:en/clausie and
		// benchie-fl:en/clausie) are two systems: the count ranks by them.
		if named[in.Name] {
			in.Name = in.Path
		}
		named[in.Name] = true
		s, err := evaluate.ReadSystem(in, oie.FormatAuto)
		if err != nil {
			return err
		}
		systems = append(systems, s)
	}
	ev := evaluate.Evaluate(g, nil, systems, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
	rep := suggestReport{Gold: *gold, GoldSHA256: g.SHA256, Top: *top, Suggestions: suggest.Suggest(ev), Warnings: ev.Report.WarningLines()}
	if *against != "" {
		ain, err := readInput("", *against)
		if err != nil {
			return err
		}
		other, err := evaluate.ReadGold(ain, false)
		if err != nil {
			return err
		}
		rep.Against = *against
		if rep.Measurement, err = suggest.Measure(ev.Compiled[benchie.Regular], other.Gold, rep.Suggestions, kList); err != nil {
			return err
		}
		for _, w := range append(other.Warnings, rep.Measurement.Warnings...) {
			rep.Warnings = append(rep.Warnings, w.String())
		}
	}
	if *top > 0 {
		for i := range rep.Suggestions.Sentences {
			s := &rep.Suggestions.Sentences[i]
			s.Clusters = s.Clusters[:min(*top, len(s.Clusters))]
		}
	}
	if !*quiet {
		for _, w := range rep.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return writeSuggestTable(stdout, &rep)
}

// writeSuggestTable prints the clusters sentence by sentence, then the
// measurement.
func writeSuggestTable(w io.Writer, rep *suggestReport) error {
	s := rep.Suggestions
	var b strings.Builder
	fmt.Fprintf(&b, "%d incorrect extractions of %d systems pooled; %d clusters shown on %d sentences\n",
		s.Pooled, len(s.Systems), countClusters(s), len(s.Sentences))
	if s.Ignored > 0 {
		fmt.Fprintf(&b, "%d extractions on sentences the gold does not have were left out\n", s.Ignored)
	}
	for _, sen := range s.Sentences {
		fmt.Fprintf(&b, "\n#%s %s\n", sen.ID, sen.Text)
		for r, c := range sen.Clusters {
			names := make([]string, len(c.Systems))
			for i, k := range c.Systems {
				names[i] = s.Systems[k]
			}
			near := "no synset"
			if c.Closest >= 0 {
				near = fmt.Sprintf("near synset %d", c.Closest+1)
			}
			fmt.Fprintf(&b, "  %d. %s --> %s --> %s   [%d systems, %d extractions, %s: %s]\n",
				r+1, c.Triple[0], c.Triple[1], c.Triple[2], len(c.Systems), len(c.Members), near, strings.Join(names, ", "))
		}
	}
	if m := rep.Measurement; m != nil {
		fmt.Fprintf(&b, "\nagainst %s: %d sentences aligned by id and text (%d not), %d synsets, %d not covered by %s\n",
			rep.Against, m.Aligned, len(m.Unaligned), m.Synsets, m.Uncovered, rep.Gold)
		for _, r := range m.Recall {
			fmt.Fprintf(&b, "  recall of the top %d clusters per sentence: %d/%d = %.4f\n", r.K, r.Hits, m.Uncovered, r.Recall)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func countClusters(s *suggest.Suggestions) int {
	n := 0
	for _, sen := range s.Sentences {
		n += len(sen.Clusters)
	}
	return n
}
