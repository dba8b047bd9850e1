package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/ui"
)

// sameValue reports where a and b differ ("" when they do not), floats
// compared bit for bit (a NaN equals the same NaN), nil and empty slices
// told apart.
func sameValue(a, b reflect.Value, at string) string {
	if a.Kind() != b.Kind() {
		return at + ": kinds differ"
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v ≠ %v", at, a.Float(), b.Float())
		}
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return at + ": one is nil"
			}
			return ""
		}
		return sameValue(a.Elem(), b.Elem(), at)
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return at + ": one is nil"
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: lengths %d ≠ %d", at, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := sameValue(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := sameValue(a.Field(i), b.Field(i), at+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			return at + ": map sizes differ"
		}
		for _, k := range a.MapKeys() {
			if !b.MapIndex(k).IsValid() {
				return fmt.Sprintf("%s[%v]: missing", at, k)
			}
			if d := sameValue(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%v]", at, k)); d != "" {
				return d
			}
		}
	case reflect.Func:
		if !a.IsNil() || !b.IsNil() {
			return at + ": a function"
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d ≠ %d", at, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d ≠ %d", at, a.Uint(), b.Uint())
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q ≠ %q", at, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return at + ": booleans differ"
		}
	default:
		return at + ": kind " + a.Kind().String() + " not compared"
	}
	return ""
}

// viaScorer is CaRB added to ev as the page adds it with a scorer Worker:
// the request encoded, served by sc (which may hold the gold already), the
// reply decoded, CaRB − BenchIE on the page. It returns the evaluation and
// the request's and reply's sizes, and logs what the page's thread and the
// scorer take natively.
func viaScorer(t *testing.T, sc *scorer, ev *evaluate.Evaluation, cg *evaluate.CaRBGold, sendGold bool) (*evaluate.Evaluation, int, int) {
	t.Helper()
	start := time.Now()
	w := ev.CaRBWork(cg, nil)
	req := scorerRequest{Seq: 9, CaRB: carbJobFor(cg, w.Keep, w.Tasks, sendGold, nil)}
	msg := req.encode()
	posted := time.Since(start)
	back, err := decodeScorerRequest(msg)
	if err != nil {
		t.Fatalf("the request does not decode: %v", err)
	}
	if !bytes.Equal(back.encode(), msg) {
		t.Fatal("the request decoded and encoded again differs")
	}
	start = time.Now()
	out := sc.serve(msg)
	served := time.Since(start)
	start = time.Now()
	rep, err := decodeCaRBReply(out)
	if err != nil || rep.Seq != 9 || rep.Error != "" || !req.answeredBy(rep) {
		t.Fatalf("reply seq %d, error %q (%v), %d scores for %d tasks", rep.Seq, rep.Error, err, len(rep.CaRB), len(req.CaRB.Tasks))
	}
	withCaRB := ev.WithCaRBScores(cg, rep.CaRB)
	t.Logf("%d systems, %d B posted, %d B back: the page's thread %v (request) and %v (reply, CaRB − BenchIE, report); the scorer %v",
		len(ev.Systems), len(msg), len(out), posted.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), served.Round(time.Millisecond))
	return withCaRB, len(msg), len(out)
}

// sameCaRB fails unless the report CaRB was added to through the scorer
// equals WithCaRBPaced's bit for bit, and some system has CaRB numbers.
func sameCaRB(t *testing.T, name string, got, want *evaluate.Evaluation) {
	t.Helper()
	if d := sameValue(reflect.ValueOf(got.Report), reflect.ValueOf(want.Report), "report"); d != "" {
		t.Errorf("%s: the report through the scorer differs from WithCaRBPaced's: %s", name, d)
	}
	if want.Report.Systems[0].CaRB == nil {
		t.Fatalf("%s: no CaRB column", name)
	}
}

func readInput(t *testing.T, name string) evaluate.Input {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return evaluate.Input{Path: name, Data: b}
}

