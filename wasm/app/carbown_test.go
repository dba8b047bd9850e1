package main

import (
	"bytes"
	"slices"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/ui"
)

// namedCaRBGolds are a CaRB gold for BenchIE English's first sentence in
// the two formats a user names with "read as": CaRB's own (the shipped
// file's first two lines) and OIE2016's (the same lines with a head
// predicate, the relation's first word, before the relation; too few lines
// for the format to be told, so that only its name reads it).
func namedCaRBGolds(t *testing.T) map[evaluate.Kind][]byte {
	t.Helper()
	lines := bytes.SplitAfter(readData(t, "carb_explicit.txt"), []byte("\n"))[:2]
	var oie2016 []byte
	for _, l := range lines {
		cols := bytes.Split(l, []byte("\t"))
		head := bytes.Fields(cols[1])[0]
		oie2016 = append(oie2016, bytes.Join(slices.Insert(cols, 1, head), []byte("\t"))...)
	}
	return map[evaluate.Kind][]byte{evaluate.KindCaRBGold: bytes.Join(lines, nil), evaluate.KindOIE2016: oie2016}
}

// A CaRB gold whose format the user names, sharing sentences with the
// gold on screen, raises the question; each answer does what it says, and
// the file stays read as named: cancel changes nothing, "every row" lists
// it and computes the rows' CaRB columns on it (as the command line's
// --carb-gold with --gold-format), "on its own" scores it alone.
func TestNamedCaRBGoldAnswers(t *testing.T) {
	for kind, gold := range namedCaRBGolds(t) {
		t.Run(string(kind), func(t *testing.T) {
			a := boot(t, newFakeBrowser())
			carbDone := func(m *ui.Model) bool { return !m.Analyses.CaRBPending && m.Eval.Report.Systems[0].CaRB != nil }
			a.waitUntil(t, "CaRB on the published gold", carbDone)
			a.env.RLock()
			published := *a.m.Eval.Report.Systems[0].CaRB
			a.env.RUnlock()
			ask := func() {
				t.Helper()
				a.addPicked([]pickedFile{{Name: "named.txt", Data: gold}}, kind, false)
				a.env.RLock()
				defer a.env.RUnlock()
				if q := a.m.CaRBAsk; q == nil || q.File != "named.txt" || q.Shared != 1 {
					t.Fatalf("the question %+v, want one for named.txt on 1 shared sentence; problems %+v", q, a.m.Problems)
				}
			}
			// listed tells whether the file is listed in the role, read
			// and stored as named (a reload reads it so again).
			listed := func(m *ui.Model, role ui.Role) bool {
				return slices.ContainsFunc(m.Files, func(f ui.FileEntry) bool { return f.Name == "named.txt" && f.Role == role && f.Kind == kind }) &&
					slices.ContainsFunc(a.files, func(f *userFile) bool { return f.Name == "named.txt" && f.Role == role && f.Kind == kind })
			}

			ask()
			a.handle(func() { a.AnswerCaRBGold(ui.CaRBCancel) })
			a.settle(t)
			a.env.RLock()
			if a.m.CaRBAsk != nil || a.carbHeld != nil || len(a.files) != 0 || len(a.m.Files) != 0 || len(a.m.Problems) != 0 {
				t.Errorf("after cancel: question %v, held %v, files %d, listed %d, problems %+v", a.m.CaRBAsk, a.carbHeld, len(a.files), len(a.m.Files), a.m.Problems)
			}
			a.env.RUnlock()

			ask()
			a.handle(func() { a.AnswerCaRBGold(ui.CaRBUse) })
			a.waitUntil(t, "the gold of every row", func(m *ui.Model) bool { return listed(m, ui.RoleCaRBGold) })
			a.settle(t)
			// The published gold's columns stand until the rescore on the
			// named gold begins: wait for columns that are not theirs.
			a.waitUntil(t, "CaRB on the gold of every row", func(m *ui.Model) bool {
				return carbDone(m) && m.Eval.Report.Systems[0].CaRB.F1 != published.F1
			})
			a.env.RLock()
			b := a.bundles["en"]
			got, problems := a.m.Eval.Report.Systems, a.m.Problems
			a.env.RUnlock()
			cg, err := evaluate.ReadCaRBGoldAs(evaluate.Input{Path: "named.txt", Data: gold}, formats.MustLookup(string(kind)))
			if err != nil {
				t.Fatal(err)
			}
			want := evaluate.Evaluate(b.ws.Gold, nil, b.systems, evaluate.Options{CaRBGold: cg}).Report.Systems
			if len(problems) != 0 || len(got) != len(want) {
				t.Fatalf("problems %+v; %d rows, want %d", problems, len(got), len(want))
			}
			for i, w := range want {
				g := got[i].CaRB
				if g.Precision != w.CaRB.Precision || g.Recall != w.CaRB.Recall || g.F1 != w.CaRB.F1 || g.AUC != w.CaRB.AUC {
					t.Errorf("%s: CaRB %v %v %v %v on the page, %v %v %v %v with --carb-gold", w.Name,
						g.Precision, g.Recall, g.F1, g.AUC, w.CaRB.Precision, w.CaRB.Recall, w.CaRB.F1, w.CaRB.AUC)
				}
			}

			ask()
			a.handle(func() { a.AnswerCaRBGold(ui.CaRBOwn) })
			a.waitUntil(t, "the gold of its own", func(m *ui.Model) bool {
				return listed(m, ui.RoleCaRBOwnGold) && listed(m, ui.RoleCaRBGold) && m.Analyses.CaRBOwnNote != ""
			})
		})
	}
}
