//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/oiebench/oiebench/dist"
)

// The native build is the development server: the Worker's handler plus the
// built site, on 127.0.0.1 unless told otherwise. It listens on $PORT
// (default 8787, wrangler's port) as syumai/workers' native Serve does, but
// not on every interface.
func main() {
	dir := flag.String("dir", "build/site", "folder of the built site (./build.sh build makes it)")
	host := flag.String("host", "127.0.0.1", "address to listen on")
	flag.Parse()
	port := os.Getenv("PORT")
	if port == "" {
		port = "8787"
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		fmt.Fprintf(os.Stderr, "warning: %s/index.html not found (run ./build.sh build): only the API is served\n", *dir)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(*host, port))
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
	fmt.Printf("oiebench worker (native) at http://%s/: API at /api/health and /api/score, site from %s/ (Ctrl-C stops)\n", ln.Addr(), *dir)
	srv := &http.Server{Handler: newHandler(dist.Handler(os.DirFS(*dir))), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintln(os.Stderr, "worker:", srv.Serve(ln))
	os.Exit(1)
}
