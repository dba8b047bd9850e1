package jsonwrite

import (
	"bytes"
	"encoding/json"
	"math"
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
		if got, want := AppendStringEscapeHTML(nil, s), must(json.Marshal(s)); !bytes.Equal(got, want) {
			t.Errorf("%q escaping HTML: wrote %s, encoding/json %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("a\n\"b\xff\u2028")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want)
		}
		if got, want := AppendStringEscapeHTML(nil, s), must(json.Marshal(s)); !bytes.Equal(got, want) {
			t.Errorf("%q escaping HTML: wrote %s, encoding/json %s", s, got, want)
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
}

func TestAppendFloatAsEncodingJSON(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.0 / 3, 1e-6, 9.99e-7, 1e-7, -1e-7, 1.5e-10, 1e20, 1e21, -1e21, 1.2345e100,
		1e-100, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 123456789.125, 0.1 + 0.2} {
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendFloat(nil, f); !bytes.Equal(got, want) {
			t.Errorf("%v: wrote %s, encoding/json %s", f, got, want)
		}
	}
}

func FuzzAppendFloat(f *testing.F) {
	f.Add(uint64(0x3eb0c6f7a0b5ed8d))
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		if got, want := AppendFloat(nil, x), must(json.Marshal(x)); !bytes.Equal(got, want) {
			t.Errorf("%v: wrote %s, encoding/json %s", x, got, want)
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestIndentAsEncodingJSON(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `1`, `"a"`, `{"a":[],"b":{},"c":[1,2,{"d":"x,y:{z}[]\"\\"}],"e":null}`,
		`[[["a","b"]],{"k":{"l":[true,false]}}]`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := Indent([]byte("x"), []byte(src), "  "); !bytes.Equal(got[1:], want.Bytes()) {
			t.Errorf("%s: wrote\n%s\nencoding/json\n%s", src, got[1:], want.Bytes())
		}
	}
}

func FuzzIndent(f *testing.F) {
	f.Add(`{"a": [1, {"b": []}], "c": "\"}"}`)
	f.Fuzz(func(t *testing.T, s string) {
		var compact, want bytes.Buffer
		if json.Compact(&compact, []byte(s)) != nil {
			return
		}
		if err := json.Indent(&want, compact.Bytes(), "", "\t"); err != nil {
			t.Fatal(err)
		}
		if got := Indent(nil, compact.Bytes(), "\t"); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: wrote\n%s\nencoding/json\n%s", compact.Bytes(), got, want.Bytes())
		}
	})
}

func TestAppendList(t *testing.T) {
	for _, list := range [][]string{nil, {}, {"a"}, {"a", "<b>"}} {
		want := must(json.Marshal(list))
		if got := AppendList(nil, list, AppendStringEscapeHTML); !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", list, got, want)
		}
	}
}

func FuzzAppendRaw(f *testing.F) {
	f.Add(" { \"a <b>\" : [ 1 , \"\\\" & \u2028\" ] } ")
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(json.RawMessage(s))
		if err != nil {
			return // not JSON
		}
		if got := AppendRaw(nil, []byte(s)); !bytes.Equal(got, want) {
			t.Errorf("%q: wrote %s, encoding/json %s", s, got, want)
		}
	})
}

func TestAppendRawNil(t *testing.T) {
	if got := AppendRaw(nil, nil); string(got) != "null" {
		t.Errorf("nil written %s", got)
	}
}
