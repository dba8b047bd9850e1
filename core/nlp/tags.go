package nlp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

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

// Encode writes the tags as JSON; the keys come out sorted, so the same
// sentences always give the same bytes.
func (t *Tags) Encode() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	err := enc.Encode(t)
	return buf.Bytes(), err
}

// ReadTags reads a tags file; file names it in errors.
func ReadTags(file string, data []byte) (*Tags, error) {
	var t Tags
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, &oie.ParseError{File: file, Msg: "not a tags file: " + err.Error(), Err: oie.ErrSyntax}
	}
	return checkTags(file, &t)
}

// checkTags is what ReadTags asks of a decoded file: sentences, each with
// as many tags as tokens.
func checkTags(file string, t *Tags) (*Tags, error) {
	if t.Sentences == nil {
		return nil, &oie.ParseError{File: file, Msg: `not a tags file: expected an object with "sentences"`, Err: oie.ErrNoContent}
	}
	for text, tags := range t.Sentences {
		if n, m := len(strings.Split(text, " ")), len(strings.Split(tags, " ")); n != m {
			return nil, &oie.ParseError{File: file, Msg: fmt.Sprintf("sentence %q has %d tokens but %d tags", text, n, m), Err: oie.ErrFieldCount}
		}
	}
	return t, nil
}

// tagsPauseEvery is how many sentences ReadTagsPaced reads between two
// calls of pause.
const tagsPauseEvery = 32

// ReadTagsPaced is ReadTags calling pause (when set) every tagsPauseEvery
// sentences: json.Unmarshal read the page's bundled tags (65 KB) in one
// step of 25 ms at 1× and 90 ms at 4× CPU (docs/page-responsiveness.md,
// The loading tasks, split). A file in the shape Encode writes (one
// object of "tagger", "lang" and "sentences", each key once, every value
// a string) is read a sentence at a time, each string escaped in JSON
// decoded by encoding/json; any other file is read by ReadTags, whose
// reading and errors are the rule.
func ReadTagsPaced(file string, data []byte, pause func()) (*Tags, error) {
	if pause == nil || !gjson.ValidBytes(data) {
		return ReadTags(file, data)
	}
	t, ok := readEncodedTags(data, pause)
	if !ok {
		return ReadTags(file, data)
	}
	return checkTags(file, t)
}

// readEncodedTags reads valid JSON in the shape Encode writes; ok is false
// for anything else.
func readEncodedTags(data []byte, pause func()) (t *Tags, ok bool) {
	top := gjson.ParseBytes(data)
	t, ok = &Tags{}, top.IsObject()
	seen := 0 // a bit per key: a key twice is left to encoding/json's rules
	top.ForEach(func(key, value gjson.Result) bool {
		bit := 0
		switch key.Raw {
		case `"tagger"`:
			bit = 1
			t.Tagger, ok = jsonString(value)
		case `"lang"`:
			bit = 2
			t.Lang, ok = jsonString(value)
		case `"sentences"`:
			bit = 4
			ok = value.IsObject()
			t.Sentences = map[string]string{}
			n := 0
			value.ForEach(func(k, v gjson.Result) bool {
				text, textOK := jsonString(k)
				tags, tagsOK := jsonString(v)
				_, twice := t.Sentences[text]
				if ok = ok && textOK && tagsOK && !twice; ok {
					t.Sentences[text] = tags
				}
				if n++; n%tagsPauseEvery == 0 {
					pause()
				}
				return ok
			})
		}
		ok = ok && bit != 0 && seen&bit == 0 // another key, or one spelt otherwise, is left to encoding/json too
		seen |= bit
		return ok
	})
	return t, ok
}

// jsonString is the string a JSON string value holds, as encoding/json
// reads it: its bytes when they need no decoding (no escape, no control
// character, valid UTF-8), else encoding/json's reading of it.
func jsonString(v gjson.Result) (string, bool) {
	raw := v.Raw
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	plain := utf8.ValidString(body)
	for i := 0; plain && i < len(body); i++ {
		plain = body[i] != '\\' && body[i] >= ' '
	}
	if plain {
		return body, true
	}
	var s string
	err := json.Unmarshal([]byte(raw), &s)
	return s, err == nil
}
