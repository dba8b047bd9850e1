package oie

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// The one positioned JSON reader: every JSON input (JSON Lines, WiRe57,
// AnnIE, snapshots, the Worker's requests) is checked by CheckJSON, which
// says where the first problem is, and its values are placed by a JSONDoc.

// JSONDoc is a JSON document being read: its text, parsed with gjson, and
// the lookup that turns gjson's byte offsets (Result.Index) into positions.
type JSONDoc struct {
	File string
	Text string
	pos  *Offsets
}

// ParseJSON checks that data (without a UTF-8 byte order mark) is UTF-8
// text holding one valid JSON value, nested at most 100 levels and with
// finite numbers only, and returns it parsed; what says what the file
// should hold ("a JSON object from sentence id to ..."), for messages.
func ParseJSON(file string, data []byte, what string) (*JSONDoc, gjson.Result, error) {
	if err := CheckText(file, data, nil); err != nil {
		return nil, gjson.Result{}, err
	}
	d := NewJSONDoc(file, TextOf(data, false))
	if TrimSpace(d.Text) == "" {
		return nil, gjson.Result{}, &ParseError{File: file, Line: 1, Msg: "empty file: expected " + what, Err: ErrNoContent}
	}
	if off, msg := CheckJSON(d.Text); off >= 0 {
		line, col := d.Position(off)
		return nil, gjson.Result{}, &ParseError{File: file, Line: line, Column: col, Msg: "invalid JSON: " + msg, Err: ErrSyntax}
	}
	return d, gjson.Parse(d.Text), nil
}

// NewJSONDoc is text as a JSON document of file, to place its values; the
// caller has checked it (CheckText, CheckJSON). ParseJSON does both.
func NewJSONDoc(file, text string) *JSONDoc {
	return &JSONDoc{File: file, Text: text, pos: NewOffsets(text)}
}

// Position returns the 1-based line and character column of a byte offset.
func (d *JSONDoc) Position(off int) (line, col int) { return d.pos.Position(off) }

