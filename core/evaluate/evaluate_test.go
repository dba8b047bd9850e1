package evaluate_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
)

const gold = "sent_id:1\tHe served as PM .\n1--> Cluster 1:\nHe --> served as --> [the] PM\n1--> Cluster 2:\nHe --> served --> as PM\n"

func TestRun(t *testing.T) {
	var progress []int
	ev, err := evaluate.Run(evaluate.Request{
		Gold:  evaluate.Input{Path: "dir/gold.txt", Data: []byte(gold)},
		EGold: &evaluate.Input{Path: "e.txt", Data: []byte(gold)},
		Systems: []evaluate.Input{
			{Path: "runs/a.tsv", Data: []byte("1\tHe\tserved as\tthe PM\n7\tx\ty\tz\n")},
			{Name: "B", Path: "b.jsonl", Data: []byte(`{"sent_id": 1, "subject": "He", "relation": "served", "object": "as PM"}`)},
		},
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular, benchie.Minimal}, Progress: func(done, total int) { progress = append(progress, done, total) }},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := ev.Report
	if r.Systems[0].Name != "a" || r.Systems[1].Name != "B" || r.Systems[1].Format != "jsonl" {
		t.Fatalf("names %q %q", r.Systems[0].Name, r.Systems[1].Name)
	}
	if a := r.Systems[0]; a.Ignored != 1 || a.BenchIE.Regular.TP != 1 || a.BenchIE.Minimal.TP != 0 || a.BenchIE.Entity.TP != 1 || a.BenchIE.Concat != nil {
		t.Fatalf("%+v %+v", a, a.BenchIE)
	}
	if len(r.Systems[0].Warnings) != 1 {
		t.Fatalf("the unknown-id warning must appear once, not once per facet: %q", r.Systems[0].Warnings)
	}
	if !strings.Contains(r.Signature, "facets:regular+minimal+entity") || r.EGold == nil || r.Gold.Synsets != 2 {
		t.Fatalf("%s %+v", r.Signature, r.Gold)
	}
	if len(progress) != 12 || progress[10] != 6 || progress[11] != 6 {
		t.Fatalf("progress %v: 2 systems × (2 facets + E) steps", progress)
	}
	if ev.Results[1]["regular"].Judgements[0].Synset != 1 {
		t.Fatal("the evaluation keeps every judgement")
	}
}

func TestRunErrors(t *testing.T) {
	_, err := evaluate.Run(evaluate.Request{
		Gold:    evaluate.Input{Path: "g", Data: []byte(gold)},
		Systems: []evaluate.Input{{Path: "x/s.tsv", Data: []byte("1\ta\tb\tc\n")}, {Path: "y/s.tsv", Data: []byte("1\ta\tb\tc\n")}},
	})
	if err == nil || !strings.Contains(err.Error(), `two systems are named "s"`) {
		t.Fatalf("err = %v", err)
	}
	_, err = evaluate.Run(evaluate.Request{
		Gold:    evaluate.Input{Path: "g", Data: []byte(gold)},
		Systems: []evaluate.Input{{Path: "s.tsv", Data: []byte("1\ta\tb\n")}},
	})
	if err == nil || err.Error() != "s.tsv:1:6: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3" {
		t.Fatalf("err = %v", err)
	}
}

// TestMaxUnindexed: a request may bound the comparisons with gold triples
// no index can filter; over the bound the system is refused by name.
func TestMaxUnindexed(t *testing.T) {
	u := strings.TrimSpace(strings.Repeat("[a] ", 12))
	gold := "sent_id:1\tS\n1--> Cluster 1:\n" + u + " --> " + u + " --> " + u + " b\n" + u + " --> " + u + " --> " + u + " c\n"
	sys := "1\ta\ta\ta b\n1\ta\ta\tx\n1\ta a\ta\tb\n2\ta\ta\tb\n" // the last is on no gold sentence
	run := func(most int) error {
		_, err := evaluate.Run(evaluate.Request{
			Gold:         evaluate.Input{Path: "g", Data: []byte(gold)},
			Systems:      []evaluate.Input{{Path: "sys.tsv", Data: []byte(sys)}},
			MaxUnindexed: most,
			Options:      evaluate.Options{Facets: []benchie.Facet{benchie.Regular}},
		})
		return err
	}
	if err := run(6); err != nil { // 3 extractions × 2 triples
		t.Errorf("at the bound: %v", err)
	}
	if err := run(5); err == nil || !strings.Contains(err.Error(), "sys.tsv: scoring it would compare its extractions 6 times") {
		t.Errorf("over the bound: %v", err)
	}
}

// TestReferenceCannotScore: a system file the official BenchIE script
// crashes on (a blank line) is said so on every score and once in the
// warnings; the default mode still scores it.
func TestReferenceCannotScore(t *testing.T) {
	ev, err := evaluate.Run(evaluate.Request{
		Gold:    evaluate.Input{Path: "gold.txt", Data: []byte(gold)},
		Systems: []evaluate.Input{{Path: "s.tsv", Data: []byte("1\tHe\tserved as\tthe PM\n\n")}},
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular, benchie.Concat}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := ev.Report.Systems[0]
	if s.BenchIE.Regular.TP != 1 || s.BenchIE.Regular.ReferenceCannotScore != "line 2 is blank" || s.BenchIE.Concat.ReferenceCannotScore != "line 2 is blank" || s.BenchIE.Regular.Other != nil {
		t.Fatalf("%+v", s.BenchIE.Regular)
	}
	n := 0
	for _, w := range s.Warnings {
		if strings.Contains(w, "cannot score this file") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

// TestCreditCauses: of the extractions the modes credit to different
// synsets, the score counts those with stray spaces in their slots apart
// from those matching a gold form with white space at an edge.
func TestCreditCauses(t *testing.T) {
	const edgeGold = "sent_id:1\tHe served as PM .\n1--> Cluster 1:\nHe --> served -->  as [the] PM\n1--> Cluster 2:\nHe --> served as --> [the] PM\n1--> Cluster 3:\nHe --> was --> PM\n"
	ev, err := evaluate.Run(evaluate.Request{
		Gold:    evaluate.Input{Path: "gold.txt", Data: []byte(edgeGold)},
		Systems: []evaluate.Input{{Path: "s.tsv", Data: []byte("1\tHe\tserved\tas PM\n1\tHe\tserved as \tthe PM\n")}},
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := ev.Report.Systems[0].BenchIE.Regular
	if r.TP != 2 || r.Other == nil || r.Other.TP != 1 || r.CreditsDiffer != 2 || r.CreditsStraySpaces != 1 {
		t.Fatalf("%+v", r)
	}
}

// Run pauses between system files, however small: a request of many
// one-line files is no longer one stretch without a pause (the Worker
// yields to its event loop in Pause).
func TestRunPausesBetweenSystems(t *testing.T) {
	const n = 300
	pauses := 0
	req := evaluate.Request{Gold: evaluate.Input{Path: "gold.txt", Data: []byte(gold)}}
	req.Pause = func() { pauses++ }
	req.Facets = []benchie.Facet{benchie.Regular}
	for i := range n {
		req.Systems = append(req.Systems, evaluate.Input{Name: "s" + strconv.Itoa(i), Path: "s.tsv", Data: []byte("1\tHe\tserved as\tthe PM\n")})
	}
	if _, err := evaluate.Run(req); err != nil {
		t.Fatal(err)
	}
	if pauses < n {
		t.Errorf("%d pauses while %d system files were read and scored, want at least one per file", pauses, n)
	}
}
