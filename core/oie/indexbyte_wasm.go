//go:build wasm

package oie

// indexByte is the index of the first c in s, or -1 (see indexByteWords).
func indexByte(s string, c byte) int { return indexByteWords(s, c) }
