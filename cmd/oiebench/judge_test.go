//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

func TestJudge(t *testing.T) {
	d, err := dataset.FLDir()
	if err != nil {
		t.Fatal(err)
	}
	gold, csv := filepath.Join(d, "benchie-annotated(50).txt"), filepath.Join(d, "matches_benchie50_7_systems_annotated.csv")
	out, errs, code := runCLI(t, "judge", "--gold", gold, "--matches", csv, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Rows       int `json:"rows"`
		Human      int `json:"human_matched"`
		Agreements []struct {
			Matcher, System  string
			TP, FP, FN, TN   int
			Agreement, Kappa float64
			SynsetAgreement  float64 `json:"synset_agreement"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 1089 || rep.Human != 293 || len(rep.Agreements) != 24 {
		t.Fatalf("%d rows, %d matched, %d agreements", rep.Rows, rep.Human, len(rep.Agreements))
	}
	for _, a := range rep.Agreements {
		if a.System != "" {
			continue
		}
		if got := float64(a.TP+a.TN) / 1089; got != a.Agreement || a.TP+a.FN != 293 {
			t.Errorf("%+v", a)
		}
	}
	// Exact matching misses what people accept; the FL matcher much less.
	if b, f := rep.Agreements[0], rep.Agreements[8]; b.Matcher != "benchie" || f.Matcher != "benchie-fl reference" || b.FN <= 4*f.FN {
		t.Errorf("benchie %+v, fl %+v", b, f)
	}
	out, _, code = runCLI(t, "judge", "--gold", gold, "--matches", csv)
	if code != 0 || !strings.Contains(out, "recall: rows both match over rows the person matches") {
		t.Errorf("exit %d: %s", code, out)
	}
	bad := filepath.Join(t.TempDir(), "m.csv")
	os.WriteFile(bad, []byte(",extraction,,system,\n0,He - b - c,two,reverb,1\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--gold", gold}, 2, "--gold and --matches are required"},
		{[]string{"--gold", gold, "--matches", csv, "--format", "latex"}, 2, "unknown format"},
		{[]string{"--gold", gold, "--matches", bad}, 1, "m.csv:2:14: expected 0, a synset number"},
	} {
		_, errs, code := runCLI(t, append([]string{"judge"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
}
