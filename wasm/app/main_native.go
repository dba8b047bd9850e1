//go:build !(js && wasm)

// Command app is the page's browser entry: it mounts the Vugu UI, reads the
// files a user drops, keeps them in the browser's storage and scores them
// with the core. It runs as WebAssembly in a page (./build.sh build makes
// build/site/app.wasm). Natively it writes the page's first screen into the shell
// (firstscreen.go), as ./build.sh build does:
//
//	go run ./wasm/app -first build/site/index.html
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/oiebench/oiebench/dist/shell"
)

func main() {
	first := flag.String("first", "", "write the first screen into this shell (build/site/index.html; dist/index.html in a release)")
	flag.Parse()
	if *first == "" {
		fmt.Fprintln(os.Stderr, "wasm/app runs in the browser: build it with GOOS=js GOARCH=wasm (./build.sh build), then ./build.sh serve; natively: -first build/site/index.html writes the first screen")
		os.Exit(2)
	}
	if err := writeFirst(*first); err != nil {
		fmt.Fprintln(os.Stderr, "wasm/app:", err)
		os.Exit(1)
	}
}

// writeFirst renders the first screen into the shell file, in place.
func writeFirst(path string) error {
	html, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	first, err := renderFirst()
	if err != nil {
		return err
	}
	out, err := shell.WithFirstScreen(html, first)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}
