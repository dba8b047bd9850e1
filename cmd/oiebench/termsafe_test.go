//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Controls, C1 and bidi overrides are escaped even when a character is
// split between two writes; tab, newline and other text pass.
func TestTerminalSafeWriter(t *testing.T) {
	var b bytes.Buffer
	w := &terminalSafe{w: &b}
	csi := []byte("\u009b")
	for _, p := range [][]byte{[]byte("a\tb\x1b[2J"), csi[:1], csi[1:], []byte("\u202eevil\u2066 é\x7f\r\n"), []byte("\xff"), []byte("\xe2\x80")} {
		if n, err := w.Write(p); n != len(p) || err != nil {
			t.Fatalf("write: %d, %v", n, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `a	b\u001b[2J\u009b\u202eevil\u2066 é\u007f\u000d`+"\n"+`\xff\xe2\x80`; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// An id and a system name that carry terminal sequences reach the
// terminal escaped, in warnings and in the table; convert's output is
// data and stays as read.
func TestTerminalOutputEscaped(t *testing.T) {
	dir := t.TempDir()
	sys := filepath.Join(dir, "s.tsv")
	if err := os.WriteFile(sys, []byte("1\tA\tb\tc\n\x1b[31mX\u202e9\tA\tb\tc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "ev\x1b]0;t\x07il="+sys)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{out, stderr} {
		if strings.ContainsAny(s, "\x1b\x07\u202e") {
			t.Errorf("raw control characters in %q", s)
		}
	}
	if !strings.Contains(stderr, `(ids \u001b[31mX\u202e9)`) || !strings.Contains(out, `ev\u001b]0;t\u0007il`) {
		t.Errorf("escaped forms missing:\n%s\n%s", stderr, out)
	}
	conv, stderr, code := runCLI(t, "convert", "--to", "benchie-tsv", sys)
	if code != 0 || !strings.Contains(conv, "\x1b[31mX\u202e9\t") {
		t.Errorf("convert: exit %d, %q, %s", code, conv, stderr)
	}
}
