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
	read := func(path string) (evaluate.Input, error) {
		b, err := dataset.ReadData(path)
		return evaluate.Input{Path: path, Data: b}, err
	}
	var systems []*evaluate.System
	for _, s := range d.Systems {
		in, err := read(s.File)
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
	in, err := read(d.Gold)
	if err != nil {
		return nil, nil, err
	}
	g, err := evaluate.ReadGold(in, false)
	return g, systems, err
}
