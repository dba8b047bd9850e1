package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

// A scorerRequest is one job for the scorer (issue 26): plain data, posted
// to the Web Worker that runs this program in scorer mode (scorer_js.go),
// or run on the page's thread when no Worker answers. Both run
// runScorerJob, so their numbers are the same bit for bit.
//
// On the wire (encode, decodeScorerRequest) a request is little-endian
// 32-bit words: seq (two words), the job's tag, then for intervals the
// samples, the seed (two words), the number of cells and each cell's
// sentence count n with its n tp, n fp and n synsets counts. The cells'
// names stay on the page: the reply is in the cells' order. CaRB's job is
// described at carbJob (scorerjob_carb.go).
type scorerRequest struct {
	// Seq is the page's sequence number, echoed in the reply: a reply to an
	// outdated request is dropped.
	Seq       uint64
	Intervals *intervalsJob // one job is set
	CaRB      *carbJob
}

// intervalsJob asks for the bootstrap intervals of every cell of the table
// (analysis.Intervals), the same draws for all.
type intervalsJob struct {
	Samples int
	Seed    uint64
	Cells   []intervalCell
}

// intervalCell is one system on one facet: its counts by gold sentence
// (three lists of one length, as analysis.Sentences makes them).
type intervalCell struct {
	System, Facet string // not posted
	analysis.PerSentence
}

// scorerReply answers a scorerRequest. On the wire: seq (8 bytes), the
// error's length (4) and text, then each cell's intervals as six float64
// bits (P, R, F1 low and high): nothing is rounded. A CaRB job's reply pads
// the error to a word and goes on in words (encodeCaRBScores).
type scorerReply struct {
	Seq       uint64
	Intervals []report.Intervals    // by cell, in the request's order
	CaRB      []evaluate.CaRBScores // by task, in the request's order
	Error     string
	carb      bool // a CaRB job's reply
}

// The jobs a request can name (its third word).
const (
	noJob        = 0
	intervalsTag = 1
	carbTag      = 2
)

// maxSamples bounds a posted job's bootstrap samples (three float64s each
// per cell): the page asks for intervalSamples.
const maxSamples = 1 << 20

// intervalsRequest is the intervals job of an evaluation.
func intervalsRequest(seq uint64, ev *evaluate.Evaluation) scorerRequest {
	job := &intervalsJob{Samples: intervalSamples, Seed: statsSeed}
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			job.Cells = append(job.Cells, intervalCell{System: s.Name, Facet: f, PerSentence: analysis.Sentences(res)})
		}
	}
	return scorerRequest{Seq: seq, Intervals: job}
}

// intervalsByCell files a reply's intervals by system and facet.
func (j *intervalsJob) intervalsByCell(out []report.Intervals) map[string]map[string]report.Intervals {
	m := map[string]map[string]report.Intervals{}
	for i, c := range j.Cells {
		if m[c.System] == nil {
			m[c.System] = map[string]report.Intervals{}
		}
		m[c.System][c.Facet] = out[i]
	}
	return m
}

// scoreJob runs a job in the scorer Worker (browser.Score) and, when no
// Worker answers it (none started, it stopped, its reply is not this
// job's), on the page's thread, with pause between cells or systems (and
// within CaRB's scoring). Its mark says which ran it (e2e
// TestScorerWorker): oiebench-job-… for the intervals, oiebench-carb-… for
// CaRB; inWorker says the Worker's reply is returned.
func (a *app) scoreJob(req scorerRequest, pause func()) (rep scorerReply, inWorker bool) {
	mark := "oiebench-job-"
	if req.CaRB != nil {
		mark = "oiebench-carb-"
	}
	decode := decodeScorerReply
	if req.CaRB != nil {
		decode = decodeCaRBReply
	}
	if !a.x.noScorer.Load() {
		out, err := a.br.Score(req.encode())
		if err == nil {
			rep, err = decode(out)
		} else {
			a.x.noScorer.Store(true)
		}
		if err == nil && rep.Seq == req.Seq && rep.Error == "" && req.answeredBy(rep) {
			a.br.Mark(mark + "worker")
			return rep, true
		}
	}
	a.br.Mark(mark + "page")
	return runScorerJob(req, pause), false
}

