//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
)

// englishSystemArgs names every bundled English system as NAME=FILE.
func englishSystemArgs(t *testing.T) []string {
	var args []string
	for _, s := range []string{"clausie", "minie", "stanford", "openie6", "roi_t", "roi_n", "naive_oie", "m2oie_en", "graphene"} {
		args = append(args, s+"="+data(t, "systems/"+s+"_explicit.txt"))
	}
	return args
}

type cliAnalysis struct {
	Facet           string                     `json:"facet"`
	Incorrect       int                        `json:"incorrect"`
	SlotErrors      map[string]int             `json:"slot_errors"`
	ErrorBuckets    map[string]int             `json:"error_buckets"`
	BucketTotal     int                        `json:"error_bucket_total"`
	SentenceBuckets map[string]json.RawMessage `json:"sentence_buckets"`
	CI95            map[string][2]float64      `json:"ci95"`
	Signature       string                     `json:"signature"`
}

// TestAnalyzeJSONContract runs `analyze` on the nine English systems and
// checks the contract of issue 5.
func TestAnalyzeJSONContract(t *testing.T) {
	args := append([]string{"analyze", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--format", "json"}, englishSystemArgs(t)...)
	out, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Systems []struct {
			Name     string
			BenchIE  map[string]struct{ Precision, Recall, F1 float64 } `json:"benchie"`
			Analysis *cliAnalysis                                       `json:"analysis"`
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Systems) != 9 {
		t.Fatalf("%d systems", len(r.Systems))
	}
	for _, s := range r.Systems {
		a := s.Analysis
		if a == nil {
			t.Fatalf("%s: no analysis", s.Name)
		}
		if len(s.BenchIE) != 3 {
			t.Errorf("%s: the profile needs every facet, got %d", s.Name, len(s.BenchIE))
		}
		if a.Facet != "regular" || len(a.SlotErrors) != 3 || len(a.ErrorBuckets) != 7 || len(a.CI95) != 3 {
			t.Errorf("%s: analysis %+v", s.Name, a)
		}
		sum := 0
		for _, n := range a.ErrorBuckets {
			sum += n
		}
		if sum != a.BucketTotal || sum < a.Incorrect {
			t.Errorf("%s: buckets sum %d, total %d, incorrect %d", s.Name, sum, a.BucketTotal, a.Incorrect)
		}
		for _, k := range []string{"length", "conjunctions", "case_markers"} {
			var bs []struct {
				Bucket    string
				Sentences int
			}
			json.Unmarshal(a.SentenceBuckets[k], &bs)
			n := 0
			for _, b := range bs {
				n += b.Sentences
			}
			if n != 300 {
				t.Errorf("%s: %s buckets hold %d sentences", s.Name, k, n)
			}
		}
		if ci := a.CI95["f1"]; !(ci[0] < s.BenchIE["regular"].F1 && s.BenchIE["regular"].F1 < ci[1]) {
			t.Errorf("%s: F1 %v outside %v", s.Name, s.BenchIE["regular"].F1, ci)
		}
		if !strings.Contains(a.Signature, "bootstrap:1000,seed:1") || !strings.Contains(a.Signature, "lang:en") {
			t.Errorf("signature %q", a.Signature)
		}
	}
	// Seeded: the same command gives the same bytes.
	again, _, _ := runCLI(t, args...)
	if again != out {
		t.Error("two runs with the same seed differ")
	}
}

func TestAnalyzeFormatsAndOptions(t *testing.T) {
	gold, sys := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt")
	for format, want := range map[string]string{
		"table":    "Error buckets (Fig. 2)",
		"markdown": "| ClausIE | 0.088 | 0.034 |",
		"latex":    `\caption[Error buckets (Fig. 2)`,
		"csv":      "ClausIE,error_bucket,110,199",
	} {
		out, stderr, code := runCLI(t, "analyze", "--gold", gold, "--format", format, "ClausIE="+sys)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		if !strings.Contains(out, want) || !strings.Contains(unfolded(out), "analysis:regular|bootstrap:1000,seed:1") {
			t.Errorf("%s output lacks %q or the signature:\n%s", format, want, out)
		}
	}
	// Facet, thresholds, samples and seed reach the analysis.
	out, stderr, code := runCLI(t, "analyze", "--gold", gold, "--format", "json", "--facet", "concat", "--samples", "0",
		"--length-buckets", "10,20,40", "--case-marker-buckets", "2", "--lang", "xx", sys)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Systems []struct{ Analysis map[string]json.RawMessage }
	}
	json.Unmarshal([]byte(out), &r)
	a := r.Systems[0].Analysis
	var sb struct {
		Length   []struct{ Bucket string }
		Untagged int
	}
	json.Unmarshal(a["sentence_buckets"], &sb)
	if string(a["facet"]) != `"concat"` || a["ci95"] != nil || len(sb.Length) != 4 || sb.Length[3].Bucket != ">40" || sb.Untagged != 300 {
		t.Errorf("analysis %s", a["sentence_buckets"])
	}
}

func TestAnalyzeWithPrecomputedTags(t *testing.T) {
	gold := data(t, "benchie_gold_annotations_en.txt")
	tags := filepath.Join(t.TempDir(), "tags_en.json")
	out, stderr, code := runCLI(t, "tags", "--gold", gold)
	if code != 0 {
		t.Fatalf("tags: exit %d: %s", code, stderr)
	}
	os.WriteFile(tags, []byte(out), 0o644)
	sys := "clausie=" + data(t, "systems/clausie_explicit.txt")
	withTags, stderr, code := runCLI(t, "analyze", "--gold", gold, "--format", "json", "--tags", tags, sys)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	tagged, _, _ := runCLI(t, "analyze", "--gold", gold, "--format", "json", sys)
	if withTags != tagged {
		t.Error("precomputed tags and the tagger give different analyses")
	}
}

func TestCompareCLI(t *testing.T) {
	gold := data(t, "benchie_gold_annotations_en.txt")
	out, stderr, code := runCLI(t, "compare", "--gold", gold, "--format", "json",
		"clausie="+data(t, "systems/clausie_explicit.txt"), "naive="+data(t, "systems/naive_oie_explicit.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var c struct {
		A, B, Method string
		Samples      int
		DeltaF1      float64 `json:"delta_f1"`
		PValue       float64 `json:"p_value"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if c.A != "clausie" || c.B != "naive" || c.Method != "approximate-randomisation" || c.Samples != 10000 || c.DeltaF1 < 0.3 || c.PValue > 0.001 {
		t.Errorf("comparison %+v", c)
	}
	out, _, code = runCLI(t, "compare", "--gold", gold, "--samples", "2000", "--seed", "5",
		"clausie="+data(t, "systems/clausie_explicit.txt"), "minie="+data(t, "systems/minie_explicit.txt"))
	if code != 0 || !strings.Contains(out, "samples:2000,seed:5") || !strings.Contains(out, "ΔF1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestIAACLI(t *testing.T) {
	gold := data(t, "benchie_gold_annotations_en.txt")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(a, []byte("sent_id:1\tS\n1--> Cluster 1:\nA --> b --> [the] c\n1--> Cluster 2:\nA --> d --> e\n"), 0o644)
	os.WriteFile(b, []byte("sent_id:1\tS\n1--> Cluster 1:\nA --> b --> the c\n1--> Cluster 2:\nA --> f --> e\n1--> Cluster 3:\nA --> d --> [big] e\n"), 0o644)
	for _, c := range []struct {
		a, b          string
		ab, ba, iaa   float64
		formatContain string
	}{
		{a, a, 1, 1, 1, ""},
		{a, b, 2.0 / 3, 1, 5.0 / 6, ""},
		{gold, gold, 1349.0 / 1350, 1349.0 / 1350, 1349.0 / 1350, ""},
	} {
		out, stderr, code := runCLI(t, "iaa", "--format", "json", c.a, c.b)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var ag struct {
			AB  float64 `json:"a_recall_on_b"`
			BA  float64 `json:"b_recall_on_a"`
			IAA float64 `json:"iaa"`
		}
		json.Unmarshal([]byte(out), &ag)
		if !same(ag.AB, c.ab) || !same(ag.BA, c.ba) || !same(ag.IAA, c.iaa) {
			t.Errorf("%s vs %s: %+v, want %v %v %v", c.a, c.b, ag, c.ab, c.ba, c.iaa)
		}
	}
	out, _, code := runCLI(t, "iaa", a, b, "--format", "markdown")
	if code != 0 || !strings.Contains(out, "| 0.6667 | 1.0000 | 0.8333 |") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func same(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

func TestAnalysisUsageErrors(t *testing.T) {
	gold, sys := data(t, "benchie_gold_annotations_en.txt"), data(t, "systems/clausie_explicit.txt")
	for _, args := range [][]string{
		{"analyze"},
		{"analyze", "--gold", gold},
		{"analyze", "--gold", gold, "--facet", "entity", sys},
		{"analyze", "--gold", gold, "--length-buckets", "30,20", sys},
		{"analyze", "--gold", gold, "--case-marker-buckets", "a", sys},
		{"analyze", "--gold", gold, "--samples", "-1", sys},
		{"analyze", "--gold", gold, "--format", "xml", sys},
		{"compare", "--gold", gold, sys},
		{"compare", "--gold", gold, "--samples", "0", sys, sys},
		{"iaa", gold},
		{"iaa", "--facet", "nope", gold, gold},
		{"tags"},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if _, stderr, code := runCLI(t, "iaa", gold, "/nonexistent/b.txt"); code != 1 || !strings.Contains(stderr, "/nonexistent/b.txt") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}

// TestIAAManyOptionalUnits: a slot of 20 optional units stands for 2^20
// forms, too many to list; oiebench iaa gives the exact agreement, the one
// the studio's Agreement tab computes (annotate.Agree, default budget).
func TestIAAManyOptionalUnits(t *testing.T) {
	var units []string
	for i := range 20 {
		units = append(units, fmt.Sprintf("[w%d]", i))
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	texts := map[string]string{
		a: "sent_id:1\tS\n1--> Cluster 1:\n" + strings.Join(units, " ") + " x --> r --> o\n1--> Cluster 2:\ny --> r --> o\n",
		b: "sent_id:1\tS\n1--> Cluster 1:\nw3 w7 x --> r --> o\n1--> Cluster 2:\nq --> r --> o\n",
	}
	for path, text := range texts {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		a, b string
		iaa  float64
	}{{a, a, 1}, {a, b, 0.5}, {b, a, 0.5}} {
		out, stderr, code := runCLI(t, "iaa", "--format", "json", c.a, c.b)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var ag struct {
			IAA      float64  `json:"iaa"`
			Exact    bool     `json:"exact"`
			Warnings []string `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(out), &ag); err != nil {
			t.Fatal(err)
		}
		da, _, err := annotate.ReadBenchIE(c.a, []byte(texts[c.a]), annotate.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		db, _, err := annotate.ReadBenchIE(c.b, []byte(texts[c.b]), annotate.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		studio, err := annotate.Agree(da, db, annotate.AgreementOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !ag.Exact || !same(ag.IAA, c.iaa) || !studio.Exact || !same(studio.IAA, ag.IAA) || len(ag.Warnings) != 0 {
			t.Errorf("%s vs %s: iaa %+v, the studio %v (exact %v), want %v exact", filepath.Base(c.a), filepath.Base(c.b), ag, studio.IAA, studio.Exact, c.iaa)
		}
	}
}

// iaa has no budget of its own: golds past the old one (8 MiB together)
// are compared. --iaa-max-bytes is a ceiling a user may set: golds over it
// together are refused with the sizes and the flag; golds at it are
// compared.
func TestIAACeiling(t *testing.T) {
	// 4.5 MiB of long sentences of one synset, twice: cheap to agree on
	var b strings.Builder
	text := strings.Repeat("word ", 2000)
	for i := 0; b.Len() < 9<<19; i++ {
		fmt.Fprintf(&b, "sent_id:%d\t%sx\n%d--> Cluster 1:\nx --> y --> z\n\n", i, text, i)
	}
	large := filepath.Join(t.TempDir(), "large.txt")
	if err := os.WriteFile(large, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code := runCLI(t, "iaa", "--format", "json", large, large); code != 0 || !strings.Contains(out, `"iaa": 1,`) {
		t.Errorf("golds of 9 MiB together, no ceiling: exit %d, %s%s", code, out, stderr)
	}
	gold := data(t, "benchie_gold_annotations_en.txt")
	info, err := os.Stat(gold)
	if err != nil {
		t.Fatal(err)
	}
	pair := strconv.FormatInt(2*info.Size(), 10)
	under := strconv.FormatInt(2*info.Size()-1, 10)
	_, stderr, code := runCLI(t, "iaa", "--iaa-max-bytes", under, gold, gold)
	if code != 1 || !strings.Contains(stderr, "input too large: --iaa-max-bytes allows 1.5 MiB ("+under+" bytes) of golds together and they hold 1.5 MiB ("+pair+" bytes) or more; raise it or leave it out") {
		t.Errorf("over the ceiling: exit %d, %s", code, stderr)
	}
	if _, stderr, code := runCLI(t, "iaa", "--iaa-max-bytes", pair, gold, gold); code != 0 {
		t.Errorf("at the ceiling: exit %d, %s", code, stderr)
	}
	if _, _, code := runCLI(t, "iaa", "--iaa-max-bytes", "ten", gold, gold); code != 2 {
		t.Errorf("a ceiling that is not a size: exit %d, want 2", code)
	}
}
