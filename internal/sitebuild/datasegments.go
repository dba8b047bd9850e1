package main

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
)

// joinGap is the longest run of zero bytes between two data segments that
// joinDataSegments writes out. Go's linker starts a new segment at every
// run of more than 8 zero bytes, up to 100,000 segments; the page's
// evaluator hit that cap, most of them in the runtime's function lookup
// table (findfunctab, 1.9 MB of which 1.75 MB zeros). Each segment costs
// a header of about 8 bytes of offsets and lengths, which compress badly;
// the zeros they skip cost brotli next to nothing. Joined across gaps of up
// to 128 bytes, the evaluator is about 1 MB larger raw and 0.11 MB smaller
// brotli (README, "What the page's evaluator is made of"; 32, 64, 128 and
// 4096 bytes, or one segment, were within 1% of each other).
const joinGap = 128

// joinDataSegments rewrites a wasm module's data section so that segments
// separated by at most maxGap bytes become one, the gap written as zeros.
// Memory starts zeroed, so the module's initial memory is byte for byte the
// same. Only what Go's linker writes is accepted: active segments of memory
// 0 at constant offsets that do not overlap.
func joinDataSegments(module []byte, maxGap int) ([]byte, error) {
	if len(module) < 8 || !bytes.HasPrefix(module, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a wasm module (version 1)")
	}
	out := bytes.NewBuffer(make([]byte, 0, len(module)+len(module)/8))
	out.Write(module[:8])
	for off := 8; off < len(module); {
		id := module[off]
		size, n := uleb(module[off+1:])
		start := off + 1 + n
		if n == 0 || start+size > len(module) {
			return nil, errors.New("truncated section")
		}
		body := module[start : start+size]
		off = start + size
		switch id {
		case 11: // data
			segs, err := readSegments(body)
			if err != nil {
				return nil, fmt.Errorf("data section: %v", err)
			}
			writeSection(out, 11, writeSegments(joinSegments(segs, maxGap)))
		case 12: // data count: Go writes none, and joining changes the count
			return nil, errors.New("a data count section: not a module Go's linker wrote")
		default:
			out.Write(module[off-size-1-n : off])
		}
	}
	return out.Bytes(), nil
}

// segment is an active data segment: bytes written at an offset of memory 0.
type segment struct {
	at   int
	data []byte
}

func readSegments(b []byte) ([]segment, error) {
	count, n := uleb(b)
	if n == 0 {
		return nil, errors.New("truncated")
	}
	b = b[n:]
	segs := make([]segment, 0, count)
	for range count {
		// flags 0 (active, memory 0), then the offset as (i32.const N) end.
		if len(b) < 2 || b[0] != 0 || b[1] != 0x41 {
			return nil, errors.New("a segment that is not active at a constant offset of memory 0")
		}
		at, n := sleb(b[2:])
		if n == 0 || 2+n >= len(b) || b[2+n] != 0x0b || at < 0 {
			return nil, errors.New("a segment's offset is not one i32.const")
		}
		b = b[3+n:]
		size, n := uleb(b)
		if n == 0 || n+size > len(b) {
			return nil, errors.New("truncated segment")
		}
		segs = append(segs, segment{at, b[n : n+size]})
		b = b[n+size:]
	}
	if len(b) != 0 {
		return nil, errors.New("bytes after the last segment")
	}
	slices.SortFunc(segs, func(x, y segment) int { return x.at - y.at })
	for i := 1; i < len(segs); i++ {
		if segs[i].at < segs[i-1].at+len(segs[i-1].data) {
			return nil, fmt.Errorf("segments overlap at %#x", segs[i].at)
		}
	}
	return segs, nil
}

// joinSegments joins sorted segments whose gap is at most maxGap bytes.
func joinSegments(segs []segment, maxGap int) []segment {
	var joined []segment
	for _, s := range segs {
		if k := len(joined) - 1; k >= 0 && s.at-(joined[k].at+len(joined[k].data)) <= maxGap {
			last := &joined[k]
			last.data = append(last.data, make([]byte, s.at-(last.at+len(last.data)))...)
			last.data = append(last.data, s.data...)
			continue
		}
		joined = append(joined, segment{s.at, slices.Clone(s.data)})
	}
	return joined
}

func writeSegments(segs []segment) []byte {
	var b []byte
	b = appendULEB(b, len(segs))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSLEB(b, s.at)
		b = append(b, 0x0b)
		b = appendULEB(b, len(s.data))
		b = append(b, s.data...)
	}
	return b
}

func writeSection(out *bytes.Buffer, id byte, body []byte) {
	out.WriteByte(id)
	out.Write(appendULEB(nil, len(body)))
	out.Write(body)
}

// uleb reads an unsigned LEB128 of at most 32 bits; n is 0 when b does not
// hold one.
func uleb(b []byte) (v, n int) {
	for shift := 0; n < len(b) && shift < 35; shift += 7 {
		c := b[n]
		n++
		v |= int(c&0x7f) << shift
		if c < 0x80 {
			return v, n
		}
	}
	return 0, 0
}

// sleb reads a signed LEB128 of at most 32 bits (an i32.const's operand).
func sleb(b []byte) (v, n int) {
	shift := 0
	for ; n < len(b) && shift < 35; shift += 7 {
		c := b[n]
		n++
		v |= int(c&0x7f) << shift
		if c < 0x80 {
			if shift+7 < 64 && c&0x40 != 0 {
				v -= 1 << (shift + 7)
			}
			return int(int32(v)), n
		}
	}
	return 0, 0
}

func appendULEB(b []byte, v int) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendSLEB(b []byte, v int) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
