//go:build js && wasm

package digest

import "hash"

// New is a SHA-256 hash.Hash: in WebAssembly this package's own.
func New() hash.Hash { return newHasher() }
