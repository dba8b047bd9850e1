//go:build !race

package hostile

// Slowdown scales the tests' wall-clock bounds (see race_on.go).
const Slowdown = 1
