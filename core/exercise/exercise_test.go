package exercise

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/shipped"
)

func englishGold(t testing.TB) *benchie.Gold {
	t.Helper()
	g, err := shipped.Gold("en")
	if err != nil {
		t.Fatal(err)
	}
	return g.Gold
}

func TestNewAndParse(t *testing.T) {
	g := englishGold(t)
	sp, err := New(g, "2,1", "Week 3", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(sp.Sentences) != 2 || sp.Sentences[1].ID != "2" || !strings.HasPrefix(sp.Sentences[1].Text, "Graner handcuffed") {
		t.Fatalf("sentences %+v", sp.Sentences)
	}
	if !strings.HasPrefix(sp.Gold, "sent_id:1\t") || !strings.Contains(sp.Gold, "\nsent_id:2\tGraner") || strings.Contains(sp.Gold, "sent_id:3\t") {
		t.Errorf("gold is not restricted to sentences 2 and 1:\n%s", sp.Gold)
	}
	if sp.ID != checksum([]byte(sp.Gold)) || len(sp.ID) != 64 {
		t.Errorf("id %q", sp.ID)
	}
	// The restricted gold keeps every synset of its sentences.
	rg, err := sp.ReadGold()
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := g.Sentence("2")
	r2, _ := rg.Sentence("2")
	if len(r2.Synsets) != len(s2.Synsets) || len(rg.Sentences) != 2 {
		t.Errorf("restricted sentence 2 has %d synsets, the gold %d", len(r2.Synsets), len(s2.Synsets))
	}
	data, err := sp.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse("exercise.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if back.ID != sp.ID || back.Title != "Week 3" || back.ShowGold || !slices.Equal(back.Sentences, sp.Sentences) || back.Gold != sp.Gold {
		t.Errorf("round trip: %+v", back)
	}
	if _, err := New(g, "2,nope", "", true); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown id: %v", err)
	}
	for _, bad := range []string{"", "covered", "1,,2", "5-3"} {
		if _, err := New(g, bad, "", true); err == nil {
			t.Errorf("sentences %q: no error", bad)
		}
	}
	// A changed gold no longer has its id; bad JSON is placed.
	changed := sp
	changed.Gold = strings.Replace(sp.Gold, "Graner --> handcuffed --> him", "Graner --> handcuffed --> them", 1)
	tampered, _ := changed.MarshalJSON()
	if _, err := Parse("x.json", tampered); err == nil || !strings.Contains(err.Error(), "x.json:1:") || !strings.Contains(err.Error(), "changed") {
		t.Errorf("tampered gold: %v", err)
	}
	if _, err := Parse("x.json", []byte("{\n\"version\": 1,,")); err == nil || !strings.Contains(err.Error(), "x.json:2:") {
		t.Errorf("bad JSON: %v", err)
	}
	var pe *oie.ParseError
	if _, err := Parse("x.json", []byte(`{"version": 2}`)); !errors.As(err, &pe) || pe.Column != 13 {
		t.Errorf("wrong version: %v", err)
	}
}

func ext(id, s, r, o string) Extraction {
	return Extraction{SentID: id, Triple: oie.Triple{Subject: s, Relation: r, Object: o}}
}

