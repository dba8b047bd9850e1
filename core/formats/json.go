package formats

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
	"github.com/tidwall/gjson"
)

// readJSONTriples reads {"sentence id or text": [[s, r, o, ...], ...]}.
// Keys that read as sentences (with spaces) name sentences by text, others
// by id; a file must not mix them.
func readJSONTriples(in Input) (*Extractions, error) {
	d, root, err := oie.ParseJSON(in.File, in.Data, "a JSON object from sentence id or text to a list of [subject, relation, object] arrays")
	if err != nil {
		return nil, err
	}
	if !root.IsObject() {
		return nil, d.ErrorAt(root, oie.ErrSyntax, "expected a JSON object from sentence id or text to a list of [subject, relation, object] arrays, found %s", oie.JSONKind(root))
	}
	byText, decided := false, false
	sys := &oie.System{Path: in.File}
	preds := &carb.Predictions{Path: in.File}
	root.ForEach(func(k, v gjson.Result) bool {
		key := oie.TrimSpace(k.Str)
		text := isSentence(key)
		switch {
		case key == "":
			err = d.ErrorAt(k, oie.ErrEmptyField, "empty key: expected a sentence id or text")
		case !decided:
			byText, decided = text, true
		case text != byText:
			err = d.ErrorAt(k, oie.ErrSyntax, "key %q names a sentence by %s, the keys before it by %s: expected one or the other", abbreviate(key), map[bool]string{true: "text", false: "id"}[text], map[bool]string{true: "text", false: "id"}[byText])
		}
		if err != nil {
			return false
		}
		if v.Type == gjson.Null {
			return true
		}
		if !v.IsArray() {
			err = d.ErrorAt(v, oie.ErrSyntax, "sentence %q: expected a list of [subject, relation, object] arrays, found %s", abbreviate(key), oie.JSONKind(v))
			return false
		}
		v.ForEach(func(_, t gjson.Result) bool {
			if !t.IsArray() {
				err = d.ErrorAt(t, oie.ErrSyntax, "sentence %q: expected a [subject, relation, object] array, found %s", abbreviate(key), oie.JSONKind(t))
				return false
			}
			var slots []string
			t.ForEach(func(_, s gjson.Result) bool {
				if s.Type != gjson.String {
					err = d.ErrorAt(s, oie.ErrSyntax, "sentence %q: a triple must hold strings only, found %s", abbreviate(key), oie.JSONKind(s))
					return false
				}
				slots = append(slots, s.Str)
				return true
			})
			if err != nil {
				return false
			}
			if len(slots) < 2 {
				err = d.ErrorAt(t, oie.ErrFieldCount, "sentence %q: expected at least [subject, relation], found %d string(s)", abbreviate(key), len(slots))
				return false
			}
			line, _ := d.Position(t.Index)
			if byText {
				p := carb.Prediction{Sentence: key, Confidence: 1, Line: line, Tuple: carb.Tuple{Relation: slots[1], Args: append([]string{slots[0]}, slots[2:]...)}}
				preds.Extractions = append(preds.Extractions, p)
				return true
			}
			e := oie.Extraction{SentID: key, Line: line, Triple: oie.Triple{Subject: slots[0], Relation: slots[1]}}
			if len(slots) > 2 {
				e.Object = slots[2]
			}
			if len(slots) > 3 {
				e.Extra = slots[3:]
			}
			sys.Extractions.Append(e)
			return true
		})
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if byText {
		return &Extractions{ByText: preds}, nil
	}
	if sys.Extractions.Len() == 0 {
		sys.Warnings = append(sys.Warnings, oie.Warning{File: in.File, Msg: "the file holds no extractions"})
	}
	return &Extractions{ByID: sys}, nil
}

// readWiRe57System reads WiRe57 system JSON as extractions by sentence id,
// for BenchIE and CaRB; a file of several extractors must be scored with
// the WiRe57 scorer, which tells them apart.
func readWiRe57System(in Input) (*Extractions, error) {
	systems, err := wire57.ReadSystem(in.File, in.Data)
	if err != nil {
		return nil, err
	}
	if len(systems) > 1 {
		names := make([]string, len(systems))
		for i, s := range systems {
			names[i] = fmt.Sprintf("%q", s.Name)
		}
		return nil, &oie.ParseError{File: in.File, Msg: fmt.Sprintf("the file holds %d extractors (%s): score it with the WiRe57 scorer, which scores each", len(systems), strings.Join(names, ", ")), Err: oie.ErrSyntax}
	}
	s := systems[0]
	sys := &oie.System{Path: in.File, Warnings: s.Warnings, HasConfidence: len(s.Extractions) > 0}
	for _, e := range s.Extractions {
		x := oie.Extraction{SentID: e.SentID, Triple: oie.Triple{Subject: e.Arg1, Relation: e.Rel, Object: e.Arg2},
			Extra: e.Arg3, Confidence: e.Score, HasConfidence: e.HasScore, Line: e.Line}
		sys.HasConfidence = sys.HasConfidence && e.HasScore
		sys.Extractions.Append(x)
	}
	return &Extractions{ByID: sys}, nil
}
