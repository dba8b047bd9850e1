package evaluate_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
)

// student is what a student who ran a system on sentences 1 to 5 hands in.
func student(t *testing.T) []byte {
	t.Helper()
	data, err := dataset.ReadFile("systems/clausie_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		id, _, _ := strings.Cut(line, "\t")
		if id == "1" || id == "2" || id == "3" || id == "4" || id == "5" {
			out = append(out, line)
		}
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSubsetEqualsSubsetFile: scoring with Sentences gives exactly what
// scoring a gold file (and an E gold, and a CaRB gold) holding only those
// sentences gives, on every facet, BenchIE-E and CaRB, for lists, ranges and
// "covered".
func TestSubsetEqualsSubsetFile(t *testing.T) {
	gold := read(t, "benchie_gold_annotations_en.txt")
	carbGold := read(t, "carb_explicit.txt")
	systems := []evaluate.Input{{Name: "student", Path: "student.tsv", Data: student(t)}}
	for _, name := range []string{"clausie", "minie", "openie6", "naive_oie"} {
		systems = append(systems, evaluate.Input{Name: name, Path: name + ".tsv", Data: read(t, "systems/"+name+"_explicit.txt")})
	}
	request := func(g, cg []byte, sentences string, systems []evaluate.Input) evaluate.Request {
		return evaluate.Request{
			Gold: evaluate.Input{Path: "gold.txt", Data: g}, EGold: &evaluate.Input{Path: "e.txt", Data: g},
			CaRBGold: &evaluate.Input{Path: "carb.txt", Data: cg}, Systems: systems,
			Options: evaluate.Options{Sentences: sentences},
		}
	}
	for _, c := range []struct {
		spec    string
		systems []evaluate.Input
		ids     string
	}{
		{"1-5,9", systems, "1-5,9"},
		{"covered", systems[:1], "1-5"},
		{"covered", systems, "1-300"},
		{" 250-300 , 10-40,100,12 ", systems[1:], "10-40,100,250-300"},
	} {
		t.Run(c.spec, func(t *testing.T) {
			ev, err := evaluate.Run(request(gold, carbGold, c.spec, c.systems))
			if err != nil {
				t.Fatal(err)
			}
			sub := ev.Report.Subset
			if sub == nil || sub.IDs != c.ids || sub.Of != 300 || sub.Sentences != len(ev.Gold.Sentences) {
				t.Fatalf("subset %+v, want ids %s", sub, c.ids)
			}
			if !strings.Contains(ev.Report.Signature, "|"+sub.SignatureField()) {
				t.Fatalf("signature %s does not name the subset", ev.Report.Signature)
			}
			// The files a teacher would write by hand for these sentences.
			var g bytes.Buffer
			if err := benchie.WriteGold(&g, ev.Gold.Gold); err != nil {
				t.Fatal(err)
			}
			keys := map[string]bool{}
			for _, s := range ev.Gold.Sentences {
				keys[carb.SentenceKey(s.Text)] = true
			}
			var cg []string
			for _, line := range strings.Split(string(carbGold), "\n") {
				sentence, _, _ := strings.Cut(line, "\t")
				if keys[carb.SentenceKey(sentence)] {
					cg = append(cg, line)
				}
			}
			want, err := evaluate.Run(request(g.Bytes(), []byte(strings.Join(cg, "\n")+"\n"), "", c.systems))
			if err != nil {
				t.Fatal(err)
			}
			if got, exp := ev.Report.Gold.Synsets, want.Report.Gold.Synsets; got != exp || ev.Report.Gold.Sentences != want.Report.Gold.Sentences {
				t.Fatalf("gold %+v, the subset file's %+v", ev.Report.Gold, want.Report.Gold)
			}
			if ev.Report.CaRBGold.Sentences != want.Report.CaRBGold.Sentences || ev.Report.CaRBGold.Extractions != want.Report.CaRBGold.Extractions {
				t.Fatalf("CaRB gold %+v, the subset file's %+v", ev.Report.CaRBGold, want.Report.CaRBGold)
			}
			for i, s := range ev.Report.Systems {
				w := want.Report.Systems[i]
				if s.Ignored != w.Ignored {
					t.Errorf("%s: ignored %d, the subset file's %d", s.Name, s.Ignored, w.Ignored)
				}
				for _, f := range []string{"regular", "concat", "minimal", "entity"} {
					sameScore(t, s.Name+" "+f, s.BenchIE.Facet(f), w.BenchIE.Facet(f))
				}
				sameCaRB(t, s.Name, s.CaRB, w.CaRB)
			}
		})
	}
}

func sameScore(t *testing.T, what string, got, want *report.Score) {
	t.Helper()
	if got == nil || want == nil {
		t.Fatalf("%s: missing score %v %v", what, got, want)
	}
	if got.TP != want.TP || got.FP != want.FP || got.FN != want.FN || got.Duplicates != want.Duplicates {
		t.Errorf("%s: counts %+v, the subset file's %+v", what, got, want)
	}
	for _, v := range [][2]float64{{got.Precision, want.Precision}, {got.Recall, want.Recall}, {got.F1, want.F1}} {
		if math.Abs(v[0]-v[1]) > 1e-12 {
			t.Errorf("%s: %v, the subset file's %v", what, v[0], v[1])
		}
	}
}

func sameCaRB(t *testing.T, what string, got, want *report.CaRB) {
	t.Helper()
	if got == nil || want == nil || got.Delta == nil || want.Delta == nil {
		t.Fatalf("%s: missing CaRB %+v %+v", what, got, want)
	}
	for _, v := range [][2]float64{{got.Precision, want.Precision}, {got.Recall, want.Recall}, {got.F1, want.F1}, {got.AUC, want.AUC},
		{got.Delta.F1, want.Delta.F1}, {float64(got.PredictionsWithoutGold), float64(want.PredictionsWithoutGold)}} {
		if math.Abs(v[0]-v[1]) > 1e-12 {
			t.Errorf("%s CaRB: %+v, the subset file's %+v", what, got, want)
		}
	}
}

// TestStudentCovered is the student: 5 sentences of 300 score R
// .004 against the whole gold, and their real recall on their sentences.
func TestStudentCovered(t *testing.T) {
	gold := read(t, "benchie_gold_annotations_en.txt")
	run := func(sentences string) report.System {
		ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold.txt", Data: gold},
			Systems: []evaluate.Input{{Path: "student.tsv", Data: student(t)}},
			Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular}, Sentences: sentences}})
		if err != nil {
			t.Fatal(err)
		}
		return ev.Report.Systems[0]
	}
	all, covered := run(""), run("covered")
	if all.BenchIE.Regular.Recall > 0.01 || covered.BenchIE.Regular.Recall < 0.1 || all.BenchIE.Regular.TP != covered.BenchIE.Regular.TP {
		t.Fatalf("all %+v, covered %+v", all.BenchIE.Regular, covered.BenchIE.Regular)
	}
	if covered.BenchIE.Regular.Precision != all.BenchIE.Regular.Precision {
		t.Fatal("no extraction is outside its own sentences: precision is the same")
	}
}

