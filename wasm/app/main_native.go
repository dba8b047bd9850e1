//go:build !(js && wasm)

// Command app is the page's browser entry: it mounts the Vugu UI, reads the
// files a user drops, keeps them in the browser's storage and scores them
// with the core. It runs only as WebAssembly in a page (./build.sh build
// makes dist/app.wasm); this native build only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "wasm/app runs in the browser: build it with GOOS=js GOARCH=wasm (./build.sh build), then ./build.sh serve")
	os.Exit(2)
}
