// Package jsonwrite appends JSON values to byte slices exactly as
// encoding/json writes them with HTML escaping off (an Encoder after
// SetEscapeHTML(false)): outputs are compared byte for byte with files users
// already hold, and the page's evaluator leaves encoding/json's reflection
// out (docs/architecture.md, What is not done yet).
package jsonwrite

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// plain marks the ASCII bytes a JSON string holds as they are; htmlPlain
// the same without '<', '>' and '&' (encoding/json's default, which keeps
// JSON inside HTML from closing a tag).
var plain, htmlPlain = func() (t, h [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
		h[c] = t[c] && c != '<' && c != '>' && c != '&'
	}
	return t, h
}()

// AppendString appends s as a JSON string: '"' and '\\' escaped with a
// backslash, \b \f \n \r \t by their short escapes, other control bytes as
// \u00XX, each byte of invalid UTF-8 as \ufffd, and U+2028 and U+2029
// escaped (JavaScript once read them as line ends). Runs that need no escape
// are copied whole.
func AppendString(b []byte, s string) []byte { return appendString(b, s, &plain) }

// AppendStringEscapeHTML is AppendString that also writes '<', '>' and '&'
// as \u003c, \u003e and \u0026, as encoding/json's Marshal does.
func AppendStringEscapeHTML(b []byte, s string) []byte { return appendString(b, s, &htmlPlain) }

func appendString(b []byte, s string, plain *[utf8.RuneSelf]bool) []byte {
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
// (internal/sitebuild views rewrites the call); its error is always nil.
// A string is written as AppendString writes it: '<', '>' and '&' are not
// escaped, which JavaScript's JSON.parse reads the same.
func Marshal[T bool | string](v T) ([]byte, error) {
	switch v := any(v).(type) {
	case bool:
		if v {
			return []byte("true"), nil
		}
		return []byte("false"), nil
	case string:
		return AppendString(nil, v), nil
	}
	panic("unreachable")
}

// AppendFloat appends a finite float64 as encoding/json writes it: the
// shortest decimal that reads back the same, in exponent form only below
// 1e-6 or from 1e21 on, with the exponent's leading zero dropped (1e-7, not
// 1e-07). encoding/json refuses NaN and the infinities; so must the caller.
func AppendFloat(b []byte, f float64) []byte {
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b = strconv.AppendFloat(b, f, 'e', -1, 64)
		if n := len(b); n >= 4 && string(b[n-4:n-1]) == "e-0" {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}

// Indent appends compact JSON src (no white space outside strings, as the
// Append functions write it) laid out as encoding/json's MarshalIndent
// with no prefix lays it out: each element and key on its own line,
// indented once more per level, ": " after a key, and an empty object or
// array kept as {} or [].
func Indent(dst, src []byte, indent string) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			end := stringEnd(src, i)
			dst = append(dst, src[i:end]...)
			i = end - 1
		case '{', '[':
			dst = append(dst, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, src[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd is the index just past the JSON string that starts at src[i].
func stringEnd(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// AppendList appends list as a JSON array, each item written by each; a nil
// list is null and an empty one [], as encoding/json writes slices.
func AppendList[T any](b []byte, list []T, each func([]byte, T) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, x)
	}
	return append(b, ']')
}

// AppendRaw appends valid JSON raw as encoding/json's Marshal writes a
// json.RawMessage: white space outside strings dropped, and '<', '>', '&',
// U+2028 and U+2029 escaped; nil raw is null.
func AppendRaw(b, raw []byte) []byte {
	if raw == nil {
		return append(b, "null"...)
	}
	inString := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		case c == '<' || c == '>' || c == '&':
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			continue
		case c == 0xe2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xa8:
			b = append(b, `\u202`...)
			b = append(b, hexDigits[raw[i+2]&15])
			i += 2
			continue
		case inString && c == '\\' && i+1 < len(raw):
			b = append(b, c, raw[i+1])
			i++
			continue
		case c == '"':
			inString = !inString
		}
		b = append(b, c)
	}
	return b
}
