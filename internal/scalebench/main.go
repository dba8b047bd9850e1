// Command scalebench measures how scoring grows with the benchmark: it
// writes the English BenchIE gold and the nine English systems at several
// scales (package synthetic), then scores each scale in a child process and
// reports wall time, CPU time and peak resident memory (the child's rusage),
// with the growth rate per sentence. CPU time is the steadier figure on a
// shared machine. ./build.sh bench runs it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/synthetic"
	"github.com/oiebench/oiebench/internal/dataset"
)

var systems = []string{"clausie", "minie", "stanford", "openie6", "roi_t", "roi_n", "naive_oie", "m2oie_en", "graphene"}

func main() {
	if len(os.Args) > 2 && os.Args[1] == "-child" {
		child(os.Args[2])
		return
	}
	scales := flag.String("scales", "1,10,100", "scales to measure")
	keep := flag.String("out", "", "folder to keep the generated files in (default: a temporary one)")
	flag.Parse()
	dir := *keep
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "oiebench-scale"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
	}
	gold, sys := load()
	fmt.Println("| scale | sentences | synsets | extractions | wall time | CPU time | peak memory | CPU per 1,000 sentences |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, f := range strings.Split(*scales, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			fail(fmt.Errorf("bad scale %q", f))
		}
		sg, ss, err := synthetic.Scale(gold, sys, n, 1)
		if err != nil {
			fail(err)
		}
		sub := filepath.Join(dir, strconv.Itoa(n))
		write(sub, sg, ss)
		exts := 0
		for _, s := range ss {
			exts += len(s.Extractions)
		}
		cmd := exec.Command(os.Args[0], "-child", sub)
		cmd.Stderr = os.Stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			fail(err)
		}
		wall := time.Since(start)
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu := time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
		per := cpu / time.Duration(len(sg.Sentences)) * 1000
		fmt.Printf("| %d× | %d | %d | %d | %.2f s | %.2f s | %.0f MiB | %.0f ms |\n", n, len(sg.Sentences), sg.SynsetCount(), exts,
			wall.Seconds(), cpu.Seconds(), float64(ru.Maxrss)/1024, float64(per.Microseconds())/1000)
	}
}

// child reads the files of one scale and scores every system on every facet,
// as `oiebench score` does.
func child(dir string) {
	req := evaluate.Request{Gold: input(filepath.Join(dir, "gold.txt"))}
	for _, s := range systems {
		req.Systems = append(req.Systems, input(filepath.Join(dir, s+".txt")))
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		fail(err)
	}
	if _, err := ev.Report.Render("json"); err != nil {
		fail(err)
	}
}

func input(path string) evaluate.Input {
	b, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	return evaluate.Input{Path: path, Data: b}
}

func load() (*benchie.Gold, []*oie.System) {
	b, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		fail(err)
	}
	g, err := benchie.ReadGold("en", b, benchie.GoldOptions{})
	if err != nil {
		fail(err)
	}
	var out []*oie.System
	for _, s := range systems {
		b, err := dataset.ReadFile("systems/" + s + "_explicit.txt")
		if err != nil {
			fail(err)
		}
		sys, err := oie.ReadSystem(s, b, oie.SystemOptions{})
		if err != nil {
			fail(err)
		}
		out = append(out, sys)
	}
	return g, out
}

func write(dir string, g *benchie.Gold, ss []*oie.System) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	var buf bytes.Buffer
	if err := benchie.WriteGold(&buf, g); err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gold.txt"), buf.Bytes(), 0o644); err != nil {
		fail(err)
	}
	for i, s := range ss {
		buf.Reset()
		if err := oie.WriteTSV(&buf, s.Extractions); err != nil {
			fail(err)
		}
		if err := os.WriteFile(filepath.Join(dir, systems[i]+".txt"), buf.Bytes(), 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scalebench:", err)
	os.Exit(1)
}
