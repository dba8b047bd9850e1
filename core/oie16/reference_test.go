package oie16_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie16"
	"github.com/oiebench/oiebench/internal/dataset"
)

func testGold(t testing.TB) *carb.Gold {
	g, err := carb.ReadGold("test.tsv", dataset.MustReadData(t, "carb/gold/test.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSection11 reproduces the OIE16-C column of carb-variants.md section
// 11 that can be computed from CaRB's published files.
func TestSection11(t *testing.T) {
	gold := testGold(t)
	x, err := formats.Read(formats.Input{File: "openie4_output.txt", Data: dataset.MustReadData(t, "carb/systems/test/openie4_output.txt")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range oie16.Curves {
		res := oie16.Score(gold, x.ByText, oie16.Options{Curve: c})
		if res.Failure != nil || math.Abs(res.F1-.558555) > 5e-7 || math.Abs(res.AUC-.376398) > 5e-7 {
			t.Errorf("openie4 (%v): F1 %.9f AUC %.9f, want .558555 .376398 (%v)", c, res.F1, res.AUC, res.Failure)
		}
	}
	// The gold in the allennlp form, scored as a system: 1.0 / 1.0.
	var allen bytes.Buffer
	if err := carb.WriteAllenNLPGold(&allen, gold); err != nil {
		t.Fatal(err)
	}
	self, err := carb.ReadAllenNLP("gold.allennlp", allen.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if res := oie16.Score(gold, self, oie16.Options{}); res.F1 != 1 || res.AUC != 1 || res.Matched != 2715 || res.Records != 2715 {
		t.Errorf("gold as system: F1 %v AUC %v, %d matched of %d records", res.F1, res.AUC, res.Matched, res.Records)
	}
	// oie16.py cannot start with the OpenIE 5 reader (1.2).
	for _, format := range []string{"openie5", "clausie", "reverb"} {
		if f := oie16.ReaderFailure(format, "out.txt"); f == nil || !strings.HasPrefix(f.Error(), "out.txt: the reference OIE16-C could not score this file: ") {
			t.Errorf("reader failure of %s: %v", format, f)
		}
	}
	for _, format := range []string{"openie4", "allennlp", "props"} {
		if f := oie16.ReaderFailure(format, "out.txt"); f != nil {
			t.Errorf("%s: %v", format, f)
		}
	}
	if f := carb.ReaderFailure("reverb", "r.txt", carb.Options{Matching: carb.OneToOne}); f == nil || f.Scorer != "CaRB(s,s)" || carb.ReaderFailure("openie4", "r.txt", carb.Options{}) != nil {
		t.Errorf("CaRB's reader failures: %v", f)
	}
	// PropS has extractions without arguments on gold sentences: the
	// reference stops (6.5); the corrected mode scores them.
	for _, f := range []string{"props_output.txt"} {
		x, err := formats.Read(formats.Input{File: f, Data: dataset.MustReadData(t, "carb/systems/test/"+f)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res := oie16.Score(gold, x.ByText, oie16.Options{}); res.Failure == nil || res.Failure.Line == 0 {
			t.Errorf("%s: the reference stops, but Failure = %v", f, res.Failure)
		}
		if res := oie16.Score(gold, x.ByText, oie16.Options{Mode: carb.Corrected}); res.Failure != nil || !(res.F1 > 0) {
			t.Errorf("%s corrected: %+v", f, res.Failure)
		}
	}
}

// TestEmptyTokens: a gold relation with a double space has an empty token,
// and an allennlp prediction's untrimmed slots have six: in Reference mode
// they match each other (6 of 5 gold tokens), in Corrected mode nothing
// matches.
func TestEmptyTokens(t *testing.T) {
	gold, err := carb.ReadGold("g.tsv", []byte("S\tlives  in\the\tParis\n"))
	if err != nil {
		t.Fatal(err)
	}
	preds, err := carb.ReadAllenNLP("p.txt", []byte("S\t<arg1> x </arg1> <rel> y </rel> <arg2> z </arg2>\t0.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	ref := oie16.Score(gold, preds, oie16.Options{})
	if ref.Matched != 1 || ref.F1 != 1 || ref.AUC != 1 || ref.ZeroConf.Threshold != 0.5 {
		t.Errorf("reference: %+v", ref)
	}
	cor := oie16.Score(gold, preds, oie16.Options{Mode: carb.Corrected})
	if cor.Matched != 0 || !cor.Degenerate || cor.F1 != 0 || ref.SameNumbers(cor) {
		t.Errorf("corrected: %+v", cor)
	}
}

// TestCurveBehaviours: records (matched 0.9), (unmatched 0.5), (unmatched
// 0.1) and 2 gold tuples. scikit-learn 1.2.1 gives points at 0.1 (P 1/3),
// 0.5 (P 1/2) and 0.9 (P 1), all at R = (1/1)·(1/2); 0.23.1 keeps only
// 0.9. Optimal: 0.9, F1 2/3; AUC = 1/2 either way, the zero-width
// segments adding nothing.
func TestCurveBehaviours(t *testing.T) {
	gold, err := carb.ReadGold("g.tsv", []byte("S\tlives\the\tParis\nS\tworks\tshe\tRome\n"))
	if err != nil {
		t.Fatal(err)
	}
	preds, err := carb.ReadTabbed("p.txt", []byte("S\t0.1\tq\tq\tq\nS\t0.9\tlives\the\tParis\nS\t0.5\tw\tw\tw\n"))
	if err != nil {
		t.Fatal(err)
	}
	all := oie16.Score(gold, preds, oie16.Options{})
	drop := oie16.Score(gold, preds, oie16.Options{Curve: oie16.FromFirstPositive})
	if len(all.Curve) != 3 || len(drop.Curve) != 1 || all.Curve[0].Precision != 1.0/3 || all.Curve[0].Recall != 0.5 {
		t.Errorf("curves %+v / %+v", all.Curve, drop.Curve)
	}
	for _, r := range []*oie16.Result{all, drop} {
		if r.F1 != 2.0/3 || r.OptimalThreshold != 0.9 || r.AUC != 0.5 {
			t.Errorf("%v: F1 %v at %v, AUC %v", r.Options.Curve, r.F1, r.OptimalThreshold, r.AUC)
		}
	}
	if c, err := oie16.ParseCurve("sklearn-0.23.1"); err != nil || c != oie16.FromFirstPositive {
		t.Errorf("ParseCurve: %v %v", c, err)
	}
}

// TestLowerCasedKeys: OIE16-C lower-cases sentence keys, so a prediction
// on "The Cat sat ." aligns with the gold "the cat sat ."; two gold
// sentences differing only in case leave the later one.
func TestLowerCasedKeys(t *testing.T) {
	gold, err := carb.ReadGold("g.tsv", []byte("The cat sat .\tsat\tThe cat\nthe cat sat .\tsat\tthe cat\n"))
	if err != nil {
		t.Fatal(err)
	}
	preds, err := carb.ReadTabbed("p.txt", []byte("THE CAT SAT.\t1\tsat\tthe cat\n"))
	if err != nil {
		t.Fatal(err)
	}
	res := oie16.Score(gold, preds, oie16.Options{})
	if res.GoldTuples != 1 || res.Matched != 1 || res.F1 != 1 || len(res.Warnings) != 1 {
		t.Errorf("%d gold tuples, %d matched, F1 %v, warnings %v", res.GoldTuples, res.Matched, res.F1, res.Warnings)
	}
}
