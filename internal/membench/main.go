//go:build !(js && wasm)

// Command membench measures the peak memory of the command line's readers
// and scorers against the size of their input. For each size it writes the
// inputs of every scorer on its own gold, then runs each command in a child
// process and reports its peak resident memory (the child's rusage), the
// input bytes and their ratio, and the ratio above the fixed cost of a
// process that reads nothing (oiebench version):
//
//   - BenchIE: a gold and a system (oiebench gen, the English gold and
//     ClausIE scaled) and the same system in each system format (oiebench
//     convert), and the gold as AnnIE JSON;
//
//   - CaRB: the shipped CaRB test gold and OpenIE 5's extractions repeated,
//     each copy's sentences told apart by a word appended (genCaRB);
//
//   - WiRe57: the WiRe57 fixture gold and system repeated, each copy's
//     documents and sentences renamed (genWiRe57);
//
//   - BenchIE^FL: the FL gold and ClausIE scaled (oiebench gen) up to its
//     forms budget; a larger gold is refused by the budget, which is timed
//     too;
//
//   - every other command that reads files, on the BenchIE files: analyze,
//     compare (ClausIE and MinIE), tags, suggest, exercise, gen, verify and
//     board (a receipt of ClausIE's score), errata apply (an entry made
//     with errata add); iaa (the gold and a copy); judge (the FL gold of
//     50 sentences and its human judgements repeated).
//
// Each row shows its share of the memory goal (cmd/oiebench/collector:
// 64 MiB plus 4 bytes a byte of input); membench exits 1 when a row that is
// not budgeted passes it.
//
//	go build -o build/oiebench ./cmd/oiebench
//	go run ./internal/membench -bin build/oiebench -sizes 1,10,100
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/oiebench/oiebench/cmd/oiebench/collector"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/dist"
)

// goldBytes is the size of the English gold at scale 1 (oiebench gen
// repeats it): a size in MB is reached at scale size/goldBytes.
const goldBytes = 774342

// flGoldBytes is the size of the BenchIE^FL English gold at scale 1.
const flGoldBytes = 497048

// flMaxScale is the largest scale of the FL gold within the command line's
// forms budget (115,562 forms a copy; 524,288 allowed).
const flMaxScale = 4

// A check is one command measured. A budgeted one (BenchIE^FL) is bound by
// its budget, not by the memory goal.
type check struct {
	what     string
	inputs   []string
	args     []string
	budgeted bool
}

// The memory goal (cmd/oiebench/collector): a run's peak under goalFixed
// plus goalPerByte bytes a byte of input. membench fails when a row that
// is not budgeted passes it.
const (
	goalFixed   = collector.Fixed
	goalPerByte = collector.PerByte
)

