package wire57

import (
	"fmt"
	"math"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// doc is a JSON file being read, placed by the shared positioned reader.
type doc struct {
	*oie.JSONDoc
}

// parse checks that data is UTF-8 JSON holding an object and returns it.
func parse(file string, data []byte, what string) (*doc, gjson.Result, error) {
	jd, root, err := oie.ParseJSON(file, data, what)
	if err != nil {
		return nil, gjson.Result{}, err
	}
	d := &doc{jd}
	if !root.IsObject() {
		return nil, gjson.Result{}, d.errorAt(root, "expected "+what, oie.ErrSyntax)
	}
	return d, root, nil
}

// errorAt is the document's ParseError at v, its message written out.
func (d *doc) errorAt(v gjson.Result, msg string, kind error) error {
	return d.ErrorAt(v, kind, "%s", msg)
}

// warningAt is the document's Warning at v, its message written out.
func (d *doc) warningAt(v gjson.Result, msg string) oie.Warning { return d.WarningAt(v, "%s", msg) }

// member is one key of a JSON object, with its value.
type member struct {
	key, value gjson.Result
}

// members returns an object's keys (each once: the JSON check refuses a
// key twice, on which Python's json and gjson would disagree).
func members(obj gjson.Result) map[string]member {
	m := map[string]member{}
	obj.ForEach(func(k, v gjson.Result) bool {
		m[k.Str] = member{k, v}
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
	return e.value.Str, d.Expect(e.value, oie.JSONString, oie.ErrSyntax, fmt.Sprintf("%s: %q", where, key))
}

// optStr reads an optional string member; null counts as absent.
func (d *doc) optStr(m map[string]member, key, where string) (string, error) {
	e, ok := m[key]
	if !ok || e.value.Type == gjson.Null {
		return "", nil
	}
	return e.value.Str, d.Expect(e.value, oie.JSONString, oie.ErrSyntax, fmt.Sprintf("%s: %q", where, key))
}

// strList reads an array of strings.
func (d *doc) strList(v gjson.Result, what string) ([]string, error) {
	return d.Strings(v, oie.ErrSyntax, what)
}

// isInteger reports whether a JSON number is a whole number.
func isInteger(v gjson.Result) bool {
	return v.Type == gjson.Number && v.Num == math.Trunc(v.Num) && !math.IsInf(v.Num, 0)
}
