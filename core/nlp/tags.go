package nlp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// Tags are part-of-speech tags computed ahead of time (by `oiebench tags`,
// at build time for the bundled sentences) so that the browser page can
// bucket those sentences without loading the tagger. The file is JSON:
//
//	{"tagger": "...", "lang": "en",
//	 "sentences": {"He served as ...": "PRP VBD IN ...", ...}}
//
// A key is a sentence's tokens (Tokenize) joined by single spaces, so white
// space differences do not matter; a value is the tags of those tokens
// joined the same way.
type Tags struct {
	Tagger    string            `json:"tagger"`
	Lang      string            `json:"lang"`
	Sentences map[string]string `json:"sentences"`
}

// NewTags returns an empty set of tags made by the named tagger.
func NewTags(tagger, lang string) *Tags {
	return &Tags{Tagger: tagger, Lang: lang, Sentences: map[string]string{}}
}

// Add records the tags of a sentence's tokens (Tokenize(text)).
func (t *Tags) Add(text string, tags []string) {
	t.Sentences[strings.Join(Tokenize(text), " ")] = strings.Join(tags, " ")
}

// Lookup returns the tags of a sentence's tokens, if the set has them.
func (t *Tags) Lookup(text string) ([]string, bool) {
	s, ok := t.Sentences[strings.Join(Tokenize(text), " ")]
	if !ok {
		return nil, false
	}
	return strings.Split(s, " "), true
}

// Encode writes the tags as JSON, indented by one space as encoding/json's
// Encoder wrote them (the bundled tags_en.json is that file); the keys come
// out sorted, so the same sentences always give the same bytes.
func (t *Tags) Encode() ([]byte, error) {
	b := jsonwrite.AppendString(append([]byte(nil), "{\n \"tagger\": "...), t.Tagger)
	b = jsonwrite.AppendString(append(b, ",\n \"lang\": "...), t.Lang)
	b = append(b, ",\n \"sentences\": "...)
	switch {
	case t.Sentences == nil:
		b = append(b, "null"...)
	case len(t.Sentences) == 0:
		b = append(b, "{}"...)
	default:
		for i, text := range slices.Sorted(maps.Keys(t.Sentences)) {
			if i == 0 {
				b = append(b, "{\n  "...)
			} else {
				b = append(b, ",\n  "...)
			}
			b = jsonwrite.AppendString(b, text)
			b = jsonwrite.AppendString(append(b, ": "...), t.Sentences[text])
		}
		b = append(b, "\n }"...)
	}
	return append(b, "\n}\n"...), nil
}

// ReadTags reads a tags file; file names it in errors, which are placed
// at the value at fault.
func ReadTags(file string, data []byte) (*Tags, error) {
	doc, v, err := oie.ParseJSON(file, data, "a tags file (an object with \"sentences\")")
	if err != nil {
		return nil, err
	}
	if err := doc.Expect(v, oie.JSONObject, oie.ErrSyntax, "a tags file"); err != nil {
		return nil, err
	}
	var t Tags
	for _, f := range []struct {
		key  string
		into *string
	}{{"tagger", &t.Tagger}, {"lang", &t.Lang}} {
		if v := v.Get(f.key); v.Type != gjson.Null {
			if err := doc.Expect(v, oie.JSONString, oie.ErrSyntax, strconv.Quote(f.key)); err != nil {
				return nil, err
			}
			*f.into = v.Str
		}
	}
	sen := v.Get("sentences")
	if sen.Type == gjson.Null { // missing too
		return nil, &oie.ParseError{File: file, Msg: `not a tags file: expected an object with "sentences"`, Err: oie.ErrNoContent}
	}
	if err := doc.Expect(sen, oie.JSONObject, oie.ErrSyntax, `"sentences"`); err != nil {
		return nil, err
	}
	t.Sentences = map[string]string{}
	sen.ForEach(func(text, tags gjson.Result) bool {
		if err = doc.Expect(tags, oie.JSONString, oie.ErrSyntax, "the tags of "+text.Raw); err == nil {
			t.Sentences[text.Str] = tags.Str
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	for text, tags := range t.Sentences {
		if n, m := len(strings.Split(text, " ")), len(strings.Split(tags, " ")); n != m {
			return nil, &oie.ParseError{File: file, Msg: fmt.Sprintf("sentence %q has %d tokens but %d tags", text, n, m), Err: oie.ErrFieldCount}
		}
	}
	return &t, nil
}
