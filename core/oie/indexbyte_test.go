package oie

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// indexByteWords finds what strings.IndexByte finds, wherever the byte is
// and whatever surrounds it (bytes with the high bit set, the byte just
// above and below it, every length around a word).
func TestIndexByteWords(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'\n', '\n' - 1, '\n' + 1, 'a', ' ', 0, 0x80, 0x8a, 0xff, 0x0b}
	for n := 0; n < 40; n++ {
		for round := 0; round < 300; round++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			s := string(b)
			for _, c := range []byte{'\n', 0, 0xff, 'a'} {
				if got, want := indexByteWords(s, c), strings.IndexByte(s, c); got != want {
					t.Fatalf("indexByteWords(%q, %q) = %d, want %d", s, c, got, want)
				}
			}
		}
	}
}