// CaRB's columns through the scorer's messages (request encoded → job →
// reply decoded → CaRB − BenchIE on the page) are WithCaRBPaced's report
// bit for bit: every CaRB number, PR point, difference and warning. On
// the bundled benchmark with every system, as the page shows it; then on
// a CaRB gold of the user's that shares part of its sentences with the
// BenchIE gold (the difference on the shared sentences), on a subset of
// the BenchIE gold (the CaRB gold restricted), and with systems whose
// CaRB score has a reference failure or no prediction. A second job on
// the same gold does not post it again.
func TestScorerCaRBMessageExact(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.waitUntil(t, "CaRB's columns", func(m *ui.Model) bool {
		return !m.Analyses.CaRBPending && m.Eval != nil && m.Eval.Report.Systems[0].CaRB != nil
	})
	a.env.RLock()
	shown := a.m.Eval
	var cg *evaluate.CaRBGold
	for _, g := range a.x.carbGolds {
		cg = g
	}
	a.env.RUnlock()
	if cg == nil || len(shown.Systems) < 9 {
		t.Fatalf("the bundled CaRB gold %v and %d systems, want it and every bundled system", cg != nil, len(shown.Systems))
	}
	sc := newScorer()
	want := shown.WithCaRBPaced(cg, nil, nil)
	got, reqBytes, repBytes := viaScorer(t, sc, shown, cg, true)
	sameCaRB(t, "bundled", got, want)
	if d := sameValue(reflect.ValueOf(shown.Report), reflect.ValueOf(want.Report), "report"); d != "" {
		t.Errorf("the page's report differs from WithCaRBPaced's: %s", d)
	}
	again, reqAgain, _ := viaScorer(t, sc, shown, cg, false)
	sameCaRB(t, "bundled, the gold held", again, want)
	t.Logf("bundled benchmark, %d systems: request %d B (%d B once the gold is held), reply %d B", len(shown.Systems), reqBytes, reqAgain, repBytes)
	if back, err := decodeScorerRequest(scorerRequest{Seq: 9, CaRB: carbJobFor(cg, nil, nil, false, nil)}.encode()); err != nil || back.CaRB.Gold != nil || reqBytes-reqAgain < len(cg.Sentences)*100 {
		t.Errorf("the request without the gold is %d B, with it %d B: the gold is posted again", reqAgain, reqBytes)
	}

	gold, err := evaluate.ReadGold(readInput(t, "benchie_gold_annotations_en.txt"), false)
	if err != nil {
		t.Fatal(err)
	}
	var systems []*evaluate.System
	for i, in := range []evaluate.Input{
		readInput(t, "systems/clausie_explicit.txt"),
		// CaRB's tabbed form, placed by its own text: a byte order mark on
		// a blank line (the reference's reader fails on it), a prediction on
		// no gold sentence.
		{Path: "bom.tsv", Data: []byte("\ufeff\n" + shown.Gold.Sentences[0].Text + "\t0.9\tserved as\tHe\tPM\nNot a gold sentence .\t0.5\tis\tit\n" + shown.Gold.Sentences[1].Text + "\t0.7\tx\ty\n")},
	} {
		s, err := evaluate.ReadSystem(in, []oie.Format{"", evaluate.FormatCaRB}[i])
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, s)
	}
	empty := *systems[0]
	sysEmpty := *empty.System
	sysEmpty.Extractions = oie.Extractions{}
	empty.System, empty.Path = &sysEmpty, "empty.txt"
	systems = append(systems, &empty)

	// The user's CaRB gold: the bundled one's first 40 sentences and one of
	// its own.
	var lines []string
	seen := map[string]bool{}
	for _, l := range strings.Split(string(readInput(t, "carb_explicit.txt").Data), "\n") {
		s, _, _ := strings.Cut(l, "\t")
		if !seen[s] && len(seen) == 40 {
			break
		}
		seen[s] = true
		lines = append(lines, l)
	}
	lines = append(lines, "A sentence of the user's own .\tis\tA sentence\tthe user's own")
	partial, err := evaluate.ReadCaRBGold(evaluate.Input{Path: "mine.txt", Data: []byte(strings.Join(lines, "\n") + "\n")})
	if err != nil {
		t.Fatal(err)
	}
	sub, _, err := evaluate.ChooseSentences("1-60", gold, systems)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		gold *evaluate.Gold
		cg   *evaluate.CaRBGold
	}{{"the user's CaRB gold, in part", gold, partial}, {"a subset of the BenchIE gold", sub, cg}, {"the bundled CaRB gold", gold, cg}} {
		ev := evaluate.Evaluate(c.gold, c.gold, systems, evaluate.Options{ReferenceCompat: true})
		want := ev.WithCaRBPaced(c.cg, nil, nil)
		got, _, _ := viaScorer(t, newScorer(), ev, c.cg, true)
		sameCaRB(t, c.name, got, want)
		all := fmt.Sprintf("%+v", want.Report.Systems)
		for _, s := range []string{"could not score this file", "no predictions to score"} {
			if !strings.Contains(all, s) {
				t.Errorf("%s: no warning %q: the case is not covered", c.name, s)
			}
		}
		if c.cg == partial && (want.Report.Systems[0].CaRB.Delta == nil || want.Report.Systems[0].CaRB.Delta.Sentences == 0) {
			t.Errorf("%s: CaRB − BenchIE %+v, want it on the shared sentences", c.name, want.Report.Systems[0].CaRB.Delta)
		}
	}
}

