// Command testreport turns `go test -json` into what a person reads, and
// keeps the counts: ./build.sh test pipes every suite through it and ends
// with one table of tests run, passed and failed per suite.
//
//	go test -json ./... | testreport -suite unit -record FILE
//	testreport -summary FILE
//
// Passing tests print one line per package, as go test does; a failing test
// prints everything it wrote. The exit status is 1 when anything failed
// (a test, a package's build, a fuzz target), so that a pipe with pipefail
// fails.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
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
type counts struct{ passed, failed, skipped, broken int }

func main() {
	suite := flag.String("suite", "", "name of the suite whose go test -json is read from stdin")
	record := flag.String("record", "", "file the suite's counts are appended to")
	summary := flag.String("summary", "", "print the table of the counts recorded in this file")
	flag.Parse()
	if *summary != "" {
		os.Exit(printSummary(*summary, os.Stdout))
	}
	c := read(os.Stdin, os.Stdout)
	if *record != "" {
		f, err := os.OpenFile(*record, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s\t%d\t%d\t%d\t%d\n", *suite, c.passed, c.failed, c.skipped, c.broken)
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

// read follows the events, printing as it goes.
func read(in io.Reader, out io.Writer) counts {
	var c counts
	held := map[string][]string{} // output of running tests, by package and test
	failedIn := map[string]int{}  // failed tests (or a failed build) by package
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
				}
				fmt.Fprint(out, strings.Join(held[key], ""))
			case e.Test == "":
				// A package that fails with no failing test: it did not
				// build, or it panicked outside a test.
				if failedIn[e.Package] == 0 {
					c.broken++
				}
				for k, lines := range held { // a panic leaves tests unfinished
					if strings.HasPrefix(k, e.Package+" ") {
						fmt.Fprint(out, strings.Join(lines, ""))
						delete(held, k)
					}
				}
			}
			delete(held, key)
		}
	}
	return c
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
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, "\t", " "), "%s %d %d %d %d", &name, &c.passed, &c.failed, &c.skipped, &c.broken); err != nil {
			continue
		}
		if bySuite[name] == nil {
			names = append(names, name)
			bySuite[name] = &counts{}
		}
		t := bySuite[name]
		t.passed, t.failed, t.skipped, t.broken = t.passed+c.passed, t.failed+c.failed, t.skipped+c.skipped, t.broken+c.broken
	}
	var total counts
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "suite\trun\tpassed\tfailed\tskipped\tpackage failures\t")
	for _, name := range names {
		c := bySuite[name]
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t\n", name, c.passed+c.failed+c.skipped, c.passed, c.failed, c.skipped, c.broken)
		total.passed += c.passed
		total.failed += c.failed + c.broken
		total.skipped += c.skipped
	}
	w.Flush()
	fmt.Fprintf(out, "%d passed, %d failed, %d skipped\n", total.passed, total.failed, total.skipped)
	if total.failed > 0 {
		return 1
	}
	return 0
}
