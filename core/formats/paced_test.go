package formats_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/internal/dataset"
)

// Read with a pause (the page's) detects the format in slices: it pauses
// every 16 of the 200 lines it looks at, and reads what it reads without.
func TestReadDetectsPaced(t *testing.T) {
	data, err := dataset.ReadFile("systems/clausie_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Join(bytes.SplitAfter(data, []byte("\n"))[:300], nil) // under the readers' own pause (1,024 lines)
	plain, err := formats.Read(formats.Input{File: "clausie", Data: data}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	paced, err := formats.Read(formats.Input{File: "clausie", Data: data, Pause: func() { pauses++ }}, nil)
	if err != nil || !reflect.DeepEqual(plain, paced) {
		t.Fatalf("read with pauses: %v, %+v; without: %+v", err, paced, plain)
	}
	if lines := bytes.Count(data, []byte("\n")); lines < 200 || lines >= 1024 || pauses != 200/16 {
		t.Errorf("%d lines read with %d pauses, want %d (detecting)", lines, pauses, 200/16)
	}
}
