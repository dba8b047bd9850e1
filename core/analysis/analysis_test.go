package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// A hand-made gold: sentence 1 has two synsets, sentence 2 one, sentence 3
// none. Lengths in tokens: 4, 3, 2.
const handGold = "sent_id:1\tA B C D\n" +
	"1--> Cluster 1:\nA --> b --> c\n" +
	"1--> Cluster 2:\nA --> d --> [the] e\n\n" +
	"sent_id:2\tX y z\n" +
	"2--> Cluster 1:\nX --> y --> z\n\n" +
	"sent_id:3\tNothing here\n"

// handSystem, with what each line is (bucket of the closest gold triple):
var handSystem = strings.Join([]string{
	"1\tA\tb\tc", // correct, synset 1
	"1\tA\tb\tc", // duplicate
	"1\tA\td\te", // correct, synset 2
	"1\tA\tb\te", // tie: 110 against A b c, 101 against A d [the] e
	"1\tQ\tb\tc", // 011
	"1\tQ\tr\ts", // 000 against both triples: one bucket
	"2\tX\ty\tw", // 110
	"2\tX\tq\tz", // 101
	"2\tW\ty\tz", // 011
	"3\ta\tb\tc", // no gold triple in the sentence: 000
	"9\ta\tb\tc", // unknown sentence: ignored
}, "\n") + "\n"

