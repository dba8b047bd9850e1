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

// A file written whole but refused by its check (errata apply: a new gold
// that does not read back) never takes the old file's place; the check
// reads what was written, all of it; one the check accepts does.
func TestWriteCheckedRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gold.txt")
	if err := os.WriteFile(path, []byte("the good gold"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := errors.New("does not read back")
	write := func(w io.Writer) error { _, err := io.WriteString(w, "a new gold"); return err }
	var seen string
	err := writeBuffered(path, write, func(written string) error {
		b, err := os.ReadFile(written)
		seen = string(b)
		if err != nil {
			return err
		}
		return bad
	})
	if !errors.Is(err, bad) || seen != "a new gold" {
		t.Fatalf("error %v, the check saw %q", err, seen)
	}
	if b, _ := os.ReadFile(path); string(b) != "the good gold" {
		t.Errorf("after a refused check the file holds %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left in the folder, want the gold alone", len(entries))
	}
	if err := writeBuffered(path, write, func(string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "a new gold" {
		t.Errorf("after an accepted check the file holds %q", b)
	}
}
