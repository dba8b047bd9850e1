package wire57

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// doc is a JSON file being read: its text, and the lookup that turns
// gjson's byte offsets (Result.Index) into line:column positions.
type doc struct {
	file    string
	text    string
	offsets *oie.Offsets
}

// parse checks that data is UTF-8 JSON holding an object and returns it.
func parse(file string, data []byte, what string) (*doc, gjson.Result, error) {
	// SplitLines rejects what is not text, at the first offending character.
	if _, err := oie.SplitLines(file, data); err != nil {
		return nil, gjson.Result{}, err
	}
	// The byte order mark is not JSON; SplitLines drops it as well, so
	// positions agree with the other readers.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	d := &doc{file: file, text: string(data)}
	d.offsets = oie.NewOffsets(d.text)
	if oie.TrimSpace(d.text) == "" {
		return nil, gjson.Result{}, &oie.ParseError{File: file, Line: 1, Msg: "empty file: expected " + what, Err: oie.ErrNoContent}
	}
	if off := oie.JSONTooDeep(d.text); off >= 0 {
		line, col := d.position(off)
		return nil, gjson.Result{}, &oie.ParseError{File: file, Line: line, Column: col, Msg: "invalid JSON: nested too deep", Err: oie.ErrSyntax}
	}
	if !gjson.Valid(d.text) {
		return nil, gjson.Result{}, d.syntaxError()
	}
	root := gjson.Parse(d.text)
	if !root.IsObject() {
		return nil, gjson.Result{}, d.errorAt(root, "expected "+what, oie.ErrSyntax)
	}
	return d, root, nil
}

// syntaxError locates invalid JSON: gjson only says whether the text is
// valid, encoding/json says where it is not.
func (d *doc) syntaxError() error {
	off := 0
	var v any
	var se *json.SyntaxError
	err := json.Unmarshal([]byte(d.text), &v)
	msg := "invalid JSON"
	if errors.As(err, &se) {
		// Offset is just past the offending byte, or the end of the input
		// when it ends too early: then the end is the place to show.
		off = max(0, int(se.Offset)-1)
		if strings.Contains(se.Error(), "unexpected end") {
			off = len(d.text)
		}
		msg += ": " + se.Error()
	}
	line, col := d.position(off)
	return &oie.ParseError{File: d.file, Line: line, Column: col, Msg: msg, Err: oie.ErrSyntax}
}

// position turns a byte offset into a 1-based line and character column.
func (d *doc) position(off int) (line, col int) { return d.offsets.Position(off) }

func (d *doc) errorAt(v gjson.Result, msg string, kind error) error {
	line, col := d.position(v.Index)
	return &oie.ParseError{File: d.file, Line: line, Column: col, Msg: msg, Err: kind}
}

func (d *doc) warningAt(v gjson.Result, msg string) oie.Warning {
	line, col := d.position(v.Index)
	return oie.Warning{File: d.file, Line: line, Column: col, Msg: msg}
}

// member is one key of a JSON object, with its value.
type member struct {
	key, value gjson.Result
}

// members returns an object's keys. A repeated key keeps its last value and
// the place of its first, as Python's json module (which wrote and read
// these files) keeps the last value.
func members(obj gjson.Result) map[string]member {
	m := map[string]member{}
	obj.ForEach(func(k, v gjson.Result) bool {
		if old, ok := m[k.Str]; ok {
			m[k.Str] = member{old.key, v}
		} else {
			m[k.Str] = member{k, v}
		}
		return true
	})
	return m
}

// str reads a required string member.
func (d *doc) str(obj gjson.Result, m map[string]member, key, where string) (string, error) {
	e, ok := m[key]
	if !ok {
		return "", d.errorAt(obj, fmt.Sprintf("%s: missing %q: expected a string", where, key), oie.ErrEmptyField)
	}
	if e.value.Type != gjson.String {
		return "", d.errorAt(e.value, fmt.Sprintf("%s: %q must be a string, found %s", where, key, oie.JSONKind(e.value)), oie.ErrSyntax)
	}
	return e.value.Str, nil
}

// optStr reads an optional string member; null counts as absent.
func (d *doc) optStr(m map[string]member, key, where string) (string, error) {
	e, ok := m[key]
	if !ok || e.value.Type == gjson.Null {
		return "", nil
	}
	if e.value.Type != gjson.String {
		return "", d.errorAt(e.value, fmt.Sprintf("%s: %q must be a string, found %s", where, key, oie.JSONKind(e.value)), oie.ErrSyntax)
	}
	return e.value.Str, nil
}

// strList reads an array of strings.
func (d *doc) strList(v gjson.Result, what string) ([]string, error) {
	if !v.IsArray() {
		return nil, d.errorAt(v, fmt.Sprintf("%s must be an array of strings, found %s", what, oie.JSONKind(v)), oie.ErrSyntax)
	}
	out := []string{}
	var err error
	v.ForEach(func(_, s gjson.Result) bool {
		if s.Type != gjson.String {
			err = d.errorAt(s, fmt.Sprintf("%s must hold strings only, found %s", what, oie.JSONKind(s)), oie.ErrSyntax)
			return false
		}
		out = append(out, s.Str)
		return true
	})
	return out, err
}

// isInteger reports whether a JSON number is a whole number.
func isInteger(v gjson.Result) bool {
	return v.Type == gjson.Number && v.Num == math.Trunc(v.Num) && !math.IsInf(v.Num, 0)
}
