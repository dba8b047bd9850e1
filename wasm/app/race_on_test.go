//go:build race

package main

// raceSlowdown scales the tests' waits: the race detector runs the
// evaluator several times slower, and a wait is a bound, not a benchmark.
const raceSlowdown = 10
