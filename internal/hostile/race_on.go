//go:build race

package hostile

// Slowdown scales the tests' wall-clock bounds: the race detector runs
// code several times slower (up to 10×, Go's documentation says), and a
// bound guards against super-linear work, not a measure of speed.
const Slowdown = 10
