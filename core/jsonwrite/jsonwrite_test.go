package jsonwrite

import (
	"bytes"
	"encoding/json"
	"testing"
)

// encodingJSON is what encoding/json writes for s with HTML escaping off.
func encodingJSON(t testing.TB, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func TestAppendStringAsEncodingJSON(t *testing.T) {
	every := make([]byte, 0, 256)
	for c := range 256 {
		every = append(every, byte(c))
	}
	for _, s := range []string{
		"", "plain", `"q" \ back`, "tab\tnl\ncr\r\x00\x1f\x7f\b\f", "ü → 😀 \u2028\u2029 x",
		"</script> & <b>", "bad \xff\xfe utf-8 \xe2\x82", "\xed\xa0\x80 surrogate", string(every),
	} {
		got := AppendString([]byte("prefix:"), s)
		want := append([]byte("prefix:"), encodingJSON(t, s)...)
		if !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("a\n\"b\xff\u2028")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want)
		}
	})
}

func TestMarshal(t *testing.T) {
	for _, v := range []bool{true, false} {
		got, err := Marshal(v)
		want, _ := json.Marshal(v)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Marshal(%v) = %s, %v; want %s", v, got, err, want)
		}
	}
	if got, err := Marshal("a\n<b>"); err != nil || string(got) != `"a\n<b>"` {
		t.Errorf(`Marshal("a\n<b>") = %s, %v`, got, err)
	}
	if got, err := Marshal(1); err == nil {
		t.Errorf("Marshal(1) = %s, no error", got)
	}
}
