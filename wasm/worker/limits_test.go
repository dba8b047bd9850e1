package main

import (
	"bytes"
	"os"
	"testing"
)

// limits.json, which entry.mjs reads, holds handler.go's figures.
func TestLimitsFile(t *testing.T) {
	got, err := os.ReadFile("limits.json")
	if err != nil {
		t.Fatal(err)
	}
	if want := limitsFile(); !bytes.Equal(got, want) {
		t.Errorf("wasm/worker/limits.json differs from handler.go's figures; write it again:\n%s", want)
	}
}
