package main

import (
	"bytes"
	"io"
	"maps"
	"os"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// module is a wasm module with a types section and a data section holding
// segs in the given order.
func module(segs ...segment) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, 1, 1, 0) // types: none
	data := writeSegments(segs)
	m = append(m, 11)
	m = appendULEB(m, len(data))
	return append(m, data...)
}

// dataSection is a module's data section, its segments sorted.
func dataSection(t *testing.T, m []byte) []segment {
	t.Helper()
	for off := 8; off < len(m); {
		size, n := uleb(m[off+1:])
		if m[off] == 11 {
			segs, err := readSegments(m[off+1+n : off+1+n+size])
			if err != nil {
				t.Fatal(err)
			}
			return segs
		}
		off += 1 + n + size
	}
	t.Fatal("no data section")
	return nil
}

// memory is the initial memory the segments write, as its non-zero bytes
// by address (memory starts zeroed): its cost follows the segments' bytes,
// not their addresses, so a segment at 1 GiB costs a byte, not a GiB.
func memory(segs []segment) map[int]byte {
	mem := map[int]byte{}
	for _, s := range segs {
		for i, b := range s.data {
			if b == 0 {
				delete(mem, s.at+i) // a later segment may zero an earlier one's byte
			} else {
				mem[s.at+i] = b
			}
		}
	}
	return mem
}

func TestJoinDataSegments(t *testing.T) {
	segs := []segment{
		{4_134_368, []byte("far, at an offset of three LEB bytes")},
		{100, []byte("abc")},
		{10, []byte("xy")},
		{103 + 128, []byte("a gap of exactly 128")},
		{5_000_000, []byte("after a longer gap")},
		{1 << 30, []byte("z")},
	}
	in := module(segs...)
	out, err := joinDataSegments(in, 128)
	if err != nil {
		t.Fatal(err)
	}
	joined := dataSection(t, out)
	if len(joined) != 4 || joined[0].at != 10 || joined[1].at != 4_134_368 || joined[3].at != 1<<30 {
		t.Errorf("joined into %d segments starting at %v", len(joined), joined)
	}
	if !maps.Equal(memory(joined), memory(dataSection(t, in))) {
		t.Error("the joined segments write another initial memory")
	}
	if !bytes.Equal(out[:11], in[:11]) {
		t.Error("the sections before the data changed")
	}
	if again, err := joinDataSegments(out, 128); err != nil || !bytes.Equal(again, out) {
		t.Errorf("joining twice changes the module (%v)", err)
	}
}

func TestJoinDataSegmentsRefuses(t *testing.T) {
	overlap := module(segment{10, []byte("abcd")}, segment{12, []byte("x")})
	passive := append([]byte("\x00asm\x01\x00\x00\x00"), 11, 4, 1, 1, 1, 'p') // one passive segment
	for name, m := range map[string][]byte{
		"overlap":     overlap,
		"passive":     passive,
		"not wasm":    []byte("\x00asm\x02\x00\x00\x00"),
		"truncated":   module(segment{10, []byte("abc")})[:20],
		"data count":  append(module(), 12, 1, 0),
		"negative at": module(segment{-8, []byte("abc")}),
	} {
		if _, err := joinDataSegments(m, 128); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// The committed evaluator was built by `sitebuild wasm`: its data segments
// are joined (Go's linker alone writes 100,000 of them).
func TestCommittedEvaluatorHasJoinedData(t *testing.T) {
	t.Chdir("../..")
	packed, err := os.ReadFile(packedPath)
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(brotli.NewReader(bytes.NewReader(packed)))
	if err != nil {
		t.Fatal(err)
	}
	segs := dataSection(t, wasm)
	for i := 1; i < len(segs); i++ {
		if gap := segs[i].at - (segs[i-1].at + len(segs[i-1].data)); gap <= joinGap {
			t.Fatalf("%s: a gap of %d bytes at %#x between data segments: not built by sitebuild wasm", packedPath, gap, segs[i].at)
		}
	}
	if len(segs) > 100 {
		t.Errorf("%s has %d data segments", packedPath, len(segs))
	}
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Error("not a wasm module")
	}
}
