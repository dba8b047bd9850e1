package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// JSON output never fails. encoding/json refuses NaN and the infinities;
// the readers refuse them at their position, but a number computed from an
// extreme input must not turn a finished evaluation into an error (it made
// the Worker answer 500 and the CLI exit 2 with no position). Such a
// number is written as the nearest finite one, ±Inf as ±1.7976931348623157e308
// (math.MaxFloat64) and NaN as 0, and a warning names where it was.

// encodeJSON is the one JSON encoder of reports: indented, "-->" and "<"
// kept readable, and never refused (see above); fixed lists the places of
// numbers it had to make finite. v must be a pointer for fixes to be
// written back; a value is copied first.
func encodeJSON(v any) (out []byte, fixed []string, err error) {
	out, err = encode(v)
	var unsupported *json.UnsupportedValueError
	if !errors.As(err, &unsupported) {
		return out, nil, err
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer {
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		rv, v = p, p.Interface()
	}
	makeFinite(rv, "", &fixed)
	out, err = encode(v)
	return out, fixed, err
}

func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// makeFinite replaces every non-finite float reachable from v, appending
// its place (as a JSON path) to fixed. It reports whether it changed
// anything, so that values held in interfaces and maps are written back.
func makeFinite(v reflect.Value, path string, fixed *[]string) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return false
		}
		*fixed = append(*fixed, fmt.Sprintf("%s (%v)", strings.TrimPrefix(path, "."), f))
		if !v.CanSet() {
			return true
		}
		switch {
		case math.IsNaN(f):
			v.SetFloat(0)
		case f > 0:
			v.SetFloat(math.MaxFloat64)
		default:
			v.SetFloat(-math.MaxFloat64)
		}
		return true
	case reflect.Pointer:
		return !v.IsNil() && makeFinite(v.Elem(), path, fixed)
	case reflect.Interface:
		if v.IsNil() {
			return false
		}
		inner := v.Elem()
		c := reflect.New(inner.Type()).Elem()
		c.Set(inner)
		changed := makeFinite(c, path, fixed)
		if changed && v.CanSet() {
			v.Set(c)
		}
		return changed
	case reflect.Struct:
		changed := false
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			changed = makeFinite(v.Field(i), path+"."+name, fixed) || changed
		}
		return changed
	case reflect.Slice, reflect.Array:
		changed := false
		for i := range v.Len() {
			changed = makeFinite(v.Index(i), path+"["+strconv.Itoa(i)+"]", fixed) || changed
		}
		return changed
	case reflect.Map:
		changed := false
		iter := v.MapRange()
		for iter.Next() {
			c := reflect.New(iter.Value().Type()).Elem()
			c.Set(iter.Value())
			if makeFinite(c, path+"."+fmt.Sprint(iter.Key().Interface()), fixed) {
				v.SetMapIndex(iter.Key(), c)
				changed = true
			}
		}
		return changed
	}
	return false
}

// finiteWarning is the warning a report carries for a number made finite.
func finiteWarning(place string) string {
	return "report: " + place + " is not a finite number, which JSON cannot hold; it is written as the nearest finite number (0 for NaN)"
}
