//go:build !race

package main

// raceSlowdown scales the tests' waits (see race_on_test.go).
const raceSlowdown = 1
