package explain

import "testing"

func TestExcerptAt(t *testing.T) {
	data := []byte("first line\nsecond\tline here\n")
	e, ok := ExcerptAt(data, 2, 8)
	if !ok || e.Text != "second line here" || e.Caret != 7 {
		t.Errorf("ExcerptAt(2, 8) = %+v, %v", e, ok)
	}
	if _, ok := ExcerptAt(data, 9, 1); ok {
		t.Error("ExcerptAt found line 9 of a two-line file")
	}
	long := make([]byte, 0, 400)
	for i := 0; i < 400; i++ {
		long = append(long, byte('a'+i%26))
	}
	e, _ = ExcerptAt(long, 1, 300)
	if r := []rune(e.Text); r[e.Caret] != rune(long[299]) || len(r) > excerptWidth+2 {
		t.Errorf("long line: caret %d on %q, want the character at column 300", e.Caret, string(r[e.Caret]))
	}
	e, _ = ExcerptAt(data, 1, 0)
	if e.Caret != -1 {
		t.Errorf("no column: caret %d, want -1", e.Caret)
	}
}