// answeredBy reports whether a reply has an answer for each part of the
// request: an interval per cell, or a score per CaRB task with the shared
// sentences' score where the task has them.
func (r scorerRequest) answeredBy(rep scorerReply) bool {
	if r.CaRB == nil {
		return len(rep.Intervals) == len(r.Intervals.Cells)
	}
	if len(rep.CaRB) != len(r.CaRB.Tasks) {
		return false
	}
	for i, t := range r.CaRB.Tasks {
		if (t.Shared != nil) != (rep.CaRB[i].Shared != nil) {
			return false
		}
	}
	return true
}

// runScorerJob does a job; pause is called between cells or systems (the
// page's thread yields there; a Worker passes nil).
func runScorerJob(req scorerRequest, pause func()) scorerReply {
	rep := scorerReply{Seq: req.Seq, carb: req.CaRB != nil}
	if req.CaRB != nil {
		var err error
		if rep.CaRB, err = runCaRBJob(req.CaRB, pause); err != nil {
			rep.Error = err.Error()
		}
		return rep
	}
	job := req.Intervals
	if job == nil {
		rep.Error = "scorer: the request names no job"
		return rep
	}
	for _, c := range job.Cells {
		rep.Intervals = append(rep.Intervals, analysis.Intervals(c.PerSentence, job.Samples, job.Seed))
		if pause != nil {
			pause()
		}
	}
	return rep
}

func (r scorerRequest) encode() []byte {
	w := words{uint32(r.Seq), uint32(r.Seq >> 32), noJob}
	if j := r.CaRB; j != nil {
		w[2] = carbTag
		j.encode(&w)
	}
	if j := r.Intervals; j != nil {
		w[2] = intervalsTag
		w = append(w, uint32(j.Samples), uint32(j.Seed), uint32(j.Seed>>32), uint32(len(j.Cells)))
		for _, c := range j.Cells {
			w = append(w, uint32(len(c.TP)))
			for _, xs := range [][]int32{c.TP, c.FP, c.Synsets} {
				for _, x := range xs {
					w = append(w, uint32(x))
				}
			}
		}
	}
	return w.bytes()
}

// decodeScorerRequest reads a request (scorerRequest.encode); a problem
// names its word, counted from 1. A count is
// checked against the words left before anything is allocated: a message
// cannot ask for more memory than its own size.
func decodeScorerRequest(msg []byte) (scorerRequest, error) {
	if len(msg)%4 != 0 {
		return scorerRequest{}, errors.New("scorer: the message is not a request: " + strconv.Itoa(len(msg)) + " bytes, expected 32-bit words")
	}
	w := make([]uint32, len(msg)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(msg[4*i:])
	}
	var req scorerRequest
	at, expected := 0, ""
	switch {
	case len(w) < 3:
		at, expected = len(w), "a sequence number and a job"
	case w[2] == noJob:
		at = 3
	case w[2] == carbTag:
		r := wordReader{w: w, at: 3}
		req.CaRB = decodeCaRBJob(&r)
		at, expected = r.at, r.expected
	case w[2] != intervalsTag:
		at, expected = 2, "a job (1: intervals, 2: CaRB), not "+strconv.Itoa(int(w[2]))
	case len(w) < 7:
		at, expected = len(w), "the samples, the seed and the number of cells"
	case w[3] > maxSamples:
		at, expected = 3, "at most "+strconv.Itoa(maxSamples)+" samples"
	default:
		j := &intervalsJob{Samples: int(w[3]), Seed: uint64(w[4]) | uint64(w[5])<<32}
		at = 7
		for n := w[6]; n > 0 && expected == ""; n-- {
			if at == len(w) || uint64(w[at]) > uint64(len(w)-at-1)/3 {
				expected = "a cell's number of sentences and its tp, fp and synsets counts"
				break
			}
			k := int(w[at])
			counts := make([]int32, 3*k)
			for i := range counts {
				counts[i] = int32(w[at+1+i])
			}
			j.Cells = append(j.Cells, intervalCell{PerSentence: analysis.PerSentence{TP: counts[:k:k], FP: counts[k : 2*k : 2*k], Synsets: counts[2*k:]}})
			at += 1 + 3*k
		}
		req.Intervals = j
	}
	if len(w) >= 2 {
		req.Seq = uint64(w[0]) | uint64(w[1])<<32
	}
	if expected == "" && at != len(w) {
		expected = "the message's end"
	}
	if expected != "" {
		return scorerRequest{Seq: req.Seq}, fmt.Errorf("scorer: the message is not a request: word %d of %d: expected %s", at+1, len(w), expected)
	}
	return req, nil
}

