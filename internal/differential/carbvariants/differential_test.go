package carbvariants

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie16"
	"github.com/oiebench/oiebench/core/wire57"
)

const files = 300

// carbOptions and oie16Options are every variant in both modes.
var (
	carbOptions  []carb.Options
	oie16Options []oie16.Options
)

func init() {
	for _, m := range carb.Modes {
		for _, o := range []carb.Options{{}, {Matching: carb.OneToOne}, {Binary: true}, {Matching: carb.OneToOne, Binary: true}} {
			o.Mode = m
			carbOptions = append(carbOptions, o)
		}
		for _, c := range oie16.Curves {
			oie16Options = append(oie16Options, oie16.Options{Mode: m, Curve: c})
		}
	}
}

// same compares two numbers to 1e-12; NaN equals NaN.
func same(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b || math.Abs(a-b) <= 1e-12
}

type check struct {
	t     *testing.T
	where string
}

func (c check) eq(name string, got, want float64) {
	if !same(got, want) {
		c.t.Errorf("%s: %s = %.17g, oracle %.17g", c.where, name, got, want)
	}
}

func (c check) point(got carb.Point, want Point) {
	c.eq("zero-confidence P", got.Precision, want.P)
	c.eq("zero-confidence R", got.Recall, want.R)
	c.eq("zero-confidence F1", got.F1, want.F1)
	c.eq("zero-confidence threshold", got.Threshold, want.T)
}

// TestDifferential scores a few hundred generated inputs with oiebench's
// scorers, in both modes, and with the oracles, and fails on any difference above
// 1e-12, and on any disagreement about whether the reference stops.
func TestDifferential(t *testing.T) {
	var failures, unreadable int
	for seed := int64(1); seed <= files; seed++ {
		in := Generate(seed)
		name := fmt.Sprintf("seed %d", seed)
		gold, err := carb.ReadGold("gold.tsv", []byte(in.Gold))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, in.Gold)
		}
		allen, err := carb.ReadAllenNLP("sys.allennlp", []byte(in.Allen))
		oracleAllen, ok := parseAllen(in.Allen)
		if (err == nil) != ok {
			t.Fatalf("%s: allennlp read error %v, oracle readable %v", name, err, ok)
		}
		tabbed, err := carb.ReadTabbed("sys.tsv", []byte(in.Tabbed))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		systems := []struct {
			form   string
			preds  *carb.Predictions
			oracle []pred
		}{{"allennlp", allen, oracleAllen}, {"tabbed", tabbed, parseTabbed(in.Tabbed)}}
		for _, sys := range systems {
			for _, opt := range carbOptions {
				c := check{t, fmt.Sprintf("%s %s %s %s", name, sys.form, opt.Title(), opt.Mode)}
				got := carb.ScoreWith(gold, sys.preds, opt)
				want := CaRB(in.Gold, sys.oracle, opt.Matching == carb.OneToOne, opt.Binary, opt.Mode == carb.Corrected)
				if (got.Failure != nil) != want.Fails {
					t.Errorf("%s: failure %v, oracle stops %v", c.where, got.Failure, want.Fails)
					continue
				}
				if want.Fails {
					failures++
					continue
				}
				c.eq("P", got.Precision, want.P)
				c.eq("R", got.Recall, want.R)
				c.eq("F1", got.F1, want.F1)
				c.eq("threshold", got.OptimalThreshold, want.T)
				c.eq("AUC", got.AUC, want.AUC)
				c.point(got.ZeroConf, want.ZeroConf)
			}
			for _, opt := range oie16Options {
				c := check{t, fmt.Sprintf("%s %s OIE16-C %s %s", name, sys.form, opt.Curve, opt.Mode)}
				got := oie16.Score(gold, sys.preds, opt)
				want := OIE16(in.Gold, sys.oracle, opt.Curve == oie16.FromFirstPositive, opt.Mode == carb.Corrected)
				if (got.Failure != nil) != want.Fails || got.Degenerate != want.Degenerate {
					t.Errorf("%s: failure %v degenerate %v, oracle stops %v degenerate %v", c.where, got.Failure, got.Degenerate, want.Fails, want.Degenerate)
					continue
				}
				if want.Fails || want.Degenerate {
					failures++
					continue
				}
				c.eq("P", got.Precision, want.P)
				c.eq("R", got.Recall, want.R)
				c.eq("F1", got.F1, want.F1)
				c.eq("threshold", got.OptimalThreshold, want.T)
				c.eq("AUC", got.AUC, want.AUC)
				c.point(got.ZeroConf, want.ZeroConf)
			}
		}

		// WiRe57-C: the gold in the allennlp form, against the allennlp system.
		var buf bytes.Buffer
		if err := carb.WriteAllenNLPGold(&buf, gold); err != nil {
			t.Fatal(err)
		}
		for _, mode := range carb.Modes {
			c := check{t, name + " WiRe57-C " + mode.String()}
			want, readable := WiRe57C(buf.String(), in.Allen, mode == carb.Corrected)
			wg, err1 := wire57.ReadAllenNLP("gold.allennlp", buf.Bytes())
			ws, err2 := wire57.ReadAllenNLP("sys.allennlp", []byte(in.Allen))
			if (err1 == nil && err2 == nil) != readable {
				t.Errorf("%s: read errors %v %v, oracle readable %v", c.where, err1, err2, readable)
				continue
			}
			if !readable {
				unreadable++
				continue
			}
			for _, g := range []*wire57.AllenNLP{wg, wire57.AllenNLPFromCaRB(gold)} {
				got := wire57.ScoreCaRBGold(g, ws, mode)
				if (got.Failure != nil) != want.Fails {
					t.Errorf("%s: failure %v, oracle stops %v", c.where, got.Failure, want.Fails)
					continue
				}
				c.eq("P", got.Precision, want.P)
				c.eq("R", got.Recall, want.R)
				c.eq("F1", got.F1, want.F1)
				c.eq("precision numerator", got.PrecNum, want.PrecNum)
				c.eq("recall numerator", got.RecNum, want.RecNum)
				c.eq("precision denominator", got.PrecDen, want.PrecDen)
				c.eq("recall denominator", got.RecDen, want.RecDen)
			}
		}
	}
	t.Logf("%d files; %d scorings where the reference stops (or OIE16-C matches nothing), %d files WiRe57-C cannot read", files, failures, unreadable)
}
