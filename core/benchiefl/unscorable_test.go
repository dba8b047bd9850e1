package benchiefl

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// TestUnscorable: files written so that the reference script crashes on
// each (benchie-fl.md, sections 1, 3 and 8) are scored and say so; their
// neighbours that it reads say nothing.
func TestUnscorable(t *testing.T) {
	const gold = "sent_id:1\tBob likes tea and coffee .\n1--> Cluster 1:\nBob --> likes --> tea\n1--> Cluster 2:\nBob --> likes --> coffee\n"
	for _, c := range []struct {
		name, gold, sys, want string
	}{
		{"scorable", gold, "1\tBob\tlikes\ttea\n1\tBob\tlikes\ttea.\n1\tBob\tlikes\tcoffee\n1\tBob\tlikes\ttea.\n", ""},
		// The toy case of section 8: a merged exact unit first, R = 1.5.
		{"merged exact first", gold, "1\tBob\tlikes\ttea\n1\tBob\tlikes\ttea\n1\tBob\tlikes\tcoffee\n", ""},
		// The merged second unit's first copy cannot take synset 1 (the
		// exact unit has it): its second copy's synset 1 lies past the
		// first unit's vector.
		{"merged run claims past the first unit", gold, "1\tBob\tlikes\ttea\n1\tBob\tlikes\ttea.\n1\tBob\tlikes\ttea.\n", "IndexError"},
		{"byte-order mark", gold, "\ufeff1\tBob\tlikes\ttea\n", "byte-order mark"},
		{"blank line", gold, "1\tBob\tlikes\ttea\n\n1\tBob\tlikes\tcoffee\n", "1 blank line"},
		{"white space line", gold, "1\tBob\tlikes\ttea\n \t \n", "1 blank line"},
		{"header row", gold, "sent_id\tsubject\trelation\tobject\n1\tBob\tlikes\ttea\n", "header row"},
		{"id int() cannot read", gold, "1\tBob\tlikes\ttea\n1.0\tBob\tlikes\tcoffee\n", `int() cannot read the id "1.0"`},
		{"id past the table", gold, "301\tBob\tlikes\ttea\n", "outside the script's table"},
		{"gold byte-order mark", "\ufeff" + gold, "1\tBob\tlikes\ttea\n", "gold line 1: the gold starts with a byte-order mark"},
		{"gold unbalanced brackets", gold + "\nsent_id:2\tx\nBob --> [likes --> tea\n", "1\tBob\tlikes\ttea\n", "gold line 8: expected as many ']'"},
		{"gold empty synset", strings.Replace(gold, "Bob --> likes --> coffee\n", "", 1), "1\tBob\tlikes\ttea\n", "gold line 4: an empty synset"},
	} {
		g, err := ReadGold("gold", []byte(c.gold), GoldOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sys, err := oie.ReadSystem("sys", []byte(c.sys), oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res := g.Score(sys, Options{})
		warned := false
		for _, w := range res.Warnings {
			warned = warned || strings.Contains(w.Msg, "the reference script could not score this file")
		}
		if c.want == "" && (res.Unscorable != "" || warned) || c.want != "" && (!strings.Contains(res.Unscorable, c.want) || !warned) {
			t.Errorf("%s: unscorable %q (warned %v), want %q", c.name, res.Unscorable, warned, c.want)
		}
		if c.name == "merged exact first" && (res.Reference.Recall != 1.5 || res.Reference.Precision != 2.0/3) {
			t.Errorf("toy case: P %v R %v, want 2/3 and 1.5", res.Reference.Precision, res.Reference.Recall)
		}
	}
}

// TestPyInt: ids are read as Python's int() reads them (the reference's
// by-position reading); what it refuses crashes the script.
func TestPyInt(t *testing.T) {
	for in, want := range map[string]int{"3": 3, "+3": 3, "-299": -299, "03": 3, "1_0": 10, "٣": 3, "３": 3, "𝟗": 9, "1٢": 12} {
		if got, ok := pyInt(in); !ok || got != want {
			t.Errorf("pyInt(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "+", "1.0", "1__0", "_1", "1_", "0x1", "1e3", "Ⅻ", "²"} {
		if got, ok := pyInt(in); ok {
			t.Errorf("pyInt(%q) = %d, want refused", in, got)
		}
	}
}
