package report

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// Cells a spreadsheet would run as formulas are written as text; numbers,
// negative ones included, stay numbers.
func TestCSVCellsNeutralised(t *testing.T) {
	r := &Report{Signature: "sig", Systems: []System{
		{Name: "=HYPERLINK(\"http://x\")"}, {Name: "@SUM(A1)"}, {Name: "+1+1"}, {Name: "-2+3"}, {Name: "\tx"}, {Name: "\rx"}, {Name: "-0.25"}, {Name: "plain"},
	}}
	out, err := r.csv()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(out[bytes.IndexByte(out, '\n')+1:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"'=HYPERLINK(\"http://x\")", "'@SUM(A1)", "'+1+1", "'-2+3", "'\tx", "'\rx", "-0.25", "plain"}
	for i, w := range want {
		if got := rows[i+1][0]; got != w {
			t.Errorf("row %d: %q, want %q", i+1, got, w)
		}
	}
}
