package formats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/internal/dataset"
)

// TestBundledDetected: every file of the bundled BenchIE and BenchIE^FL
// data is recognised as what it is.
func TestBundledDetected(t *testing.T) {
	n := 0
	for _, dir := range []func() (string, error){dataset.Dir, dataset.FLDir} {
		root, err := dir()
		if err != nil {
			t.Fatal(err)
		}
		err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txt") {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			want := ""
			switch {
			case strings.Contains(rel, "gold") || strings.Contains(rel, "annotat"):
				want = formats.NameBenchIEGold
			case strings.HasPrefix(filepath.Base(rel), "sample300") || strings.Contains(rel, "sentences"):
				want = formats.NameSentenceList // recognised to be refused as extractions
			case strings.HasPrefix(filepath.Base(rel), "carb_"):
				want = formats.NameCaRBGold
			default:
				want = formats.NameBenchIETSV
			}
			got := ""
			if d := formats.Detect(data); d.Format != nil {
				got = d.Format.Name
			}
			if got != want {
				t.Errorf("%s detected as %q, want %q", rel, got, want)
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files", n)
}
