package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/ui"
)

// The intervals job through the scorer's messages (request JSON → job →
// reply JSON), as a Worker would answer it, equals analysis.Intervals on
// the page's evaluation bit for bit, cell by cell, and equals the page's
// own intervals column.
func TestScorerIntervalsMessageExact(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.waitUntil(t, "the intervals", func(m *ui.Model) bool { return m.Analyses.Intervals != nil })
	a.env.RLock()
	ev, shown := a.m.Eval, a.m.Analyses.Intervals
	a.env.RUnlock()

	msg, err := json.Marshal(intervalsRequest(41, ev))
	if err != nil {
		t.Fatal(err)
	}
	var rep scorerReply
	if err := json.Unmarshal(serveScorerMessage(msg), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Seq != 41 || rep.Error != "" {
		t.Fatalf("reply seq %d error %q, want seq 41 and no error", rep.Seq, rep.Error)
	}
	cells := 0
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			want := analysis.Intervals(analysis.Sentences(res), intervalSamples, statsSeed)
			if got := rep.Intervals[s.Name][f]; got != want {
				t.Errorf("%s %s: reply %+v, want %+v", s.Name, f, got, want)
			}
			if got := shown[s.Name][f]; got != want {
				t.Errorf("%s %s: page %+v, want %+v", s.Name, f, got, want)
			}
			cells++
		}
	}
	if cells < 2 || len(rep.Intervals) != len(ev.Systems) {
		t.Fatalf("%d cells, %d systems in the reply, want every one of %d systems", cells, len(rep.Intervals), len(ev.Systems))
	}
}

// A message that is not a request, or a cell whose counts disagree, is
// answered with an error and the request's sequence number, never a crash
// or a partial table.
func TestScorerBadMessages(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`{"seq":3,"intervals":{"samples":10,"seed":1,"cells":[{"system":"S","facet":"concat","tp":[1,0],"fp":[0],"synsets":[1,1]}]}}`, "2, 1 and 2 sentences"},
		{`{"seq":3}`, "names no job"},
		{`{"seq":3,"intervals":[]}`, "not a request"},
		{`not json`, "not a request"},
	} {
		var rep scorerReply
		if err := json.Unmarshal(serveScorerMessage([]byte(c.msg)), &rep); err != nil {
			t.Fatalf("%s: %v", c.msg, err)
		}
		if !strings.Contains(rep.Error, c.want) || rep.Intervals != nil {
			t.Errorf("%s: error %q, intervals %v; want an error containing %q and no intervals", c.msg, rep.Error, rep.Intervals, c.want)
		}
		if c.msg != "not json" && rep.Seq != 3 {
			t.Errorf("%s: seq %d, want 3", c.msg, rep.Seq)
		}
	}
}
