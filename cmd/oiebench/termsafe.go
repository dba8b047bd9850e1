//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// terminalSafe escapes, in text bound for a terminal, the characters that
// would drive it rather than show: C0 controls but tab and newline (ESC
// starts the sequences that recolour, move the cursor or retitle the
// window), DEL, the C1 controls (U+009B is a CSI too), and the bidi
// embeddings, overrides and isolates, which show text reversed. They come
// from the inputs (an id, a system name, a sentence) and are written as
// \uXXXX (\xNN for a byte that is not UTF-8): visible, and in JSON the same
// string.
type terminalSafe struct {
	w       io.Writer
	pending []byte // the start of a character the next write ends
}

// needsEscape reports whether r is shown escaped.
func needsEscape(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendEscaped appends p to out, escaped; unless final, an incomplete
// character at p's end is left out and the length left out returned.
func appendEscaped(out, p []byte, final bool) ([]byte, int) {
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if needsEscape(rune(c)) {
				out = fmt.Appendf(out, `\u%04x`, c)
			} else {
				out = append(out, c)
			}
			i++
			continue
		}
		if !final && !utf8.FullRune(p[i:]) {
			return out, len(p) - i
		}
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, c)
		case needsEscape(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[i:i+n]...)
		}
		i += n
	}
	return out, 0
}

// Write escapes p and writes it, holding back a character split between
// this write and the next. It reports len(p) when the escaped text was
// written.
func (t *terminalSafe) Write(p []byte) (int, error) {
	data := append(t.pending, p...)
	out, rest := appendEscaped(make([]byte, 0, len(data)), data, false)
	t.pending = append([]byte(nil), data[len(data)-rest:]...)
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes, escaped, what is held back: an incomplete character at
// the end of the output.
func (t *terminalSafe) Flush() error {
	if len(t.pending) == 0 {
		return nil
	}
	out, _ := appendEscaped(nil, t.pending, true)
	t.pending = nil
	_, err := t.w.Write(out)
	return err
}
