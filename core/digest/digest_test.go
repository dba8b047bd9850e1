package digest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"testing"
)

// FIPS 180-4's examples (NIST's SHA256.pdf): one block, two blocks.
func TestKnownSums(t *testing.T) {
	for in, want := range map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	} {
		h := newHasher()
		h.Write([]byte(in))
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			t.Errorf("sha256(%q) = %s, want %s", in, got, want)
		}
	}
}

// The package's own code (the page's) gives crypto/sha256's sums, for every
// length around the padding's edges and for writes split anywhere; Sum
// leaves the hash to go on.
func TestOwnCodeIsSHA256(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 3000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for n := range len(data) {
		if n > 300 && n%97 != 0 {
			continue
		}
		want := sha256.Sum256(data[:n])
		h := newHasher()
		cut := r.IntN(n + 1)
		h.Write(data[:cut])
		h.Sum(nil)
		h.Write(data[cut:n])
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("length %d written at %d: %x, want %x", n, cut, got, want)
		}
	}
	h := newHasher()
	h.Write(data)
	h.Reset()
	if got, want := h.Sum(nil), sha256.Sum256(nil); !bytes.Equal(got, want[:]) {
		t.Error("Reset does not start over")
	}
	if got, want := Sum256(data), sha256.Sum256(data); got != want {
		t.Error("Sum256")
	}
}

// Writes longer than a run of blocks (4 KB, hashed a run per call) give
// crypto/sha256's sums, split anywhere and written in pieces of any size.
func TestLongWrites(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 20000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for _, n := range []int{4095, 4096, 4097, 4160, 8191, 8192, 8257, 12345, 20000} {
		want := sha256.Sum256(data[:n])
		h := newHasher()
		for at := 0; at < n; {
			step := min(n-at, 1+r.IntN(9000))
			h.Write(data[at : at+step])
			at += step
		}
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("length %d in pieces: %x, want %x", n, got, want)
		}
		if got := Sum256(data[:n]); got != want {
			t.Fatalf("Sum256 of length %d: %x, want %x", n, got, want)
		}
	}
}

// The page hashes every gold it reads: this package's code against
// crypto/sha256's, a megabyte at a time. Run under WebAssembly, where
// crypto/sha256 has no assembly either:
//
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench . ./core/digest
func BenchmarkOwnCode(b *testing.B)      { benchmarkHash(b, newHasher()) }
func BenchmarkCryptoSHA256(b *testing.B) { benchmarkHash(b, sha256.New()) }

func benchmarkHash(b *testing.B, h hash.Hash) {
	data := make([]byte, 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		h.Reset()
		h.Write(data)
		h.Sum(nil)
	}
}