func main() {
	bin := flag.String("bin", "build/oiebench", "the oiebench binary to measure")
	sizes := flag.String("sizes", "1,10", "input sizes to measure, in MB")
	wire57 := flag.String("wire57", "core/wire57/testdata", "folder of the WiRe57 gold.json and system.json to scale")
	only := flag.String("only", "", "measure only the rows whose description holds this text (or one of several joined by |)")
	keep := flag.String("keep", "", "folder to write the generated files to and keep (default: a temporary one, removed)")
	flag.Parse()
	// The commands run in a folder of their own: a relative path would be
	// looked up there.
	if abs, err := filepath.Abs(*bin); err == nil {
		*bin = abs
	}
	dir := *keep
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fail(err)
		}
	} else {
		var err error
		if dir, err = os.MkdirTemp("", "oiebench-mem"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
	}
	base, _ := measure(*bin, dir, "version")
	fmt.Printf("fixed cost (oiebench version): %.1f MiB\n\n", mib(base))
	fmt.Println("| what | command | input | peak memory | peak / input | of the goal |")
	fmt.Println("|---|---|---:|---:|---:|---:|")
	var over []string
	for _, s := range strings.Split(*sizes, ",") {
		mb, err := strconv.Atoi(s)
		if err != nil || mb < 1 {
			fail(fmt.Errorf("bad size %q", s))
		}
		sub := filepath.Join(dir, s)
		var checks []check
		checks = append(checks, benchieChecks(*bin, sub, mb)...)
		checks = append(checks, commandChecks(*bin, sub)...)
		checks = append(checks, iaaChecks(sub)...)
		checks = append(checks, judgeChecks(filepath.Join(sub, "judge"), mb)...)
		checks = append(checks, carbChecks(filepath.Join(sub, "carb"), mb)...)
		checks = append(checks, wire57Checks(*wire57, filepath.Join(sub, "wire57"), mb)...)
		checks = append(checks, flChecks(*bin, filepath.Join(sub, "fl"), mb)...)
		for _, c := range checks {
			if !slices.ContainsFunc(strings.Split(*only, "|"), func(t string) bool { return strings.Contains(c.what, t) }) {
				continue
			}
			in := int64(0)
			for _, f := range c.inputs {
				info, err := os.Stat(f)
				if err != nil {
					fail(err)
				}
				in += info.Size()
			}
			peak, err := measure(*bin, dir, c.args...)
			note := ""
			if err != nil {
				note = " (failed: " + err.Error() + ")"
			}
			share := "budgeted"
			if !c.budgeted {
				goal := float64(goalFixed + goalPerByte*in)
				share = fmt.Sprintf("%.0f%%", 100*float64(peak)/goal)
				if float64(peak) > goal {
					over = append(over, fmt.Sprintf("%s at %.1f MB: %.0f MiB, over the goal of %.0f MiB", c.what, float64(in)/1e6, mib(peak), goal/(1<<20)))
				}
			}
			fmt.Printf("| %s%s | `oiebench %s` | %.1f MB | %.0f MiB | %.1f× | %s |\n", c.what, note, c.args[0], float64(in)/1e6, mib(peak), float64(peak)/float64(in), share)
		}
		if *keep == "" {
			os.RemoveAll(sub) // a size's files can be large
		}
	}
	if len(over) > 0 {
		fail(fmt.Errorf("over the memory goal (%d MiB + %d × input):\n  %s", goalFixed>>20, goalPerByte, strings.Join(over, "\n  ")))
	}
}

// benchieChecks writes a BenchIE gold of about mb MB, a system in each
// system format and the gold as AnnIE JSON, and returns their checks.
func benchieChecks(bin, sub string, mb int) []check {
	scale := max(1, mb*1000000/goldBytes)
	run(bin, "gen", "--gold", "benchie:en", "--scale", strconv.Itoa(scale), "--out", sub, "benchie:en/clausie", "benchie:en/minie")
	gold, sys := filepath.Join(sub, "gold.txt"), filepath.Join(sub, "clausie") // gen names a system by its file's base name
	jsonl := filepath.Join(sub, "system.jsonl")
	writeOut(bin, jsonl, "convert", "--to", "jsonl", sys)
	tabbed := filepath.Join(sub, "system.carb") // its sentences' texts from the gold
	writeOut(bin, tabbed, "convert", "--to", "carb-tabbed", "--sentences", gold, sys)
	annie := filepath.Join(sub, "gold.annie.json")
	writeOut(bin, annie, "convert", "--to", "annie-json", gold)
	annieWhat := "AnnIE JSON reader (convert to BenchIE)"
	if info, err := os.Stat(annie); err == nil && info.Size() > maxInputSize {
		annieWhat = "AnnIE JSON reader: refused, over `--max-input-size`"
	}
	return []check{
		{"BenchIE gold reader (stats)", []string{gold}, []string{"stats", "--gold", gold}, false},
		{annieWhat, []string{annie}, []string{"convert", "--from", "annie-json", "--to", "benchie-gold", annie}, false},
		{"BenchIE scorer, BenchIE TSV system", []string{gold, sys}, []string{"score", "--gold", gold, sys}, false},
		{"BenchIE scorer, JSON Lines system", []string{gold, jsonl}, []string{"score", "--gold", gold, jsonl}, false},
		{"BenchIE scorer, CaRB tabbed system", []string{gold, tabbed}, []string{"score", "--gold", gold, tabbed}, false},
	}
}

