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

// The BenchIE^FL switch scores any gold with it: a bundled BenchIE gold and
// the user's own.
func TestFLOption(t *testing.T) {
	a := boot(t, newFakeBrowser())
	if a.m.Eval.Report.Systems[0].BenchIEFL != nil {
		t.Fatal("BenchIE^FL without the switch")
	}
	a.handle(func() {
		o := a.m.Options
		o.FL = true
		a.SetOptions(o)
	})
	a.settle(t)
	a.env.RLock()
	s := a.m.Eval.Report.Systems[0]
	a.env.RUnlock()
	if s.BenchIEFL == nil || s.BenchIEFL.Delta == nil || s.Name != "ClausIE" {
		t.Fatalf("%+v", s)
	}
	gold := "sent_id:1\tShe left .\n1--> Cluster 1:\nShe --> left --> [early]\n"
	a.addPicked([]pickedFile{{Name: "g.txt", Data: []byte(gold)}, {Name: "s.tsv", Data: []byte("1\tShe\tleft\tEarly\n")}}, "", false)
	a.settle(t)
	a.env.RLock()
	s = a.m.Eval.Report.Systems[0]
	a.env.RUnlock()
	// Case differs: BenchIE's exact match fails, BenchIE^FL's lenient route credits it.
	if s.BenchIEFL == nil || s.BenchIEFL.F1 != 1 || s.BenchIE.Regular.F1 != 0 || s.BenchIEFL.Routes.Lenient != 1 {
		t.Fatalf("%+v %+v", s.BenchIEFL, s.BenchIE.Regular)
	}
}
