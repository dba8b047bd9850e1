package wire57_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/wire57"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestReadSystemOneLine: a 2.1 MB WiRe57 system file on one line reads
// whole, at a cost in proportion to its size: ten times the file allocates
// about ten times as much. (Positions used to be counted from the line
// start, 15 s for such a file; core/oie's TestOffsetsLinear bounds the bytes
// a position lookup reads, which allocating does not show.)
func TestReadSystemOneLine(t *testing.T) {
	oneLine := func(n int) []byte {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, `"s%d": [{"arg1": "é a", "rel": "r", "arg2": "b", "score": 0.5}], `, i)
		}
		b.WriteString(`"end": []}`)
		return []byte(b.String())
	}
	const n = 3_000 // 10n: a 2.1 MB line
	read := 0
	hostile.Proportional(t, "one-line system", n, oneLine, func(in []byte) {
		systems, err := wire57.ReadSystem("one-line.json", in)
		if err != nil {
			t.Fatal(err)
		}
		read = len(systems[0].Extractions)
	}, hostile.Bound{Floor: 1 << 20, PerByte: 64})
	if read != 10*n {
		t.Fatalf("%d extractions, want %d", read, 10*n)
	}
}

// TestExactNotOneToOne: as in the reference, a prediction counts as exact
// when it equals any gold tuple of its sentence and a gold tuple when any
// prediction equals it, even when the greedy one-to-one matching paired
// them otherwise (ClausIE's published 24/223 and 13/343 count this way).
func TestExactNotOneToOne(t *testing.T) {
	gold := `{"D": [{"id": "D 1", "sent": "He died .", "tokens": ["He", "died", "."], "tuples": [
  {"arg1": {"text": "He", "words": ["He"], "words_indexes": [0]}, "rel": {"text": "died", "words": ["died"], "words_indexes": [1]},
   "arg2": {"text": "", "words": [], "words_indexes": []}, "arg3+": [], "attrib/spec?": ""}]}]}`
	sys := `{"D 1": [{"arg1": "He", "rel": "died", "arg2": ""}, {"arg1": "He", "rel": "died", "arg2": ""}, {"arg1": "She", "rel": "died", "arg2": ""}]}`
	g, err := wire57.ReadGold("g.json", []byte(gold))
	if err != nil {
		t.Fatal(err)
	}
	s, err := wire57.ReadSystem("s.json", []byte(sys))
	if err != nil {
		t.Fatal(err)
	}
	res := wire57.Score(g, s[0])
	if res.Matches != 1 || res.ExactPredictions != 2 || res.ExactGold != 1 || res.ExactPrec != 2.0/3 || res.ExactRec != 1 {
		t.Errorf("matches %d, exact predictions %d, exact gold %d (%v, %v); want 1, 2, 1 (2/3, 1)", res.Matches, res.ExactPredictions, res.ExactGold, res.ExactPrec, res.ExactRec)
	}
}