// ErrorAt is a ParseError at a value.
func (d *JSONDoc) ErrorAt(v gjson.Result, kind error, format string, args ...any) error {
	line, col := d.Position(v.Index)
	return &ParseError{File: d.File, Line: line, Column: col, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// JSONType is a type a JSON value must have, as messages name it.
type JSONType string

// The JSON types the readers ask for.
const (
	JSONString JSONType = "a string"
	JSONObject JSONType = "an object"
	JSONArray  JSONType = "an array"
	JSONBool   JSONType = "true or false"
)

// Holds tells whether v has the type.
func (t JSONType) Holds(v gjson.Result) bool {
	switch t {
	case JSONString:
		return v.Type == gjson.String
	case JSONObject:
		return v.IsObject()
	case JSONArray:
		return v.IsArray()
	case JSONBool:
		return v.IsBool()
	}
	return false
}

// Expect is nil when v has type t, else a ParseError of kind at v: "NAME
// must be T, found KIND" (name says which value, as the reader names it).
func (d *JSONDoc) Expect(v gjson.Result, t JSONType, kind error, name string) error {
	if t.Holds(v) {
		return nil
	}
	return d.ErrorAt(v, kind, "%s must be %s, found %s", name, t, JSONKind(v))
}

// StringArray reads v as an array of strings (none is an empty, non-nil
// list). Otherwise it returns the error that at makes of the value at
// fault, v or its first item that is not a string, and what was expected:
// "NAME must be an array of strings, found KIND" ("... found KIND in it"
// for an item). at places the error: JSONDoc.Strings, or a reader of one
// JSON value a line.
func StringArray(v gjson.Result, name string, at func(v gjson.Result, msg string) error) ([]string, error) {
	if !v.IsArray() {
		return nil, at(v, fmt.Sprintf("%s must be an array of strings, found %s", name, JSONKind(v)))
	}
	out := []string{}
	var err error
	v.ForEach(func(_, item gjson.Result) bool {
		if item.Type != gjson.String {
			err = at(item, fmt.Sprintf("%s must be an array of strings, found %s in it", name, JSONKind(item)))
			return false
		}
		out = append(out, item.Str)
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Strings is StringArray with its errors ParseErrors of kind at the value
// at fault.
func (d *JSONDoc) Strings(v gjson.Result, kind error, name string) ([]string, error) {
	return StringArray(v, name, func(v gjson.Result, msg string) error { return d.ErrorAt(v, kind, "%s", msg) })
}

// WarningAt is a Warning at a value.
func (d *JSONDoc) WarningAt(v gjson.Result, format string, args ...any) Warning {
	line, col := d.Position(v.Index)
	return Warning{File: d.File, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// CheckJSON validates text as one JSON value and returns the byte offset of
// the first problem and what was expected there, or -1 and "". Besides the
// syntax it refuses what gjson and the scorers cannot take: nesting deeper
// than 100 levels (gjson recurses once per level, and the page's stack is
// small), numbers that are not finite (1e309; NaN and Infinity, which
// Python's json module writes, are not JSON) and an object that holds a key
// twice (readers differ on which value counts: refused, not guessed). An
// input that ends too early is placed just past its end. It runs in time
// linear in the text.
func CheckJSON(text string) (int, string) {
	c := jsonChecker{s: text}
	c.space()
	if c.i == len(c.s) {
		return c.i, "expected a JSON value, found the end of the input"
	}
	if !c.value(0) {
		return c.errAt, c.errMsg
	}
	c.space()
	if c.i < len(c.s) {
		return c.i, fmt.Sprintf("expected the end of the input after the JSON value, found %s", c.found())
	}
	return -1, ""
}

type jsonChecker struct {
	s      string
	i      int
	errAt  int
	errMsg string
}

func (c *jsonChecker) fail(at int, format string, args ...any) bool {
	c.errAt, c.errMsg = at, fmt.Sprintf(format, args...)
	return false
}

// found describes what is at the current offset, for messages.
func (c *jsonChecker) found() string {
	if c.i >= len(c.s) {
		return "the end of the input"
	}
	r, _ := utf8.DecodeRuneInString(c.s[c.i:])
	return strconv.QuoteRune(r)
}

func (c *jsonChecker) space() {
	for c.i < len(c.s) {
		switch c.s[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

func (c *jsonChecker) value(depth int) bool {
	if c.i >= len(c.s) {
		return c.fail(c.i, "expected a JSON value, found the end of the input")
	}
	switch ch := c.s[c.i]; {
	case ch == '{' || ch == '[':
		if depth >= maxJSONDepth {
			return c.fail(c.i, "nested more than %d levels deep", maxJSONDepth)
		}
		return c.container(depth + 1)
	case ch == '"':
		return c.str()
	case ch == '-' || ch >= '0' && ch <= '9':
		return c.number()
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(c.s)-c.i >= len(lit) && c.s[c.i:c.i+len(lit)] == lit {
			c.i += len(lit)
			return true
		}
	}
	for _, bad := range [...]string{"NaN", "Infinity"} {
		if len(c.s)-c.i >= len(bad) && c.s[c.i:c.i+len(bad)] == bad {
			return c.fail(c.i, "%s is not a JSON number: expected a finite number", bad)
		}
	}
	return c.fail(c.i, "expected a JSON value, found %s", c.found())
}

func (c *jsonChecker) container(depth int) bool {
	open := c.s[c.i]
	closeCh := byte('}')
	if open == '[' {
		closeCh = ']'
	}
	c.i++
	c.space()
	if c.i < len(c.s) && c.s[c.i] == closeCh {
		c.i++
		return true
	}
	var keys objectKeys
	for {
		if open == '{' {
			if c.i >= len(c.s) || c.s[c.i] != '"' {
				return c.fail(c.i, "expected a string key, found %s", c.found())
			}
			start := c.i
			if !c.str() {
				return false
			}
			if key := jsonKey(c.s[start:c.i]); !keys.add(key) {
				return c.fail(start, "key %s appears twice in one object: JSON readers differ on which value counts (Python and jq keep the last, others the first), so neither is read: expected each key once", strconv.Quote(key))
			}
			c.space()
			if c.i >= len(c.s) || c.s[c.i] != ':' {
				return c.fail(c.i, "expected ':' after the key, found %s", c.found())
			}
			c.i++
			c.space()
		}
		if !c.value(depth) {
			return false
		}
		c.space()
		if c.i >= len(c.s) {
			return c.fail(c.i, "expected ',' or '%c', found the end of the input", closeCh)
		}
		switch c.s[c.i] {
		case ',':
			c.i++
			c.space()
		case closeCh:
			c.i++
			return true
		default:
			return c.fail(c.i, "expected ',' or '%c', found %s", closeCh, c.found())
		}
	}
}

func (c *jsonChecker) str() bool {
	start := c.i
	c.i++
	for c.i < len(c.s) {
		switch ch := c.s[c.i]; {
		case ch == '"':
			c.i++
			return true
		case ch == '\\':
			if c.i+1 >= len(c.s) {
				c.i++
				return c.fail(c.i, "unterminated string (opened at byte %d): expected '\"'", start)
			}
			switch c.s[c.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				c.i += 2
			case 'u':
				for k := 2; k < 6; k++ {
					if c.i+k >= len(c.s) || !isHex(c.s[c.i+k]) {
						return c.fail(c.i, `invalid \u escape: expected four hexadecimal digits`)
					}
				}
				c.i += 6
			default:
				return c.fail(c.i, "invalid escape \\%c in a string", c.s[c.i+1])
			}
		case ch < 0x20:
			return c.fail(c.i, "control character %q in a string: expected it escaped", ch)
		default:
			c.i++
		}
	}
	return c.fail(c.i, "unterminated string: expected '\"', found the end of the input")
}

// objectKeys are the keys of one object seen so far: a few in an array
// (most objects have a handful, a submission's line up to ten, and a map
// each would cost more than the text: 200,000 of them held the page's
// thread in the collector's assists), a map past that.
type objectKeys struct {
	few  [16]string
	n    int
	many map[string]struct{}
}

// add records key and reports whether it was new.
func (k *objectKeys) add(key string) bool {
	if k.many != nil {
		if _, dup := k.many[key]; dup {
			return false
		}
		k.many[key] = struct{}{}
		return true
	}
	for _, seen := range k.few[:k.n] {
		if seen == key {
			return false
		}
	}
	if k.n < len(k.few) {
		k.few[k.n] = key
		k.n++
		return true
	}
	k.many = make(map[string]struct{}, 2*len(k.few))
	for _, seen := range k.few {
		k.many[seen] = struct{}{}
	}
	k.many[key] = struct{}{}
	return true
}

// jsonKey returns a checked JSON string's value: "a" and "\u0061" are one
// key. Keys without escapes, nearly all, are their text.
func jsonKey(quoted string) string {
	inner := quoted[1 : len(quoted)-1]
	if strings.IndexByte(inner, '\\') < 0 {
		return inner
	}
	var v string
	if json.Unmarshal([]byte(quoted), &v) != nil {
		return inner
	}
	return v
}

func isHex(b byte) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func (c *jsonChecker) number() bool {
	start := c.i
	if c.s[c.i] == '-' {
		c.i++
		if len(c.s)-c.i >= 8 && c.s[c.i:c.i+8] == "Infinity" {
			return c.fail(start, "-Infinity is not a JSON number: expected a finite number")
		}
	}
	switch {
	case c.i < len(c.s) && c.s[c.i] == '0':
		c.i++
	case c.i < len(c.s) && isDigit(c.s[c.i]):
		for c.i < len(c.s) && isDigit(c.s[c.i]) {
			c.i++
		}
	default:
		return c.fail(c.i, "expected a digit, found %s", c.found())
	}
	if c.i < len(c.s) && c.s[c.i] == '.' {
		c.i++
		if c.i >= len(c.s) || !isDigit(c.s[c.i]) {
			return c.fail(c.i, "expected a digit after the decimal point, found %s", c.found())
		}
		for c.i < len(c.s) && isDigit(c.s[c.i]) {
			c.i++
		}
	}
	if c.i < len(c.s) && (c.s[c.i] == 'e' || c.s[c.i] == 'E') {
		c.i++
		if c.i < len(c.s) && (c.s[c.i] == '+' || c.s[c.i] == '-') {
			c.i++
		}
		if c.i >= len(c.s) || !isDigit(c.s[c.i]) {
			return c.fail(c.i, "expected a digit in the exponent, found %s", c.found())
		}
		for c.i < len(c.s) && isDigit(c.s[c.i]) {
			c.i++
		}
	}
	if f, err := strconv.ParseFloat(c.s[start:c.i], 64); err != nil && math.IsInf(f, 0) {
		return c.fail(start, "number %s is too large: expected a finite number", abbreviateJSON(c.s[start:c.i]))
	}
	return true
}

func abbreviateJSON(s string) string {
	if len(s) > 30 {
		return s[:30] + "..."
	}
	return s
}