// With a Worker, CaRB's columns are the Worker's (its mark), equal bit for
// bit to the page's own without one; the gold is posted with the first
// job only. A Worker that answers with an error, another seq, a reply
// missing a score, or bytes that are no reply is not believed: the page
// scores CaRB itself and shows the same numbers.
func TestScorerCaRBWorkerOrPage(t *testing.T) {
	withCaRB := func(worker func([]byte) []byte) (report.Report, []string) {
		return bootedWith(t, worker, "CaRB's columns", func(m *ui.Model) bool {
			return !m.Analyses.CaRBPending && m.Eval != nil && m.Eval.Report.Systems[0].CaRB != nil
		}, func(m *ui.Model) report.Report { return m.Eval.Report })
	}
	page, pageMarks := withCaRB(nil)
	if !slices.Contains(pageMarks, "oiebench-carb-page") {
		t.Errorf("without a Worker: marks %v; want CaRB scored on the page", pageMarks)
	}
	sc := newScorer()
	var posted [][]byte
	worker, workerMarks := withCaRB(func(b []byte) []byte { posted = append(posted, b); return sc.serve(b) })
	if !slices.Contains(workerMarks, "oiebench-carb-worker") || slices.Contains(workerMarks, "oiebench-carb-page") {
		t.Errorf("with a Worker: marks %v; want CaRB answered by the Worker", workerMarks)
	}
	if d := sameValue(reflect.ValueOf(worker), reflect.ValueOf(page), "report"); d != "" {
		t.Errorf("the Worker's CaRB differs from the page's: %s", d)
	}
	carbJobs, sizes := 0, []int{}
	for _, b := range posted {
		if req, err := decodeScorerRequest(b); err == nil && req.CaRB != nil {
			sizes = append(sizes, len(b))
			if carbJobs++; req.CaRB.SendGold != (carbJobs == 1) {
				t.Errorf("CaRB job %d posts the gold: %v", carbJobs, req.CaRB.SendGold)
			}
		}
	}
	t.Logf("CaRB jobs posted: %v bytes", sizes)
	if carbJobs != len(worker.Systems) {
		t.Errorf("%d CaRB jobs posted for %d systems, want one each", carbJobs, len(worker.Systems))
	}
	// A Worker that forgets the gold after each job (as one that dropped
	// it would): the job without it is answered with an error and scored on
	// the page, and the next job posts the gold again.
	var forgetful [][]byte
	got, marks := withCaRB(func(b []byte) []byte { forgetful = append(forgetful, b); return newScorer().serve(b) })
	posts := []bool{}
	for _, b := range forgetful {
		if req, err := decodeScorerRequest(b); err == nil && req.CaRB != nil {
			posts = append(posts, req.CaRB.SendGold)
		}
	}
	if !reflect.DeepEqual(posts, []bool{true, false, true, false, true, false, true, false, true}) ||
		!slices.Contains(marks, "oiebench-carb-page") || !slices.Contains(marks, "oiebench-carb-worker") {
		t.Errorf("a forgetful Worker: the gold posted %v, marks %v; want it posted again after each job the page scored", posts, marks)
	}
	if d := sameValue(reflect.ValueOf(got), reflect.ValueOf(page), "report"); d != "" {
		t.Errorf("a forgetful Worker: the report differs from the page's own: %s", d)
	}

	isCaRB := func(b []byte) bool { return binary.LittleEndian.Uint32(b[8:]) == carbTag }
	for name, bad := range map[string]func([]byte) []byte{
		"an error": func(b []byte) []byte {
			if isCaRB(b) {
				return scorerReply{Seq: 1, Error: "no", carb: true}.encode()
			}
			return newScorer().serve(b)
		},
		"another seq": func(b []byte) []byte {
			rep := newScorer().serve(b)
			binary.LittleEndian.PutUint64(rep, binary.LittleEndian.Uint64(rep)+1)
			return rep
		},
		"a score short": func(b []byte) []byte {
			rep, err := decodeCaRBReply(newScorer().serve(b))
			if !isCaRB(b) || err != nil {
				return newScorer().serve(b)
			}
			rep.CaRB = rep.CaRB[1:]
			return rep.encode()
		},
		"no reply": func([]byte) []byte { return []byte{1, 2, 3} },
	} {
		got, marks := withCaRB(bad)
		if !slices.Contains(marks, "oiebench-carb-page") || slices.Contains(marks, "oiebench-carb-worker") {
			t.Errorf("%s: marks %v, want CaRB scored on the page", name, marks)
		}
		if d := sameValue(reflect.ValueOf(got), reflect.ValueOf(page), "report"); d != "" {
			t.Errorf("%s: the report differs from the page's own: %s", name, d)
		}
	}
}

