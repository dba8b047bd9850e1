package explain

import (
	"bytes"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/oie"
)

// Excerpt is the line of a file an error points at, cut to a readable width
// around the column, for showing under the message.
type Excerpt struct {
	Text string
	// Caret is the 0-based character offset of the error column in Text;
	// -1 when the error names no column.
	Caret int
}

// excerptWidth bounds the characters shown of a long line.
const excerptWidth = 100

// ExcerptAt returns line (1-based) of data with the character column col
// (1-based; 0: none) kept in view. It returns false when the file has no
// such line.
func ExcerptAt(data []byte, line, col int) (Excerpt, bool) {
	if line < 1 {
		return Excerpt{}, false
	}
	data = oie.TrimBOM(data) // the readers' columns count from after it
	for n := 1; n < line; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return Excerpt{}, false
		}
		data = data[i+1:]
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	data = bytes.TrimSuffix(data, []byte("\r"))
	runes := []rune(string(bytes.ToValidUTF8(data, []byte(string(utf8.RuneError)))))
	for i, r := range runes { // tabs and control characters would shift the caret
		if r == '\t' || r < 0x20 {
			runes[i] = ' '
		}
	}
	caret := col - 1
	if col < 1 {
		caret = -1
	}
	start := 0
	if caret > excerptWidth*3/4 {
		start = caret - excerptWidth*3/4
	}
	end := min(len(runes), start+excerptWidth)
	if start > len(runes) {
		start = len(runes)
	}
	text := string(runes[start:end])
	if start > 0 {
		text = "…" + text
		caret = caret - start + 1
	}
	if end < len(runes) {
		text += "…"
	}
	return Excerpt{Text: text, Caret: caret}, true
}
