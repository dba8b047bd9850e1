package oie

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// CheckText validates a megabyte at a time: characters cut by a megabyte
// boundary are read whole, and an error is placed as SplitLines places it.
func TestCheckTextChunks(t *testing.T) {
	line := strings.Repeat("é€😀 ab\t", 1000) + "\n" // 2-, 3- and 4-byte characters
	good := strings.Repeat(line, 3*checkChunk/len(line))
	pauses := 0
	if err := CheckText("f", []byte("\xef\xbb\xbf"+good), func() { pauses++ }); err != nil {
		t.Fatalf("valid text: %v", err)
	}
	if pauses < 2 {
		t.Errorf("%d pauses for %d MB", pauses, len(good)>>20)
	}
	for _, bad := range []string{"\xff", "\x00", "\xe2\x82"} {
		for _, at := range []int{0, checkChunk - 1, checkChunk, 2*checkChunk + 7, len(good) - 1} {
			data := []byte(good[:at] + bad + good[at:])
			_, want := SplitLines("f", data)
			got := CheckText("f", data, func() {})
			var pw, pg *ParseError
			if !errors.As(want, &pw) || !errors.As(got, &pg) || *pw != *pg {
				t.Errorf("%q at %d: CheckText %v, SplitLines %v", bad, at, got, want)
			}
		}
	}
}

// lineCount pauses every megabyte and counts as splitText numbers lines,
// a \r\n cut by a megabyte boundary included.
func TestLineCountChunks(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"", 0}, {"a", 1}, {"a\n", 1}, {"a\r\nb", 2}, {"a\rb\r", 2}, {"\n\n", 2}, {"\r\r\n", 2},
	} {
		if got := lineCount([]byte(c.text), nil); got != c.want {
			t.Errorf("lineCount(%q) = %d, want %d", c.text, got, c.want)
		}
	}
	for _, at := range []int{checkChunk - 1, checkChunk, checkChunk + 1} {
		data := []byte(strings.Repeat("x", at) + "\r\n" + strings.Repeat("y\r", checkChunk) + "z")
		pauses := 0
		got := lineCount(data, func() { pauses++ })
		if want := len(splitText(normalCR(string(data)), false, nil)); got != want || got != 2+checkChunk {
			t.Errorf("\\r\\n at %d: %d lines, splitText %d, want %d", at, got, want, 2+checkChunk)
		}
		if pauses != len(data)/checkChunk {
			t.Errorf("\\r\\n at %d: %d pauses for %d bytes", at, pauses, len(data))
		}
	}
}

// A shared text is the data itself; a copy is not.
func TestTextOfShared(t *testing.T) {
	data := []byte("\xef\xbb\xbfsent_id:1\n")
	shared, copied := TextOf(data, true), TextOf(data, false)
	if shared != "sent_id:1\n" || copied != shared {
		t.Fatalf("TextOf: %q, %q", shared, copied)
	}
	data[3] = 'S'
	if shared[0] != 'S' || copied[0] != 's' {
		t.Errorf("after a change of data: shared %q, copy %q", shared, copied)
	}
}

// The ASCII ends of TrimSpace are trimmed as unicode white space is.
func TestTrimSpaceASCII(t *testing.T) {
	for _, s := range []string{"", " ", "\t a b \r\n", "\x1c\x1fx\x1e", "\u00a0x\u2003", " \u00a0x ", "x", "\x01x\x01", "é "} {
		if got, want := TrimSpace(s), strings.TrimFunc(s, IsSpace); got != want {
			t.Errorf("TrimSpace(%q) = %q, want %q", s, got, want)
		}
	}
}

// A JSON Lines file's lines are read with a pause every jsonlPauseEvery
// (a TSV file's every PauseEvery), and read the same as without pauses.
func TestJSONLPausedMoreOften(t *testing.T) {
	var jsonl, tsv strings.Builder
	const n = 3000
	for i := range n {
		jsonl.WriteString(`{"sent_id":"1","subject":"a","relation":"b","object":"c` + strings.Repeat("x", i%7) + `"}` + "\n")
		tsv.WriteString("1\ta\tb\tc" + strings.Repeat("x", i%7) + "\n")
	}
	read := map[Format]func(*System, []Line, func()) error{
		FormatJSONL: func(s *System, l []Line, pause func()) error { return readJSONL(s, l, pause, nil) },
		FormatTSV:   func(s *System, l []Line, pause func()) error { return readTSV(s, l, ConfidenceAuto, pause) },
	}
	for _, c := range []struct {
		format Format
		data   string
		every  int
	}{{FormatJSONL, jsonl.String(), jsonlPauseEvery}, {FormatTSV, tsv.String(), PauseEvery}} {
		lines := splitText(c.data, true, nil)
		plain, paced := &System{Path: "f"}, &System{Path: "f"}
		pauses := 0
		if err := read[c.format](plain, lines, nil); err != nil {
			t.Fatal(err)
		}
		if err := read[c.format](paced, lines, func() { pauses++ }); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain, paced) || plain.Extractions.Len() != n {
			t.Errorf("%s: read with pauses differs from the read without, or not %d extractions", c.format, n)
		}
		if want := n / c.every; pauses != want {
			t.Errorf("%s: %d pauses for %d lines, want %d (one every %d)", c.format, pauses, n, want, c.every)
		}
	}
}
