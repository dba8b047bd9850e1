//go:build unix

package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runCLIWithin runs the CLI and fails, instead of hanging, when it has not
// answered in time: a FIFO opened for reading waits for a writer forever.
func runCLIWithin(t *testing.T, args ...string) (string, int) {
	t.Helper()
	type result struct {
		stderr string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		done <- result{errb.String(), code}
	}()
	select {
	case r := <-done:
		return r.stderr, r.code
	case <-time.After(20 * time.Second):
		t.Fatalf("oiebench %s did not answer: it read what is not a file", strings.Join(args, " "))
		return "", 0
	}
}

// Streams, devices and folders are refused by what they are, before a
// byte is read, whether given as the gold or as a system.
func TestInputsThatAreNotFilesAreRefused(t *testing.T) {
	dir, err := os.MkdirTemp("", "oie") // short: a socket's path is bounded
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	gold := data(t, "benchie_gold_annotations_en.txt")
	for _, c := range []struct{ path, kind string }{
		{fifo, "a named pipe (FIFO)"},
		{sock, "a socket"},
		{dir, "a directory"},
		{"/dev/zero", "a character device"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		for _, args := range [][]string{
			{"score", "--gold", c.path, "benchie:en/clausie"},
			{"score", "--gold", gold, c.path},
			{"convert", "--to", "text", c.path},
			{"stats", "--gold", c.path},
			{"analyze", "--gold", gold, "--samples", "1", c.path},
			{"compare", "--gold", gold, "benchie:en/clausie", c.path},
			{"iaa", gold, c.path},
			{"judge", "--gold", c.path, "--matches", gold},
			{"tags", c.path},
			{"exercise", "--gold", c.path, "--sentences", "1", "--out", out},
			{"verify", c.path},
			{"suggest", "--gold", gold, c.path},
			{"errata", "apply", "--gold", "benchie:en", "--out", out, c.path},
			{"gen", "--gold", c.path, "--out", out},
		} {
			stderr, code := runCLIWithin(t, args...)
			if want := c.path + ": is " + c.kind + ", not a regular file"; code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", args, code, stderr, want)
			}
		}
	}
	// board reads every file of a folder: the FIFO in it is refused.
	stderr, code := runCLIWithin(t, "board", "--no-shipped", "--out", t.TempDir(), dir)
	if want := fifo + ": is a named pipe (FIFO), not a regular file"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("board: exit %d, stderr %q; want exit 1 and %q", code, stderr, want)
	}
}

// A file over --max-input-size is refused from its size before it is
// read; one at the limit is read; the flag raises the limit.
func TestInputSizeLimit(t *testing.T) {
	gold, err := os.ReadFile(data(t, "benchie_gold_annotations_de.txt"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "gold.txt")
	if err := os.WriteFile(path, gold, 0o644); err != nil {
		t.Fatal(err)
	}
	n := len(gold)
	stderr, code := runCLIWithin(t, "stats", "--max-input-size", strconv.Itoa(n-1), "--gold", path)
	if code != 1 || !strings.Contains(stderr, "input too large: the limit is") || !strings.Contains(stderr, "--max-input-size raises the limit") {
		t.Errorf("one byte over: exit %d, %q", code, stderr)
	}
	if stderr, code := runCLIWithin(t, "stats", "--max-input-size", strconv.Itoa(n), "--gold", path); code != 0 {
		t.Errorf("at the limit: exit %d, %q", code, stderr)
	}
	// The default is back for the next command in the same process.
	if stderr, code := runCLIWithin(t, "stats", "--gold", path); code != 0 || maxInputSize != defaultMaxInputSize {
		t.Errorf("default: exit %d, %q, limit %d", code, stderr, maxInputSize)
	}
	if _, code := runCLIWithin(t, "stats", "--max-input-size", "ten", "--gold", path); code != 2 {
		t.Errorf("a size that is not one: exit %d, want 2", code)
	}
}

// Standard input is read as "-" and capped as a file is.
func TestStandardInputCapped(t *testing.T) {
	gold, err := os.ReadFile(data(t, "benchie_gold_annotations_de.txt"))
	if err != nil {
		t.Fatal(err)
	}
	saved := stdin
	defer func() { stdin = saved }()
	stdin = bytes.NewReader(gold)
	if stderr, code := runCLIWithin(t, "stats", "--gold", "-"); code != 0 {
		t.Errorf("stdin: exit %d, %q", code, stderr)
	}
	stdin = bytes.NewReader(gold)
	stderr, code := runCLIWithin(t, "stats", "--max-input-size", "1KiB", "--gold", "-")
	if code != 1 || !strings.HasPrefix(stderr, "oiebench: stdin: input too large: the limit is 1024 bytes and the input holds more than that") {
		t.Errorf("stdin over the limit: exit %d, %q", code, stderr)
	}
}

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "1024": 1024, "2K": 2048, "2KiB": 2048, "2kb": 2048, "3M": 3 << 20, "3MiB": 3 << 20, "1G": 1 << 30, "1GiB": 1 << 30} {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "MiB", "1T", "1.5M", "1 MiB x", "99999999999G"} {
		if got, err := parseByteSize(in); err == nil {
			t.Errorf("%q: %d, want an error", in, got)
		}
	}
}

// A file is read into one buffer of its size, not one grown as it is read
// (about 4× the file in all, garbage the collector counts until its
// ceiling): what reading a 4 MiB file allocates is its size and a little.
func TestReadFileAllocatesItsSize(t *testing.T) {
	const size = 4 << 20
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), size), 0o644); err != nil {
		t.Fatal(err)
	}
	maxInputSize = defaultMaxInputSize // as a command sets it
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := readFile(path)
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/16 {
		t.Errorf("reading %d bytes allocated %d", size, got)
	}
}
