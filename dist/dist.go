// Package dist is the site as it is served: the page's shell (index.html,
// style.css, analysis.css, loader.js), Go's wasm_exec.js, the evaluator
// (app.wasm, committed brotli-compressed as app.wasm.br so that a plain
// `go build` or `go install` of the command line has it), and the benchmark
// data (data/, catalogued by core/benchmarks).
//
// The command line embeds it: `oiebench serve` is the whole offline product,
// and `oiebench score --gold benchie:en benchie:en/clausie` reads the
// benchmarks from the binary. Its built files (app.wasm.br, app.wasm.sources,
// wasm_exec.js, index.html's first screen, data/tags_en.json) are the last
// release's: only ./build.sh release rewrites them, so that ordinary commits
// add no evaluator to the history and `go install …@VERSION` embeds the page
// released as VERSION. ./build.sh build writes the checkout's own build of
// them into build/site/ (served by ./build.sh serve and the e2e tests).
package dist

import (
	"bytes"
	"embed"
	"errors"
	"io"
	"io/fs"
	"path"

	"github.com/andybalholm/brotli"
)

//go:embed index.html style.css analysis.css loader.js wasm_exec.js app.wasm.br app.wasm.sources data
var site embed.FS

// Site is the embedded site.
func Site() fs.FS { return site }

// ReadData returns a file of the data folder by its catalogue path
// ("benchie/systems/clausie_explicit.txt").
func ReadData(p string) ([]byte, error) {
	return site.ReadFile(path.Join("data", p))
}

// ReadSite returns a file of the embedded site as the page gets it: F, or
// F.br decompressed (the evaluator is committed as app.wasm.br).
func ReadSite(name string) ([]byte, error) {
	data, err := site.ReadFile(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return data, err
	}
	br, berr := site.ReadFile(name + ".br")
	if berr != nil {
		return nil, err
	}
	return io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
}
