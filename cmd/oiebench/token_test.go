//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

type carbExpected struct {
	Systems map[string]struct {
		PrecNum                           float64 `json:"prec_num"`
		PrecDen                           float64 `json:"prec_den"`
		RecNum                            float64 `json:"rec_num"`
		RecDen                            float64 `json:"rec_den"`
		Precision, Recall, F1, AUC        float64
		PredictionsOnSentencesWithoutGold int `json:"predictions_on_sentences_without_gold"`
	}
}

type carbReport struct {
	Signature string
	Systems   []struct {
		Name    string
		BenchIE map[string]struct{ Precision, Recall, F1 float64 }
		CaRB    struct {
			Precision, Recall, F1, AUC float64
			OptimalThreshold           float64      `json:"optimal_threshold"`
			PrecNum                    float64      `json:"prec_num"`
			PrecDen                    float64      `json:"prec_den"`
			RecNum                     float64      `json:"rec_num"`
			RecDen                     float64      `json:"rec_den"`
			PRPoints                   [][3]float64 `json:"pr_points"`
			PredictionsWithoutGold     int          `json:"predictions_without_gold"`
			Delta                      struct {
				Precision, Recall, F1 float64
				Sentences             int
			}
		} `json:"carb"`
	}
}

// TestScoreCaRB reproduces the CaRB rows of BenchIE's Table 5 through the
// CLI: every bundled system, converted through the gold's sentences.
func TestScoreCaRB(t *testing.T) {
	var exp carbExpected
	if err := dataset.Expected("carb", &exp); err != nil {
		t.Fatal(err)
	}
	args := []string{"score", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--facet", "regular", "--scorer", "benchie,carb",
		"--carb-gold", data(t, "carb_explicit.txt"), "--format", "json"}
	for name := range exp.Systems {
		file := map[string]string{"naive_oie": "naive_oie", "m2oie_en": "m2oie_en"}[name]
		if file == "" {
			file = name
		}
		args = append(args, name+"="+data(t, "systems/"+file+"_explicit.txt"))
	}
	out, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r carbReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Systems) != len(exp.Systems) || !strings.Contains(r.Signature, "scorers:benchie+carb") || !strings.Contains(r.Signature, "carb-gold:sha256:357e09eab") {
		t.Fatalf("%d systems, signature %q", len(r.Systems), r.Signature)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }
	for _, s := range r.Systems {
		w, c := exp.Systems[s.Name], s.CaRB
		if !near(c.PrecNum, w.PrecNum) || c.PrecDen != w.PrecDen || !near(c.RecNum, w.RecNum) || c.RecDen != w.RecDen ||
			!near(c.Precision, w.Precision) || !near(c.Recall, w.Recall) || !near(c.F1, w.F1) || !near(c.AUC, w.AUC) ||
			c.PredictionsWithoutGold != w.PredictionsOnSentencesWithoutGold {
			t.Errorf("%s: %+v, want %+v", s.Name, c, w)
		}
		// The CaRB gold lacks 9 of the 300 BenchIE sentences: the
		// difference compares the 291 sentences both hold.
		if reg := s.BenchIE["regular"]; c.Delta.Sentences != 291 || near(c.Delta.Recall, c.Recall-reg.Recall) ||
			math.Abs(c.Delta.Recall-(c.Recall-reg.Recall)) > 0.01 || c.Delta.Recall <= 0 {
			t.Errorf("%s: CaRB over-rates recall in BenchIE's Table 5; delta %+v on 291 sentences", s.Name, c.Delta)
		}
		if len(c.PRPoints) != 1 || c.OptimalThreshold != 1 {
			t.Errorf("%s: one confidence, one point: %v", s.Name, c.PRPoints)
		}
	}
}

// TestScoreCaRBTabbed: a system in CaRB's tabbed form is sniffed, scored
// with CaRB as it is and with BenchIE through the gold's sentences.
func TestScoreCaRBTabbed(t *testing.T) {
	sentences, err := dataset.ReadFile("sample300_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	sents, err := oie.ReadSentenceList("sample300_en.txt", sentences)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(data(t, "systems/clausie_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sys, err := oie.ReadSystem("clausie", raw, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := carb.WriteTabbed(&buf, carb.FromBenchIE(sys, sents)); err != nil {
		t.Fatal(err)
	}
	tabbed := filepath.Join(t.TempDir(), "clausie.carb")
	os.WriteFile(tabbed, buf.Bytes(), 0o644)
	out, stderr, code := runCLI(t, "score", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--facet", "regular", "--scorer", "benchie,carb",
		"--carb-gold", data(t, "carb_explicit.txt"), "--format", "json", "clausie="+tabbed)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r carbReport
	json.Unmarshal([]byte(out), &r)
	if c := r.Systems[0].CaRB; math.Abs(c.Precision-0.5799791967392495) > 1e-9 || math.Abs(c.Recall-0.5342876878388249) > 1e-9 {
		t.Errorf("CaRB from the tabbed file: %+v", c)
	}
	if b := r.Systems[0].BenchIE["regular"]; math.Abs(b.Precision-0.5029154518950437) > 1e-12 || math.Abs(b.Recall-0.25555555555555554) > 1e-12 {
		t.Errorf("BenchIE from the tabbed file: %+v", b)
	}
}

func TestScoreWiRe57(t *testing.T) {
	gold, sys := filepath.Join("..", "..", "core", "wire57", "testdata", "gold.json"), filepath.Join("..", "..", "core", "wire57", "testdata", "system.json")
	out, stderr, code := runCLI(t, "score", "--scorer", "wire57", "--gold", gold, "--format", "json", sys)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Signature string
		Systems   []struct {
			Name   string
			WiRe57 struct {
				PrecNum float64 `json:"prec_num"`
				PrecDen float64 `json:"prec_den"`
				RecNum  float64 `json:"rec_num"`
				RecDen  float64 `json:"rec_den"`
			} `json:"wire57"`
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// One system per extractor; numbers worked by hand in core/wire57's fixture test.
	if len(r.Systems) != 2 || r.Systems[0].Name != "sysA" || r.Systems[1].Name != "sysB" || !strings.Contains(r.Signature, "scorers:wire57") {
		t.Fatalf("%+v", r)
	}
	a := r.Systems[0].WiRe57
	if math.Abs(a.PrecNum-197.0/45) > 1e-12 || a.PrecDen != 5 || math.Abs(a.RecNum-177.0/35) > 1e-12 || a.RecDen != 8 {
		t.Errorf("sysA %+v", a)
	}
	if _, _, code := runCLI(t, "score", "--scorer", "wire57,benchie", "--gold", gold, sys); code != 2 {
		t.Errorf("wire57 does not combine with benchie: exit %d", code)
	}
	if _, _, code := runCLI(t, "score", "--scorer", "benchie,carb", "--gold", gold, sys); code != 2 {
		t.Errorf("carb without --carb-gold: exit %d", code)
	}
}
