package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
)

// runServe serves the built site. It is the development server behind
// ./build.sh serve: static files only, from 127.0.0.1 unless told otherwise.
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "[--dir dist] [--addr 127.0.0.1:8080]", stderr)
	dir := fs.String("dir", "dist", "folder of the built site")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"serve takes no file arguments"}
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		return errors.New(*dir + "/index.html not found: run ./build.sh build first")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "oiebench site at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return http.Serve(ln, siteHandler(*dir))
}

// siteHandler serves the site with the types browsers need for wasm and
// without caching, so a rebuilt site shows at once.
func siteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if filepath.Ext(r.URL.Path) == ".wasm" {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
