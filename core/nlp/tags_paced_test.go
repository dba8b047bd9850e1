package nlp

import (
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// ReadTagsPaced reads the page's bundled tags as ReadTags does, pausing
// every tagsPauseEvery sentences, and reads every other file (other keys,
// keys twice, values that are not strings, escapes, bad JSON, wrong tag
// counts) as ReadTags does: the same tags or the same error.
func TestReadTagsPacedIsReadTags(t *testing.T) {
	bundled, err := dataset.ReadSite("data/tags_en.json")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ReadTags("tags_en.json", bundled)
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	paced, err := ReadTagsPaced("tags_en.json", bundled, func() { pauses++ })
	if err != nil || !reflect.DeepEqual(plain, paced) {
		t.Fatalf("paced: %v; equal to ReadTags: %v", err, reflect.DeepEqual(plain, paced))
	}
	if want := len(plain.Sentences) / tagsPauseEvery; pauses != want || want == 0 {
		t.Errorf("%d sentences read with %d pauses, want %d", len(plain.Sentences), pauses, want)
	}
	for _, data := range []string{
		`{"tagger": "x", "lang": "en", "sentences": {"a b": "DT NN", "1\/2 é": "CD NN", "tab\there": "X X", "\u00e9 x": "NN NN"}}`,
		`{"tagger": "x", "sentences": {"a b": "DT NN", "a b": "NN NN"}}`,                  // a sentence twice: the last
		`{"tagger": "x", "tagger": "y", "sentences": {}}`,                                 // a key twice
		`{"Tagger": "x", "SENTENCES": {"a": "NN"}}`,                                       // keys spelt otherwise
		`{"tagger": "x", "more": [1, 2], "sentences": {"a": "NN"}}`,                       // another key
		`{"tagger": null, "lang": "en", "sentences": {"a": "NN"}}`,                        // null
		`{"tagger": 3, "sentences": {"a": "NN"}}`,                                         // not a string
		`{"sentences": {"a": 3}}`,                                                         // a tag not a string
		`{"sentences": null}`,                                                             // no sentences
		`{"sentences": {"a b": "NN"}}`,                                                    // a tag short
		"{\"sentences\": {\"a\xff b\": \"NN NN\"}}",                                       // not UTF-8
		"{\"sentences\": {\"a\x01b\": \"NN\"}}",                                           // a control character
		`{"sentences": {"a": "\ud800"}}`,                                                  // a lone surrogate
		`{"sentences": {"a": "NN"}} x`, `{`, `[]`, ``, `"x"`, "\ufeff{\"sentences\": {}}", // not a tags file
	} {
		want, wantErr := ReadTags("t.json", []byte(data))
		got, gotErr := ReadTagsPaced("t.json", []byte(data), func() {})
		if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("%q: paced %+v, %v; ReadTags %+v, %v", data, got, gotErr, want, wantErr)
		}
	}
}
