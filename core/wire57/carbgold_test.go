package wire57_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/wire57"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/internal/hostile"
)

// carbTestGold reads CaRB's test gold (MIT) as the site ships it.
func carbTestGold(t testing.TB) *carb.Gold {
	t.Helper()
	data := dataset.MustReadData(t, "carb/gold/test.tsv")
	g, err := carb.ReadGold("test.tsv", data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestWiRe57CGoldAsSystem is section 11's WiRe57-C cell for the gold as a
// system: P 1.0, R 1.0000088 and F1 1.0000044 (recall above 1 through
// repeated words), with the gold taken from the tsv or from its allennlp
// form, in both modes.
func TestWiRe57CGoldAsSystem(t *testing.T) {
	g := carbTestGold(t)
	var buf bytes.Buffer
	if err := carb.WriteAllenNLPGold(&buf, g); err != nil {
		t.Fatal(err)
	}
	allen, err := wire57.ReadAllenNLP("test_gold_allennlp.txt", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, gold := range []*wire57.AllenNLP{wire57.AllenNLPFromCaRB(g), allen} {
		for _, mode := range carb.Modes {
			res := wire57.ScoreCaRBGold(gold, allen, mode)
			if res.Failure != nil || res.Precision != 1 || math.Abs(res.Recall-1.0000088) > 5e-8 || math.Abs(res.F1-1.0000044) > 5e-8 ||
				res.PrecDen != 2715 || res.RecDen != 2715 || res.Matches != 2715 {
				t.Errorf("%s: P %v R %v F1 %v, %d matches (%v)", mode, res.Precision, res.Recall, res.F1, res.Matches, res.Failure)
			}
		}
	}
}

// TestWiRe57CReader covers the reader quirks of carb-variants.md 7.1.
func TestWiRe57CReader(t *testing.T) {
	a, err := wire57.ReadAllenNLP("s.txt", []byte(
		"S\t<arg1>area</arg1> <rel>lower</rel> <arg2> x </arg2>\t0.5\n\n"+
			"S\t<arg1> a <arg1> b </arg1> c </arg1> <rel> r </rel> <arg2>  </arg2>\tz\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Lines[0].Ref; got != [3]string{"e", "ow", "x"} {
		t.Errorf("tag stripping: %q", got)
	}
	if got := a.Lines[0].Exact; got != [3]string{"area", "lower", "x"} {
		t.Errorf("exact slots: %q", got)
	}
	if got := a.Lines[1].Ref[0]; got != "a <arg1> b </arg1> c" || a.Lines[1].Ref[2] != "" || a.Lines[1].Line != 3 {
		t.Errorf("greedy span: %q, line %d", got, a.Lines[1].Line)
	}
	for _, bad := range []struct{ in, want string }{
		{"S\t<arg1> a </arg1> <rel> r </rel>\t1\n", "s.txt:1:3: expected <arg2>...</arg2>"},
		{"S\t<arg1> a </arg1> <rel> r </rel> <arg2> b </arg2>\n", "s.txt:1:51: expected exactly 3 tab-separated fields"},
		{"S\t<arg1> a </arg1> <rel> r </rel> <arg2> b </arg2>\t1\textra\n", "s.txt:1:59: expected exactly 3"},
		{"\n\n", "s.txt:1: no extractions"},
	} {
		if _, err := wire57.ReadAllenNLP("s.txt", []byte(bad.in)); err == nil || !strings.HasPrefix(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %s", bad.in, err, bad.want)
		}
	}
}

// TestWiRe57CRules: an empty gold arg2 is matched only by an empty
// predicted arg2; the last run of a non-contiguous sentence replaces the
// earlier ones in Reference mode; a system on no gold sentence is a
// reference failure.
func TestWiRe57CRules(t *testing.T) {
	read := func(s string) *wire57.AllenNLP {
		a, err := wire57.ReadAllenNLP("f", []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	gold := read("S\t<arg1> he </arg1> <rel> left </rel> <arg2>  </arg2>\t1\n")
	// With a non-empty arg2 the pair fails; with an empty one it matches.
	if res := wire57.ScoreCaRBGold(gold, read("S\t<arg1> he </arg1> <rel> left </rel> <arg2> home </arg2>\t1\n"), carb.Reference); res.Matches != 0 || res.PrecDen != 1 {
		t.Errorf("non-empty arg2 against an empty gold arg2: %+v", res)
	}
	// Runs: S (matching), T, S (not matching). Reference keeps the last
	// run of S only; Corrected keeps both.
	sys := read("S\t<arg1> he </arg1> <rel> left </rel> <arg2>  </arg2>\t1\n" +
		"T\t<arg1> x </arg1> <rel> y </rel> <arg2> z </arg2>\t1\n" +
		"S\t<arg1> she </arg1> <rel> came </rel> <arg2>  </arg2>\t1\n")
	ref, cor := wire57.ScoreCaRBGold(gold, sys, carb.Reference), wire57.ScoreCaRBGold(gold, sys, carb.Corrected)
	if ref.Precision != 0 || ref.PrecDen != 1 || ref.Superseded != 1 || ref.PredictionsWithoutGold != 1 {
		t.Errorf("reference: %+v", ref)
	}
	if cor.Precision != 0.5 || cor.Recall != 1 || cor.PrecDen != 2 || cor.Superseded != 0 {
		t.Errorf("corrected: %+v", cor)
	}
	if res := wire57.ScoreCaRBGold(gold, read("T\t<arg1> x </arg1> <rel> y </rel> <arg2> z </arg2>\t1\n"), carb.Reference); res.Failure == nil {
		t.Error("no failure for a system on no gold sentence")
	}
}

// FuzzReadAllenNLP: WiRe57-C's reader returns every line or a positioned
// *oie.ParseError, and a file scored against itself, in either mode,
// gives finite numbers with a precision of at most 1.
func FuzzReadAllenNLP(f *testing.F) {
	for _, s := range []string{
		"S\t<arg1> he </arg1> <rel> left </rel> <arg2>  </arg2>\t0.5\n",
		"S\t<arg1>area</arg1> <rel>lower</rel> <arg2></arg2>\tx\nT\t<arg1> a </arg1><rel> b </rel><arg2> c </arg2>\t1\nS\t<arg2> </arg2><rel></rel><arg1> q </arg1>\t1\n",
		"S\t<arg1> a </arg1> <rel> r </rel>\t1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		a, err := wire57.ReadAllenNLP("fuzz.txt", data)
		if err != nil {
			if a != nil {
				t.Fatal("lines returned with an error")
			}
			checkParseError(t, err)
			return
		}
		for _, mode := range carb.Modes {
			res := wire57.ScoreCaRBGold(a, a, mode)
			for _, v := range []float64{res.Precision, res.Recall, res.F1, res.PrecNum, res.RecNum} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || res.Precision > 1 || res.Failure != nil {
					t.Fatalf("%s: %+v", mode, res)
				}
			}
		}
	})
}
