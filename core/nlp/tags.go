package nlp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
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
	if t.Sentences == nil {
		return nil, &oie.ParseError{File: file, Msg: `not a tags file: expected an object with "sentences"`, Err: oie.ErrNoContent}
	}
	for text, tags := range t.Sentences {
		if n, m := len(strings.Split(text, " ")), len(strings.Split(tags, " ")); n != m {
			return nil, &oie.ParseError{File: file, Msg: fmt.Sprintf("sentence %q has %d tokens but %d tags", text, n, m), Err: oie.ErrFieldCount}
		}
	}
	return &t, nil
}
