package explain

import (
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/internal/shipped"
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
	g, systems, err := shipped.Read(key)
	if err != nil {
		t.Fatal(err)
	}
	return g, systems
}
