//go:build !(js && wasm)

package main

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// writeOutput writes a file the CLI produces (--out, --gold-out, --charts)
// so that it is either the old file or the whole new one: a kill or a full
// disk part-way leaves the old file, never a 0-byte or truncated one.
func writeOutput(path string, data []byte) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeAtomic writes into a temporary file in path's directory (a rename
// is atomic only within one file system), syncs it to disk, and renames it
// over path. On any failure the temporary file is removed and path is as
// it was.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	return writeChecked(path, write, nil)
}

// writeBuffered is writeChecked through a buffer: for a file written as
// it is made, in many small writes.
func writeBuffered(path string, write func(io.Writer) error, check func(written string) error) error {
	return writeChecked(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}, check)
}

// writeChecked is writeAtomic with a check of the file written, by its
// temporary name, before it takes path's place: a file the check refuses
// is removed and path is as it was.
func writeChecked(path string, write func(io.Writer) error, check func(written string) error) (err error) {
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		if !info.Mode().IsRegular() {
			return &fs.PathError{Op: "write", Path: path, Err: errors.New("exists and is not a regular file")}
		}
		mode = info.Mode().Perm() // rewriting a file keeps its permissions
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if check != nil {
		if err = check(tmp.Name()); err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}