func TestSentencesErrors(t *testing.T) {
	gold := "sent_id:1\tA .\n1--> Cluster 1:\nA --> b --> c\n\nsent_id:2\tB .\n2--> Cluster 1:\nB --> b --> c\n\nsent_id:x-1\tC .\nx-1--> Cluster 1:\nC --> b --> c\n"
	run := func(spec, sys string) (*evaluate.Evaluation, error) {
		return evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "g.txt", Data: []byte(gold)},
			Systems: []evaluate.Input{{Path: "s.tsv", Data: []byte(sys)}}, Options: evaluate.Options{Sentences: spec}})
	}
	for spec, want := range map[string]string{
		"1,,2": `sentences "1,,2", column 3: an empty item: expected a sentence id or a range FIRST-LAST between commas`,
		"1-7":  `sentences "1-7", column 1: range 1-7: sentence "7" is not in the gold g.txt (its 3 sentences run from "1" to "x-1")`,
		"1, 9": `sentences "1, 9", column 4: sentence "9" is not in the gold g.txt (its 3 sentences run from "1" to "x-1")`,
		"2-1":  `sentences "2-1", column 1: range 2-1 goes backwards: sentence "2" comes after "1" in the gold; expected FIRST-LAST in the gold's order`,
	} {
		if _, err := run(spec, "1\tA\tb\tc\n"); err == nil || err.Error() != want {
			t.Errorf("%q: err = %v\nwant %s", spec, err, want)
		}
	}
	g, _ := evaluate.ReadGold(evaluate.Input{Path: "g.txt", Data: []byte(gold)}, false)
	if _, _, err := evaluate.ChooseSentences("covered", g, nil); err == nil || err.Error() != `sentences "covered": no extraction of the files scored names a sentence of the gold g.txt, so they cover none` {
		t.Errorf("covered without files: %v", err)
	}
	if sub, named, err := evaluate.ChooseSentences("covered,2", g, nil); err != nil || len(sub.Sentences) != 1 || named.IDs != "2" || named.Kind != "covered" {
		t.Errorf("covered and 2 without files: %v %+v", err, named)
	}
	// An id with a dash is an id; a warning counts what the subset left out.
	ev, err := run("x-1", "1\tA\tb\tc\nx-1\tC\tb\tc\n7\tz\tz\tz\n")
	if err != nil {
		t.Fatal(err)
	}
	s := ev.Report.Systems[0]
	if s.BenchIE.Regular.TP != 1 || s.BenchIE.Regular.FN != 0 || s.Ignored != 2 || ev.Report.Subset.IDs != "x-1" {
		t.Fatalf("%+v %+v", s, s.BenchIE.Regular)
	}
	if w := strings.Join(s.Warnings, "\n"); !strings.Contains(w, "1 extraction(s) are on 1 sentence(s) outside the chosen sentences") || !strings.Contains(w, "1 extraction(s) name sentences not in the gold") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	// Evaluate called with a subset it cannot choose scores everything and says so.
	ev = evaluate.Evaluate(g, nil, nil, evaluate.Options{Sentences: "5"})
	if ev.Report.Subset != nil || !strings.Contains(fmt.Sprint(ev.Report.Gold.Warnings), "every sentence is scored") {
		t.Fatalf("%+v", ev.Report.Gold)
	}
}

