package annotate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// SnapshotFormat and SnapshotVersion identify a snapshot; a loader refuses
// a newer version rather than half-reading it.
const (
	SnapshotFormat  = "oiebench-annotation"
	SnapshotVersion = 1
)

// MarshalJSON writes a word compactly, since a snapshot holds many: a token
// as its index (3), a typed word as its text ("Australia"), and a word with
// brackets as an object ({"token":3,"open":true} or {"text":"x","close":true}).
func (w Word) MarshalJSON() ([]byte, error) { return w.appendJSON(nil), nil }

func (w Word) appendJSON(b []byte) []byte {
	switch {
	case !w.Open && !w.Close && w.Token >= 0:
		return strconv.AppendInt(b, int64(w.Token), 10)
	case !w.Open && !w.Close:
		return jsonwrite.AppendString(b, w.Text)
	}
	if w.Token >= 0 {
		b = strconv.AppendInt(append(b, `{"token":`...), int64(w.Token), 10)
	} else {
		b = jsonwrite.AppendString(append(b, `{"text":`...), w.Text)
	}
	if w.Open {
		b = append(b, `,"open":true`...)
	}
	if w.Close {
		b = append(b, `,"close":true`...)
	}
	return append(b, '}')
}

// MarshalJSON writes a slot as {"words": [...], "raw": "..."}, in one go
// rather than word by word: snapshots are written often.
func (sl Slot) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 16+6*len(sl.Words)+len(sl.Raw))
	b = append(b, `{"words":[`...)
	for i, w := range sl.Words {
		if i > 0 {
			b = append(b, ',')
		}
		b = w.appendJSON(b)
	}
	b = append(b, ']')
	if sl.Raw != "" {
		b = jsonwrite.AppendString(append(b, `,"raw":`...), sl.Raw)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (sl *Slot) UnmarshalJSON(b []byte) error {
	v := gjson.ParseBytes(b)
	if !v.IsObject() {
		return errors.New("a slot must be an object {\"words\", \"raw\"}")
	}
	*sl = Slot{}
	words := v.Get("words")
	if words.Exists() && words.Type != gjson.Null {
		if !words.IsArray() {
			return errors.New("a slot's \"words\" must be an array")
		}
		for _, wv := range words.Array() {
			w, ok := extWord(wv)
			if !ok {
				return errors.New("a word must be a token index, a string or an object")
			}
			sl.Words = append(sl.Words, w)
		}
	}
	if raw := v.Get("raw"); raw.Exists() && raw.Type != gjson.Null {
		if raw.Type != gjson.String {
			return errors.New("a slot's \"raw\" must be a string")
		}
		sl.Raw = raw.Str
	}
	return nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (w *Word) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	// Fast paths for the common forms: a plain index, a string without
	// escapes.
	if n, err := strconv.Atoi(string(b)); err == nil && n >= 0 {
		*w = Tok(n)
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b) {
		*w = Typed(string(b[1 : len(b)-1]))
		return nil
	}
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*w = Typed(s)
		return nil
	case len(b) > 0 && b[0] == '{':
		var o struct {
			Token *int   `json:"token"`
			Text  string `json:"text"`
			Open  bool   `json:"open"`
			Close bool   `json:"close"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return err
		}
		*w = Word{Token: NoToken, Text: o.Text, Open: o.Open, Close: o.Close}
		if o.Token != nil {
			if *o.Token < 0 {
				return errors.New("a token index must be 0 or more")
			}
			w.Token, w.Text = *o.Token, ""
		}
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("a word must be a token index, a string or an object")
	}
	if n < 0 {
		return errors.New("a token index must be 0 or more")
	}
	*w = Tok(n)
	return nil
}

// The snapshot as JSON.
type (
	snapshotJSON struct {
		Format   string     `json:"format"`
		Version  int        `json:"version"`
		Document *Document  `json:"document"`
		Undo     []stepJSON `json:"undo,omitempty"`
		Redo     []stepJSON `json:"redo,omitempty"` // next to redo last
	}
	// A step keeps one side of its change: an undo step the sentences it
	// replaced, a redo step the sentences it brings back. The other side is
	// what the document holds at that point of the history, rebuilt on
	// loading; IDs names those sentences, so that a history from another
	// document is recognised.
	stepJSON struct {
		Op        opJSON      `json:"op"`
		At        int         `json:"at"`
		Sentences []*Sentence `json:"sentences"`
		IDs       []string    `json:"ids"`
		Junk      bool        `json:"junk,omitempty"`
		JunkLines []string    `json:"junkLines,omitempty"`
	}
	opJSON struct {
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	}
)

// SnapshotOptions tune SaveSnapshot.
type SnapshotOptions struct {
	// History is how many undo and redo steps are saved with the document;
	// 0 means DefaultSnapshotHistory, a negative number none.
	History int
}

// DefaultSnapshotHistory is how many steps a snapshot keeps by default:
// each step holds the sentence it changed before and after.
const DefaultSnapshotHistory = 100

// SaveSnapshot writes the whole editing state (the document and the most
// recent undo and redo steps) as versioned JSON, for a UI to autosave.
func SaveSnapshot(e *Editor, opt SnapshotOptions) ([]byte, error) {
	n := opt.History
	if n == 0 {
		n = DefaultSnapshotHistory
	}
	n = max(n, 0)
	snap := snapshotJSON{Format: SnapshotFormat, Version: SnapshotVersion, Document: e.Doc}
	for _, st := range e.undo[len(e.undo)-min(n, len(e.undo)):] {
		sj, err := encodeStep(st, st.Before, st.After, st.JunkBefore)
		if err != nil {
			return nil, err
		}
		snap.Undo = append(snap.Undo, sj)
	}
	for _, st := range e.redo[len(e.redo)-min(n, len(e.redo)):] {
		sj, err := encodeStep(st, st.After, st.Before, st.JunkAfter)
		if err != nil {
			return nil, err
		}
		snap.Redo = append(snap.Redo, sj)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(snap); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func encodeStep(st step, kept, other []*Sentence, junk []string) (stepJSON, error) {
	args, err := json.Marshal(st.Op)
	if err != nil {
		return stepJSON{}, err
	}
	if kept == nil {
		kept = []*Sentence{}
	}
	ids := make([]string, len(other))
	for i, s := range other {
		ids[i] = s.ID
	}
	return stepJSON{Op: opJSON{st.Op.Name(), args}, At: st.At, Sentences: kept, IDs: ids, Junk: st.Junk, JunkLines: junk}, nil
}

// LoadSnapshot reads a snapshot written by SaveSnapshot and checks it
// through: a snapshot that is not valid JSON, not a snapshot, from a newer
// version, or whose document is inconsistent (a token index outside its
// sentence, a repeated id) is an error at its line and column, and nothing
// is loaded. A history that does not lead to the document is dropped with a
// warning, keeping the document.
func LoadSnapshot(file string, data []byte) (*Editor, []oie.Warning, error) {
	if err := oie.CheckText(file, data, nil); err != nil {
		return nil, nil, err
	}
	data = oie.TrimBOM(data)
	r := newAnnieReader(file, data, "an oiebench snapshot")
	if err := r.validate(); err != nil {
		return nil, nil, err
	}
	root := gjson.Parse(r.Text)
	if !root.IsObject() {
		return nil, nil, r.ErrorAt(root, oie.ErrSyntax, "expected a JSON object (an oiebench snapshot)")
	}
	if f := root.Get("format"); f.Str != SnapshotFormat {
		return nil, nil, r.ErrorAt(f, oie.ErrSyntax, "not an oiebench snapshot: expected \"format\": %q", SnapshotFormat)
	}
	v := root.Get("version")
	if v.Type != gjson.Number || v.Int() < 1 {
		return nil, nil, r.ErrorAt(v, oie.ErrSyntax, "expected \"version\": a whole number from 1")
	}
	if v.Int() > SnapshotVersion {
		return nil, nil, r.ErrorAt(v, oie.ErrSyntax, "snapshot version %d was written by a newer oiebench (this one reads up to %d)", v.Int(), SnapshotVersion)
	}
	var snap snapshotJSON
	if err := json.Unmarshal(data, &snap); err != nil {
		// Slots and words have their own JSON form, whose errors
		// encoding/json cannot place: find the word.
		if werr := r.checkWords(root); werr != nil {
			return nil, nil, werr
		}
		return nil, nil, r.decodeError(err)
	}
	if snap.Document == nil {
		return nil, nil, r.ErrorAt(root, oie.ErrEmptyField, "missing \"document\"")
	}
	if path, msg := checkDocument(snap.Document); msg != "" {
		return nil, nil, r.ErrorAt(r.locate(root, "document."+path), oie.ErrSyntax, "%s", msg)
	}
	e := NewEditor(snap.Document)
	undo, redo, msg, err := r.steps(root, snap)
	if err != nil {
		return nil, nil, err
	}
	var warnings []oie.Warning
	if msg != "" {
		line, col := r.Position(root.Get("undo").Index)
		warnings = append(warnings, oie.Warning{File: file, Line: line, Column: col, Msg: "undo history dropped: " + msg})
		return e, warnings, nil
	}
	e.undo, e.redo = undo, redo
	return e, warnings, nil
}

// decodeError places an encoding/json error.
func (r *annieReader) decodeError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off, msg := 0, err.Error()
	switch {
	case errors.As(err, &se):
		off = int(se.Offset) - 1
	case errors.As(err, &te):
		off = int(te.Offset) - 1
		msg = fmt.Sprintf("%s must be %s, found %s", te.Field, te.Type, te.Value)
	}
	line, col := r.Position(off)
	return &oie.ParseError{File: r.File, Line: line, Column: col, Msg: "invalid snapshot: " + strings.TrimPrefix(msg, "json: "), Err: oie.ErrSyntax}
}

// locate returns the deepest value along a dotted path that exists, so that
// an error points as close to the problem as it can.
func (r *annieReader) locate(root gjson.Result, path string) gjson.Result {
	at := root
	cur := ""
	for _, part := range strings.Split(path, ".") {
		if cur != "" {
			cur += "."
		}
		cur += part
		v := root.Get(cur)
		if !v.Exists() {
			break
		}
		at = v
	}
	return at
}

// steps decodes the history's operations and rebuilds each step's other
// side by replaying the logs on a copy of the document's sentence list:
// undoing from the last step back, redoing from the next step on. A step
// that does not fit the document at its point of the history makes msg say
// so (and the history is dropped); an undecodable one is an error.
func (r *annieReader) steps(root gjson.Result, snap snapshotJSON) (undo, redo []step, msg string, err error) {
	d := snap.Document
	replay := func(list string, sjs []stepJSON, forward bool) ([]step, string, error) {
		items := root.Get(list).Array()
		out := make([]step, len(sjs))
		sents, junk := slices.Clone(d.Sentences), d.Junk
		for i := len(sjs) - 1; i >= 0; i-- {
			sj := sjs[i]
			at := root
			if i < len(items) {
				at = items[i].Get("op")
			}
			mk, ok := opTypes[sj.Op.Name]
			if !ok {
				return nil, "", r.ErrorAt(at, oie.ErrSyntax, "unknown operation %q", sj.Op.Name)
			}
			op := mk()
			if err := json.Unmarshal(sj.Op.Args, op); err != nil {
				return nil, "", r.ErrorAt(at, oie.ErrSyntax, "operation %q: %v", sj.Op.Name, err)
			}
			for _, s := range sj.Sentences {
				if s == nil {
					return nil, "", r.ErrorAt(at, oie.ErrSyntax, "a step holds a null sentence")
				}
				if path, msg := checkSentence(s); msg != "" {
					return nil, "", r.ErrorAt(at, oie.ErrSyntax, "%s step %d: %s: %s", list, i+1, path, msg)
				}
			}
			n := len(sj.IDs)
			if sj.At < 0 || sj.At+n > len(sents) || !slices.EqualFunc(sents[sj.At:sj.At+n], sj.IDs, func(s *Sentence, id string) bool { return s.ID == id }) {
				return nil, fmt.Sprintf("%s step %d (%s) does not fit the saved document", list, i+1, sj.Op.Name), nil
			}
			c := change{At: sj.At, Junk: sj.Junk}
			here := slices.Clone(sents[sj.At : sj.At+n])
			if forward {
				c.Before, c.After, c.JunkBefore, c.JunkAfter = here, sj.Sentences, junk, sj.JunkLines
			} else {
				c.Before, c.After, c.JunkBefore, c.JunkAfter = sj.Sentences, here, sj.JunkLines, junk
			}
			sents = slices.Replace(sents, sj.At, sj.At+n, sj.Sentences...)
			if sj.Junk {
				junk = sj.JunkLines
			}
			out[i] = step{Op: reflect.ValueOf(op).Elem().Interface().(Op), change: c}
		}
		return out, "", nil
	}
	if undo, msg, err = replay("undo", snap.Undo, false); err != nil || msg != "" {
		return nil, nil, msg, err
	}
	redo, msg, err = replay("redo", snap.Redo, true)
	return undo, redo, msg, err
}

// checkDocument checks what the model relies on; it returns the dotted path
// of the first problem and what is wrong.
func checkDocument(d *Document) (path, msg string) {
	if strings.ContainsAny(strings.Join(d.Junk, " "), "\n") {
		return "junk", "a junk line holds a line break"
	}
	ids := map[string]int{}
	for si, s := range d.Sentences {
		p := fmt.Sprintf("sentences.%d", si)
		if s == nil {
			return p, "a sentence is null"
		}
		if sub, msg := checkSentence(s); msg != "" {
			return p + "." + sub, msg
		}
		if first, dup := ids[s.ID]; dup {
			return p + ".id", fmt.Sprintf("sentence id %q is repeated (first at sentence %d)", s.ID, first)
		}
		ids[s.ID] = si
	}
	return "", ""
}

func checkSentence(s *Sentence) (path, msg string) {
	if s.ID == "" || strings.ContainsAny(s.ID, "\t\n") {
		return "id", fmt.Sprintf("sentence id %q must be non-empty, without tabs or line breaks", s.ID)
	}
	if strings.ContainsAny(s.Text+s.Line+strings.Join(s.Tokens, " ")+strings.Join(s.Junk, " "), "\n") {
		return "text", "a sentence, its tokens or lines hold a line break"
	}
	if s.Labels != nil && len(s.Labels) != len(s.Tokens) {
		return "labels", fmt.Sprintf("%d labels for %d tokens", len(s.Labels), len(s.Tokens))
	}
	for k, syn := range s.Synsets {
		if strings.Contains(syn.Header, "\n") {
			return fmt.Sprintf("synsets.%d.header", k), "a header holds a line break"
		}
		for _, j := range syn.Junk {
			if j.After < 0 || strings.Contains(j.Text, "\n") {
				return fmt.Sprintf("synsets.%d.junk", k), "a junk line needs \"after\" 0 or more and one line of text"
			}
		}
		for i, t := range syn.Triples {
			for sl, slot := range t.Slots {
				for j, w := range slot.Words {
					if w.Token >= len(s.Tokens) {
						return fmt.Sprintf("synsets.%d.triples.%d.slots.%d.words.%d", k, i, sl, j),
							fmt.Sprintf("token %d is not in sentence %q (%d tokens)", w.Token, s.ID, len(s.Tokens))
					}
					if strings.Contains(w.Text, "\n") {
						return fmt.Sprintf("synsets.%d.triples.%d.slots.%d.words.%d", k, i, sl, j), "a word holds a line break"
					}
				}
				if strings.Contains(slot.Raw, "\n") {
					return fmt.Sprintf("synsets.%d.triples.%d.slots.%d.raw", k, i, sl), "a slot holds a line break"
				}
			}
		}
	}
	return "", ""
}

// checkWords checks every word list ("words" arrays) in a snapshot: each
// word a token index, a string, or an object of token, text, open, close.
func (r *annieReader) checkWords(v gjson.Result) error {
	var err error
	v.ForEach(func(key, val gjson.Result) bool {
		if key.Str == "words" && val.IsArray() {
			for _, w := range val.Array() {
				if err = r.checkWord(w); err != nil {
					return false
				}
			}
			return true
		}
		if val.IsObject() || val.IsArray() {
			err = r.checkWords(val)
		}
		return err == nil
	})
	return err
}

func (r *annieReader) checkWord(w gjson.Result) error {
	index := func(v gjson.Result) error {
		if n, err := strconv.Atoi(v.Raw); err != nil || n < 0 {
			return r.ErrorAt(v, oie.ErrSyntax, "a token index must be a whole number from 0, found %s", v.Raw)
		}
		return nil
	}
	switch {
	case w.Type == gjson.Number:
		return index(w)
	case w.Type == gjson.String:
		return nil
	case w.IsObject():
		for _, m := range []struct {
			key  string
			want oie.JSONType
		}{{"token", wholeNumber}, {"text", oie.JSONString}, {"open", oie.JSONBool}, {"close", oie.JSONBool}} {
			key := m.key
			v, err := r.get(w, key, m.want, false)
			if err != nil {
				return err
			}
			if key == "token" && v.Exists() {
				if v.Type != gjson.Number {
					return r.ErrorAt(v, oie.ErrSyntax, "a token index must be a number")
				}
				if err := index(v); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return r.ErrorAt(w, oie.ErrSyntax, "a word must be a token index, a string or an object, found %s", oie.JSONKind(w))
}
