//go:build !(js && wasm)

package singlefile

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
)

// Bundle is BundleWith with Go's gzip at its best level (Gzip): the
// command line's and the build's. Like Embedded, it is left out of
// WebAssembly builds, so that the page's evaluator holds no part of
// compress/gzip (not even its package initialisation).
func Bundle(read func(path string) ([]byte, error), assets []Asset, title string) ([]byte, error) {
	return BundleWith(read, assets, title, Gzip)
}

// Gzip compresses data at gzip's best level: how Bundle embeds a file.
func Gzip(data []byte) ([]byte, error) {
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(data) // a bytes.Buffer does not fail
	w.Close()
	return z.Bytes(), nil
}

// Embedded returns the file a page made by Bundle embeds under path, as it
// was given: what the page's loader decodes, for checking a page made.
func Embedded(page []byte, path string) ([]byte, error) {
	var inner string
	found := false
	tag{fmt.Sprintf("data-asset=%q>", path), "<"}.replace(page, func(s string) []byte {
		if !found {
			inner, found = s, true
		}
		return nil
	})
	if !found {
		return nil, fmt.Errorf("the page embeds no %s", path)
	}
	z, err := base64.StdEncoding.DecodeString(inner)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return io.ReadAll(r)
}
