// Command testreport turns `go test -json` into what a person reads, and
// keeps the counts: ./build.sh test pipes every suite through it and ends
// with one table of tests run, passed and failed per suite.
//
//	go test -json ARGS... | testreport -suite unit -record FILE -- ARGS...
//	testreport -summary FILE
//
// Passing tests print one line per package, as go test does; a failing test
// prints everything it wrote. The exit status is 1 when anything failed
// (a test, a package's build, a fuzz target), so that a pipe with pipefail
// fails.
//
// A package cut short (killed by -timeout, or a panic) leaves tests that
// never ran; go test -json names none of them. Given go test's arguments
// after --, testreport lists that package's tests again (go test -list with
// the same -run, -skip and -tags) and counts every one that did not finish
// as failed, so that a killed suite never reads as a smaller passing one.
// The summary also shows each suite's wall time.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build events
	Test       string
	Output     string
}

// counts are one suite's tests (top-level tests and fuzz targets; subtests
// are counted within their parent).
type counts struct {
	passed, failed, skipped, broken int
	// notRun counts tests that never finished because their package was cut
	// short; they are among failed too.
	notRun int
	wall   time.Duration // from testreport's start (the pipe's) to the end of its input
}

func main() {
	suite := flag.String("suite", "", "name of the suite whose go test -json is read from stdin")
	record := flag.String("record", "", "file the suite's counts are appended to")
	summary := flag.String("summary", "", "print the table of the counts recorded in this file")
	flag.Parse()
	if *summary != "" {
		os.Exit(printSummary(*summary, os.Stdout))
	}
	start := time.Now()
	c := read(os.Stdin, os.Stdout, goTestLister(flag.Args()))
	c.wall = time.Since(start)
	if *record != "" {
		f, err := os.OpenFile(*record, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s\t%d\t%d\t%d\t%d\t%d\t%.1f\n", *suite, c.passed, c.failed, c.skipped, c.broken, c.notRun, c.wall.Seconds())
			err = f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "testreport:", err)
			os.Exit(2)
		}
	}
	if c.failed+c.broken > 0 {
		os.Exit(1)
	}
}

// lister names the top-level tests that go test would run in a package
// (nil: nothing to compare with).
type lister func(pkg string) ([]string, error)

// goTestLister lists a package's tests as go test with args would run them:
// the same -run, -skip and -tags; nil when args are not given or fuzz
// (a fuzzing run runs one target, not the package's tests).
func goTestLister(args []string) lister {
	if len(args) == 0 || flagValue(args, "fuzz") != "" {
		return nil
	}
	run, skip, tags := flagValue(args, "run"), flagValue(args, "skip"), flagValue(args, "tags")
	if run == "" {
		run = "."
	}
	return func(pkg string) ([]string, error) {
		list := []string{"test", "-list", run}
		if tags != "" {
			list = append(list, "-tags", tags)
		}
		out, err := exec.Command("go", append(list, pkg)...).Output()
		if err != nil {
			return nil, err
		}
		var skipped *regexp.Regexp
		if skip != "" {
			// Only top-level names are listed: the pattern's first part.
			if skipped, err = regexp.Compile(strings.Split(skip, "/")[0]); err != nil {
				return nil, err
			}
		}
		var names []string
		for _, name := range strings.Fields(string(out)) {
			// Benchmarks run only under -bench; the last line is "ok pkg time".
			if !runnable.MatchString(name) || skipped != nil && skipped.MatchString(name) {
				continue
			}
			names = append(names, name)
		}
		return names, nil
	}
}

// runnable matches the listed names that go test runs without -bench.
var runnable = regexp.MustCompile(`^(Test|Fuzz|Example)`)

// flagValue returns the value of go test's flag name in args ("-name v",
// "-name=v", or with two dashes), or "".
func flagValue(args []string, name string) string {
	for i, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
	}
	return ""
}

