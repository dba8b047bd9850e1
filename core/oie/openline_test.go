package oie

import "testing"

// OpenLastLine names the file's last line when no line break ends it.
func TestOpenLastLine(t *testing.T) {
	for text, want := range map[string]int{
		"1\ta\tb\tc\n2\ta\tb\td":   2,
		"1\ta\tb\tc\n2\ta\tb\td\n": 0,
		"1\ta\tb\tc\r\n":           0,
		"1\ta\tb\tc\r":             0,
		"1\ta\tb\tc\n\n3\ta\tb\tc": 3,
	} {
		s, err := ReadSystem("s", []byte(text), SystemOptions{Format: FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		if s.OpenLastLine != want {
			t.Errorf("%q: %d, want %d", text, s.OpenLastLine, want)
		}
	}
}
