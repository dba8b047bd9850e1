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
// tolerates a UTF-8 byte order mark and CRLF endings. A file that is not text
// (invalid UTF-8, NUL bytes) is an error at the first offending character.
func SplitLines(file string, data []byte) ([]Line, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if err := checkText(file, data); err != nil {
		return nil, err
	}
	return splitText(data, false), nil
}

// splitText splits text checked by checkText (or CheckText), its byte
// order mark removed, into lines.
func splitText(data []byte, shared bool) []Line {
	n := bytes.Count(data, []byte{'\n'}) + 1
	lines := make([]Line, 0, n)
	text := stringOf(data, shared)
	for num := 1; ; num++ {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			if text != "" {
				lines = append(lines, Line{num, strings.TrimSuffix(text, "\r")})
			}
			return lines
		}
		lines = append(lines, Line{num, strings.TrimSuffix(text[:i], "\r")})
		text = text[i+1:]
	}
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
		case r == '\n':
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
