//go:build !(js && wasm)

// Command membench measures the peak memory of the command line's readers
// and scorers against the size of their input: for each size it writes a
// BenchIE gold and a system (oiebench gen, the English gold scaled) and the
// same system in each system format (oiebench convert), then runs each
// command in a child process and reports its peak resident memory (the
// child's rusage), the input bytes and their ratio, and the ratio above the
// fixed cost of a process that reads nothing (oiebench version).
//
//	go build -o build/oiebench ./cmd/oiebench
//	go run ./internal/membench -bin build/oiebench -sizes 1,10,100
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// goldBytes is the size of the English gold at scale 1 (oiebench gen
// repeats it): a size in MB is reached at scale size/goldBytes.
const goldBytes = 774342

func main() {
	bin := flag.String("bin", "build/oiebench", "the oiebench binary to measure")
	sizes := flag.String("sizes", "1,10", "gold sizes to measure, in MB")
	flag.Parse()
	dir, err := os.MkdirTemp("", "oiebench-mem")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	base, _ := measure(*bin, dir, "version")
	fmt.Printf("fixed cost (oiebench version): %.1f MiB\n\n", mib(base))
	fmt.Println("| what | input | peak memory | peak / input | (peak − fixed) / input |")
	fmt.Println("|---|---:|---:|---:|---:|")
	for _, s := range strings.Split(*sizes, ",") {
		mb, err := strconv.Atoi(s)
		if err != nil || mb < 1 {
			fail(fmt.Errorf("bad size %q", s))
		}
		sub := filepath.Join(dir, s)
		scale := max(1, mb*1000000/goldBytes)
		run(*bin, dir, "gen", "--gold", "benchie:en", "--scale", strconv.Itoa(scale), "--out", sub, "benchie:en/clausie")
		gold, sys := filepath.Join(sub, "gold.txt"), filepath.Join(sub, "clausie") // gen names a system by its file's base name
		files := map[string]string{"tsv": sys}
		files["jsonl"] = filepath.Join(sub, "system.jsonl")
		writeOut(*bin, files["jsonl"], "convert", "--to", "jsonl", sys)
		files["carb"] = filepath.Join(sub, "system.carb") // its sentences' texts from the gold
		writeOut(*bin, files["carb"], "convert", "--to", "carb-tabbed", "--sentences", gold, sys)
		annie := filepath.Join(sub, "gold.annie.json")
		writeOut(*bin, annie, "convert", "--to", "annie-json", gold)
		for _, c := range []struct {
			what   string
			inputs []string
			args   []string
		}{
			{"BenchIE gold reader (stats)", []string{gold}, []string{"stats", "--gold", gold}},
			{"AnnIE JSON reader (convert to BenchIE)", []string{annie}, []string{"convert", "--from", "annie-json", "--to", "benchie-gold", annie}},
			{"BenchIE scorer, BenchIE TSV system", []string{gold, sys}, []string{"score", "--gold", gold, sys}},
			{"BenchIE scorer, JSON Lines system", []string{gold, files["jsonl"]}, []string{"score", "--gold", gold, files["jsonl"]}},
			{"BenchIE scorer, CaRB tabbed system", []string{gold, files["carb"]}, []string{"score", "--gold", gold, files["carb"]}},
		} {
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
			fmt.Printf("| %s%s | %.1f MB | %.0f MiB | %.1f× | %.1f× |\n", c.what, note, float64(in)/1e6, mib(peak), float64(peak)/float64(in), float64(peak-base)/float64(in))
		}
	}
}

// measure runs oiebench and returns its peak resident memory in bytes.
func measure(bin, dir string, args ...string) (int64, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fail(err)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024, err
}

func run(bin, dir string, args ...string) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
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
