//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"

	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/report"
)

// writeCharts writes every chart of an analysed report as DIR/KEY.svg: the
// drawings the page shows and exports.
func writeCharts(dir string, r *report.Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range chart.Figures(r) {
		if err := writeOutput(filepath.Join(dir, f.Key+".svg"), []byte(f.SVG)); err != nil {
			return err
		}
	}
	return nil
}
