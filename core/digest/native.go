//go:build !(js && wasm)

package digest

import (
	"crypto/sha256"
	"hash"
)

// New is a SHA-256 hash.Hash: natively crypto/sha256's.
func New() hash.Hash { return sha256.New() }
