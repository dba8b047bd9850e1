//go:build !(js && wasm)

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// defaultMaxInputSize bounds one input file, as the page bounds the files it
// reads (200 MiB): reading costs a few times the file in memory, and a
// stream has no end to wait for.
const defaultMaxInputSize = 200 << 20

// maxInputSize is the bound in force, set by --max-input-size.
var maxInputSize int64 = defaultMaxInputSize

// stdin is what an input named "-" reads; a variable so tests can feed it.
var stdin io.Reader = os.Stdin

// stdinPath names standard input among the inputs, and stdinName in
// messages and reports.
const (
	stdinPath = "-"
	stdinName = "stdin"
)

// inputlessCommands read no input file and so take no --max-input-size.
var inputlessCommands = map[string]bool{"benchmarks": true, "version": true, "serve": true}

// addMaxInputSizeFlag defines --max-input-size, resetting the bound to its
// default (tests run several commands in one process).
func addMaxInputSizeFlag(fs *flag.FlagSet) {
	maxInputSize = defaultMaxInputSize
	fs.Func("max-input-size", "refuse an input file (or standard input, given as -) larger than this, before reading it: bytes or with a unit, KiB, MiB, GiB (default 200MiB)", func(s string) error {
		n, err := parseByteSize(s)
		if err != nil {
			return err
		}
		maxInputSize = n
		return nil
	})
}

// parseByteSize reads a size as a count of bytes, optionally followed by a
// binary unit (K, KiB, KB, M, MiB, MB, G, GiB, GB: all powers of 1024).
func parseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRight(t, "KMGiBkmgb")
	unit := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(t[len(num):], "B"), "b"))
	shift := map[string]uint{"": 0, "K": 10, "KI": 10, "M": 20, "MI": 20, "G": 30, "GI": 30}
	sh, ok := shift[unit]
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if !ok || err != nil || n <= 0 || n > (1<<62)>>sh {
		return 0, fmt.Errorf("%q is not a size: give a positive number of bytes, or one with a unit such as 500MiB or 2GiB", s)
	}
	return n << sh, nil
}

// readFile reads an input whole: a regular file no larger than
// maxInputSize, or standard input ("-") up to the same bound. A FIFO, a
// device (/dev/zero), a directory or a socket is refused before any read:
// it is not a file, and may never end.
func readFile(path string) ([]byte, error) {
	if path == stdinPath {
		return readCapped(stdinName, stdin, -1)
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regularFile(path, info); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// What was opened may not be what was looked at: look again.
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regularFile(path, info); err != nil {
		return nil, err
	}
	return readCapped(path, f, info.Size())
}

// regularFile refuses what is not a regular file of at most maxInputSize.
func regularFile(path string, info fs.FileInfo) error {
	m := info.Mode()
	if !m.IsRegular() {
		return fmt.Errorf("%s: is %s, not a regular file; oiebench reads inputs whole, so it takes files (or - for standard input), never streams, devices or folders", path, kindOf(m))
	}
	if info.Size() > maxInputSize {
		return tooLargeError(path, info.Size())
	}
	return nil
}

// kindOf names what a non-regular file is.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// readCapped reads r to its end, refusing it past maxInputSize (a file can
// grow after it was looked at; standard input has no size to look at).
// Given its size (else -1), it reads into one buffer of that size: grown
// as it is read, the buffer would leave about 4× the input of garbage,
// which the collector, off until its ceiling, counts against it
// (TestReadFileAllocatesItsSize).
func readCapped(name string, r io.Reader, size int64) ([]byte, error) {
	var data []byte
	if size >= 0 {
		data = make([]byte, 0, size+1) // +1: the read that finds the end
	}
	r = io.LimitReader(r, maxInputSize+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if int64(len(data)) > maxInputSize {
		return nil, tooLargeError(name, -1)
	}
	return data, nil
}

// errTooLarge is the cause of a refusal by size, for errors.Is.
var errTooLarge = errors.New("input too large")

func tooLargeError(name string, size int64) error {
	have := "more than that"
	if size >= 0 {
		have = byteCount(size)
	}
	return fmt.Errorf("%s: %w: the limit is %s and the input holds %s; --max-input-size raises the limit", name, errTooLarge, byteCount(maxInputSize), have)
}

// byteCount shows a byte count exactly, and in MiB when that is shorter.
func byteCount(n int64) string {
	if n < 1<<20 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	return fmt.Sprintf("%.1f MiB (%d bytes)", float64(n)/(1<<20), n)
}
