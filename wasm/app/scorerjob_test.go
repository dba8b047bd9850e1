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
	if err != nil || !reflect.DeepEqual(back, req) {
		t.Fatalf("the request decoded as %+v (%v), want it unchanged", back.Seq, err)
	}
	rep, err := decodeScorerReply(serveScorerMessage(req.encode()))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Seq != 41 || rep.Error != "" {
		t.Fatalf("reply seq %d error %q, want seq 41 and no error", rep.Seq, rep.Error)
	}
	cells := 0
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			want := analysis.Intervals(analysis.Sentences(res), intervalSamples, statsSeed)
			if got := rep.Intervals[s.Name][f]; !sameBits(got, want) {
				t.Errorf("%s %s: reply %+v, want %+v", s.Name, f, got, want)
			}
			if got := shown[s.Name][f]; !sameBits(got, want) {
				t.Errorf("%s %s: page %+v, want %+v", s.Name, f, got, want)
			}
			cells++
		}
	}
	if cells < 2 || len(rep.Intervals) != len(ev.Systems) {
		t.Fatalf("%d cells, %d systems in the reply, want every one of %d systems", cells, len(rep.Intervals), len(ev.Systems))
	}
}

// With a Worker, the page's intervals are the Worker's reply, and they equal
// the ones the page computes itself without one, bit for bit. A Worker
// whose reply is not the job's (another seq, bytes that are no reply) is
// not believed: the page runs the job itself.
func TestScorerWorkerOrPage(t *testing.T) {
	intervals := func(worker func([]byte) []byte) (map[string]map[string]report.Intervals, []string) {
		br := newFakeBrowser()
		br.worker = worker
		a := boot(t, br)
		a.waitUntil(t, "the intervals", func(m *ui.Model) bool { return m.Analyses.Intervals != nil })
		a.env.RLock()
		defer a.env.RUnlock()
		br.mu.Lock()
		defer br.mu.Unlock()
		return a.m.Analyses.Intervals, slices.Clone(br.marks)
	}
	page, pageMarks := intervals(nil)
	asked := 0
	worker, workerMarks := intervals(func(b []byte) []byte { asked++; return serveScorerMessage(b) })
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
			rep := serveScorerMessage(b)
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

// A message that is not a request (cut short at any byte, an unknown job,
// bytes after its end, a count larger than the message, cells whose
// counts disagree) is answered with an error saying where and what was
// expected, the request's sequence number when it was read, never a crash,
// an allocation beyond the message's size, or a partial table.
func TestScorerBadMessages(t *testing.T) {
	good := scorerRequest{Seq: 3, Intervals: &intervalsJob{Samples: 10, Seed: 1, Cells: []intervalCell{{System: "S", Facet: "concat", TP: []int32{1, 0}, FP: []int32{0, 2}, Synsets: []int32{1, 1}}}}}.encode()
	type bad struct {
		msg  []byte
		want string
	}
	var cases []bad
	for n := range len(good) {
		cases = append(cases, bad{good[:n], "expected"})
	}
	unknown := append(binary.LittleEndian.AppendUint64(nil, 3), 7)
	huge := binary.LittleEndian.AppendUint32(append(binary.LittleEndian.AppendUint64(nil, 3), intervalsTag, 10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0), math.MaxUint32)
	uneven := scorerRequest{Seq: 3, Intervals: &intervalsJob{Samples: 10, Seed: 1, Cells: []intervalCell{{System: "S", Facet: "concat", TP: []int32{1, 0}, FP: []int32{0}, Synsets: []int32{1, 1}}}}}.encode()
	cases = append(cases,
		bad{unknown, "byte 8 of 9: expected a job (1: intervals), not 7"},
		bad{append(good, 0), "expected the message's end, not 1 more bytes"},
		bad{huge, "byte 21 of 25: expected at most 0 the cells in the 0 bytes left, not 4294967295"},
		bad{uneven, "S on concat: 2, 1 and 2 sentences in tp, fp and synsets"},
		bad{binary.LittleEndian.AppendUint64(nil, 3), "expected a job"},
		bad{append(binary.LittleEndian.AppendUint64(nil, 3), noJob), "names no job"},
	)
	for _, c := range cases {
		rep, err := decodeScorerReply(serveScorerMessage(c.msg))
		if err != nil {
			t.Fatalf("% x: the reply does not decode: %v", c.msg, err)
		}
		if !strings.Contains(rep.Error, c.want) || rep.Intervals != nil {
			t.Errorf("% x: error %q, intervals %v; want an error containing %q and no intervals", c.msg, rep.Error, rep.Intervals, c.want)
		}
		if len(c.msg) >= 8 && rep.Seq != 3 {
			t.Errorf("% x: seq %d, want 3", c.msg, rep.Seq)
		}
	}
	if _, err := decodeScorerReply(append(good, 1)); err == nil {
		t.Error("a request read as a reply: no error")
	}
}
