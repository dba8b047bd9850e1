package main

import (
	"testing"
	"time"
)

// The FL data set: BenchIE^FL beside BenchIE, and the agreement with the
// human match judgements computed after the table.
func TestFLSource(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.handle(func() { a.SwitchSource("fl-en") })
	a.settle(t)
	deadline := time.Now().Add(60 * time.Second)
	for {
		a.env.RLock()
		j, problem, pending := a.m.Analyses.Judge, a.m.Analyses.JudgeProblem, a.m.Analyses.JudgePending
		fl := a.m.Eval.Report.Systems[0].BenchIEFL
		a.env.RUnlock()
		if problem != "" {
			t.Fatal(problem)
		}
		if j != nil {
			if j.Rows != 1089 || fl == nil || fl.Mode != "reference" {
				t.Fatalf("%+v %+v", j, fl)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no agreement computed (pending %v)", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
