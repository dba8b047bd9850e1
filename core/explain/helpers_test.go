package explain

import (
	"testing"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

func readInput(t testing.TB, name string) evaluate.Input {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return evaluate.Input{Path: name, Data: b}
}

func readGold(t testing.TB, name string) *evaluate.Gold {
	t.Helper()
	g, err := evaluate.ReadGold(readInput(t, name), false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bundled reads a bundled data set: its gold and every system.
func bundled(t testing.TB, key string) (*evaluate.Gold, []*evaluate.System) {
	t.Helper()
	d, ok := benchmarks.DatasetByKey(key)
	if !ok {
		t.Fatalf("no data set %q", key)
	}
	var systems []*evaluate.System
	read := func(path string) evaluate.Input {
		b, err := dataset.ReadData(path)
		if err != nil {
			t.Fatal(err)
		}
		return evaluate.Input{Path: path, Data: b}
	}
	for _, s := range d.Systems {
		in := read(s.File)
		in.Name = s.Label
		sys, err := evaluate.ReadSystem(in, "")
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, sys)
	}
	g, err := evaluate.ReadGold(read(d.Gold), false)
	if err != nil {
		t.Fatal(err)
	}
	return g, systems
}