// TestSubsetNamedEverywhere: the table, Markdown, LaTeX, CSV and JSON name
// the subset.
func TestSubsetNamedEverywhere(t *testing.T) {
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "dir/gold.txt", Data: read(t, "benchie_gold_annotations_en.txt")},
		Systems: []evaluate.Input{{Path: "student.tsv", Data: student(t)}}, Options: evaluate.Options{Sentences: "covered"}})
	if err != nil {
		t.Fatal(err)
	}
	for format, want := range map[string]string{
		"table":    "gold gold.txt: 5 of 300 sentences (those the files cover: 1-5), ",
		"markdown": "Gold: gold.txt (5 of 300 sentences (those the files cover: 1-5), ",
		"latex":    "(5 of 300 sentences (those the files cover: 1-5), ",
		"csv":      "|sentences:covered:5/300:1-5|systems:sha256:",
		"json":     `"subset": { "spec": "covered", "kind": "covered", "sentences": 5, "of": 300, "ids": "1-5" }`,
	} {
		out, err := ev.Report.RenderWith(format, report.RenderOptions{Wide: true})
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		if format == "json" {
			text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", " ")), " ")
		}
		if !strings.Contains(text, want) || !strings.Contains(string(out), "sentences:covered:5/300:1-5") {
			t.Errorf("%s does not name the subset (%q):\n%s", format, want, out)
		}
	}
}

// TestCompactIDsReadBack: the ids a report names read back, through
// --sentences, to the same sentences, for random subsets of a gold whose
// ids are not in numeric order and hold dashes.
func TestCompactIDsReadBack(t *testing.T) {
	var b strings.Builder
	ids := []string{"3", "1", "a-b", "2", "x", "10", "9", "b-", "-c", "7"}
	for _, id := range ids {
		fmt.Fprintf(&b, "sent_id:%s\tS %s .\n%s--> Cluster 1:\nS --> r --> %s\n\n", id, id, id, id)
	}
	g, err := evaluate.ReadGold(evaluate.Input{Path: "g.txt", Data: []byte(b.String())}, false)
	if err != nil {
		t.Fatal(err)
	}
	for mask := 1; mask < 1<<len(ids); mask++ {
		var picks []int
		for i := range ids {
			if mask&(1<<i) != 0 {
				picks = append(picks, i)
			}
		}
		list := evaluate.CompactIDs(g.Gold, picks)
		sub, named, err := evaluate.ChooseSentences(list, g, nil)
		if err != nil {
			t.Fatalf("%v: %q: %v", picks, list, err)
		}
		if named.IDs != list || len(sub.Sentences) != len(picks) {
			t.Fatalf("%v: %q reads back as %q (%d sentences)", picks, list, named.IDs, len(sub.Sentences))
		}
		for i, p := range picks {
			if sub.Sentences[i].ID != ids[p] {
				t.Fatalf("%v: %q reads back sentence %q at %d, want %q", picks, list, sub.Sentences[i].ID, i, ids[p])
			}
		}
	}
}
