package report

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

func analysedReport() *Report {
	bucket := func(label string, min int, max *int, n int, f1 float64) SentenceBucket {
		return SentenceBucket{Bucket: label, Min: min, Max: max, Sentences: n, Synsets: 2 * n, TP: n, FP: n, Precision: 0.5, Recall: 0.5, F1: f1}
	}
	twenty, zero := 20, 0
	a := &Analysis{
		Signature: "oiebench:0.1.0|gold:sha256:abc|analysis:regular|bootstrap:1000,seed:1",
		Facet:     "regular", Incorrect: 10,
		SlotErrors:   SlotErrors{Subject: 3, Relation: 4, Object: 8},
		ErrorBuckets: ErrorBuckets{B000: 1, B001: 1, B011: 2, B110: 7},
		BucketTotal:  11, Ties: 1,
		SentenceBuckets: SentenceBuckets{
			Length:       []SentenceBucket{bucket("<=20", 0, &twenty, 3, 0.25), bucket(">20", 21, nil, 2, 0.5)},
			Conjunctions: []SentenceBucket{bucket("0", 0, &zero, 4, 0.1), bucket(">=1", 1, nil, 1, 0.2)},
			CaseMarkers:  []SentenceBucket{bucket("<=20", 0, &twenty, 5, 0.3)},
			Markers:      "en-pos-rules-v1 (approximation; tags: t)", Approximate: true,
		},
		CI95:     &Intervals{Precision: [2]float64{0.4, 0.6}, Recall: [2]float64{0.3, 0.5}, F1: [2]float64{0.35, 0.55}},
		PRCurve:  &PRCurve{Points: []PRPoint{{Threshold: 0.9, Extractions: 1, Precision: 1, Recall: 0.1, F1: 0.18}}, AUC: 0.1, BestF1: 0.18, BestThreshold: 0.9},
		Settings: AnalysisSettings{Samples: 1000, Seed: 1, Lang: "en", Thresholds: Thresholds{Length: []int{20}, Conjunctions: []int{0}, CaseMarkers: []int{20}}},
	}
	score := &Score{Precision: 0.5, Recall: 0.4, F1: 0.444, TP: 4, FP: 4, FN: 6, Mode: "paper"}
	return &Report{
		Signature: "oiebench:0.1.0|gold:sha256:abc", Version: Version,
		Options: Options{Scorers: []string{"benchie"}, Facets: []string{"regular"}},
		Gold:    Gold{Path: "gold.txt", SHA256: "abc", Sentences: 5, Synsets: 10},
		Systems: []System{
			{Name: "sys_a & b", BenchIE: &BenchIE{Regular: score}, Analysis: a},
			{Name: "plain", BenchIE: &BenchIE{Regular: score}},
		},
	}
}

