// Command benchdoc writes the measured section of docs/performance.md from
// the output of ./build.sh bench, so that the figures there are the ones a
// run printed, never typed by hand:
//
//	./build.sh bench 2>&1 | tee build/bench.log
//	go run ./internal/benchdoc -log build/bench.log -doc docs/performance.md -command "./build.sh bench"
//
// The section lies between the lines BeginMarker and EndMarker; everything
// else in the file (the hand-written context) is kept as it is. A file
// without the markers is an error: the section is never appended blindly.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
)

// The lines that delimit the measured section.
const (
	BeginMarker = "<!-- measured: written by ./build.sh bench (internal/benchdoc); do not edit by hand -->"
	EndMarker   = "<!-- end of measured -->"
)

func main() {
	logPath := flag.String("log", "", "the output of ./build.sh bench")
	docPath := flag.String("doc", "docs/performance.md", "the file whose measured section is replaced")
	command := flag.String("command", "./build.sh bench", "the command that produced the log, as a reader would run it")
	about := flag.String("about", "", "when and where it ran (date, commit, machine)")
	flag.Parse()
	if err := run(*logPath, *docPath, *command, *about); err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
}

func run(logPath, docPath, command, about string) error {
	log, err := os.ReadFile(logPath)
	if err != nil {
		return err
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		return err
	}
	out, err := replaceSection(doc, section(command, about, log))
	if err != nil {
		return fmt.Errorf("%s: %w", docPath, err)
	}
	return os.WriteFile(docPath, out, 0o644)
}

// section is the measured part: the command, where it ran, and what it
// printed, each figure under its header line (which names its own command
// and the machine's load at the time).
func section(command, about string, log []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Produced by `%s`", command)
	if about != "" {
		fmt.Fprintf(&b, " (%s)", about)
	}
	b.WriteString("; each block below is led by the line that names its measurement and the machine's load (1, 5 and 15 minute averages) when it ran.\n\n")
	fence := "```"
	for bytes.Contains(log, []byte(fence)) { // a log line must not close the block
		fence += "`"
	}
	b.WriteString(fence + "text\n")
	b.Write(bytes.TrimRight(log, "\n"))
	b.WriteString("\n" + fence + "\n")
	return b.String()
}

// replaceSection puts body between the markers of doc.
func replaceSection(doc []byte, body string) ([]byte, error) {
	s := string(doc)
	begin := strings.Index(s, BeginMarker+"\n")
	if begin < 0 {
		return nil, errors.New("no line " + BeginMarker)
	}
	start := begin + len(BeginMarker) + 1
	end := strings.Index(s[start:], EndMarker)
	if end < 0 {
		return nil, errors.New("no line " + EndMarker + " after " + BeginMarker)
	}
	if strings.Contains(s[start+end+len(EndMarker):], BeginMarker) {
		return nil, errors.New("two measured sections")
	}
	return []byte(s[:start] + body + s[start+end:]), nil
}