// A CaRB job that is not one (cut short at any word, a count beyond the
// words left, a sentence number beyond the texts, a flag not 0 or 1,
// bytes that are not UTF-8, words after its end, a gold not held, indices
// beyond the gold) is answered with an error saying where and what was
// expected, in the CaRB reply's form, never a crash; a CaRB reply cut
// anywhere or padded is an error on the page's side.
func TestScorerCaRBBadMessages(t *testing.T) {
	g, err := carb.ReadGold("g.txt", []byte("A b c .\tb\tA\tc\nD e f .\te\tD\tf\n"))
	if err != nil {
		t.Fatal(err)
	}
	preds := &carb.Predictions{Path: "s.txt", Extractions: []carb.Prediction{
		{Sentence: "A b c .", Confidence: 0.9, Tuple: carb.Tuple{Relation: "b", Args: []string{"A", "c"}}, Line: 1},
		{Sentence: "D e f .", Confidence: 0.4, Tuple: carb.Tuple{Relation: "e", Args: []string{"D"}}, Line: 2},
	}}
	job := func(keep, shared []int) *carbJob {
		return &carbJob{Key: "k", Gold: g, SendGold: true, CaRBWork: evaluate.CaRBWork{Keep: keep, Tasks: []evaluate.CaRBTask{{Predictions: preds, Shared: shared}}}}
	}
	good := scorerRequest{Seq: 5, CaRB: job([]int{0, 1}, []int{1})}.encode()
	reply := newScorer().serve(good)
	if rep, err := decodeCaRBReply(reply); err != nil || rep.Error != "" || len(rep.CaRB) != 1 || rep.CaRB[0].Shared == nil {
		t.Fatalf("the good job's reply: %+v, %v", rep, err)
	}
	type bad struct {
		msg  []byte
		want string
	}
	var cases []bad
	for n := 12; n < len(good); n += 4 {
		cases = append(cases, bad{good[:n], "expected"})
	}
	set := func(word int, x uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[4*word:], x)
		return b
	}
	// Words: seq 0-1, tag 2, key "k" 3-4, gold flag 5, path "g.txt" 6-8,
	// 2 sentences 9, "A b c ." 10-12.
	cases = append(cases,
		bad{set(5, 2), "word 6 of"},
		bad{set(9, math.MaxUint32), "word 10 of"},
		bad{set(10, 1<<30), "word 11 of"},
		bad{set(11, 0xfffefdfc), "in UTF-8"},
		bad{append(bytes.Clone(good), 0, 0, 0, 0), "expected the message's end"},
		bad{scorerRequest{Seq: 5, CaRB: &carbJob{Key: "other", CaRBWork: evaluate.CaRBWork{Tasks: []evaluate.CaRBTask{{Predictions: preds}}}}}.encode(), "is not held"},
		bad{scorerRequest{Seq: 5, CaRB: job([]int{0, 7}, nil)}.encode(), "keeps sentence 7; the gold has 2"},
		bad{scorerRequest{Seq: 5, CaRB: job([]int{1}, []int{1})}.encode(), "shares sentence 1; the gold scored has 1"},
	)
	// A prediction's sentence by a number not seen yet: the second
	// extraction's sentence is new ("D e f ."), the word before 0.4's bits.
	conf := math.Float64bits(0.4)
	for i := 0; i+3 <= len(good)/4; i++ {
		w := func(k int) uint32 { return binary.LittleEndian.Uint32(good[4*(i+k):]) }
		if w(0) == uint32(conf) && w(1) == uint32(conf>>32) {
			cases = append(cases, bad{set(i-4, 5), "a prediction's sentence: 0 or a string's number up to 4, not 5"})
			break
		}
	}
	if len(cases) != len(good)/4-3+9 {
		t.Fatalf("%d cases: the prediction's sentence number was not found", len(cases))
	}
	for _, c := range cases {
		rep, err := decodeCaRBReply(newScorer().serve(c.msg))
		if err != nil {
			t.Fatalf("% x: the reply does not decode: %v", c.msg, err)
		}
		if !strings.Contains(rep.Error, c.want) || rep.CaRB != nil && len(rep.CaRB) != 0 {
			t.Errorf("% x: error %q, %d scores; want an error containing %q and none", c.msg, rep.Error, len(rep.CaRB), c.want)
		}
		if rep.Seq != 5 {
			t.Errorf("% x: seq %d, want 5", c.msg, rep.Seq)
		}
	}
	for n := 0; n < len(reply); n++ {
		if _, err := decodeCaRBReply(reply[:n]); err == nil {
			t.Errorf("the reply cut to %d of %d bytes read as one", n, len(reply))
		}
	}
	for _, r := range [][]byte{append(bytes.Clone(reply), 0), append(bytes.Clone(reply), 0, 0, 0, 0)} {
		if _, err := decodeCaRBReply(r); err == nil {
			t.Errorf("% x read as a reply: no error", r)
		}
	}
}