// commandChecks returns the checks of the commands besides score, stats
// and convert, on the files benchieChecks wrote to sub: the gold, ClausIE
// and MinIE; for verify and board a receipt of ClausIE's score, for errata
// an entry on the gold.
func commandChecks(bin, sub string) []check {
	gold, sys, sys2 := filepath.Join(sub, "gold.txt"), filepath.Join(sub, "clausie"), filepath.Join(sub, "minie")
	receipt := filepath.Join(sub, "receipt.json")
	run(bin, "score", "--quiet", "--gold", gold, "--receipt", receipt, sys)
	errata := filepath.Join(sub, "errata.json")
	run(bin, "errata", "add", "--gold", gold, "--sentence", "1", "--synset", "1", "--who", "membench", errata, "He --> served --> as the first Prime Minister of Australia")
	folder := filepath.Join(sub, "board-in")
	for _, f := range []string{receipt, gold, sys} {
		link(f, filepath.Join(folder, filepath.Base(f)))
	}
	out := filepath.Join(sub, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		fail(err)
	}
	return []check{
		{"analyze: error profiles, buckets, bootstrap", []string{gold, sys}, []string{"analyze", "--gold", gold, sys}, false},
		{"compare: paired test of two systems", []string{gold, sys, sys2}, []string{"compare", "--gold", gold, sys, sys2}, false},
		{"tags: POS tags of the gold's sentences", []string{gold}, []string{"tags", "--gold", gold}, false},
		{"suggest: gold completions", []string{gold, sys}, []string{"suggest", "--gold", gold, sys}, false},
		{"exercise: a class exercise of 10 sentences", []string{gold}, []string{"exercise", "--gold", gold, "--sentences", "1-10", "--out", filepath.Join(out, "exercise.html")}, false},
		{"gen: the gold and a system once more", []string{gold, sys}, []string{"gen", "--gold", gold, "--scale", "1", "--out", filepath.Join(out, "gen"), sys}, false},
		{"verify: a receipt of ClausIE's score", []string{receipt, gold, sys}, []string{"verify", receipt, gold, sys}, false},
		{"board: a folder of that receipt and its files", []string{receipt, gold, sys}, []string{"board", "--no-shipped", "--out", filepath.Join(out, "board"), folder}, false},
		{"errata apply: one entry, ranks of a system", []string{errata, gold, sys}, []string{"errata", "apply", "--gold", gold, "--out", filepath.Join(out, "errata.txt"), errata, sys}, false},
	}
}

// maxInputSize is oiebench's bound on an input file, the default of
// --max-input-size.
const maxInputSize = 200 << 20

// iaaChecks returns iaa's check of the gold benchieChecks wrote to sub and
// a copy of it: the agreement has no budget of its own (it builds the
// studio's model a group of sentences at a time), so it is held to the
// memory goal at every size.
func iaaChecks(sub string) []check {
	gold, copied := filepath.Join(sub, "gold.txt"), filepath.Join(sub, "gold-b.txt")
	link(gold, copied)
	return []check{{"iaa: agreement of the gold and a copy", []string{gold, copied}, []string{"iaa", gold, copied}, false}}
}

// judgeChecks writes the BenchIE^FL gold of 50 sentences and the human
// judgements on it repeated to about mb MB (each row is a judgement of one
// of the 50 sentences, so repeated rows are valid ones) and returns
// judge's check.
func judgeChecks(sub string, mb int) []check {
	gold, matches := filepath.Join(sub, "gold50.txt"), filepath.Join(sub, "matches.csv")
	writeFile(gold, func(w *bufio.Writer) { w.Write(data("benchie_fl/benchie-annotated(50).txt")) })
	csv := data("benchie_fl/matches_benchie50_7_systems_annotated.csv")
	header, rows, _ := bytes.Cut(csv, []byte("\n"))
	writeFile(matches, func(w *bufio.Writer) {
		w.Write(header)
		w.WriteString("\n")
		for range max(1, mb*1000000/len(rows)) {
			w.Write(rows)
		}
	})
	return []check{{"judge: the FL gold of 50 sentences, human judgements repeated", []string{gold, matches}, []string{"judge", "--gold", gold, "--matches", matches}, false}}
}

