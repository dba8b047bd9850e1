package oie

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestSplitContentLinesShared: the lines are SplitContentLines's, and
// their text lies in the bytes given (no copy of the file; a lone CR, which
// is rewritten, excepted).
func TestSplitContentLinesShared(t *testing.T) {
	for _, text := range []string{"\ufeffone\ttwo\r\n\n  \nthree\rfour", "a\n\nb\r\n"} {
		want, err := SplitContentLines("f", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		got, err := SplitContentLinesShared("f", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: shared %v, copied %v", text, got, want)
		}
	}
	data := []byte("\ufeffone\ttwo\r\n\n  \nthree\nfour")
	got, err := SplitContentLinesShared("f", data)
	if err != nil || len(got) != 3 {
		t.Fatalf("%v lines, %v", got, err)
	}
	start, end := uintptr(unsafe.Pointer(&data[0])), uintptr(unsafe.Pointer(&data[0]))+uintptr(len(data))
	for _, l := range got {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(l.Text))); p < start || p >= end {
			t.Errorf("line %d %q is a copy, not the file's bytes", l.Num, l.Text)
		}
	}
	if _, err := SplitContentLinesShared("f", []byte("a\xffb")); err == nil {
		t.Error("invalid UTF-8 read")
	}
}
