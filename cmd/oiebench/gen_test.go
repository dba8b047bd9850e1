//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/synthetic"
)

// gen writes each sentence of the scaled gold as it makes it (the scaled
// gold never held: 100 MB at scale 1 took 685 MiB, now 431): what it
// writes is synthetic.Scale's gold and systems, byte for byte.
func TestGenWritesScale(t *testing.T) {
	gold, sys := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt")
	dir := t.TempDir()
	if _, errs, code := runCLI(t, "gen", "--gold", gold, "--scale", "3", "--seed", "7", "--out", dir, sys); code != 0 {
		t.Fatal(errs)
	}
	read := func(path string) evaluate.Input {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return evaluate.Input{Path: path, Data: b}
	}
	g, err := evaluate.ReadGold(read(gold), false)
	if err != nil {
		t.Fatal(err)
	}
	s, err := evaluate.ReadSystem(read(sys), oie.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	sg, ss, err := synthetic.Scale(g.Gold, []*oie.System{s.System}, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	var wantGold, wantSys bytes.Buffer
	if err := benchie.WriteGold(&wantGold, sg); err != nil {
		t.Fatal(err)
	}
	if err := oie.WriteTSV(&wantSys, ss[0].Extractions); err != nil {
		t.Fatal(err)
	}
	if got := read(filepath.Join(dir, "gold.txt")).Data; !bytes.Equal(got, wantGold.Bytes()) {
		t.Errorf("gen's gold (%d bytes) is not Scale's (%d bytes)", len(got), wantGold.Len())
	}
	if got := read(filepath.Join(dir, filepath.Base(sys))).Data; !bytes.Equal(got, wantSys.Bytes()) {
		t.Errorf("gen's system (%d bytes) is not Scale's (%d bytes)", len(got), wantSys.Len())
	}
}
