//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CaRB's shipped test gold is scored by CaRB without --scorer, from an empty
// directory, and gives CaRB's published numbers (carb-variants.md 11).
func TestShippedCaRBGoldScoresItself(t *testing.T) {
	t.Chdir(t.TempDir())
	out, stderr, code := runCLI(t, "score", "--gold", "carb:test", "--format", "json", "carb:test/openie4", "carb:test/clausie")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Signature string `json:"signature"`
		Systems   []struct {
			Name string `json:"name"`
			CaRB *struct {
				F1, AUC float64
			} `json:"carb"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Signature, "scorers:carb|") {
		t.Errorf("signature %q does not name the carb scorer", r.Signature)
	}
	want := map[string][2]float64{"OpenIE 4": {.488180, .272104}, "ClausIE": {.449567, .223619}}
	if len(r.Systems) != len(want) {
		t.Fatalf("%d systems, want %d", len(r.Systems), len(want))
	}
	for _, s := range r.Systems {
		w, ok := want[s.Name]
		if !ok || s.CaRB == nil {
			t.Fatalf("system %q: unexpected, or no carb member", s.Name)
		}
		if math.Abs(s.CaRB.F1-w[0]) > 5e-7 || math.Abs(s.CaRB.AUC-w[1]) > 5e-7 {
			t.Errorf("%s: F1 %.6f AUC %.6f, want %.6f / %.6f", s.Name, s.CaRB.F1, s.CaRB.AUC, w[0], w[1])
		}
	}
}

// A gold names its scorer: a CaRB or WiRe57 gold given without --scorer is
// scored by its own, and one given to BenchIE is refused with the scorer
// to use, never read as a malformed BenchIE gold.
func TestGoldDecidesScorer(t *testing.T) {
	dir := t.TempDir()
	carbGold := filepath.Join(dir, "gold.tsv")
	tsv := "Ann saw Bob in Paris .\tsaw\tAnn\tBob\n"
	if err := os.WriteFile(carbGold, []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
	sys := filepath.Join(dir, "sys.txt")
	if err := os.WriteFile(sys, []byte("Ann saw Bob in Paris .\t0.9\tsaw\tAnn\tBob\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wireGold := filepath.Join("..", "..", "core", "wire57", "testdata", "gold.json")
	wireSys := filepath.Join("..", "..", "core", "wire57", "testdata", "system.json")
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout (code 0) or stderr
	}{
		{[]string{"--gold", carbGold, "--format", "json", sys}, 0, `"carb"`},
		{[]string{"--gold", wireGold, "--format", "json", wireSys}, 0, `"wire57"`},
		{[]string{"--scorer", "benchie", "--gold", carbGold, sys}, 2, "--scorer carb"},
		{[]string{"--scorer", "benchie,carb", "--gold", "carb:test", sys}, 2, "--scorer carb"},
		{[]string{"--scorer", "benchie", "--gold", wireGold, wireSys}, 2, "--scorer wire57"},
	} {
		out, stderr, code := runCLI(t, append([]string{"score"}, tc.args...)...)
		got := out
		if tc.code != 0 {
			got = stderr
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("score %v: exit %d, want %d with %q in\n%s%s", tc.args, code, tc.code, tc.want, out, stderr)
		}
		if strings.Contains(stderr, "sent_id:") {
			t.Errorf("score %v: read as a BenchIE gold: %s", tc.args, stderr)
		}
	}
}

type variantScore struct {
	Precision, Recall, F1, AUC float64
	ZeroConf                   *struct{ Precision, Recall, F1, Threshold float64 } `json:"zero_conf"`
	Curve                      []json.RawMessage                                   `json:"curve"`
	PRPoints                   [][3]float64                                        `json:"pr_points"`
	Reader, Sklearn, Variant   string
}

type variantReport struct {
	Signature string `json:"signature"`
	Options   struct{ Layout string }
	Systems   []struct {
		Name         string        `json:"name"`
		Reader       string        `json:"reader"`
		CaRB         *variantScore `json:"carb"`
		CaRBSS       *variantScore `json:"carb_ss"`
		CaRBBinary   *variantScore `json:"carb_binary"`
		CaRBSSBinary *variantScore `json:"carb_ss_binary"`
		OIE16        *variantScore `json:"oie16"`
		WiRe57       *variantScore `json:"wire57"`
	} `json:"systems"`
}

func scoreVariants(t *testing.T, args ...string) variantReport {
	t.Helper()
	out, stderr, code := runCLI(t, append([]string{"score", "--gold", "carb:test", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	var r variantReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// near checks a score against carb-variants.md section 11, printed there to
// 6 decimals.
func near(t *testing.T, what string, s *variantScore, f1, auc float64) {
	t.Helper()
	if s == nil {
		t.Errorf("%s: missing", what)
		return
	}
	if math.Abs(s.F1-f1) > 5e-7 || math.Abs(s.AUC-auc) > 5e-7 {
		t.Errorf("%s: F1 %.6f AUC %.6f, want %.6f / %.6f", what, s.F1, s.AUC, f1, auc)
	}
}

// The openie6 preset gives evaluate_all.sh's four columns from one native
// file, converted to the allennlp form as OpenIE6 does (for OpenIE 4 and
// ClausIE the CaRB columns are the native ones, carb-variants.md 9), with
// the zero-confidence point and the curve, and says how it read each file.
func TestOpenIE6Preset(t *testing.T) {
	t.Chdir(t.TempDir())
	r := scoreVariants(t, "--scorer", "openie6", "carb:test/openie4", "carb:test/clausie")
	if r.Options.Layout != "openie6" || !strings.Contains(r.Signature, "scorers:carb-ss+carb+oie16+wire57|") ||
		!strings.Contains(r.Signature, "carb-mode:reference") || !strings.Contains(r.Signature, "oie16-curve:sklearn-1.2.1") {
		t.Errorf("layout %q, signature %q", r.Options.Layout, r.Signature)
	}
	want := map[string][4]float64{"OpenIE 4": {.403775, .196715, .488180, .272104}, "ClausIE": {.400521, .176746, .449567, .223619}}
	for _, s := range r.Systems {
		w := want[s.Name]
		near(t, s.Name+" CaRB(s,s)", s.CaRBSS, w[0], w[1])
		near(t, s.Name+" CaRB(s,m)", s.CaRB, w[2], w[3])
		if s.OIE16 == nil || s.WiRe57 == nil || s.CaRB == nil || s.CaRB.ZeroConf == nil || len(s.CaRB.PRPoints) == 0 || len(s.OIE16.Curve) == 0 {
			t.Fatalf("%s: a column, its zero-confidence point or its curve is missing", s.Name)
		}
		if !strings.Contains(s.Reader, "converted to allennlp") || s.OIE16.Sklearn != "sklearn-1.2.1" || s.WiRe57.Variant != "WiRe57-C" {
			t.Errorf("%s: reader %q, sklearn %q, variant %q", s.Name, s.Reader, s.OIE16.Sklearn, s.WiRe57.Variant)
		}
		if s.OIE16.F1 <= 0 || s.WiRe57.F1 <= 0 {
			t.Errorf("%s: OIE16-C F1 %v, WiRe57-C F1 %v", s.Name, s.OIE16.F1, s.WiRe57.F1)
		}
	}
	out, _, code := runCLI(t, "score", "--quiet", "--gold", "carb:test", "--scorer", "openie6", "--format", "latex", "carb:test/openie4")
	if code != 0 || !strings.Contains(out, `\multicolumn{2}{c}{CaRB(s,s)} & \multicolumn{2}{c}{CaRB(s,m)} & \multicolumn{2}{c}{OIE16-C} & \multicolumn{1}{c}{WiRe57-C}`) ||
		!strings.Contains(out, "OpenIE 4 & 40.4 & 19.7 & 48.8 & 27.2 &") {
		t.Errorf("LaTeX, exit %d:\n%s", code, out)
	}
}

// Binary mode and OIE16-C on the native readers give section 11's numbers
// under their own JSON members.
func TestCaRBVariantScorers(t *testing.T) {
	t.Chdir(t.TempDir())
	r := scoreVariants(t, "--scorer", "carb,carb-ss", "--binary", "carb:test/openie4", "carb:test/props")
	want := map[string][4]float64{"OpenIE 4": {.515099, .290653, .372684, .172618}, "PropS": {.279088, .098545, .240842, .074377}}
	for _, s := range r.Systems {
		if s.CaRB != nil || s.CaRBSS != nil {
			t.Errorf("%s: --binary still fills carb or carb_ss", s.Name)
		}
		w := want[s.Name]
		near(t, s.Name+" binary CaRB(s,m)", s.CaRBBinary, w[0], w[1])
		near(t, s.Name+" binary CaRB(s,s)", s.CaRBSSBinary, w[2], w[3])
	}
	r = scoreVariants(t, "--scorer", "oie16", "carb:test/openie4")
	near(t, "OpenIE 4 OIE16-C", r.Systems[0].OIE16, .558555, .376398)
	if r.Systems[0].Reader != "openie4 (native reader)" {
		t.Errorf("reader %q", r.Systems[0].Reader)
	}
	_, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--binary", "benchie:en/clausie")
	if code != 2 || !strings.Contains(stderr, "--binary") {
		t.Errorf("--binary with a BenchIE gold: exit %d, %q", code, stderr)
	}
}
