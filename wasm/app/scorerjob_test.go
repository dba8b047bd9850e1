package main

import (
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/ui"
)

// sameBits reports whether two intervals hold the same float64s bit for bit.
func sameBits(a, b report.Intervals) bool {
	x := [...]float64{a.Precision[0], a.Precision[1], a.Recall[0], a.Recall[1], a.F1[0], a.F1[1]}
	y := [...]float64{b.Precision[0], b.Precision[1], b.Recall[0], b.Recall[1], b.F1[0], b.F1[1]}
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}

// The intervals job through the scorer's messages (request encoded → job
// → reply decoded), as the Worker answers it, equals analysis.Intervals on
// the page's evaluation bit for bit, cell by cell, and equals the page's
// own intervals column; the request survives its encoding unchanged.
func TestScorerIntervalsMessageExact(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.waitUntil(t, "the intervals", func(m *ui.Model) bool { return m.Analyses.Intervals != nil })
	a.env.RLock()
	ev, shown := a.m.Eval, a.m.Analyses.Intervals
	a.env.RUnlock()

	req := intervalsRequest(41, ev)
	back, err := decodeScorerRequest(req.encode())
	posted := *req.Intervals
	posted.Cells = nil
	for _, c := range req.Intervals.Cells {
		posted.Cells = append(posted.Cells, intervalCell{PerSentence: c.PerSentence}) // the names stay on the page
	}
	if err != nil || back.Seq != 41 || !reflect.DeepEqual(*back.Intervals, posted) {
		t.Fatalf("the request decoded with seq %d (%v), want it unchanged but for the cells' names", back.Seq, err)
	}
	rep, err := decodeScorerReply(newScorer().serve(req.encode()))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Seq != 41 || rep.Error != "" {
		t.Fatalf("reply seq %d error %q, want seq 41 and no error", rep.Seq, rep.Error)
	}
	byCell := req.Intervals.intervalsByCell(rep.Intervals)
	cells := 0
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			want := analysis.Intervals(analysis.Sentences(res), intervalSamples, statsSeed)
			if got := byCell[s.Name][f]; !sameBits(got, want) {
				t.Errorf("%s %s: reply %+v, want %+v", s.Name, f, got, want)
			}
			if got := shown[s.Name][f]; !sameBits(got, want) {
				t.Errorf("%s %s: page %+v, want %+v", s.Name, f, got, want)
			}
			cells++
		}
	}
	if cells < 2 || len(rep.Intervals) != cells || len(byCell) != len(ev.Systems) {
		t.Fatalf("%d cells, %d intervals and %d systems in the reply, want every one of %d systems", cells, len(rep.Intervals), len(byCell), len(ev.Systems))
	}
}

// With a Worker, the page's intervals are the Worker's reply, and they equal
// the ones the page computes itself without one, bit for bit. A Worker
// whose reply is not the job's (another seq, bytes that are no reply) is
// not believed: the page runs the job itself.
func TestScorerWorkerOrPage(t *testing.T) {
	intervals := func(worker func([]byte) []byte) (map[string]map[string]report.Intervals, []string) {
		return bootedWith(t, worker, "the intervals", func(m *ui.Model) bool { return m.Analyses.Intervals != nil },
			func(m *ui.Model) map[string]map[string]report.Intervals { return m.Analyses.Intervals })
	}
	page, pageMarks := intervals(nil)
	asked := 0
	worker, workerMarks := intervals(func(b []byte) []byte { asked++; return newScorer().serve(b) })
	if asked == 0 || !slices.Contains(workerMarks, "oiebench-job-worker") || slices.Contains(workerMarks, "oiebench-job-page") {
		t.Errorf("with a Worker: %d jobs posted, marks %v; want the job answered by the Worker", asked, workerMarks)
	}
	if !slices.Contains(pageMarks, "oiebench-job-page") {
		t.Errorf("without a Worker: marks %v; want the job run on the page", pageMarks)
	}
	cells := 0
	for sys, fs := range page {
		for f, want := range fs {
			if got, ok := worker[sys][f]; !ok || !sameBits(got, want) {
				t.Errorf("%s %s: Worker %+v, page %+v", sys, f, got, want)
			}
			cells++
		}
	}
	if cells < 2 || len(worker) != len(page) {
		t.Fatalf("%d cells on the page, %d systems from the Worker", cells, len(worker))
	}
	for name, bad := range map[string]func([]byte) []byte{
		"another seq": func(b []byte) []byte {
			rep := newScorer().serve(b)
			binary.LittleEndian.PutUint64(rep, binary.LittleEndian.Uint64(rep)+1)
			return rep
		},
		"no reply": func([]byte) []byte { return []byte{1, 2, 3} },
	} {
		got, marks := intervals(bad)
		if !slices.Contains(marks, "oiebench-job-page") || slices.Contains(marks, "oiebench-job-worker") {
			t.Errorf("%s: marks %v, want the job run on the page", name, marks)
		}
		if !reflect.DeepEqual(got, page) {
			t.Errorf("%s: intervals differ from the page's own", name)
		}
	}
}

