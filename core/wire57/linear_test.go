package wire57_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/wire57"
)

// TestReadSystemOneLine: a 2.1 MB WiRe57 system file on one line reads in
// time linear in its size (positions used to be counted from the line
// start, 15 s for such a file).
func TestReadSystemOneLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	n := 0
	for ; b.Len() < 2_100_000; n++ {
		fmt.Fprintf(&b, `"s%d": [{"arg1": "é a", "rel": "r", "arg2": "b", "score": 0.5}], `, n)
	}
	b.WriteString(`"end": []}`)
	start := time.Now()
	systems, err := wire57.ReadSystem("one-line.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	if got := len(systems[0].Extractions); got != n {
		t.Fatalf("%d extractions, want %d", got, n)
	}
	t.Logf("%d bytes, %d extractions read in %v", b.Len(), n, d)
	if d > 3*time.Second {
		t.Errorf("reading took %v", d)
	}
}
