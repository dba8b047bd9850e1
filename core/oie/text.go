package oie

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TrimSpace trims the white space the reference (Python's str.strip) trims:
// Unicode white space plus the information separators U+001C..U+001F, which
// Go's unicode.IsSpace does not count.
func TrimSpace(s string) string {
	// Every white space character above is ASCII up to ' ' or starts with
	// a byte of 0x80 or more: ASCII ends are trimmed byte by byte.
	for len(s) > 0 && s[0] <= ' ' && IsSpace(rune(s[0])) {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] <= ' ' && IsSpace(rune(s[len(s)-1])) {
		s = s[:len(s)-1]
	}
	if n := len(s); n == 0 || (s[0] < utf8.RuneSelf && s[n-1] < utf8.RuneSelf) {
		return s
	}
	return strings.TrimFunc(s, IsSpace)
}

// IsSpace reports whether r is white space in the sense of TrimSpace.
func IsSpace(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }

// Line is one line of an input file, without its line ending.
type Line struct {
	Num  int    // 1-based
	Text string // without "\n" or "\r\n"; the BOM is removed from line 1
}

// SplitLines checks that data is UTF-8 text and splits it into lines. It
// tolerates UTF-8 byte order marks and CRLF or CR endings. A file that is
// not text (invalid UTF-8, NUL bytes) is an error at the first offending
// character.
func SplitLines(file string, data []byte) ([]Line, error) {
	data = TrimBOM(data)
	if err := checkText(file, data); err != nil {
		return nil, err
	}
	return splitText(normalCR(stringOf(data, false)), false, nil), nil
}

// SplitContentLines is SplitLines without the lines that hold only white
// space, for readers that skip them: a file of blank lines then costs no
// memory per line.
func SplitContentLines(file string, data []byte) ([]Line, error) {
	data = TrimBOM(data)
	if err := checkText(file, data); err != nil {
		return nil, err
	}
	return splitText(normalCR(stringOf(data, false)), true, nil), nil
}

// SplitContentLinesShared is SplitContentLines of bytes that never change
// once given (a reader's Shared input): the lines share data's memory
// instead of a copy of the whole file.
func SplitContentLinesShared(file string, data []byte) ([]Line, error) {
	data = TrimBOM(data)
	if err := checkText(file, data); err != nil {
		return nil, err
	}
	return splitText(normalCR(stringOf(data, true)), true, nil), nil
}

// bom is the UTF-8 byte order mark.
var bom = []byte("\xef\xbb\xbf")

// TrimBOM removes the byte order marks that start data: one is usual, and a
// file passed through two tools that each add one starts with two, the
// second of which would otherwise stay, invisible, in the first line's id.
// Only the very start of a file holds a byte order mark (see BOMGuard).
// Every reader that skips the mark skips it with this.
func TrimBOM(data []byte) []byte {
	for bytes.HasPrefix(data, bom) {
		data = data[len(bom):]
	}
	return data
}

// BOMGuard is what a writer of a line format puts before its first line:
// a blank line, which the readers skip, when that line begins with U+FEFF.
// Only the very start of a file holds a byte order mark: further on, the
// character is text, and a reader keeps it; written first, it would be
// taken for a mark and lost (the CaRB tabbed fuzz input "\n\ufeff\t0\t").
func BOMGuard(firstLine string) string {
	if strings.HasPrefix(firstLine, "\ufeff") {
		return "\n"
	}
	return ""
}

// Line endings are "\n", "\r\n" or a lone "\r", as Python's universal
// newlines (the reference's) read them: a file saved with old Mac endings
// would otherwise be one long line, misread without a word. A text with a
// lone CR is rewritten once with "\n" in its place (a copy, for such files
// only), so that every reader splits on "\n" alone.

// hasLoneCR reports whether s holds a "\r" that is not followed by "\n".
func hasLoneCR(s string) bool {
	for i := strings.IndexByte(s, '\r'); i >= 0; {
		if i+1 >= len(s) || s[i+1] != '\n' {
			return true
		}
		j := strings.IndexByte(s[i+1:], '\r')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// normalCR returns s with every lone "\r" turned into "\n".
func normalCR(s string) string {
	if !hasLoneCR(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == '\r' && (i+1 >= len(b) || b[i+1] != '\n') {
			b[i] = '\n'
		}
	}
	return string(b)
}

// splitText splits text checked by checkText (or CheckText), its byte
// order marks removed and its lone CRs made "\n" (normalCR), into lines; skipBlank leaves out the lines that hold
// only white space (their numbers are kept by the others), so that a file
// of blank lines costs no memory per line. pause, when set, is called every
// PauseEvery lines.
func splitText(text string, skipBlank bool, pause func()) []Line {
	var lines []Line
	if !skipBlank {
		lines = make([]Line, 0, strings.Count(text, "\n")+1)
	}
	for num := 1; ; num++ {
		if pause != nil && num%PauseEvery == 0 {
			pause()
		}
		i := strings.IndexByte(text, '\n')
		line := text
		if i >= 0 {
			line, text = text[:i], text[i+1:]
		}
		if line = strings.TrimSuffix(line, "\r"); (i >= 0 || line != "") && (!skipBlank || TrimSpace(line) != "") {
			lines = append(lines, Line{num, line})
		}
		if i < 0 {
			return lines
		}
	}
}

// lineCount is the number of lines of text as splitText numbers them:
// each \n, \r\n or lone \r ends one, and text after the last ends one more.
// It pauses every checkChunk bytes, as CheckText does (a 30 MB file is
// 190 ms of the page's thread in one go).
func lineCount(data []byte, pause func()) int {
	n := 0
	for start := 0; start < len(data); start += checkChunk {
		if pause != nil && start > 0 {
			pause()
		}
		for i := start; i < min(start+checkChunk, len(data)); i++ {
			if data[i] == '\n' || data[i] == '\r' && (i+1 >= len(data) || data[i+1] != '\n') {
				n++
			}
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r' {
		n++
	}
	return n
}

// checkText finds the first invalid UTF-8 sequence or NUL byte.
func checkText(file string, data []byte) error {
	if utf8.Valid(data) && bytes.IndexByte(data, 0) < 0 {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return &ParseError{File: file, Line: line, Column: col, Msg: "invalid UTF-8: expected UTF-8 text", Err: ErrEncoding}
		case r == 0:
			return &ParseError{File: file, Line: line, Column: col, Msg: "NUL byte: expected a text file", Err: ErrEncoding}
		case r == '\n', r == '\r' && (i+1 >= len(data) || data[i+1] != '\n'):
			line, col = line+1, 0
		}
		col++
		i += size
	}
	return nil
}

// Column returns the 1-based character column of byte offset off in s.
func Column(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	return utf8.RuneCountInString(s[:off]) + 1
}
