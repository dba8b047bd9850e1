package evaluate_test

import (
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/internal/dataset"
)

// BenchmarkReadCaRBGold reads the bundled CaRB gold as the page does
// (its format detected, the gold read and keyed, the checksum), and
// detects its format alone (docs/page-responsiveness.md).
func BenchmarkReadCaRBGold(b *testing.B) {
	data, err := dataset.ReadFile("carb_explicit.txt")
	if err != nil {
		b.Fatal(err)
	}
	in := evaluate.Input{Path: "carb_explicit.txt", Data: data}
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := evaluate.ReadCaRBGold(in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("detect", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if d := formats.Detect(data); d.Format == nil || d.Format.Name != formats.NameCaRBGold {
				b.Fatalf("detected %v", d.Format)
			}
		}
	})
}
