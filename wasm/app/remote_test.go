package main

import (
	"reflect"
	"strings"
	"testing"
)

// TestDecodePageInit reads the page's init message as dist/loader.js
// writes it (JSON.stringify of hash, local, firstSource, firstDigest), with
// each field's edge: absent, null, empty, escaped, and refuses what the
// page never writes.
func TestDecodePageInit(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       pageInit
	}{
		{"a first visit: no fragment, nothing stored, no first screen",
			`{"hash":"","local":{},"firstSource":null,"firstDigest":null}`,
			pageInit{Local: map[string]string{}}},
		{"the page's fields, stored state and the first screen",
			`{"hash":"#view=sentences&s=3","local":{"oiebench.state":"{\"source\":\"benchie:en\"}","oiebench.studio":""},"firstSource":"benchie:en","firstDigest":"ab12"}`,
			pageInit{Hash: "#view=sentences&s=3", Local: map[string]string{"oiebench.state": `{"source":"benchie:en"}`, "oiebench.studio": ""}, FirstSource: "benchie:en", FirstDigest: "ab12"}},
		{"no local entries at all (blocked storage writes {})",
			`{"hash":"#x"}`,
			pageInit{Hash: "#x", Local: map[string]string{}}},
		{"text beyond ASCII, escaped or not",
			`{"hash":"#q=caf\u00e9","local":{"oiebench.state":"Zürich 北京 \ud83d\ude00"}}`,
			pageInit{Hash: "#q=café", Local: map[string]string{"oiebench.state": "Zürich 北京 😀"}}},
	} {
		got, err := decodePageInit(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	for _, c := range []struct{ name, text, says string }{
		{"not JSON", `hash=#x`, "init message"},
		{"cut short", `{"hash":"#x","local":{`, "init message"},
		{"an array", `["#x"]`, "init message"},
		{"a fragment of the wrong type", `{"hash":3}`, "init message"},
		{"a value of the wrong type", `{"local":{"oiebench.state":{}}}`, "init message"},
		{"a fragment without #", `{"hash":"view=scores"}`, `does not begin with "#"`},
		{"another program's key", `{"local":{"theme":"dark"}}`, "not of this page's: theme"},
	} {
		if _, err := decodePageInit(c.text); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.says)
		}
	}
}
