//go:build !(js && wasm)

// Command scalebench measures how scoring grows with the benchmark: it
// writes the English BenchIE gold and the nine English systems at several
// scales (package synthetic), then scores each scale in a child process and
// reports wall time, CPU time and peak resident memory (the child's rusage),
// with the growth rate per sentence. CPU time is the steadier figure on a
// shared machine. ./build.sh bench runs it.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/oiebench/oiebench/cmd/oiebench/collector"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/scaledata"
)

func main() {
	if len(os.Args) > 3 && os.Args[1] == "-child" {
		child(os.Args[2], os.Args[3])
		return
	}
	scales := flag.String("scales", "1,10,100", "scales to measure")
	keep := flag.String("out", "", "folder to keep the generated files in (default: a temporary one)")
	profile := flag.String("profile", "", "folder to write each scale's CPU and heap profiles to (N.cpu.pprof, N.heap.pprof)")
	flag.Parse()
	dir := *keep
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "oiebench-scale"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
	}
	if load, err := os.ReadFile("/proc/loadavg"); err == nil { // a shared machine is noisy: say how busy
		fmt.Printf("load before: %s\n", strings.Join(strings.Fields(string(load))[:3], " "))
		defer func() {
			if load, err := os.ReadFile("/proc/loadavg"); err == nil {
				fmt.Printf("load after: %s\n", strings.Join(strings.Fields(string(load))[:3], " "))
			}
		}()
	}
	fmt.Println("| scale | sentences | synsets | extractions | wall time | CPU time | peak memory | CPU per 1,000 sentences |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, f := range strings.Split(*scales, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			fail(fmt.Errorf("bad scale %q", f))
		}
		sub := filepath.Join(dir, strconv.Itoa(n))
		set, err := scaledata.Write(sub, n, 1)
		if err != nil {
			fail(err)
		}
		prof := ""
		if *profile != "" {
			prof = filepath.Join(*profile, strconv.Itoa(n))
		}
		cmd := exec.Command(os.Args[0], "-child", sub, prof)
		cmd.Stderr = os.Stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			fail(err)
		}
		wall := time.Since(start)
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu := time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
		per := cpu / time.Duration(set.Sentences) * 1000
		fmt.Printf("| %d× | %d | %d | %d | %.2f s | %.2f s | %.0f MiB | %.0f ms |\n", n, set.Sentences, set.Synsets, set.Extractions,
			wall.Seconds(), cpu.Seconds(), float64(ru.Maxrss)/1024, float64(per.Microseconds())/1000)
	}
}

// child reads the files of one scale and scores every system on every facet,
// as `oiebench score` does (its collector set as oiebench's); with prof set it writes prof.cpu.pprof and
// prof.heap.pprof (the heap at its largest point: after scoring, before the
// report is rendered).
func child(dir, prof string) {
	if prof != "" {
		f, err := os.Create(prof + ".cpu.pprof")
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	var req evaluate.Request
	read := make(chan struct{}) // the gold beside the systems, as oiebench reads them
	go func() {
		defer close(read)
		req.Gold = input(filepath.Join(dir, "gold.txt"))
	}()
	for _, s := range scaledata.Systems {
		req.Systems = append(req.Systems, input(filepath.Join(dir, s+".txt")))
	}
	<-read
	collector.For(filesSize(dir)) // as oiebench's main sets it
	ev, err := evaluate.Run(req)
	if err != nil {
		fail(err)
	}
	if prof != "" {
		f, err := os.Create(prof + ".heap.pprof")
		if err != nil {
			fail(err)
		}
		if err := pprof.WriteHeapProfile(f); err != nil {
			fail(err)
		}
		f.Close()
	}
	if _, err := ev.Report.Render("json"); err != nil {
		fail(err)
	}
}

// filesSize is the size of the files in dir: the gold and the systems a
// child reads.
func filesSize(dir string) int64 {
	entries, err := os.ReadDir(dir)
	if err != nil {
		fail(err)
	}
	var size int64
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			fail(err)
		}
		size += info.Size()
	}
	return size
}

func input(path string) evaluate.Input {
	b, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	return evaluate.Input{Path: path, Data: b, Shared: true} // as oiebench reads files
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scalebench:", err)
	os.Exit(1)
}
