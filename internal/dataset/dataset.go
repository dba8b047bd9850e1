// Package dataset finds the benchmark data the repository ships (dist/data,
// the site's own copy) and the reference numbers the tests reproduce
// (testdata/expected), for tests, benchmarks and builds. Both are committed:
// nothing outside the checkout is read.
package dataset

import (
	"encoding/json"
	"errors"
	"os"
	"path"
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

// Dir returns the folder of the BenchIE data release (dist/data/benchie).
func Dir() (string, error) { return inRoot("dist", "data", "benchie") }

// FLDir returns the folder of the BenchIE^FL data (dist/data/benchie_fl).
func FLDir() (string, error) { return inRoot("dist", "data", "benchie_fl") }

// ExpectedDir returns the folder of the reference numbers (testdata/expected).
func ExpectedDir() (string, error) { return inRoot("testdata", "expected") }

func inRoot(parts ...string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	d := filepath.Join(append([]string{root}, parts...)...)
	if _, err := os.Stat(d); err != nil {
		return "", err
	}
	return d, nil
}

// ReadFile reads a file of the BenchIE data release, by its path inside it.
func ReadFile(name string) ([]byte, error) { return ReadData(path.Join("benchie", name)) }

// Expected decodes testdata/expected/NAME.json into v.
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

// ReadData reads a file of the site's data folder (dist/data), by a
// catalogue path such as "benchie/systems/clausie_explicit.txt".
func ReadData(path string) ([]byte, error) {
	d, err := inRoot("dist", "data")
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(d, path))
}

// TB is what MustReadData needs of a testing.TB (the package stays free of
// package testing: builds use it too).
type TB interface {
	Helper()
	Fatal(args ...any)
}

// MustReadData is ReadData for a test or benchmark, which it ends when the
// file cannot be read.
func MustReadData(t TB, path string) []byte {
	t.Helper()
	b, err := ReadData(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ReadSite reads a file of the site (dist), by its path there.
func ReadSite(path string) ([]byte, error) {
	d, err := inRoot("dist")
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(d, path))
}
