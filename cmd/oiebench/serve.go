//go:build !(js && wasm)

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/oiebench/oiebench/dist"
)

// runServe serves the site: the one embedded in this binary (the page, the
// evaluator and the benchmark data: a complete offline product), or a built
// folder with --dir. It listens on 127.0.0.1 unless told otherwise.
func runServe(args []string, stdout, stderr io.Writer) error {
	flags := newFlagSet("serve", "[--dir FOLDER] [--addr 127.0.0.1:8080]", stderr)
	dir := flags.String("dir", "", "serve this built site folder instead of the embedded site (./build.sh build writes build/site/)")
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on")
	if rest, err := parseInterleaved(flags, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"serve takes no file arguments"}
	}
	site, from := dist.Site(), "embedded in this binary"
	if *dir != "" {
		site, from = os.DirFS(*dir), *dir+"/"
	}
	if _, err := fs.Stat(site, "index.html"); err != nil {
		return errors.New(from + ": index.html not found: run ./build.sh build first")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "oiebench site (%s) at http://%s/ (Ctrl-C stops)\n", from, ln.Addr())
	srv := &http.Server{Handler: dist.Handler(site), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
