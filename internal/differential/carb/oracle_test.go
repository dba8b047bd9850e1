package carbdiff

import (
	"go/parser"
	"go/token"
	"math"
	"strings"
	"testing"
)

// TestOracleByHand: the oracle on an example worked out by hand from the
// specification, so that a wrong oracle cannot agree with a wrong scorer
// unnoticed.
//
// Gold: (John; eats; apples), (Mary; likes; pears). Predictions: 0.9
// (John; eats; apples), 0.5 (Mary; likes; apples), 0.2 (Mary; likes;
// pears), and 0.7 on a sentence without gold, which is a threshold too.
// At 0.2: R 1, P 2/3. At 0.5: R 5/6, P 5/6 (best F1). At 0.7 and 0.9: R 1/2,
// P 1. AUC = 1/2 + 11/36 + 1/8 = 67/72.
func TestOracleByHand(t *testing.T) {
	gold, err := ReadGold([]byte("John eats apples , Mary likes pears .\teats\tJohn\tapples\n" +
		"John eats apples , Mary likes pears .\tlikes\tMary\tpears\n"))
	if err != nil {
		t.Fatal(err)
	}
	sys, err := ReadTabbed([]byte("John eats apples , Mary likes pears .\t0.9\teats\tJohn\tapples\n" +
		"John eats apples , Mary likes pears .\t0.5\tlikes\tMary\tapples\n" +
		"Another sentence .\t0.7\tis\tit\tanother\n" +
		"John eats apples , Mary likes pears .\t0.2\tlikes\tMary\tpears\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := Score(gold, sys)
	for _, v := range []struct {
		what      string
		got, want float64
	}{{"P", r.Precision, 5.0 / 6}, {"R", r.Recall, 5.0 / 6}, {"threshold", r.Threshold, 0.5}, {"AUC", r.AUC, 67.0 / 72}, {"points", float64(len(r.Points)), 4}} {
		if math.Abs(v.got-v.want) > 1e-12 {
			t.Errorf("%s = %v, want %v", v.what, v.got, v.want)
		}
	}
	// The "said" rule swaps the arguments; "be" matches a form of be.
	said := pairScore(tuple{rel: "said", args: []string{"he", "it rains"}}, tuple{rel: "said", args: []string{"it rains", "he"}})
	be := pairScore(tuple{rel: "is in", args: []string{"Paris", "France"}}, tuple{rel: "be in", args: []string{"Paris", "France"}})
	if said != [2]float64{1, 1} || be != [2]float64{1, 1} {
		t.Errorf("said %v, be %v", said, be)
	}
}

// TestOracleIndependent: the oracle and the generator import nothing of
// oiebench, so that they share no code with the scorer they check.
func TestOracleIndependent(t *testing.T) {
	for _, file := range []string{"oracle.go", "generate.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if strings.Contains(imp.Path.Value, "oiebench") {
				t.Errorf("%s imports %s", file, imp.Path.Value)
			}
		}
	}
}