// link makes to the same file as from (a hard link, else a copy), in a
// folder made if need be.
func link(from, to string) {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		fail(err)
	}
	if os.Link(from, to) == nil {
		return
	}
	b, err := os.ReadFile(from)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		fail(err)
	}
}

// carbChecks writes a CaRB gold and an OpenIE 5 system of about mb MB
// together and returns the CaRB scorer's check.
func carbChecks(sub string, mb int) []check {
	gold, sys := filepath.Join(sub, "gold.tsv"), filepath.Join(sub, "openie5.txt")
	genCaRB(mb, gold, sys)
	return []check{
		{"CaRB scorer, CaRB gold, OpenIE 5 system", []string{gold, sys}, []string{"score", "--scorer", "carb", "--gold", gold, sys}, false},
		{"OIE16-C and CaRB(s,s) scorers, same files", []string{gold, sys}, []string{"score", "--scorer", "oie16,carb-ss", "--gold", gold, sys}, false},
	}
}

// genCaRB writes the shipped CaRB test gold and OpenIE 5's extractions on
// it, repeated until the two files hold about mb MB: copy k appends the word
// "c<k>" to every sentence (the gold's first column, the system's last), so
// that every copy is a sentence of its own. Each copy scores as the first.
func genCaRB(mb int, goldPath, sysPath string) {
	gold, sys := shipped("carb:test"), shipped("carb:test/openie5")
	copies := max(1, mb*1000000/(len(gold)+len(sys)))
	writeFile(goldPath, func(w *bufio.Writer) {
		for k := range copies {
			eachLine(gold, func(line []byte) {
				sentence, rest, _ := bytes.Cut(line, []byte("\t"))
				fmt.Fprintf(w, "%s c%d\t%s\n", sentence, k, rest)
			})
		}
	})
	writeFile(sysPath, func(w *bufio.Writer) {
		for k := range copies {
			eachLine(sys, func(line []byte) {
				fmt.Fprintf(w, "%s c%d\n", line, k)
			})
		}
	})
}

// wire57Checks writes a WiRe57 gold and system of about mb MB together
// and returns the WiRe57 scorer's check.
func wire57Checks(fixture, sub string, mb int) []check {
	gold, sys := filepath.Join(sub, "gold.json"), filepath.Join(sub, "system.json")
	genWiRe57(fixture, mb, gold, sys)
	return []check{
		{"WiRe57 scorer, WiRe57 gold and system JSON", []string{gold, sys}, []string{"score", "--scorer", "wire57", "--gold", gold, sys}, false},
	}
}

// genWiRe57 writes the WiRe57 gold and system of fixture repeated until
// the two files hold about mb MB: copy k renames document D to "D c<k>"
// and its sentence "D n" to "D c<k> n" (the system's keys likewise).
func genWiRe57(fixture string, mb int, goldPath, sysPath string) {
	var gold map[string][]map[string]json.RawMessage
	var sys map[string]json.RawMessage
	decode(filepath.Join(fixture, "gold.json"), &gold)
	decode(filepath.Join(fixture, "system.json"), &sys)
	// rename gives sentence id "D n" of copy k.
	rename := func(id string, k int) string {
		doc, n, _ := strings.Cut(id, " ")
		return fmt.Sprintf("%s c%d %s", doc, k, n)
	}
	goldOnce, sysOnce := marshal(gold), marshal(sys)
	copies := max(1, mb*1000000/(len(goldOnce)+len(sysOnce)))
	writeFile(goldPath, func(w *bufio.Writer) {
		w.WriteString("{")
		first := true
		for k := range copies {
			for _, doc := range slices.Sorted(maps.Keys(gold)) {
				sents := gold[doc]
				renamed := make([]map[string]json.RawMessage, len(sents))
				for i, s := range sents {
					var id string
					if err := json.Unmarshal(s["id"], &id); err != nil {
						fail(err)
					}
					c := map[string]json.RawMessage{}
					for key, v := range s {
						c[key] = v
					}
					c["id"] = marshal(rename(id, k))
					renamed[i] = c
				}
				if !first {
					w.WriteString(",")
				}
				first = false
				fmt.Fprintf(w, "%s:%s\n", marshal(fmt.Sprintf("%s c%d", doc, k)), marshal(renamed))
			}
		}
		w.WriteString("}\n")
	})
	writeFile(sysPath, func(w *bufio.Writer) {
		w.WriteString("{")
		first := true
		for k := range copies {
			for _, id := range slices.Sorted(maps.Keys(sys)) {
				exts := sys[id]
				if !first {
					w.WriteString(",")
				}
				first = false
				fmt.Fprintf(w, "%s:%s\n", marshal(rename(id, k)), exts)
			}
		}
		w.WriteString("}\n")
	})
}