func handEvaluation(t testing.TB, systems ...string) *evaluate.Evaluation {
	t.Helper()
	req := evaluate.Request{Gold: evaluate.Input{Path: "gold.txt", Data: []byte(handGold)}}
	for i, s := range systems {
		req.Systems = append(req.Systems, evaluate.Input{Name: string(rune('a' + i)), Path: "sys.tsv", Data: []byte(s)})
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestErrorProfileHandMade(t *testing.T) {
	ev := handEvaluation(t, handSystem)
	c := ev.Compiled[benchie.Regular]
	res := ev.Results[0]["regular"]
	errs := Errors(c, ev.Systems[0].System, res)
	var keys []string
	for _, e := range errs {
		var ks []string
		for _, p := range e.Patterns {
			ks = append(ks, p.Key())
		}
		keys = append(keys, strings.Join(ks, "+"))
	}
	want := "110+101 011 000 110 101 011 000"
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("patterns %q, want %q", got, want)
	}
	p := Profile(errs)
	wantP := ErrorProfile{
		Incorrect:   7,
		SlotErrors:  report.SlotErrors{Subject: 4, Relation: 4, Object: 4},
		Buckets:     report.ErrorBuckets{B000: 2, B011: 2, B101: 2, B110: 2},
		BucketTotal: 8, Ties: 1,
	}
	if p != wantP {
		t.Errorf("profile %+v, want %+v", p, wantP)
	}
}

func TestSentencesSumToTheScore(t *testing.T) {
	ev := handEvaluation(t, handSystem)
	ps := Sentences(ev.Results[0]["regular"])
	want := PerSentence{TP: []int32{2, 0, 0}, FP: []int32{3, 3, 1}, Synsets: []int32{2, 1, 0}}
	for i := range 3 {
		if ps.TP[i] != want.TP[i] || ps.FP[i] != want.FP[i] || ps.Synsets[i] != want.Synsets[i] {
			t.Fatalf("per sentence %+v, want %+v", ps, want)
		}
	}
}

func TestSentenceBuckets(t *testing.T) {
	ev := handEvaluation(t, handSystem)
	ps := Sentences(ev.Results[0]["regular"])
	feats := []nlp.Features{
		{Tokens: 4, Conjunctions: 1, CaseMarkers: 5},
		{Tokens: 3, Conjunctions: 0, CaseMarkers: 0},
		{Tokens: 2, Conjunctions: -1, CaseMarkers: -1},
	}
	th := report.Thresholds{Length: []int{2, 3}, Conjunctions: []int{0}, CaseMarkers: []int{1, 2, 3, 4}}
	sb := SentenceBuckets(ps, feats, th)
	labels := func(bs []report.SentenceBucket) string {
		var s []string
		for _, b := range bs {
			s = append(s, b.Bucket)
		}
		return strings.Join(s, " ")
	}
	if got := labels(sb.Length); got != "<=2 3 >3" {
		t.Errorf("length labels %q", got)
	}
	if got := labels(sb.Conjunctions); got != "0 >=1" {
		t.Errorf("conjunction labels %q", got)
	}
	if got := labels(sb.CaseMarkers); got != "0-1 2 3 4 >4" {
		t.Errorf("case-marker labels %q", got)
	}
	if sb.Untagged != 1 {
		t.Errorf("untagged %d, want 1", sb.Untagged)
	}
	// >3 tokens is sentence 1 alone: TP 2, FP 3, 2 synsets.
	b := sb.Length[2]
	if b.Sentences != 1 || b.TP != 2 || b.FP != 3 || b.Synsets != 2 || b.Min != 4 || b.Max != nil {
		t.Errorf("bucket >3: %+v", b)
	}
	if !near(b.Precision, 0.4) || !near(b.Recall, 1) || !near(b.F1, 2*0.4/1.4) {
		t.Errorf("bucket >3 scores %+v", b)
	}
	if b := sb.Length[0]; b.Sentences != 1 || b.Synsets != 0 || b.F1 != 0 || *b.Max != 2 {
		t.Errorf("bucket <=2: %+v", b)
	}
	if sb.Conjunctions[0].Sentences != 1 || sb.Conjunctions[1].Sentences != 1 || sb.CaseMarkers[0].Sentences != 1 || sb.CaseMarkers[4].Sentences != 1 {
		t.Errorf("marker buckets %+v %+v", sb.Conjunctions, sb.CaseMarkers)
	}
}

func TestCheckThresholds(t *testing.T) {
	if err := CheckThresholds(DefaultThresholds()); err != nil {
		t.Error(err)
	}
	for _, th := range []report.Thresholds{{Length: []int{30, 20}}, {Conjunctions: []int{-1}}, {CaseMarkers: []int{1, 1}}} {
		if CheckThresholds(th) == nil {
			t.Errorf("%+v accepted", th)
		}
	}
}

func TestAnalyzeFillsTheReport(t *testing.T) {
	ev := handEvaluation(t, handSystem)
	err := Analyze(ev, Options{Seed: 7, Thresholds: report.Thresholds{Length: []int{2, 3}}, Featurizer: &nlp.Featurizer{Lang: "de"}})
	if err != nil {
		t.Fatal(err)
	}
	a := ev.Report.Systems[0].Analysis
	if a == nil {
		t.Fatal("no analysis")
	}
	if a.Facet != "regular" || a.Incorrect != 7 || a.BucketTotal != 8 || a.Ties != 1 || a.ErrorBuckets.B110 != 2 {
		t.Errorf("analysis %+v", a)
	}
	if a.CI95 == nil || a.Settings.Samples != DefaultSamples || a.Settings.Seed != 7 {
		t.Errorf("intervals %+v settings %+v", a.CI95, a.Settings)
	}
	if !a.SentenceBuckets.Approximate || a.SentenceBuckets.Untagged != 0 || len(a.SentenceBuckets.Length) != 3 || len(a.SentenceBuckets.CaseMarkers) != 5 {
		t.Errorf("sentence buckets %+v", a.SentenceBuckets)
	}
	for _, part := range []string{ev.Report.Signature, "analysis:regular", "bootstrap:1000,seed:7", "buckets:length=2,3;conjunctions=0;case_markers=1,2,3,4", "lang:de", "markers:de-wordlists-v1"} {
		if !strings.Contains(a.Signature, part) {
			t.Errorf("signature %q lacks %q", a.Signature, part)
		}
	}
	shares := a.BucketShares()
	if !near(shares[0], 0.25) || !near(shares[6], 0.25) || shares[1] != 0 {
		t.Errorf("shares %v", shares)
	}
	if s := a.SlotShares(); !near(s[0], 4.0/7) {
		t.Errorf("slot shares %v", s)
	}

	// Another facet is scored on demand; intervals can be turned off.
	if err := Analyze(ev, Options{Facet: benchie.Minimal, Samples: -1}); err != nil {
		t.Fatal(err)
	}
	if a := ev.Report.Systems[0].Analysis; a.Facet != "minimal" || a.CI95 != nil || a.Settings.Samples != 0 || a.SentenceBuckets.Untagged != 3 || a.SentenceBuckets.Approximate {
		t.Errorf("minimal analysis %+v", a)
	}
	if err := Analyze(ev, Options{Thresholds: report.Thresholds{Length: []int{5, 5}}}); err == nil {
		t.Error("bad thresholds accepted")
	}
}

func TestPRCurve(t *testing.T) {
	sys := "1\tA\tb\tc\t0.9\n1\tA\tb\tc\t0.8\n1\tQ\tr\ts\t0.8\n1\tA\td\te\t0.5\n2\tX\ty\tw\t0.1\n9\tA\tb\tc\t1.0\n"
	ev := handEvaluation(t, sys)
	c := PRCurve(ev.Systems[0].System, ev.Results[0]["regular"])
	if c == nil {
		t.Fatal("no curve")
	}
	want := []report.PRPoint{
		{Threshold: 0.9, Extractions: 1, Precision: 1, Recall: 1.0 / 3},
		{Threshold: 0.8, Extractions: 3, Precision: 0.5, Recall: 1.0 / 3},
		{Threshold: 0.5, Extractions: 4, Precision: 2.0 / 3, Recall: 2.0 / 3},
		{Threshold: 0.1, Extractions: 5, Precision: 0.5, Recall: 2.0 / 3},
	}
	if len(c.Points) != len(want) {
		t.Fatalf("points %+v", c.Points)
	}
	for i, p := range c.Points {
		w := want[i]
		if p.Threshold != w.Threshold || p.Extractions != w.Extractions || !near(p.Precision, w.Precision) || !near(p.Recall, w.Recall) {
			t.Errorf("point %d: %+v, want %+v", i, p, w)
		}
	}
	if auc := 1.0/3 + (1.0/3)*(0.5+2.0/3)/2; !near(c.AUC, auc) {
		t.Errorf("AUC %v, want %v", c.AUC, auc)
	}
	if !near(c.BestF1, 2.0/3) || c.BestThreshold != 0.5 {
		t.Errorf("best F1 %v at %v", c.BestF1, c.BestThreshold)
	}
	if PRCurve(&oie.System{}, ev.Results[0]["regular"]) != nil {
		t.Error("a curve without confidences")
	}
}

func TestCompareHandMade(t *testing.T) {
	ev := handEvaluation(t, handSystem, handSystem)
	c := Compare(ev, 0, 1, CompareOptions{Seed: 3})
	if c.DeltaF1 != 0 || c.PValue != 1 || c.DeltaCI95 != [2]float64{0, 0} || c.Samples != DefaultTestSamples || c.Method != "approximate-randomisation" {
		t.Errorf("identical systems: %+v", c)
	}
	if c.A != "a" || c.B != "b" || c.Sentences != 3 || !strings.Contains(c.Signature, "test:approximate-randomisation,samples:10000,seed:3") {
		t.Errorf("comparison %+v", c)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
