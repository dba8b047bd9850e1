// Package digest is SHA-256 (FIPS 180-4) for the checksums and digests the
// command line, the page and the Worker show. Natively it is crypto/sha256
// (with the processor's SHA instructions); compiled to WebAssembly it is
// this package's own code, because crypto/sha256 brings Go's FIPS module
// with it (AES, GCM, its random generator, SHA-3, SHA-512, HMAC and their
// self-tests: 100 KB of code) for a hash the page computes a few times
// (README, "What the page's evaluator is made of").
package digest

import (
	"encoding/binary"
	"hash"
)

// Size is a SHA-256 sum's length in bytes.
const Size = 32

// Sum256 is data's SHA-256 sum.
func Sum256(data []byte) [Size]byte {
	h := New()
	h.Write(data)
	var sum [Size]byte
	h.Sum(sum[:0])
	return sum
}

const blockSize = 64

// hasher is the WebAssembly build's hash.Hash.
type hasher struct {
	h   [8]uint32
	buf [blockSize]byte
	n   int    // bytes in buf
	len uint64 // bytes written
}

// initial is H(0), FIPS 180-4 section 5.3.3.
var initial = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

// k are the round constants, FIPS 180-4 section 4.2.2.
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func newHasher() hash.Hash {
	d := &hasher{}
	d.Reset()
	return d
}

func (d *hasher) Reset()         { d.h, d.n, d.len = initial, 0, 0 }
func (d *hasher) Size() int      { return Size }
func (d *hasher) BlockSize() int { return blockSize }

func (d *hasher) Write(p []byte) (int, error) {
	written := len(p)
	d.len += uint64(len(p))
	if d.n > 0 {
		c := copy(d.buf[d.n:], p)
		d.n += c
		p = p[c:]
		if d.n < blockSize {
			return written, nil
		}
		d.blocks(d.buf[:])
		d.n = 0
	}
	// In runs of 4 KB: V8 moves a WebAssembly function to its optimising
	// compiler between calls, never during one, so a first megabyte hashed
	// in one call would all run in its baseline compiler's code.
	for len(p) >= blockSize {
		n := min(len(p), 4096) &^ (blockSize - 1)
		d.blocks(p[:n])
		p = p[n:]
	}
	d.n = copy(d.buf[:], p)
	return written, nil
}

// Sum appends the sum of what was written so far; d can go on.
func (d *hasher) Sum(in []byte) []byte {
	c := *d
	// Padding, FIPS 180-4 section 5.1.1: 0x80, zeros, the length in bits.
	var pad [blockSize + 8]byte
	pad[0] = 0x80
	n := blockSize - int(c.len%blockSize)
	if n < 9 {
		n += blockSize
	}
	binary.BigEndian.PutUint64(pad[n-8:], c.len<<3)
	c.Write(pad[:n])
	for _, v := range c.h {
		in = binary.BigEndian.AppendUint32(in, v)
	}
	return in
}

// blocks hashes whole blocks, FIPS 180-4 section 6.2.2. Words are loaded
// and rotated by hand, with no call: the page's evaluator is compiled
// without inlining outside its hot packages (internal/sitebuild), and a call
// per word would make the hash twice as slow there.
func (d *hasher) blocks(p []byte) {
	var w [64]uint32
	for ; len(p) >= blockSize; p = p[blockSize:] {
		for i := range 16 {
			j := 4 * i
			w[i] = uint32(p[j])<<24 | uint32(p[j+1])<<16 | uint32(p[j+2])<<8 | uint32(p[j+3])
		}
		for i := 16; i < 64; i++ {
			v1, v2 := w[i-15], w[i-2]
			s0 := (v1>>7 | v1<<25) ^ (v1>>18 | v1<<14) ^ v1>>3
			s1 := (v2>>17 | v2<<15) ^ (v2>>19 | v2<<13) ^ v2>>10
			w[i] = w[i-16] + s0 + w[i-7] + s1
		}
		a, b, c, dd, e, f, g, h := d.h[0], d.h[1], d.h[2], d.h[3], d.h[4], d.h[5], d.h[6], d.h[7]
		for i := range 64 {
			t1 := h + ((e>>6 | e<<26) ^ (e>>11 | e<<21) ^ (e>>25 | e<<7)) + (e&f ^ ^e&g) + k[i] + w[i]
			t2 := ((a>>2 | a<<30) ^ (a>>13 | a<<19) ^ (a>>22 | a<<10)) + (a&b ^ a&c ^ b&c)
			h, g, f, e, dd, c, b, a = g, f, e, dd+t1, c, b, a, t1+t2
		}
		d.h[0] += a
		d.h[1] += b
		d.h[2] += c
		d.h[3] += dd
		d.h[4] += e
		d.h[5] += f
		d.h[6] += g
		d.h[7] += h
	}
}
