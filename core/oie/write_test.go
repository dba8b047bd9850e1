package oie

import (
	"bytes"
	"encoding/json"
	"testing"
)

// WriteJSONL writes what encoding/json wrote for the same lines (the form
// files users hold).
func TestWriteJSONLAsEncodingJSON(t *testing.T) {
	exts := []Extraction{
		{SentID: "1", Triple: Triple{"Bell", "is", "a <company> & more"}},
		{SentID: "2\t", Triple: Triple{"a \"q\" \\", "tab\there\nnl", "bad \xff \u2028"}, Extra: []string{"in 1990", "x"}, Confidence: 0.125, HasConfidence: true},
		{SentID: "3", Triple: Triple{"s", "r", "o"}, Confidence: 1e-7, HasConfidence: true},
		{SentID: "4", Triple: Triple{"s", "r", ""}, Extra: []string{}, Confidence: 0, HasConfidence: true},
	}
	var got bytes.Buffer
	if err := WriteJSONL(&got, exts); err != nil {
		t.Fatal(err)
	}
	type line struct {
		SentID     string   `json:"sent_id"`
		Subject    string   `json:"subject"`
		Relation   string   `json:"relation"`
		Object     string   `json:"object"`
		Arguments  []string `json:"arguments,omitempty"`
		Confidence *float64 `json:"confidence,omitempty"`
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	for _, e := range exts {
		l := line{e.SentID, e.Subject, e.Relation, e.Object, e.Extra, nil}
		if e.HasConfidence {
			c := e.Confidence
			l.Confidence = &c
		}
		if err := enc.Encode(l); err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want.String() {
		t.Errorf("wrote\n%s\nencoding/json\n%s", got.Bytes(), want.Bytes())
	}
}
