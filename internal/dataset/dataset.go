// Package dataset finds the BenchIE data release and the reference numbers
// for tests, benchmarks and builds. The data is never committed: it is looked
// up in $OIEBENCH_DATA, then ./data/benchie, then ../shared/data/benchie
// (relative to the module root), the same order build.sh uses.
package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Root returns the module root (the folder holding go.mod).
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// Dir returns the folder of the BenchIE data release.
func Dir() (string, error) {
	if d := os.Getenv("OIEBENCH_DATA"); d != "" {
		return d, nil
	}
	root, err := Root()
	if err != nil {
		return "", err
	}
	for _, d := range []string{filepath.Join(root, "data", "benchie"), filepath.Join(root, "..", "shared", "data", "benchie")} {
		if _, err := os.Stat(filepath.Join(d, "benchie_gold_annotations_en.txt")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("BenchIE data not found: set OIEBENCH_DATA or place the release in ./data/benchie (see README, Data)")
}

// ExpectedDir returns the folder of the reference numbers (expected/*.json),
// which sits beside the data's parent as in ../shared.
func ExpectedDir() (string, error) {
	if d := os.Getenv("OIEBENCH_EXPECTED"); d != "" {
		return d, nil
	}
	d, err := Dir()
	if err != nil {
		return "", err
	}
	e := filepath.Join(d, "..", "..", "expected")
	if _, err := os.Stat(e); err != nil {
		return "", fmt.Errorf("reference numbers not found at %s: set OIEBENCH_EXPECTED", e)
	}
	return e, nil
}

// ReadFile reads a file of the data release, by its path inside it.
func ReadFile(name string) ([]byte, error) {
	d, err := Dir()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(d, name))
}

// Expected decodes expected/NAME.json into v.
func Expected(name string, v any) error {
	d, err := ExpectedDir()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(d, name+".json"))
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