// flChecks writes the BenchIE^FL gold and ClausIE scaled to about mb MB,
// or to the budget's largest scale, and returns the BenchIE^FL scorer's
// check; past the budget, the check of its refusal.
func flChecks(bin, sub string, mb int) []check {
	want := max(1, mb*1000000/flGoldBytes)
	scale := min(want, flMaxScale)
	run(bin, "gen", "--gold", "benchie-fl:en", "--scale", strconv.Itoa(scale), "--out", sub, "benchie-fl:en/clausie")
	gold, sys := filepath.Join(sub, "gold.txt"), filepath.Join(sub, "clausie")
	checks := []check{{fmt.Sprintf("BenchIE^FL scorer, FL gold ×%d and ClausIE (within its forms budget)", scale), []string{gold, sys}, []string{"score", "--scorer", "benchie-fl", "--gold", gold, sys}, true}}
	if want > flMaxScale {
		big := sub + "-big"
		run(bin, "gen", "--gold", "benchie-fl:en", "--scale", strconv.Itoa(want), "--out", big, "benchie-fl:en/clausie")
		gold, sys := filepath.Join(big, "gold.txt"), filepath.Join(big, "clausie")
		checks = append(checks, check{fmt.Sprintf("BenchIE^FL scorer, FL gold ×%d: refused, over `--fl-max-forms`", want), []string{gold, sys}, []string{"score", "--scorer", "benchie-fl", "--gold", gold, sys}, false})
	}
	return checks
}

// shipped returns a file the binary ships, by name.
func shipped(name string) []byte {
	e, ok := benchmarks.Lookup(name)
	if !ok {
		fail(fmt.Errorf("no shipped file %s", name))
	}
	data, err := dist.ReadData(e.Path)
	if err != nil {
		fail(err)
	}
	return data
}

// data returns a file of the data the binary ships, by its path.
func data(path string) []byte {
	b, err := dist.ReadData(path)
	if err != nil {
		fail(err)
	}
	return b
}

// eachLine calls f with every line of data, without its end of line.
func eachLine(data []byte, f func([]byte)) {
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		f(bytes.TrimSuffix(line, []byte("\r")))
		data = rest
	}
}

func decode(path string, v any) {
	data, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		fail(fmt.Errorf("%s: %w", path, err))
	}
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		fail(err)
	}
	return b
}

// writeFile creates path and its folder and writes it with write.
func writeFile(path string, write func(*bufio.Writer)) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fail(err)
	}
	f, err := os.Create(path)
	if err != nil {
		fail(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	write(w)
	if err := w.Flush(); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

// measure runs oiebench and returns its peak resident memory in bytes.
func measure(bin, dir string, args ...string) (int64, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdout = io.Discard
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fail(err)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024, err
}

func run(bin string, args ...string) {
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("oiebench %s: %w", strings.Join(args, " "), err))
	}
}

func writeOut(bin, path string, args ...string) {
	f, err := os.Create(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, args...)
	cmd.Stdout = f
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("oiebench %s: %w", strings.Join(args, " "), err))
	}
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "membench:", err)
	os.Exit(1)
}
