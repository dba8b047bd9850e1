// Package scaledata writes BenchIE English N times over (package synthetic):
// the gold and the nine English systems as files, for the native scale
// figures (internal/scalebench) and the page's (e2e, BenchmarkScalePage).
package scaledata

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/synthetic"
	"github.com/oiebench/oiebench/internal/dataset"
)

// Systems are the nine English systems, by file name without _explicit.txt.
var Systems = []string{"clausie", "minie", "stanford", "openie6", "roi_t", "roi_n", "naive_oie", "m2oie_en", "graphene"}

// Set is one scale written to a folder.
type Set struct {
	Scale       int
	Gold        string   // DIR/gold.txt
	Systems     []string // DIR/NAME.txt, in the order of Systems
	Sentences   int
	Synsets     int
	Extractions int   // over all systems
	Bytes       int64 // gold and systems
}

// Files lists the gold, then the systems.
func (s Set) Files() []string { return append([]string{s.Gold}, s.Systems...) }

var (
	once     sync.Once
	gold     *benchie.Gold
	systems  []*oie.System
	original error
)

// Originals reads the English gold and systems of the data release, once.
func Originals() (*benchie.Gold, []*oie.System, error) {
	once.Do(func() {
		b, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
		if err != nil {
			original = err
			return
		}
		if gold, err = benchie.ReadGold("en", b, benchie.GoldOptions{}); err != nil {
			original = err
			return
		}
		for _, s := range Systems {
			b, err := dataset.ReadFile("systems/" + s + "_explicit.txt")
			if err != nil {
				original = err
				return
			}
			sys, err := oie.ReadSystem(s, b, oie.SystemOptions{Format: oie.FormatTSV})
			if err != nil {
				original = err
				return
			}
			systems = append(systems, sys)
		}
	})
	return gold, systems, original
}

// Write writes BenchIE English n times over into dir (created if needed):
// gold.txt and one NAME.txt per system, BenchIE TSV.
func Write(dir string, n int, seed uint64) (Set, error) {
	g, ss, err := Originals()
	if err != nil {
		return Set{}, err
	}
	sg, sss, err := synthetic.Scale(g, ss, n, seed)
	if err != nil {
		return Set{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Set{}, err
	}
	set := Set{Scale: n, Gold: filepath.Join(dir, "gold.txt"), Sentences: len(sg.Sentences), Synsets: sg.SynsetCount()}
	var buf bytes.Buffer
	if err := benchie.WriteGold(&buf, sg); err != nil {
		return Set{}, err
	}
	if err := writeFile(&set, set.Gold, buf.Bytes()); err != nil {
		return Set{}, err
	}
	for i, s := range sss {
		buf.Reset()
		if err := oie.WriteTSV(&buf, s.Extractions); err != nil {
			return Set{}, err
		}
		path := filepath.Join(dir, Systems[i]+".txt")
		if err := writeFile(&set, path, buf.Bytes()); err != nil {
			return Set{}, err
		}
		set.Systems = append(set.Systems, path)
		set.Extractions += s.Extractions.Len()
	}
	return set, nil
}

func writeFile(set *Set, path string, data []byte) error {
	set.Bytes += int64(len(data))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("scale %s: %w", strconv.Itoa(set.Scale), err)
	}
	return nil
}