func (r scorerReply) encode() []byte {
	le := binary.LittleEndian
	b := append(le.AppendUint32(le.AppendUint64(nil, r.Seq), uint32(len(r.Error))), r.Error...)
	if r.carb {
		var w words
		encodeCaRBScores(&w, r.CaRB)
		return append(append(b, make([]byte, -len(b)&3)...), w.bytes()...)
	}
	for _, iv := range r.Intervals {
		for _, v := range [...]float64{iv.Precision[0], iv.Precision[1], iv.Recall[0], iv.Recall[1], iv.F1[0], iv.F1[1]} {
			b = le.AppendUint64(b, math.Float64bits(v))
		}
	}
	return b
}

// decodeScorerReply reads a reply (scorerReply.encode).
func decodeScorerReply(msg []byte) (scorerReply, error) {
	le := binary.LittleEndian
	if len(msg) < 12 || uint64(le.Uint32(msg[8:])) > uint64(len(msg)-12) || (len(msg)-12-int(le.Uint32(msg[8:])))%48 != 0 {
		return scorerReply{}, fmt.Errorf("scorer: a reply of %d bytes; expected seq, an error's length and text, and 48 bytes a cell", len(msg))
	}
	n := int(le.Uint32(msg[8:]))
	rep := scorerReply{Seq: le.Uint64(msg), Error: string(msg[12 : 12+n])}
	for rest := msg[12+n:]; len(rest) > 0; rest = rest[48:] {
		var v [6]float64
		for k := range v {
			v[k] = math.Float64frombits(le.Uint64(rest[8*k:]))
		}
		rep.Intervals = append(rep.Intervals, report.Intervals{Precision: [2]float64{v[0], v[1]}, Recall: [2]float64{v[2], v[3]}, F1: [2]float64{v[4], v[5]}})
	}
	return rep, nil
}

// decodeCaRBReply reads a CaRB job's reply (scorerReply.encode): a reply
// that is not one is an error, never a crash.
func decodeCaRBReply(msg []byte) (scorerReply, error) {
	le := binary.LittleEndian
	bad := fmt.Errorf("scorer: a reply of %d bytes; expected seq, an error's length and text padded to a word, and CaRB's scores in words", len(msg))
	if len(msg) < 12 || uint64(le.Uint32(msg[8:])) > uint64(len(msg)-12) {
		return scorerReply{}, bad
	}
	n := int(le.Uint32(msg[8:]))
	start := 12 + n + (-(12 + n) & 3)
	if start > len(msg) || (len(msg)-start)%4 != 0 {
		return scorerReply{}, bad
	}
	rep := scorerReply{Seq: le.Uint64(msg), Error: string(msg[12 : 12+n]), carb: true}
	body := msg[start:]
	r := wordReader{w: make([]uint32, len(body)/4)}
	for i := range r.w {
		r.w[i] = le.Uint32(body[4*i:])
	}
	rep.CaRB = decodeCaRBScores(&r)
	return rep, r.err("a reply")
}
