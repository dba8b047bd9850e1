// Package jsonwrite appends JSON values to byte slices exactly as
// encoding/json writes them with HTML escaping off (an Encoder after
// SetEscapeHTML(false)), since outputs are compared byte for byte with
// files users already hold: the project's one JSON string writer (the
// studio's snapshots, the page's patches, the views' properties), without
// reflection on hot paths.
package jsonwrite

import (
	"fmt"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// plain marks the ASCII bytes a JSON string holds as they are.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// AppendString appends s as a JSON string: '"' and '\\' escaped with a
// backslash, \b \f \n \r \t by their short escapes, other control bytes as
// \u00XX, each byte of invalid UTF-8 as \ufffd, and U+2028 and U+2029
// escaped (JavaScript once read them as line ends). Runs that need no escape
// are copied whole.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = appendEscape(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEscape appends the escape of an ASCII byte that is not plain.
func appendEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
}

// Marshal writes a bool or a string as JSON. It stands in for vjson.Marshal
// (encoding/json's Marshal) in the page's generated views, which set the
// properties checked, selected and value with `b, err := vjson.Marshal(x)`
// (internal/sitebuild views rewrites the statement as a call to package
// ui's setProp, which calls Marshal), and refuses any other
// type, which the views would then panic on at once. A string is written
// as AppendString writes it: '<', '>' and '&' are not escaped, which
// JavaScript's JSON.parse reads the same.
func Marshal(v any) ([]byte, error) {
	switch v := v.(type) {
	case bool:
		if v {
			return []byte("true"), nil
		}
		return []byte("false"), nil
	case string:
		return AppendString(nil, v), nil
	}
	return nil, fmt.Errorf("jsonwrite: Marshal writes a bool or a string, not %T", v)
}
