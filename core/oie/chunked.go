package oie

import (
	"bytes"
	"runtime"
	"unicode/utf8"
	"unsafe"
)

// Long loops over a file (reading it, compiling a gold, scoring, counting)
// take a pause function, called every PauseEvery items, so that a caller on
// one thread, the browser page, can let the browser run between slices of
// work and show progress. A nil pause does nothing: native callers never set
// one. The loops never hold a lock while they call it.
const PauseEvery = 1024

// ManyCores is false in WebAssembly, where Go runs on one thread (the page,
// the Worker): work that natively runs on other cores beside the rest
// (reading a gold in parts, compiling in halves, scoring on every core) runs
// in line there, and, this being a constant, its code is left out of those
// builds. Callers test it beside their own condition (unpaced: Pause nil).
const ManyCores = runtime.GOARCH != "wasm"

// checkChunk is how many bytes CheckText validates between pauses.
const checkChunk = 1 << 20

// CheckText reports, as SplitLines does, whether data (without its UTF-8
// byte order mark) is UTF-8 text without NUL bytes: nil, or a ParseError at
// the first offending character. It validates a megabyte at a time, calling
// pause (if set) between megabytes.
func CheckText(file string, data []byte, pause func()) error {
	data = TrimBOM(data)
	for rest := data; len(rest) > 0; {
		n := min(len(rest), checkChunk)
		for n < len(rest) && !utf8.RuneStart(rest[n]) { // never cut a character
			n++
		}
		if !utf8.Valid(rest[:n]) || bytes.IndexByte(rest[:n], 0) >= 0 {
			return checkText(file, data) // locates it
		}
		rest = rest[n:]
		if pause != nil && len(rest) > 0 {
			pause()
		}
	}
	return nil
}

// TextOf returns data as a string without its UTF-8 byte order marks and
// with lone CR line endings made "\n" (see normalCR), for readers that
// checked it with CheckText and then walk its lines (see NextLine). The
// string is a copy, unless shared is set: then it is data's own memory
// (except for a file with lone CRs), and data must never change afterwards
// (the page keeps a file's bytes as they were read; copying a 100 MB gold
// would double it).
func TextOf(data []byte, shared bool) string {
	return normalCR(stringOf(TrimBOM(data), shared))
}

// stringOf is data as a string: a copy, or shared (see TextOf).
func stringOf(data []byte, shared bool) string {
	if shared && len(data) > 0 {
		return unsafe.String(&data[0], len(data))
	}
	return string(data)
}

// NextLine cuts the first line off text from TextOf, as SplitLines splits:
// line is without "\n" or "\r\n"; ok is false once text is empty.
func NextLine(text string) (line, rest string, ok bool) {
	if text == "" {
		return "", "", false
	}
	i := indexByte(text, '\n')
	if i < 0 {
		line, rest = text, ""
	} else {
		line, rest = text[:i], text[i+1:]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, rest, true
}
