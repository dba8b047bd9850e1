//go:build !(js && wasm)

package main

// browserIdle: natively (tests) the page is idle at once.
func browserIdle() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}
