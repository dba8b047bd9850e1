// Package shipped reads a shipped data set of the catalogue whole, for
// tests (apart from package dataset, which the packages below evaluate use).
package shipped

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// Read reads a shipped data set of the catalogue (benchmarks.DatasetByKey):
// its gold and every system, each named by its label.
func Read(key string) (*evaluate.Gold, []*evaluate.System, error) {
	d, ok := benchmarks.DatasetByKey(key)
	if !ok {
		return nil, nil, fmt.Errorf("no data set %q", key)
	}
	var systems []*evaluate.System
	for _, s := range d.Systems {
		in, err := input(s.File)
		if err != nil {
			return nil, nil, err
		}
		in.Name = s.Label
		sys, err := evaluate.ReadSystem(in, "")
		if err != nil {
			return nil, nil, err
		}
		systems = append(systems, sys)
	}
	g, err := Gold(key)
	return g, systems, err
}

// Gold reads the gold of a shipped data set alone.
func Gold(key string) (*evaluate.Gold, error) {
	d, ok := benchmarks.DatasetByKey(key)
	if !ok {
		return nil, fmt.Errorf("no data set %q", key)
	}
	in, err := input(d.Gold)
	if err != nil {
		return nil, err
	}
	return evaluate.ReadGold(in, false)
}

// input is a shipped file, by its path under the data folder.
func input(path string) (evaluate.Input, error) {
	b, err := dataset.ReadData(path)
	return evaluate.Input{Path: path, Data: b}, err
}
