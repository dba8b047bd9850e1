//go:build !wasm

package oie

import "strings"

// indexByte is the index of the first c in s, or -1 (see indexByteWords).
func indexByte(s string, c byte) int { return strings.IndexByte(s, c) }
