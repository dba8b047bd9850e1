//go:build !(js && wasm)

package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A write that stops part-way (a full disk, or a kill: until the rename
// the old file is what is on disk) leaves the old file whole and no
// temporary file behind; one that ends replaces it, keeping its mode.
func TestWriteOutputIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "exercise.html")
	if err := os.WriteFile(path, []byte("the good file"), 0o640); err != nil {
		t.Fatal(err)
	}
	full := errors.New("no space left on device")
	err := writeAtomic(path, func(w io.Writer) error {
		if _, err := w.Write([]byte("half a ne")); err != nil {
			return err
		}
		if b, _ := os.ReadFile(path); string(b) != "the good file" {
			t.Errorf("during the write the file holds %q", b)
		}
		return full
	})
	if !errors.Is(err, full) {
		t.Fatalf("error %v, want the write's", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "the good file" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}

	if err := writeOutput(path, []byte("the new file")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if b, _ := os.ReadFile(path); err != nil || string(b) != "the new file" || info.Mode().Perm() != 0o640 {
		t.Errorf("after the write: %q, mode %v, %v", b, info.Mode(), err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}

	// A folder where the file should go is not replaced.
	if err := writeOutput(dir, []byte("x")); err == nil {
		t.Error("wrote over a folder")
	}
}
