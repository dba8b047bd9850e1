package carb_test

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/hostile"
)

var goldSeeds = []string{
	"He left .\tleft\tHe\n",
	"He served as PM .\tserved as\tHe\tPM\tC: he said\nHe served as PM .\tis\tHe\tPM\tin 1901\n",
	"\ufeffA -LRB- b -RRB- .\t\tx\r\nA ( b ) .\tbe\tx\ty\n",
	"only\n",
	"\n\n",
	"S\tr\ta\xff\n",
	"U.S.\tsaid\tx\ty\nUS\ttold\ty\tx\n",
}

var tabbedSeeds = []string{
	"He left .\t1.0\tleft\tHe\tParis\n",
	"He left .\t0.5\tleft\tHe\t\nHe left .\t-1e3\tbe\tHe\tParis\tin 1950\n",
	"S\tNaN\tr\ta\n",
	"S\t1\tr\n",
	"  \t1\tr\ta\n",
	"\ufeffS\t1\tr\ta\r\n",
}

// checkParseError: a reader's error is a positioned ParseError.
func checkParseError(t *testing.T, err error) {
	var pe *oie.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is a %T, not a *oie.ParseError", err, err)
	}
	if pe.Line < 1 || pe.Column < 0 || pe.Err == nil {
		t.Fatalf("error %v has no position or kind: %+v", err, pe)
	}
}

func checkScore(t *testing.T, res *carb.Result) {
	for _, v := range []float64{res.Precision, res.Recall, res.F1, res.AUC, res.PrecNum, res.RecNum} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			t.Fatalf("bad number in %+v", res)
		}
	}
	if res.Precision > 1 {
		t.Fatalf("precision %v above 1", res.Precision)
	}
	for i := 1; i < len(res.PRPoints); i++ {
		if res.PRPoints[i][2] <= res.PRPoints[i-1][2] || res.PRPoints[i][0] > res.PRPoints[i-1][0] {
			t.Fatalf("PR points out of order: %v", res.PRPoints)
		}
	}
}

func FuzzReadGold(f *testing.F) {
	for _, s := range goldSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		g, err := carb.ReadGold("fuzz.txt", data)
		if err != nil {
			if g != nil {
				t.Fatal("gold returned with an error")
			}
			checkParseError(t, err)
			return
		}
		keys := map[string]bool{}
		var preds carb.Predictions
		for _, s := range g.Sentences {
			if len(s.Tuples) == 0 || s.Key != carb.SentenceKey(s.Text) || keys[s.Key] {
				t.Fatalf("bad sentence %+v", s)
			}
			keys[s.Key] = true
			if got, ok := g.Lookup(s.Text); !ok || got != s {
				t.Fatalf("Lookup(%q) = %v", s.Text, got)
			}
			for _, tu := range s.Tuples {
				preds.Extractions = append(preds.Extractions, carb.Prediction{Sentence: s.Text, Confidence: 1, Tuple: tu.Tuple})
			}
		}
		// The gold scored against itself.
		res := carb.Score(g, &preds)
		checkScore(t, res)
		// Only a gold whose every relation is empty matches nothing: F1 is
		// then undefined at the one threshold and the optimal point is the
		// reference's (0, 0, 0).
		undefined := math.IsNaN(res.ZeroConf.F1) && res.PrecDen == 0
		if res.PredictionsWithoutGold != 0 || res.RecDen != float64(g.TupleCount()) || res.PrecDen != float64(g.TupleCount()) && !undefined {
			t.Fatalf("self-score %+v", res)
		}
	})
}

func FuzzReadTabbed(f *testing.F) {
	for _, s := range tabbedSeeds {
		f.Add([]byte(s))
	}
	gold, err := carb.ReadGold("gold.txt", []byte(goldSeeds[1]+goldSeeds[2]+"He left .\tleft\tHe\tParis\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		p, err := carb.ReadTabbed("fuzz.txt", data)
		if err != nil {
			if p != nil {
				t.Fatal("predictions returned with an error")
			}
			checkParseError(t, err)
			return
		}
		checkScore(t, carb.Score(gold, p))
		// What was read writes back and reads back the same, unless a field
		// holds a carriage return, which the tabbed form cannot carry.
		var buf bytes.Buffer
		if err := carb.WriteTabbed(&buf, p); err != nil {
			if !strings.Contains(err.Error(), "line break") || !bytes.Contains(data, []byte("\r")) {
				t.Fatalf("cannot write what was read: %v", err)
			}
			return
		}
		back, err := carb.ReadTabbed("back.txt", buf.Bytes())
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%q", err, buf.String())
		}
		if len(back.Extractions) != len(p.Extractions) {
			t.Fatalf("%d extractions read back as %d", len(p.Extractions), len(back.Extractions))
		}
		for i, e := range p.Extractions {
			b := back.Extractions[i]
			e.Line, b.Line = 0, 0
			if !reflect.DeepEqual(e, b) {
				t.Fatalf("extraction %d: %#v read back as %#v", i, e, b)
			}
		}
	})
}