// A message that is not a request (cut short at any word, an unknown job,
// words after its end, a count larger than the message, too many samples,
// bytes that are not words) is answered with an error saying where and
// what was expected, with the request's sequence number once it was read,
// never a crash, an allocation beyond the message's size, or a partial
// table. A reply that is not one is an error on the page's side.
func TestScorerBadMessages(t *testing.T) {
	cell := intervalCell{PerSentence: analysis.PerSentence{TP: []int32{1, 0}, FP: []int32{0, 2}, Synsets: []int32{1, 1}}}
	good := scorerRequest{Seq: 3, Intervals: &intervalsJob{Samples: 10, Seed: 1, Cells: []intervalCell{cell}}}.encode()
	words := func(w ...uint32) []byte {
		var b []byte
		for _, x := range w {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		return b
	}
	type bad struct {
		msg  []byte
		want string
	}
	var cases []bad
	for n := 0; n < len(good); n += 4 {
		cases = append(cases, bad{good[:n], "expected"})
	}
	cases = append(cases,
		bad{words(3, 0, 7), "word 3 of 3: expected a job (1: intervals, 2: CaRB), not 7"},
		bad{append(good, 0, 0, 0, 0), "word 15 of 15: expected the message's end"},
		bad{append(good, 0), "57 bytes, expected 32-bit words"},
		bad{words(3, 0, intervalsTag, 10, 1, 0, 1, math.MaxUint32, 1), "word 8 of 9: expected a cell's number of sentences and its tp, fp and synsets counts"},
		bad{words(3, 0, intervalsTag, maxSamples+1, 1, 0, 0), "expected at most 1048576 samples"},
		bad{words(3, 0, intervalsTag, 10, 1, 0, math.MaxUint32), "word 8 of 7: expected a cell's number of sentences"},
		bad{words(3, 0, noJob), "names no job"},
	)
	for _, c := range cases {
		rep, err := decodeScorerReply(newScorer().serve(c.msg))
		if err != nil {
			t.Fatalf("% x: the reply does not decode: %v", c.msg, err)
		}
		if !strings.Contains(rep.Error, c.want) || rep.Intervals != nil {
			t.Errorf("% x: error %q, intervals %v; want an error containing %q and no intervals", c.msg, rep.Error, rep.Intervals, c.want)
		}
		if len(c.msg) >= 8 && len(c.msg)%4 == 0 && rep.Seq != 3 {
			t.Errorf("% x: seq %d, want 3", c.msg, rep.Seq)
		}
	}
	reply := newScorer().serve(good)
	if rep, err := decodeScorerReply(reply); err != nil || len(rep.Intervals) != 1 || rep.Seq != 3 {
		t.Fatalf("the good request's reply: %+v, %v", rep, err)
	}
	for _, r := range [][]byte{reply[:11], reply[:len(reply)-1], append(reply, 0), words(3, 0, 100)} {
		if _, err := decodeScorerReply(r); err == nil {
			t.Errorf("% x read as a reply: no error", r)
		}
	}
}

// bootedWith boots the page with worker as its scorer Worker (nil: none),
// waits until ready, and returns what read takes from the model and the
// page's performance marks, both read under the page's lock.
func bootedWith[T any](t *testing.T, worker func([]byte) []byte, what string, ready func(*ui.Model) bool, read func(*ui.Model) T) (T, []string) {
	t.Helper()
	br := newFakeBrowser()
	br.worker = worker
	a := boot(t, br)
	a.waitUntil(t, what, ready)
	a.env.RLock()
	defer a.env.RUnlock()
	br.mu.Lock()
	defer br.mu.Unlock()
	return read(a.m), slices.Clone(br.marks)
}