// TestAnalysisJSONContract checks the field names issue 5 fixes.
func TestAnalysisJSONContract(t *testing.T) {
	out, err := analysedReport().RenderAnalysis("json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Systems []struct {
			Analysis map[string]json.RawMessage `json:"analysis"`
		} `json:"systems"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	a := r.Systems[0].Analysis
	for _, k := range []string{"facet", "incorrect", "slot_errors", "error_buckets", "sentence_buckets", "ci95", "signature", "error_bucket_total"} {
		if _, ok := a[k]; !ok {
			t.Errorf("analysis lacks %q", k)
		}
	}
	var slots map[string]int
	json.Unmarshal(a["slot_errors"], &slots)
	if slots["subject"] != 3 || slots["relation"] != 4 || slots["object"] != 8 {
		t.Errorf("slot_errors %v", slots)
	}
	var buckets map[string]int
	json.Unmarshal(a["error_buckets"], &buckets)
	if len(buckets) != 7 || buckets["110"] != 7 || buckets["011"] != 2 {
		t.Errorf("error_buckets %v", buckets)
	}
	var sb map[string][]map[string]any
	json.Unmarshal(a["sentence_buckets"], &sb)
	for _, k := range []string{"length", "conjunctions", "case_markers"} {
		if len(sb[k]) == 0 {
			t.Errorf("sentence_buckets lacks %q", k)
			continue
		}
		for _, f := range []string{"bucket", "sentences", "precision", "recall", "f1"} {
			if _, ok := sb[k][0][f]; !ok {
				t.Errorf("%s bucket lacks %q", k, f)
			}
		}
	}
	var ci map[string][]float64
	json.Unmarshal(a["ci95"], &ci)
	if len(ci["precision"]) != 2 || len(ci["recall"]) != 2 || ci["f1"][1] != 0.55 {
		t.Errorf("ci95 %v", ci)
	}
	if r.Systems[1].Analysis != nil {
		t.Error("a system without analysis has one in JSON")
	}
}

func TestRenderAnalysisEveryFormat(t *testing.T) {
	r := analysedReport()
	for _, format := range Formats {
		out, err := r.RenderAnalysis(format)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		s := string(out)
		sig := r.Systems[0].Analysis.Signature
		if format == "latex" {
			sig = "% " + sig // whole in the comment; the caption's may break
		}
		if !strings.Contains(s, sig) {
			t.Errorf("%s: no analysis signature", format)
		}
		if format == "json" {
			continue
		}
		share := map[string]string{"csv": "error_bucket,110,7", "latex": "0.64"}[format]
		if share == "" {
			share = "0.636"
		}
		for _, want := range []string{"110", share, "0.25"} {
			if !strings.Contains(s, want) {
				t.Errorf("%s: %q missing:\n%s", format, want, s)
			}
		}
		if format != "csv" && !strings.Contains(s, "approximation") {
			t.Errorf("%s: approximation not labelled", format)
		}
	}
	if _, err := r.RenderAnalysis("xml"); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestRenderAnalysisLayouts(t *testing.T) {
	r := analysedReport()
	md, _ := r.RenderAnalysis("markdown")
	if !strings.Contains(string(md), "| sys_a & b | 0.0909 |") && !strings.Contains(string(md), "| sys_a & b | 0.091 |") {
		t.Errorf("markdown bucket row missing:\n%s", md)
	}
	tex, _ := r.RenderAnalysis("latex")
	if !strings.Contains(string(tex), `sys\_a \& b`) || !strings.Contains(string(tex), `$\leq$20 (3)`) || !strings.Contains(string(tex), `$\geq$1 (1)`) || strings.Count(string(tex), `\begin{table}`) != strings.Count(string(tex), `\end{table}`) {
		t.Errorf("latex:\n%s", tex)
	}
	out, _ := r.RenderAnalysis("csv")
	lines := strings.SplitN(string(out), "\n", 2)
	if !strings.HasPrefix(lines[0], "# ") {
		t.Errorf("csv signature line %q", lines[0])
	}
	rows, err := csv.NewReader(strings.NewReader(lines[1])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, row := range rows[1:] {
		if len(row) != 4 {
			t.Fatalf("row %v", row)
		}
		found[row[0]+"/"+row[1]+"/"+row[2]] = row[3]
	}
	for k, v := range map[string]string{
		"sys_a & b/error_bucket/110":         "7",
		"sys_a & b/slot_errors/object":       "8",
		"sys_a & b/f1_ci95_high/regular":     "0.55000000000000004",
		"sys_a & b/length_f1/<=20":           "0.25",
		"sys_a & b/conjunctions_sentences/0": "4",
		"plain/f1/regular":                   "0.44400000000000001",
		"sys_a & b/pr_auc/regular":           "0.10000000000000001",
	} {
		if found[k] != v {
			t.Errorf("csv %s = %q, want %q", k, found[k], v)
		}
	}
}

func TestRenderWithoutAnalysis(t *testing.T) {
	r := analysedReport()
	r.Systems = r.Systems[1:]
	for _, format := range []string{"table", "markdown", "latex"} {
		a, _ := r.RenderAnalysis(format)
		b, _ := r.Render(format)
		if string(a) != string(b) {
			t.Errorf("%s: a report without analyses renders differently", format)
		}
	}
}

func TestBucketShares(t *testing.T) {
	a := analysedReport().Systems[0].Analysis
	sh := a.BucketShares()
	if sh[6] != 7.0/11 || sh[2] != 0 {
		t.Errorf("shares %v", sh)
	}
	if s := a.SlotShares(); s[2] != 0.8 {
		t.Errorf("slot shares %v", s)
	}
	var b ErrorBuckets
	if b.Add("111", 1) || !b.Add("101", 2) || b.B101 != 2 {
		t.Errorf("Add: %+v", b)
	}
	if (&Analysis{}).BucketShares() != [7]float64{} {
		t.Error("shares of nothing")
	}
}

func TestComparisonAndAgreementEveryFormat(t *testing.T) {
	c := &Comparison{Signature: "sig|test:approximate-randomisation", A: "a", B: "b_1", Facet: "regular", Method: "approximate-randomisation",
		Samples: 10000, Seed: 1, Sentences: 300, AF1: 0.34, BF1: 0.25, DeltaF1: 0.09, PValue: 0.0003, DeltaCI95: [2]float64{0.05, 0.13}}
	ag := &Agreement{Signature: "sig|gold-b", A: "a.txt", B: "b.txt", Facet: "regular", ARecallOnB: 0.8, BRecallOnA: 0.78, IAA: 0.79, Warnings: []string{"3 sentence(s) differ"}}
	for _, format := range Formats {
		for _, v := range []interface {
			Render(string) ([]byte, error)
		}{c, ag} {
			out, err := v.Render(format)
			if err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if !strings.Contains(string(out), "sig|") {
				t.Errorf("%s: no signature:\n%s", format, out)
			}
		}
	}
	out, _ := c.Render("json")
	var m map[string]any
	json.Unmarshal(out, &m)
	for _, k := range []string{"a", "b", "method", "samples", "delta_f1", "p_value"} {
		if _, ok := m[k]; !ok {
			t.Errorf("comparison JSON lacks %q", k)
		}
	}
	out, _ = ag.Render("json")
	m = nil
	json.Unmarshal(out, &m)
	for _, k := range []string{"a_recall_on_b", "b_recall_on_a", "iaa"} {
		if _, ok := m[k]; !ok {
			t.Errorf("agreement JSON lacks %q", k)
		}
	}
	tex, _ := c.Render("latex")
	if !strings.Contains(string(tex), `$\Delta$F1`) || !strings.Contains(string(tex), `b\_1`) {
		t.Errorf("latex:\n%s", tex)
	}
	txt, _ := ag.Render("table")
	if !strings.Contains(string(txt), "warning: 3 sentence(s) differ") || !strings.Contains(string(txt), "0.7900") {
		t.Errorf("table:\n%s", txt)
	}
	if _, err := c.Render("xml"); err == nil {
		t.Error("unknown format accepted")
	}
}