func TestCheck(t *testing.T) {
	g := englishGold(t)
	for _, show := range []bool{true, false} {
		sp, err := New(g, "2", "", show)
		if err != nil {
			t.Fatal(err)
		}
		gold, err := sp.ReadGold()
		if err != nil {
			t.Fatal(err)
		}
		fb := Check(sp, gold, []Extraction{
			ext("2", "Graner", "handcuffed", "him"),
			ext("2", "Graner", "handcuffed", "him"),
			ext("2", "Graner", "left", "him there"),
		})
		v := fb.Sentences[0]
		es := v.Systems[0].Extractions
		if len(es) != 3 || es[0].Verdict != benchie.Correct || es[1].Verdict != benchie.Duplicate || es[2].Verdict != benchie.Incorrect {
			t.Fatalf("show=%v: verdicts %+v", show, es)
		}
		if es[0].Synset != 0 {
			t.Errorf("the correct extraction states synset %d, want 0", es[0].Synset)
		}
		// One of seven synsets covered, one of two extractions incorrect.
		if fb.Score.TP != 1 || fb.Score.FP != 1 || fb.Score.FN != 6 || math.Abs(fb.Score.Precision-0.5) > 1e-12 {
			t.Errorf("score %+v", fb.Score)
		}
		cl := es[2].Closest
		if len(cl) == 0 || !cl[0].Agree[0] || cl[0].Agree[2] {
			t.Fatalf("show=%v: closest %+v", show, cl)
		}
		hasGoldText := false
		for _, syn := range v.Synsets {
			hasGoldText = hasGoldText || len(syn.Triples) > 0
		}
		for _, c := range cl {
			for _, slot := range c.Gold {
				hasGoldText = hasGoldText || len(slot) > 0
			}
		}
		if hasGoldText != show {
			t.Errorf("show=%v: gold text shown: %v", show, hasGoldText)
		}
		if len(v.Synsets) != 7 || v.Synsets[0].CoveredBy[0] != 0 || v.Synsets[1].CoveredBy[0] != -1 {
			t.Errorf("show=%v: synsets %+v", show, v.Synsets)
		}
	}
}

