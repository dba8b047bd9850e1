package evaluate_test

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// The camelCase names the page's API took read as their snake_case members.
func TestDecodeRequestAliases(t *testing.T) {
	snake, err := evaluate.DecodeRequest([]byte(`{"gold": "g", "e_gold": "e", "systems": {"a": "x"}, "system_format": "tsv", "facets": ["minimal"],
		"scorers": ["benchie", "benchie-fl"], "fl_mode": "corrected", "reference_compat": true, "strict_gold": true}`))
	if err != nil {
		t.Fatal(err)
	}
	camel, err := evaluate.DecodeRequest([]byte(`{"gold": "g", "eGold": "e", "systems": {"a": "x"}, "systemFormat": "tsv", "facets": ["minimal"],
		"scorers": ["benchie", "benchie-fl"], "flMode": "corrected", "referenceCompat": true, "strictGold": true}`))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(snake, camel) {
		t.Errorf("camelCase %+v\nsnake_case %+v", camel, snake)
	}
	want := evaluate.Request{
		Gold: evaluate.Input{Path: "gold", Data: []byte("g")}, EGold: &evaluate.Input{Path: "e_gold", Data: []byte("e")},
		Systems: []evaluate.Input{{Name: "a", Path: "systems/a", Data: []byte("x")}}, SystemFormat: "benchie-tsv", FL: true,
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Minimal}, FLCorrected: true, ReferenceCompat: true, StrictGold: true},
	}
	if !reflect.DeepEqual(snake, want) {
		t.Errorf("decoded %+v\nwant %+v", snake, want)
	}
}

// Errors point at the member at fault; an alias and its member together are
// one member given twice.
func TestDecodeRequestErrors(t *testing.T) {
	for _, c := range []struct{ body, msg string }{
		{`{"gold": "g", "systems": {"a": "x"}, "systemformat": "tsv"}`, `request body:1:38: unknown member "systemformat"`},
		{`{"gold": "g", "systems": {"a": "x"}, "flMode": "reference", "fl_mode": "y"}`, `request body:1:61: "fl_mode" is given twice`},
		{`{"gold": "g", "systems": {"a": "x"}, "systemFormat": "csv"}`, `request body:1:54: system_format: unknown system format "csv"`},
		{`{"gold": "g", "systems": {"a": "x"}, "scorers": ["benchie-fl"], "fl_mode": "x"}`, `request body:1:76: fl_mode: unknown mode "x"`},
		{`{"gold": "g", "systems": {"a": "x"}, "strictGold": 1}`, `request body:1:52: strict_gold must be true or false, found a number`},
		{`{"gold": "g", "systems": {"a": "x"}, "e_gold": []}`, `request body:1:48: e_gold must be a string`},
	} {
		_, err := evaluate.DecodeRequest([]byte(c.body))
		var pe *oie.ParseError
		if err == nil || !strings.HasPrefix(err.Error(), c.msg) || !errors.As(err, &pe) || !errors.Is(err, evaluate.ErrRequest) {
			t.Errorf("%s: %v, want %s", c.body, err, c.msg)
		}
	}
}

// The command line's parsers say the same as the request's members.
func TestParsers(t *testing.T) {
	if sc, err := evaluate.ParseScorers([]string{"benchie-fl", "carb"}); err != nil || sc != (evaluate.Scorers{FL: true, CaRB: true}) {
		t.Errorf("%+v %v", sc, err)
	}
	if _, err := evaluate.ParseScorers([]string{"benchie", "benchie"}); err == nil {
		t.Error("a scorer twice")
	}
	if _, err := evaluate.ParseScorers([]string{"bench"}); err == nil || !strings.Contains(err.Error(), "expected benchie, benchie-fl, carb, wire57, carb-ss, oie16 or openie6") {
		t.Error(err)
	}
	if c, err := evaluate.ParseFLMode("corrected"); !c || err != nil {
		t.Error(c, err)
	}
	if fs, err := evaluate.ParseFacets(evaluate.SplitList(" concat, ,regular")); err != nil || !reflect.DeepEqual(fs, []benchie.Facet{benchie.Concat, benchie.Regular}) {
		t.Error(fs, err)
	}
}

