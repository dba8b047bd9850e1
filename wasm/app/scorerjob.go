package main

import (
	"encoding/json"
	"fmt"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

// A scorerRequest is one job for the scorer (issue 26): plain data, so that
// it can be posted to a Web Worker running this program in scorer mode, or
// run on the page's thread when no Worker starts. Both run runScorerJob, so
// their numbers are the same bit for bit.
type scorerRequest struct {
	// Seq is the page's sequence number, echoed in the reply: a reply to an
	// outdated request is dropped.
	Seq       uint64        `json:"seq"`
	Intervals *intervalsJob `json:"intervals,omitempty"`
}

// intervalsJob asks for the bootstrap intervals of every cell of the table
// (analysis.Intervals), the same draws for all.
type intervalsJob struct {
	Samples int            `json:"samples"`
	Seed    uint64         `json:"seed"`
	Cells   []intervalCell `json:"cells"`
}

// intervalCell is one system on one facet: its counts by gold sentence.
type intervalCell struct {
	System  string  `json:"system"`
	Facet   string  `json:"facet"`
	TP      []int32 `json:"tp"`
	FP      []int32 `json:"fp"`
	Synsets []int32 `json:"synsets"`
}

// scorerReply answers a scorerRequest.
type scorerReply struct {
	Seq       uint64                                 `json:"seq"`
	Intervals map[string]map[string]report.Intervals `json:"intervals,omitempty"`
	Error     string                                 `json:"error,omitempty"`
}

// intervalsRequest is the intervals job of an evaluation.
func intervalsRequest(seq uint64, ev *evaluate.Evaluation) scorerRequest {
	job := &intervalsJob{Samples: intervalSamples, Seed: statsSeed}
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			ps := analysis.Sentences(res)
			job.Cells = append(job.Cells, intervalCell{System: s.Name, Facet: f, TP: ps.TP, FP: ps.FP, Synsets: ps.Synsets})
		}
	}
	return scorerRequest{Seq: seq, Intervals: job}
}

// runScorerJob does a job; pause is called between cells (the page's
// thread yields there; a Worker passes nil). Each cell's three count
// lists have one length (serveScorerMessage checks a posted job).
func runScorerJob(req scorerRequest, pause func()) scorerReply {
	rep := scorerReply{Seq: req.Seq}
	job := req.Intervals
	if job == nil {
		rep.Error = "scorer: the request names no job"
		return rep
	}
	rep.Intervals = map[string]map[string]report.Intervals{}
	for _, c := range job.Cells {
		if rep.Intervals[c.System] == nil {
			rep.Intervals[c.System] = map[string]report.Intervals{}
		}
		rep.Intervals[c.System][c.Facet] = analysis.Intervals(analysis.PerSentence{TP: c.TP, FP: c.FP, Synsets: c.Synsets}, job.Samples, job.Seed)
		if pause != nil {
			pause()
		}
	}
	return rep
}

// serveScorerMessage is the scorer mode's answer to one message: the
// request's JSON in, the reply's JSON out. A message that is not a request
// is answered with an error, never a crash.
func serveScorerMessage(msg []byte) []byte {
	var req scorerRequest
	var rep scorerReply
	if err := json.Unmarshal(msg, &req); err != nil {
		rep = scorerReply{Seq: req.Seq, Error: "scorer: the message is not a request: " + err.Error()}
	} else if err := checkCells(req); err != "" {
		rep = scorerReply{Seq: req.Seq, Error: err}
	} else {
		rep = runScorerJob(req, nil)
	}
	out, err := json.Marshal(rep)
	if err != nil { // an interval that JSON cannot hold (NaN)
		out, _ = json.Marshal(scorerReply{Seq: req.Seq, Error: "scorer: " + err.Error()})
	}
	return out
}

// checkCells reports a cell of a posted job whose count lists differ in
// length (a job built by intervalsRequest cannot have one).
func checkCells(req scorerRequest) string {
	if req.Intervals == nil {
		return ""
	}
	for _, c := range req.Intervals.Cells {
		if len(c.FP) != len(c.TP) || len(c.Synsets) != len(c.TP) {
			return fmt.Sprintf("scorer: %s on %s: %d, %d and %d sentences in tp, fp and synsets; expected the same count", c.System, c.Facet, len(c.TP), len(c.FP), len(c.Synsets))
		}
	}
	return ""
}