// read follows the events, printing as it goes. A package that fails at
// package level is cut short when list names tests of it that did not
// finish: they count as failed.
func read(in io.Reader, out io.Writer, list lister) counts {
	var c counts
	held := map[string][]string{} // output of running tests, by package and test
	failedIn := map[string]int{}  // failed tests (or a failed build) by package
	finished := map[string]bool{} // top-level tests that ended, by package and test
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			fmt.Fprintln(out, string(line)) // not an event: go's own message
			continue
		}
		key := e.Package + " " + e.Test
		top := e.Test != "" && !strings.Contains(e.Test, "/")
		switch e.Action {
		case "build-output":
			fmt.Fprint(out, e.Output)
		case "build-fail":
			c.broken++
			failedIn[strings.Fields(e.ImportPath + " ")[0]]++
		case "output":
			if e.Test == "" && e.Output != "PASS\n" { // "ok" follows
				fmt.Fprint(out, e.Output) // ok/FAIL lines, package-level messages
			} else {
				held[key] = append(held[key], e.Output)
			}
		case "pass", "skip":
			if top {
				finished[key] = true
			}
			if top && e.Action == "pass" {
				c.passed++
			} else if top {
				c.skipped++
			}
			delete(held, key)
		case "fail":
			switch {
			case e.Test != "":
				// A failing subtest prints what it wrote; its parent counts.
				if top {
					c.failed++
					failedIn[e.Package]++
					finished[key] = true
				}
				fmt.Fprint(out, strings.Join(held[key], ""))
			case e.Test == "":
				// A package that fails with no failing test: it did not
				// build, or it panicked outside a test.
				unfinished := notFinished(e.Package, list, finished)
				c.failed += len(unfinished)
				c.notRun += len(unfinished)
				failedIn[e.Package] += len(unfinished)
				if failedIn[e.Package] == 0 {
					c.broken++
				}
				for k, lines := range held { // a panic leaves tests unfinished
					if strings.HasPrefix(k, e.Package+" ") {
						fmt.Fprint(out, strings.Join(lines, ""))
						delete(held, k)
					}
				}
				if len(unfinished) > 0 {
					fmt.Fprintf(out, "%s: cut short: %d tests did not finish (counted as failed): %s\n",
						e.Package, len(unfinished), strings.Join(unfinished, " "))
				}
			}
			delete(held, key)
		}
	}
	return c
}

// notFinished lists the tests of pkg that list names and that never ended
// (the one running when the package was killed among them).
func notFinished(pkg string, list lister, finished map[string]bool) []string {
	if list == nil {
		return nil
	}
	names, err := list(pkg)
	if err != nil {
		return nil // it does not build: a package failure already says so
	}
	var missing []string
	for _, name := range names {
		if !finished[pkg+" "+name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	return missing
}

func printSummary(path string, out io.Writer) int {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		return 2
	}
	var names []string
	bySuite := map[string]*counts{} // a suite run in parts (fuzz targets) is one row
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var name string
		var c counts
		var secs float64
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, "\t", " "), "%s %d %d %d %d %d %f", &name, &c.passed, &c.failed, &c.skipped, &c.broken, &c.notRun, &secs); err != nil {
			continue
		}
		c.wall = time.Duration(secs * float64(time.Second))
		if bySuite[name] == nil {
			names = append(names, name)
			bySuite[name] = &counts{}
		}
		t := bySuite[name]
		t.passed, t.failed, t.skipped, t.broken = t.passed+c.passed, t.failed+c.failed, t.skipped+c.skipped, t.broken+c.broken
		t.notRun, t.wall = t.notRun+c.notRun, t.wall+c.wall
	}
	var total counts
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "suite\trun\tpassed\tfailed\tof which not run\tskipped\tpackage failures\twall\t")
	for _, name := range names {
		c := bySuite[name]
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", name, c.passed+c.failed+c.skipped, c.passed, c.failed, c.notRun, c.skipped, c.broken, c.wall.Round(time.Second))
		total.passed += c.passed
		total.failed += c.failed + c.broken
		total.skipped += c.skipped
		total.wall += c.wall
	}
	w.Flush()
	fmt.Fprintf(out, "%d passed, %d failed, %d skipped in %s\n", total.passed, total.failed, total.skipped, total.wall.Round(time.Second))
	if total.failed > 0 {
		return 1
	}
	return 0
}
