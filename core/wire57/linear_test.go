package wire57_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/wire57"
	"github.com/oiebench/oiebench/internal/hostile"
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
	if d > hostile.Slowdown*3*time.Second {
		t.Errorf("reading took %v", d)
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
