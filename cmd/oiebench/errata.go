//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/suggest"
)

const errataUsage = `usage:
  oiebench errata add --gold GOLD --sentence ID [--synset N] --who NAME [--note TEXT] ERRATA "S --> R --> O"...
  oiebench errata remove ERRATA N
  oiebench errata apply --gold GOLD --out NEWGOLD [--format table|json] ERRATA [NAME=]SYSTEM...

Errata are accepted changes to a gold, kept apart from it (docs/suggest.md):
add appends an entry (synset 0, the default: a new synset; N: new triples of
synset N), remove deletes entry N (1-based: the undo), apply writes the gold
with the errata applied and, given systems, their F1 and rank before and after.
Files are written whole or not at all.
`

func runErrata(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(stderr, errataUsage)
		return flag.ErrHelp
	}
	switch args[0] {
	case "add":
		return errataAdd(args[1:], stderr)
	case "remove":
		return errataRemove(args[1:])
	case "apply":
		return errataApply(args[1:], stdout, stderr)
	}
	return usageError{fmt.Sprintf("unknown errata command %q: expected add, remove or apply", args[0])}
}

func errataFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("errata "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), errataUsage, "\noptions:\n"); fs.PrintDefaults() }
	return fs
}

func errataAdd(args []string, stderr io.Writer) error {
	fs := errataFlags("add", stderr)
	gold := fs.String("gold", "", "the gold the errata change (required)")
	sentence := fs.String("sentence", "", "the sentence id (required)")
	synset := fs.Int("synset", 0, "the 1-based synset the triples join; 0: a new synset")
	who := fs.String("who", "", "who accepts the change (required)")
	note := fs.String("note", "", "why, for the record")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *gold == "" || *sentence == "" || *who == "" {
		return usageError{"--gold, --sentence and --who are required"}
	}
	if fs.NArg() < 2 {
		return usageError{`expected the errata file and at least one triple "S --> R --> O"`}
	}
	g, err := readGoldArg(*gold)
	if err != nil {
		return err
	}
	path := fs.Arg(0)
	e := &suggest.Errata{Version: suggest.ErrataVersion, Gold: *gold, GoldSHA256: g.SHA256}
	if data, err := readFile(path); err == nil {
		if e, err = suggest.ParseErrata(path, data); err != nil {
			return err
		}
		if e.GoldSHA256 != g.SHA256 {
			return fmt.Errorf("%s: made on a gold with SHA-256 %s, not %s (%s)", path, e.GoldSHA256, *gold, g.SHA256)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	x := suggest.Erratum{Sentence: *sentence, Synset: *synset, Who: *who, When: time.Now().UTC().Format(time.RFC3339), Note: *note}
	for _, arg := range fs.Args()[1:] {
		parts := strings.Split(arg, "-->")
		if len(parts) != 3 {
			return usageError{fmt.Sprintf(`triple %q: expected "subject --> relation --> object"`, arg)}
		}
		x.Triples = append(x.Triples, [3]string{oie.TrimSpace(parts[0]), oie.TrimSpace(parts[1]), oie.TrimSpace(parts[2])})
	}
	e.Entries = append(e.Entries, x)
	data, err := e.Marshal()
	if err != nil {
		return err
	}
	// Read back as any errata file is, and tried on the gold: a bad entry
	// is refused here, not when applied.
	if e, err = suggest.ParseErrata(path, data); err != nil {
		return err
	}
	if _, err := e.Apply(g); err != nil {
		return err
	}
	return writeOutput(path, data)
}

func errataRemove(args []string) error {
	if len(args) != 2 {
		return usageError{"expected ERRATA N"}
	}
	path := args[0]
	data, err := readFile(path)
	if err != nil {
		return err
	}
	e, err := suggest.ParseErrata(path, data)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 || n > len(e.Entries) {
		return usageError{fmt.Sprintf("entry %q: expected a number from 1 to %d", args[1], len(e.Entries))}
	}
	e.Entries = append(e.Entries[:n-1], e.Entries[n:]...)
	if data, err = e.Marshal(); err != nil {
		return err
	}
	return writeOutput(path, data)
}

func errataApply(args []string, stdout, stderr io.Writer) error {
	fs := errataFlags("apply", stderr)
	gold := fs.String("gold", "", "the original gold (required)")
	out := fs.String("out", "", "where to write the new gold (required)")
	format := fs.String("format", "table", "rank changes: table or json")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *gold == "" || *out == "" || fs.NArg() == 0 {
		return usageError{"expected --gold GOLD --out NEWGOLD ERRATA [SYSTEM...]"}
	}
	if *format != "table" && *format != "json" {
		return usageError{fmt.Sprintf("--format %q: expected table or json", *format)}
	}
	g, err := readGoldArg(*gold)
	if err != nil {
		return err
	}
	path := fs.Arg(0)
	data, err := readFile(path)
	if err != nil {
		return err
	}
	e, err := suggest.ParseErrata(path, data)
	if err != nil {
		return err
	}
	// Of the scorings only the counts are kept, so that the gold, its
	// scoring and the new gold are never all in memory at once.
	var systems []*evaluate.System
	var names []string
	ins, err := systemInputs(fs.Args()[1:])
	if err != nil {
		return err
	}
	for _, in := range ins {
		s, err := evaluate.ReadSystem(in, oie.FormatAuto)
		if err != nil {
			return err
		}
		systems, names = append(systems, s), append(names, s.Name)
	}
	counts := func(g *evaluate.Gold) []benchie.Counts {
		if len(systems) == 0 {
			return nil
		}
		ev := evaluate.Evaluate(g, nil, systems, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
		var cs []benchie.Counts
		for i := range systems {
			cs = append(cs, ev.Results[i][string(benchie.Regular)].Counts)
		}
		return cs
	}
	// Every input read: a collection now starts the collector's lean
	// regime (collectLessFor) at what is live, the gold, instead of at its
	// ceiling, which the writing and the two scorings below would reach
	// with garbage (100 MB of gold: 431 → 398 MiB).
	runtime.GC()
	applied, err := e.Applied(g)
	if err != nil {
		return err
	}
	synsets := g.SynsetCount()
	// Written to its file as it is made, before the old gold is scored:
	// the new gold shares the old one's sentences, and through them (their
	// triples point into the gold read) what scoring the old gold compiles,
	// a fifth of what is live; written after the scoring, the new gold
	// kept that alive under the writer's garbage (100 MB of gold: 468 →
	// 431 MiB). Then the old gold is scored, dropped and collected, and the
	// new gold read back from the file before it takes the file's place:
	// never two golds at once.
	var before []benchie.Counts
	var ng *evaluate.Gold
	err = writeBuffered(*out, func(w io.Writer) error {
		return benchie.WriteGold(w, applied)
	}, func(written string) error {
		applied = nil // written
		before = counts(g)
		g = nil
		// Collected now, not after the new gold's bytes (as many as the
		// old gold's) are allocated on top of it.
		runtime.GC()
		data, err := readFile(written)
		if err == nil {
			ng, err = evaluate.ReadGold(evaluate.Input{Path: *out, Data: data, Shared: true}, false)
		}
		if err != nil {
			return fmt.Errorf("the new gold does not read back: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %d synsets (was %d), %d entries applied\n", *out, ng.SynsetCount(), synsets, len(e.Entries))
	if len(systems) == 0 {
		return nil
	}
	changes := suggest.RankChanges(names, before, counts(ng))
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(changes)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s %9s %9s  %s\n", "system (regular)", "F1 before", "F1 after", "rank")
	for _, c := range changes {
		move := fmt.Sprintf("%d", c.RankAfter)
		if c.RankBefore != c.RankAfter {
			move = fmt.Sprintf("%d -> %d", c.RankBefore, c.RankAfter)
		}
		fmt.Fprintf(&b, "%-20s %9.4f %9.4f  %s\n", c.System, c.F1Before, c.F1After, move)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

func readGoldArg(name string) (*evaluate.Gold, error) {
	in, err := readInput("", name)
	if err != nil {
		return nil, err
	}
	return evaluate.ReadGold(in, false)
}
