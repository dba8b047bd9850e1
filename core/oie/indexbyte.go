package oie

import "unsafe"

// indexByteWords is strings.IndexByte reading eight bytes at a time. In
// WebAssembly, strings.IndexByte compares byte by byte, and finding the
// line ends of a gold took as long as reading the rest of it (11 ms for the
// English gold under node, against 1.7 ms this way); natively,
// strings.IndexByte uses the processor's vector instructions and is kept
// (indexbyte_*.go choose).
func indexByteWords(s string, c byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	pat := lo * uint64(c)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		// Eight bytes of s (a little-endian, unaligned load; wasm has it):
		// a zero byte of x is a byte equal to c.
		x := *(*uint64)(unsafe.Pointer(unsafe.StringData(s[i:]))) ^ pat
		if (x-lo)&^x&hi != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
