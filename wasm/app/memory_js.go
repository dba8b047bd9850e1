//go:build js && wasm

package main

import "runtime/debug"

func init() {
	debug.SetMemoryLimit(memoryLimit)
	startHolds = true
}