// gold_format names carb_gold's format: an OIE2016 gold too short to be told
// by evidence is refused detected, and read with the head column dropped when
// named; a BenchIE gold's name changes nothing.
func TestRequestGoldFormat(t *testing.T) {
	const gold = `"sent_id:1\tShe began her film career in 1990 .\n1--> Cluster 1:\nShe --> began --> her film career\n"`
	const oie2016 = `"She began her film career in 1990 .\tbegan\tbegan\tShe\ther film career\n"`
	const sys = `"She began her film career in 1990 .\t0.9\tbegan\tShe\ther film career\n"`
	body := func(format string) []byte {
		return []byte(`{"gold": ` + gold + `, "carb_gold": ` + oie2016 + `, "scorers": ["benchie", "carb"], "system_format": "carb-tabbed", "systems": {"s": ` + sys + `}` + format + `}`)
	}
	req, err := evaluate.DecodeRequest(body(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := evaluate.Run(req); err == nil || !strings.Contains(err.Error(), "gold_format") {
		t.Errorf("a one-line OIE2016 gold detected: %v", err)
	}
	for _, f := range []string{"oie2016-gold", "carb-gold"} {
		req, err := evaluate.DecodeRequest(body(`, "gold_format": "` + f + `"`))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := evaluate.Run(req)
		if err != nil {
			t.Fatal(err)
		}
		c := ev.Report.Systems[0].CaRB
		// As OIE2016 the prediction equals the tuple; as CaRB every column
		// shifts: arg1 is "began", arg2 "She her film career" (P 4/5, R 4/6).
		if want := map[string]float64{"oie2016-gold": 1, "carb-gold": 8.0 / 11}[f]; c == nil || math.Abs(c.F1-want) > 1e-12 {
			t.Errorf("%s: CaRB %+v, want F1 %v", f, c, want)
		}
	}
	if _, err := evaluate.DecodeRequest([]byte(`{"gold": "g", "systems": {"a": "x"}, "gold_format": "benchie"}`)); err != nil {
		t.Errorf("gold_format benchie: %v", err)
	}
}

// Without carb_gold, gold_format names the gold's own format: an OIE2016
// gold too short to be told by evidence is then scored alone by CaRB's
// columns (openie6 here), read as named; BenchIE on it is refused at
// gold_format.
func TestRequestGoldFormatOfGoldAlone(t *testing.T) {
	const oie2016 = `"She began her film career in 1990 .\tbegan\tbegan\tShe\ther film career\n"`
	const sys = `"She began her film career in 1990 .\t0.9\tbegan\tShe\ther film career\n"`
	body := func(more string) []byte {
		return []byte(`{"gold": ` + oie2016 + `, "system_format": "carb-tabbed", "systems": {"s": ` + sys + `}` + more + `}`)
	}
	req, err := evaluate.DecodeRequest(body(`, "gold_format": "oie2016-gold", "scorers": ["openie6"], "carb_mode": "corrected"`))
	if err != nil {
		t.Fatal(err)
	}
	if req.CaRB == nil || !req.CaRB.CaRBSS || !req.CaRB.WiRe57 || req.CaRB.Mode != carb.Corrected || req.Gold.GoldFormat == nil || req.Gold.GoldFormat.Name != "oie2016-gold" {
		t.Fatalf("decoded %+v, gold format %v", req.CaRB, req.Gold.GoldFormat)
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	if c := ev.Report.Systems[0].CaRB; c == nil || math.Abs(c.F1-1) > 1e-12 {
		t.Errorf("CaRB %+v, want F1 1 (the prediction is the tuple)", c)
	}
	if !strings.Contains(ev.Report.Signature, "|gold-format:oie2016-gold|carb-mode:corrected") {
		t.Errorf("signature %s", ev.Report.Signature)
	}
	if _, err := evaluate.DecodeRequest(body(`, "gold_format": "oie2016-gold", "scorers": ["benchie"]`)); err == nil || !strings.Contains(err.Error(), "1:") || !strings.Contains(err.Error(), "which BenchIE cannot read") {
		t.Errorf("benchie on a named OIE2016 gold: %v", err)
	}
	// named benchie, the gold is not taken for a CaRB gold whatever it looks like
	if req, err := evaluate.DecodeRequest(body(`, "gold_format": "benchie"`)); err != nil || req.CaRB != nil {
		t.Errorf("gold_format benchie: %+v %v", req.CaRB, err)
	}
}
