package evaluate_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// TestFLBundled scores the seven FL systems through the one call every
// front end makes, and checks the published numbers and the report.
func TestFLBundled(t *testing.T) {
	var exp struct {
		Files      map[string]string     `json:"files"`
		Benchie300 map[string][3]float64 `json:"benchie300"`
	}
	if err := dataset.Expected("benchie_fl", &exp); err != nil {
		t.Fatal(err)
	}
	d := benchmarks.FL[0]
	gold, err := dataset.ReadData(d.Gold)
	if err != nil {
		t.Fatal(err)
	}
	req := evaluate.Request{Gold: evaluate.Input{Path: d.Gold, Data: gold}, FL: true}
	for _, s := range d.Systems {
		data, err := dataset.ReadData(s.File)
		if err != nil {
			t.Fatal(err)
		}
		req.Systems = append(req.Systems, evaluate.Input{Name: s.ID(), Path: s.File, Data: data})
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	r := ev.Report
	if !strings.Contains(r.Signature, "scorers:benchie+benchie-fl|") || !strings.Contains(r.Signature, "|fl-mode:reference|systems:sha256:") ||
		r.Options.FLMode != "reference" || r.FLGold == nil || r.FLGold.Synsets != 1821 || r.FLGold.Sentences != 300 {
		t.Fatalf("%s %+v", r.Signature, r.FLGold)
	}
	for _, s := range r.Systems {
		fl, want := s.BenchIEFL, exp.Benchie300[s.Name]
		if fl == nil || fl.Mode != "reference" {
			t.Fatalf("%s: %+v", s.Name, fl)
		}
		for k, v := range []float64{fl.Precision, fl.Recall, fl.F1} {
			if math.Abs(v-want[k]) > 1e-12 {
				t.Errorf("%s: %d = %v, want %v", s.Name, k, v, want[k])
			}
		}
		// The phantom synset alone separates the modes for every system.
		if fl.Other == nil || fl.Other.Mode != "corrected" || fl.Other.Synsets != 1820 || !strings.Contains(strings.Join(fl.Other.MovedBy, " "), "phantom-synsets") {
			t.Errorf("%s: other %+v", s.Name, fl.Other)
		}
		if fl.Delta == nil || math.Abs(fl.Delta.F1-(fl.F1-s.BenchIE.Regular.F1)) > 1e-15 {
			t.Errorf("%s: delta %+v", s.Name, fl.Delta)
		}
		if got := fl.Routes.Exact + fl.Routes.Variant + fl.Routes.Lenient + fl.Routes.ExactNoPunct + fl.Routes.LenientNoPunct; s.Name != "minie" && got != fl.CreditedSynsets {
			t.Errorf("%s: routes sum %d, credited %d", s.Name, got, fl.CreditedSynsets)
		}
	}
	// Corrected first, BenchIE left out.
	req.FLCorrected, req.FLOnly = true, true
	ev, err = evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	c := ev.Report.Systems[0]
	if c.Name != "clausie" || c.BenchIE != nil || c.BenchIEFL.Mode != "corrected" || c.BenchIEFL.Other.Mode != "reference" ||
		strings.Join(c.BenchIEFL.Other.MovedBy, ",") != "last-character,phantom-synsets" || c.BenchIEFL.Delta != nil ||
		!strings.Contains(ev.Report.Signature, "scorers:benchie-fl|facets:|") {
		t.Fatalf("%s %+v %+v", ev.Report.Signature, c, c.BenchIEFL.Other)
	}
}

// TestFLUnscorable: a system file the reference script would crash on (a
// blank line) is scored, and the report says no published number can
// exist for it, in its own member and among the warnings.
func TestFLUnscorable(t *testing.T) {
	gold := "sent_id:1\tBob likes tea .\n1--> Cluster 1:\nBob --> likes --> tea\n"
	for _, c := range []struct{ sys, want string }{
		{"1\tBob\tlikes\ttea\n\n1\tBob\tlikes\tcoffee\n", "1 blank line(s)"},
		{"1\tBob\tlikes\ttea\n1\tBob\tlikes\tcoffee\n", ""},
	} {
		ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold.txt", Data: []byte(gold)}, FL: true,
			Systems: []evaluate.Input{{Name: "s", Path: "s.txt", Data: []byte(c.sys)}}})
		if err != nil {
			t.Fatal(err)
		}
		s := ev.Report.Systems[0]
		warned := strings.Contains(strings.Join(s.Warnings, "\n"), "the reference script could not score this file")
		if got := s.BenchIEFL.ReferenceCannotScore; c.want == "" && (got != "" || warned) || c.want != "" && (!strings.Contains(got, c.want) || !warned) {
			t.Errorf("%q: reference_cannot_score %q, warned %v; want %q", c.sys, got, warned, c.want)
		}
	}
}

// BenchIE^FL's forms budget is checked before the BenchIE reader reads the
// gold (and before its statistics and compilation start): a refused gold
// costs what the FL reader keeps, not that and the BenchIE gold's memory
// too (docs/reliability.md, "Memory"). A gold both refuse, the budget for
// its forms and the BenchIE reader for its repeated id, is refused by the
// budget.
func TestFLBudgetBeforeBenchIEReader(t *testing.T) {
	gold := "sent_id:1\tHe sees the dog .\n1--> Cluster 1:\nHe --> sees --> [the] dog\n" +
		"sent_id:1\tHe sees the dog .\n1--> Cluster 1:\nHe --> sees --> [the] dog\n"
	if _, err := evaluate.ReadGold(evaluate.Input{Path: "g", Data: []byte(gold)}, false); !errors.Is(err, oie.ErrDuplicateID) {
		t.Fatalf("the BenchIE reader took a repeated id: %v", err)
	}
	_, err := evaluate.Run(evaluate.Request{
		Gold:     evaluate.Input{Path: "g", Data: []byte(gold)},
		Systems:  []evaluate.Input{{Path: "s", Data: []byte("1\tHe\tsees\tdog\n")}},
		FL:       true,
		FLBudget: &benchiefl.Budget{Forms: 1, Raise: "raise it"},
	})
	if err == nil || !strings.Contains(err.Error(), "surface forms") {
		t.Fatalf("refused with %v, want the forms budget's refusal", err)
	}
}