func TestSubmissionsAndClass(t *testing.T) {
	g := englishGold(t)
	sp, err := New(g, "1-3", "Class", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteSubmission(sp, " ", []Extraction{ext("2", "a", "b", "c")}); err == nil {
		t.Error("a submission without a name")
	}
	if _, err := WriteSubmission(sp, "Ana", nil); err == nil {
		t.Error("an empty submission")
	}
	works := map[string][]Extraction{
		"Ana Lima": {ext("2", "Graner", "handcuffed", "him"), ext("2", "feet", "dangling off", "floor"), ext("3", "x", "y", "z")},
		"Bo":       {ext("2", "Graner", "left", "him there")},
		"Cy":       {ext("1", "He", "served as", "Prime Minister"), ext("2", "Graner", "handcuffed", "him")},
	}
	var subs []Submission
	req := evaluate.Request{Gold: evaluate.Input{Path: GoldName, Data: []byte(sp.Gold)}}
	for name, exts := range works {
		data, err := WriteSubmission(sp, name, exts)
		if err != nil {
			t.Fatal(err)
		}
		file := SubmissionName(name)
		sub, err := ReadSubmission(sp, file, data)
		if err != nil {
			t.Fatal(err)
		}
		if sub.Student != name || sub.System.Extractions.Len() != len(exts) {
			t.Errorf("%s read as %q with %d extractions", file, sub.Student, sub.System.Extractions.Len())
		}
		subs = append(subs, sub)
		// The command line reads the same file as a system, as it is.
		req.Systems = append(req.Systems, evaluate.Input{Name: name, Path: file, Data: data})
	}
	if SubmissionName("Ana Lima") != "submission-ana-lima.jsonl" {
		t.Errorf("file name %q", SubmissionName("Ana Lima"))
	}
	c, err := ScoreClass(sp, subs)
	if err != nil {
		t.Fatal(err)
	}
	cli, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 3 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	for k, row := range c.Rows {
		if k > 0 && row.Score.F1 > c.Rows[k-1].Score.F1 {
			t.Errorf("row %d (%s) ranks below a lower F1", k, row.Student)
		}
		if row.Intervals.F1[0] > row.Score.F1+1e-12 || row.Intervals.F1[1] < row.Score.F1-1e-12 && row.Score.F1 > 0 {
			t.Errorf("%s: F1 %v outside its interval %v", row.Student, row.Score.F1, row.Intervals.F1)
		}
		for _, s := range cli.Report.Systems {
			if s.Name != row.Student {
				continue
			}
			for _, f := range []string{"regular", "concat", "minimal"} {
				a, b := c.Eval.Report.Systems[row.System].BenchIE.Facet(f), s.BenchIE.Facet(f)
				if math.Abs(a.F1-b.F1) > 1e-12 || math.Abs(a.Precision-b.Precision) > 1e-12 || a.TP != b.TP || a.FP != b.FP {
					t.Errorf("%s %s: class %+v, command line %+v", row.Student, f, a, b)
				}
			}
		}
	}
	// Cy: 2 correct of 2 (F1 2/(1+...)); Ana: 2 of 3; Bo: 0 of 1.
	if c.Rows[0].Student != "Cy" || c.Rows[2].Student != "Bo" {
		t.Errorf("first is %s", c.Rows[0].Student)
	}
	rep := c.Report(c.Rows[0], 0)
	if len(rep) != 3 || len(rep[0].Systems[0].Extractions) != 1 || len(rep[1].Systems[0].Extractions) != 1 || rep[1].Systems[0].Extractions[0].Verdict != benchie.Correct {
		t.Errorf("report of %s: %d sentences", c.Rows[0].Student, len(rep))
	}
	// Another exercise's submission, a mixed one and a repeated student are refused.
	other, _ := New(g, "4", "Other", false)
	data, _ := WriteSubmission(other, "Dee", []Extraction{ext("4", "a", "b", "c")})
	if _, err := ReadSubmission(sp, "dee.jsonl", data); err == nil || !strings.Contains(err.Error(), "dee.jsonl:1:1: ") || !strings.Contains(err.Error(), "another exercise") {
		t.Errorf("another exercise: %v", err)
	}
	a, _ := WriteSubmission(sp, "Ana", []Extraction{ext("2", "a", "b", "c")})
	b, _ := WriteSubmission(sp, "Bo", []Extraction{ext("2", "a", "b", "c")})
	if _, err := ReadSubmission(sp, "mix.jsonl", append(a, b...)); err == nil || !strings.Contains(err.Error(), "mix.jsonl:2:1") {
		t.Errorf("two students in one file: %v", err)
	}
	if _, err := ScoreClass(sp, []Submission{subs[0], subs[0]}); err == nil {
		t.Error("the same student twice")
	}
}

// Line endings and blank lines do not move the positions of a refusal.
func TestSubmissionLines(t *testing.T) {
	sp, err := New(englishGold(t), "2", "", false)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := WriteSubmission(sp, "Ana", []Extraction{ext("2", "a", "b", "c")})
	b, _ := WriteSubmission(sp, "Bo", []Extraction{ext("2", "a", "b", "c")})
	crlf := strings.ReplaceAll(string(a)+"\n"+string(b), "\n", "\r\n")
	if _, err := ReadSubmission(sp, "x.jsonl", []byte("\ufeff"+crlf)); err == nil || !strings.Contains(err.Error(), "x.jsonl:3:1: ") {
		t.Errorf("CRLF, a blank line and a BOM: %v", err)
	}
	if s, err := ReadSubmission(sp, "x.jsonl", []byte(strings.ReplaceAll(string(a), "\n", "\r"))); err != nil || s.Student != "Ana" {
		t.Errorf("CR endings: %+v, %v", s, err)
	}
	if _, err := ReadSubmission(sp, "x.jsonl", []byte("\n\n")); err == nil {
		t.Error("an empty submission read")
	}
}

// Read and scored pausing, a long submission is read and scored exactly as
// without pauses, and the pause is called while reading and scoring.
func TestPacedClassIsClass(t *testing.T) {
	sp, err := New(englishGold(t), "1-3", "Class", false)
	if err != nil {
		t.Fatal(err)
	}
	var long []Extraction
	for i := range 3 * oie.PauseEvery {
		long = append(long, ext([]string{"1", "2", "3"}[i%3], "Graner", "handcuffed", "him"))
	}
	works := map[string][]Extraction{"Ana": long, "Bo": {ext("2", "Graner", "left", "him there")}}
	var plain, paced []Submission
	pauses := 0
	pause := func() { pauses++ }
	for _, name := range []string{"Ana", "Bo"} {
		data, err := WriteSubmission(sp, name, works[name])
		if err != nil {
			t.Fatal(err)
		}
		a, errA := ReadSubmission(sp, SubmissionName(name), data)
		b, errB := ReadSubmissionPaced(sp, evaluate.Input{Path: SubmissionName(name), Data: data, Pause: pause})
		if errA != nil || errB != nil || a.Student != b.Student || a.Raw != b.Raw || a.System.Extractions.Len() != b.System.Extractions.Len() {
			t.Fatalf("%s: %v, %v: %+v against %+v", name, errA, errB, a, b)
		}
		plain, paced = append(plain, a), append(paced, b)
	}
	read := pauses
	if read < 3 {
		t.Errorf("%d pauses reading %d lines", read, len(long))
	}
	want, err := ScoreClass(sp, plain)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ScoreClassPaced(sp, paced, pause)
	if err != nil {
		t.Fatal(err)
	}
	if pauses-read < 3 {
		t.Errorf("%d pauses scoring", pauses-read)
	}
	if len(got.Rows) != len(want.Rows) {
		t.Fatalf("%d rows, want %d", len(got.Rows), len(want.Rows))
	}
	for i := range want.Rows {
		w, g := want.Rows[i], got.Rows[i]
		if w.Student != g.Student || w.Score != g.Score || w.Intervals != g.Intervals {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
}

// Each refusal names the line and column of its cause, whichever of the
// line's object or the submission's fields is wrong, and a line that is
// not JSON is reported before a later-found student on an earlier line:
// the file reads as a system file first.
func TestSubmissionRefusalPositions(t *testing.T) {
	sp, err := New(englishGold(t), "2", "", false)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := WriteSubmission(sp, "Ana", []Extraction{ext("2", "a", "b", "c"), ext("2", "d", "e", "f")})
	b, _ := WriteSubmission(sp, "Bo", []Extraction{ext("2", "a", "b", "c")})
	noStudent := strings.Replace(string(b), `"student":"Bo"`, `"student":" "`, 1)
	for _, c := range []struct{ name, data, want string }{
		{"third line another student", "\n" + string(a) + string(b), "x.jsonl:4:1: "},
		{"blank student after blank lines", string(a) + "\n\n" + noStudent, "x.jsonl:5:1: expected \"student\""},
		{"bad JSON after another student", string(a) + string(b) + `{"sent_id": "2", "subject": }` + "\n", "x.jsonl:4:29: invalid JSON"},
		{"subject not a string", string(a) + `{"sent_id":"2","subject":7,"relation":"b","object":"c","exercise":"` + sp.ID + `","student":"Ana"}`, "x.jsonl:3:26: "},
	} {
		_, err := ReadSubmission(sp, "x.jsonl", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	s, err := ReadSubmission(sp, "x.jsonl", append(append([]byte{}, a...), "\n"...))
	if err != nil || s.Raw != "Ana" || s.System.Extractions.Len() != 2 || s.System.Name != "Ana" {
		t.Errorf("a valid submission: %+v, %v", s, err)
	}
}

// The teacher's pick reads a long submission (docs/reliability.md):
//
//	go test -run '^$' -bench ReadSubmission -benchtime 5x ./core/exercise
func BenchmarkReadSubmission(b *testing.B) {
	sp, err := New(englishGold(b), "1-3", "Class", false)
	if err != nil {
		b.Fatal(err)
	}
	long := make([]Extraction, 200_000)
	for i := range long {
		long[i] = ext([]string{"1", "2", "3"}[i%3], "Graner", "handcuffed", "him")
	}
	data, err := WriteSubmission(sp, "Ana", long)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadSubmission(sp, "long.jsonl", data); err != nil {
			b.Fatal(err)
		}
	}
}
