package wire57

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// Slot is one gold argument or relation: its words and which of them are
// inferred (not in the sentence, marked "inf" in words_indexes).
type Slot struct {
	Text     string
	Words    []string
	Inferred []bool // parallel to Words
}

// RealWords counts the words that are not inferred: the slot's share of the
// recall denominator.
func (s Slot) RealWords() int {
	n := 0
	for _, inf := range s.Inferred {
		if !inf {
			n++
		}
	}
	return n
}

// Joined is the slot's words joined with single spaces, inferred words
// included: what an exact match must equal.
func (s Slot) Joined() string { return strings.Join(s.Words, " ") }

// Tuple is one gold tuple.
type Tuple struct {
	Arg1, Rel, Arg2 Slot
	Arg3            []Slot // "arg3+": arguments after arg2, in order
	// AttribSpec is the "attrib/spec?" mark, "" or "x".
	AttribSpec   string
	Line, Column int // where the tuple's object starts
}

// Sentence is a gold sentence with its tuples.
type Sentence struct {
	Doc    string // the document key it is listed under
	ID     string
	Text   string // "sent"
	Tokens []string
	Tuples []Tuple
	Line   int
}

// Gold is a WiRe57 gold file.
type Gold struct {
	Path      string
	Sentences []*Sentence // in file order
	Warnings  []oie.Warning
	index     map[string]int
}

// Sentence returns the gold sentence with the given id.
func (g *Gold) Sentence(id string) (*Sentence, bool) {
	i, ok := g.index[id]
	if !ok {
		return nil, false
	}
	return g.Sentences[i], true
}

// TupleCount is the number of gold tuples: the recall denominator.
func (g *Gold) TupleCount() int {
	n := 0
	for _, s := range g.Sentences {
		n += len(s.Tuples)
	}
	return n
}

