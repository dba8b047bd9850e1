package wire57

import (
	"fmt"
	"math"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// Extraction is one predicted tuple of a WiRe57 system file.
type Extraction struct {
	SentID          string
	Arg1, Rel, Arg2 string
	Arg3            []string // "arg3+", in order
	Extractor       string
	// Score is the system's confidence, when HasScore is set. WiRe57 does
	// not use it; it is kept for reports and conversions.
	Score        float64
	HasScore     bool
	Line, Column int // where the extraction's object starts
}

// System is the extractions of one extractor, in file order.
type System struct {
	// Name is the "extractor" field shared by the extractions; empty when
	// they have none.
	Name        string
	Path        string
	Extractions []Extraction
	Warnings    []oie.Warning
}

// ReadSystem reads a WiRe57 system JSON file. A file may hold the output
// of several extractors, told apart by the "extractor" field: it yields
// one System per extractor, in order of first appearance (extractions
// without the field form a system with an empty Name). A file without any
// extraction yields a single unnamed System with a warning. It returns
// everything or a *oie.ParseError positioned at the offending JSON value.
func ReadSystem(file string, data []byte) ([]*System, error) {
	d, root, err := parse(file, data, "a JSON object from sentence id to a list of extractions")
	if err != nil {
		return nil, err
	}
	var systems []*System
	byName := map[string]*System{}
	root.ForEach(func(k, v gjson.Result) bool { // a key twice is refused by the JSON check
		id := k.Str
		if v.Type == gjson.Null {
			return true
		}
		if !v.IsArray() {
			err = d.errorAt(v, fmt.Sprintf("sentence %q: expected a list of extractions, found %s", id, oie.JSONKind(v)), oie.ErrSyntax)
			return false
		}
		v.ForEach(func(_, x gjson.Result) bool {
			var e Extraction
			if e, err = d.extraction(id, x); err != nil {
				return false
			}
			s := byName[e.Extractor]
			if s == nil {
				s = &System{Name: e.Extractor, Path: file}
				byName[e.Extractor] = s
				systems = append(systems, s)
			}
			s.Extractions = append(s.Extractions, e)
			return true
		})
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if len(systems) == 0 {
		systems = []*System{{Path: file, Warnings: []oie.Warning{{File: file, Msg: "the file holds no extractions"}}}}
	}
	return systems, nil
}

func (d *doc) extraction(id string, v gjson.Result) (Extraction, error) {
	e := Extraction{SentID: id}
	where := fmt.Sprintf("sentence %q: extraction", id)
	if !v.IsObject() {
		return e, d.errorAt(v, fmt.Sprintf("%s must be an object, found %s", where, oie.JSONKind(v)), oie.ErrSyntax)
	}
	e.Line, e.Column = d.Position(v.Index)
	m := members(v)
	var err error
	for _, s := range []struct {
		key string
		val *string
	}{{"arg1", &e.Arg1}, {"rel", &e.Rel}, {"arg2", &e.Arg2}} {
		if *s.val, err = d.str(v, m, s.key, where); err != nil {
			return e, err
		}
	}
	if a, ok := m["arg3+"]; ok && a.value.Type != gjson.Null {
		if e.Arg3, err = d.strList(a.value, where+`: "arg3+"`); err != nil {
			return e, err
		}
		if len(e.Arg3) == 0 {
			e.Arg3 = nil
		}
	}
	if e.Extractor, err = d.optStr(m, "extractor", where); err != nil {
		return e, err
	}
	// The score is not used by the scorer; anything but a number is
	// ignored rather than refused.
	if s, ok := m["score"]; ok && s.value.Type == gjson.Number && !math.IsInf(s.value.Num, 0) {
		e.Score, e.HasScore = s.value.Num, true
	}
	return e, nil
}
