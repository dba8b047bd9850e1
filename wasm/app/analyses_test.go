package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// waitUntil polls a condition on the model under the lock.
func (a *app) waitUntil(t *testing.T, what string, cond func(m *ui.Model) bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		a.env.RLock()
		ok, fatal := cond(a.m), a.m.Fatal
		a.env.RUnlock()
		if ok {
			return
		}
		if fatal != "" {
			t.Fatalf("waiting for %s: the page stopped: %s", what, fatal)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("waiting for %s", what)
}

// After the table: CaRB beside BenchIE for English, the analyses and the
// intervals; the paired test once the Compare view is shown; none of it
// for German, which has no CaRB gold.
func TestWorkAfterTheTable(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.waitUntil(t, "CaRB and the analyses", func(m *ui.Model) bool {
		return !m.Analyses.CaRBPending && m.Analyses.Report != nil && m.Analyses.Intervals != nil
	})
	r := a.m.Eval.Report
	if c := r.Systems[0].CaRB; c == nil || c.F1 != 0.5561966317212582 || c.Delta == nil {
		t.Fatalf("ClausIE CaRB %+v, want F1 0.5561966317212582 with Δ", c)
	}
	if !strings.Contains(r.Signature, "carb-gold:sha256:") || r.Gold.Stats == nil {
		t.Errorf("signature %q, stats %v", r.Signature, r.Gold.Stats != nil)
	}
	var keys []string
	for _, f := range a.m.Analyses.Figures {
		keys = append(keys, f.Key)
	}
	if strings.Join(keys, " ") != "slot-errors error-buckets sentence-buckets profile" {
		t.Errorf("figures %v", keys)
	}
	if ci := a.m.Analyses.Intervals["MinIE"]["concat"]; ci.F1[0] >= ci.F1[1] || ci.F1[0] == 0 {
		t.Errorf("MinIE concat F1 interval %v", ci.F1)
	}

	a.handle(func() {
		a.m.Prefs.View = ui.ViewCompare
		a.SavePrefs()
	})
	key := ui.TestKey{A: "ClausIE", B: "MinIE", Facet: benchie.Regular}
	a.waitUntil(t, "the paired test", func(m *ui.Model) bool { return m.Analyses.Tests[key] != nil })
	want := analysis.Compare(a.m.Eval, 0, 1, analysis.CompareOptions{Samples: analysis.DefaultTestSamples, Seed: 1})
	if got := a.m.Analyses.Tests[key]; got.PValue != want.PValue || got.DeltaF1 != want.DeltaF1 {
		t.Errorf("test %+v, want %+v", got, want)
	}

	a.handle(func() { a.SwitchSource("de") })
	a.settle(t)
	a.waitUntil(t, "German analysed", func(m *ui.Model) bool { return m.Analyses.Report != nil })
	if a.m.Eval.Report.Systems[0].CaRB != nil || a.m.Analyses.CaRBPending {
		t.Error("German has no CaRB gold, yet CaRB is scored")
	}
}

// WiRe57 files are recognised, kept apart from the BenchIE sources, and
// scored against each other once both kinds are there.
func TestWiRe57Files(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "core", "wire57", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	br := newFakeBrowser()
	a := boot(t, br)
	a.addPicked([]pickedFile{{Name: "system.json", Data: read("system.json")}}, evaluate.KindAuto, false)
	a.settle(t)
	a.waitUntil(t, "the note", func(m *ui.Model) bool { return m.Analyses.WiRe57Note != "" })
	if a.m.Analyses.WiRe57 != nil || !strings.Contains(a.m.Analyses.WiRe57Note, "gold") {
		t.Errorf("without a gold: %q", a.m.Analyses.WiRe57Note)
	}
	a.addPicked([]pickedFile{{Name: "gold.json", Data: read("gold.json")}}, evaluate.KindAuto, false)
	a.settle(t)
	a.waitUntil(t, "the WiRe57 table", func(m *ui.Model) bool { return m.Analyses.WiRe57 != nil })
	if n := len(a.m.Analyses.WiRe57.Systems); n != 2 || a.m.Analyses.WiRe57Note != "" {
		t.Errorf("%d WiRe57 systems, note %q", n, a.m.Analyses.WiRe57Note)
	}
	if len(a.systems()) != 9 || a.m.Source != "en" {
		t.Errorf("the WiRe57 files changed the BenchIE source: %v", a.systems())
	}
	var roles []string
	for _, f := range br.stored() {
		roles = append(roles, string(f.Role)+"@"+f.Source)
	}
	if got := strings.Join(roles, " "); !strings.Contains(got, "wire57-gold@wire57") || !strings.Contains(got, "wire57-system@wire57") {
		t.Errorf("stored %s", got)
	}
	// A reload keeps them, under every gold.
	b := boot(t, br)
	b.waitUntil(t, "the WiRe57 table after a reload", func(m *ui.Model) bool { return m.Analyses.WiRe57 != nil })
	if len(b.m.Files) != 2 {
		t.Errorf("files listed after a reload: %+v", b.m.Files)
	}
}