// ReadGold reads a WiRe57 gold JSON file. It returns the whole gold or a
// *oie.ParseError positioned at the offending JSON value; never a partly
// read gold.
func ReadGold(file string, data []byte) (*Gold, error) {
	d, root, err := parse(file, data, `a JSON object from document name to a list of sentences`)
	if err != nil {
		return nil, err
	}
	g := &Gold{Path: file, index: map[string]int{}}
	root.ForEach(func(k, v gjson.Result) bool {
		err = d.document(g, k.Str, v)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if len(g.Sentences) == 0 {
		return nil, d.errorAt(root, "no sentences: expected a JSON object from document name to a list of sentences", oie.ErrNoContent)
	}
	return g, nil
}

func (d *doc) document(g *Gold, name string, v gjson.Result) error {
	if !v.IsArray() {
		return d.errorAt(v, fmt.Sprintf("document %q must be a list of sentences, found %s", name, oie.JSONKind(v)), oie.ErrSyntax)
	}
	var err error
	v.ForEach(func(_, s gjson.Result) bool {
		err = d.sentence(g, name, s)
		return err == nil
	})
	return err
}

func (d *doc) sentence(g *Gold, docName string, v gjson.Result) error {
	if !v.IsObject() {
		return d.errorAt(v, fmt.Sprintf("document %q: a sentence must be an object, found %s", docName, oie.JSONKind(v)), oie.ErrSyntax)
	}
	m := members(v)
	where := fmt.Sprintf("document %q: sentence", docName)
	id, ok := m["id"]
	if !ok {
		return d.errorAt(v, where+`: missing "id": expected the sentence id`, oie.ErrEmptyField)
	}
	if id.value.Type != gjson.String && id.value.Type != gjson.Number {
		return d.errorAt(id.value, fmt.Sprintf(`%s: "id" must be a string, found %s`, where, oie.JSONKind(id.value)), oie.ErrSyntax)
	}
	line, _ := d.Position(v.Index)
	s := &Sentence{Doc: docName, ID: id.value.String(), Line: line}
	if s.ID == "" {
		return d.errorAt(id.value, where+`: empty "id"`, oie.ErrEmptyField)
	}
	where = fmt.Sprintf("sentence %q", s.ID)
	if prev, dup := g.index[s.ID]; dup {
		return d.errorAt(id.value, fmt.Sprintf("%s is repeated (first on line %d): expected unique sentence ids", where, g.Sentences[prev].Line), oie.ErrDuplicateID)
	}
	var err error
	if s.Text, err = d.optStr(m, "sent", where); err != nil {
		return err
	}
	if tk, ok := m["tokens"]; ok && tk.value.Type != gjson.Null {
		if s.Tokens, err = d.strList(tk.value, where+`: "tokens"`); err != nil {
			return err
		}
	}
	tuples, ok := m["tuples"]
	if !ok {
		return d.errorAt(v, where+`: missing "tuples": expected a list of tuples`, oie.ErrEmptyField)
	}
	if !tuples.value.IsArray() {
		return d.errorAt(tuples.value, fmt.Sprintf(`%s: "tuples" must be a list, found %s`, where, oie.JSONKind(tuples.value)), oie.ErrSyntax)
	}
	tuples.value.ForEach(func(_, t gjson.Result) bool {
		var tu Tuple
		tu, err = d.tuple(t, where)
		s.Tuples = append(s.Tuples, tu)
		return err == nil
	})
	if err != nil {
		return err
	}
	g.index[s.ID] = len(g.Sentences)
	g.Sentences = append(g.Sentences, s)
	return nil
}

func (d *doc) tuple(v gjson.Result, where string) (Tuple, error) {
	var t Tuple
	if !v.IsObject() {
		return t, d.errorAt(v, fmt.Sprintf("%s: a tuple must be an object, found %s", where, oie.JSONKind(v)), oie.ErrSyntax)
	}
	t.Line, t.Column = d.Position(v.Index)
	m := members(v)
	var err error
	for _, s := range []struct {
		key  string
		slot *Slot
	}{{"arg1", &t.Arg1}, {"rel", &t.Rel}, {"arg2", &t.Arg2}} {
		e, ok := m[s.key]
		if !ok {
			return t, d.errorAt(v, fmt.Sprintf("%s: tuple without %q", where, s.key), oie.ErrEmptyField)
		}
		if *s.slot, err = d.slot(e.value, where+": "+s.key); err != nil {
			return t, err
		}
	}
	if e, ok := m["arg3+"]; ok && e.value.Type != gjson.Null {
		if !e.value.IsArray() {
			return t, d.errorAt(e.value, fmt.Sprintf(`%s: "arg3+" must be a list of arguments, found %s`, where, oie.JSONKind(e.value)), oie.ErrSyntax)
		}
		e.value.ForEach(func(_, a gjson.Result) bool {
			var s Slot
			s, err = d.slot(a, fmt.Sprintf("%s: arg%d", where, len(t.Arg3)+3))
			t.Arg3 = append(t.Arg3, s)
			return err == nil
		})
		if err != nil {
			return t, err
		}
	}
	t.AttribSpec, err = d.optStr(m, "attrib/spec?", where)
	return t, err
}

func (d *doc) slot(v gjson.Result, where string) (Slot, error) {
	var s Slot
	if !v.IsObject() {
		return s, d.errorAt(v, fmt.Sprintf(`%s must be an object with "words" and "words_indexes", found %s`, where, oie.JSONKind(v)), oie.ErrSyntax)
	}
	m := members(v)
	var err error
	if s.Text, err = d.optStr(m, "text", where); err != nil {
		return s, err
	}
	w, ok := m["words"]
	if !ok {
		return s, d.errorAt(v, where+`: missing "words": expected a list of words`, oie.ErrEmptyField)
	}
	if s.Words, err = d.strList(w.value, where+`: "words"`); err != nil {
		return s, err
	}
	s.Inferred = make([]bool, len(s.Words))
	idx, ok := m["words_indexes"]
	if !ok || idx.value.Type == gjson.Null {
		// Without indexes every word is taken to be in the sentence.
		return s, nil
	}
	if !idx.value.IsArray() {
		return s, d.errorAt(idx.value, fmt.Sprintf(`%s: "words_indexes" must be a list, found %s`, where, oie.JSONKind(idx.value)), oie.ErrSyntax)
	}
	n := 0
	idx.value.ForEach(func(_, e gjson.Result) bool {
		if n >= len(s.Words) {
			err = d.errorAt(e, fmt.Sprintf(`%s: "words_indexes" has more entries than "words" (%d)`, where, len(s.Words)), oie.ErrFieldCount)
			return false
		}
		s.Inferred[n], err = d.wordIndex(e, where)
		n++
		return err == nil
	})
	if err != nil {
		return s, err
	}
	if n < len(s.Words) {
		return s, d.errorAt(idx.value, fmt.Sprintf(`%s: "words_indexes" has %d entries for %d words`, where, n, len(s.Words)), oie.ErrFieldCount)
	}
	return s, nil
}

// wordIndex reads one words_indexes entry and reports whether the word is
// inferred.
func (d *doc) wordIndex(e gjson.Result, where string) (bool, error) {
	const expect = `expected a token index, "inf" or [index, number]`
	switch {
	case e.Type == gjson.String && e.Str == "inf":
		return true, nil
	case isInteger(e):
		return false, nil
	case e.IsArray():
		parts := e.Array()
		if len(parts) == 2 && isInteger(parts[0]) && parts[1].Type == gjson.Number {
			return false, nil
		}
	}
	return false, d.errorAt(e, fmt.Sprintf("%s: bad words_indexes entry %s: %s", where, abbreviate(e.Raw), expect), oie.ErrSyntax)
}

// abbreviate shortens a JSON text for a message.
func abbreviate(s string) string {
	const n = 40
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
