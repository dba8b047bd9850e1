package main

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

// A scorerRequest is one job for the scorer (issue 26): plain data, posted
// to the Web Worker that runs this program in scorer mode (scorer_js.go),
// or run on the page's thread when no Worker answers. Both run
// runScorerJob, so their numbers are the same bit for bit.
//
// On the wire a request and its reply are little-endian binary (the
// encoders below): a float64 travels as its bits, so nothing is rounded,
// and the page links no JSON for it.
type scorerRequest struct {
	// Seq is the page's sequence number, echoed in the reply: a reply to an
	// outdated request is dropped.
	Seq       uint64
	Intervals *intervalsJob
}

// intervalsJob asks for the bootstrap intervals of every cell of the table
// (analysis.Intervals), the same draws for all.
type intervalsJob struct {
	Samples int
	Seed    uint64
	Cells   []intervalCell
}

// intervalCell is one system on one facet: its counts by gold sentence.
type intervalCell struct {
	System, Facet   string
	TP, FP, Synsets []int32
}

// scorerReply answers a scorerRequest.
type scorerReply struct {
	Seq       uint64
	Intervals map[string]map[string]report.Intervals
	Error     string
}

// The jobs a message can name (its byte after the sequence number).
const (
	noJob        byte = 0
	intervalsTag byte = 1
)

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

// scoreJob runs a job in the scorer Worker (browser.Score) and, when no
// Worker answers it (none started, it stopped, its reply is not this
// job's), on the page's thread, yielding between cells. Its mark says
// which ran it (e2e TestScorerWorker).
func (a *app) scoreJob(req scorerRequest) scorerReply {
	if out, err := a.br.Score(req.encode()); err == nil {
		if rep, err := decodeScorerReply(out); err == nil && rep.Seq == req.Seq {
			a.br.Mark("oiebench-job-worker")
			return rep
		}
	}
	a.br.Mark("oiebench-job-page")
	return runScorerJob(req, a.br.Yield)
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
// request's bytes in, the reply's bytes out. A message that is not a
// request is answered with an error, never a crash.
func serveScorerMessage(msg []byte) []byte {
	req, err := decodeScorerRequest(msg)
	if err == nil {
		err = checkCells(req)
	}
	if err != nil {
		return scorerReply{Seq: req.Seq, Error: err.Error()}.encode()
	}
	return runScorerJob(req, nil).encode()
}

// checkCells reports a cell of a posted job whose count lists differ in
// length (a job built by intervalsRequest cannot have one).
func checkCells(req scorerRequest) error {
	if req.Intervals == nil {
		return nil
	}
	for _, c := range req.Intervals.Cells {
		if len(c.FP) != len(c.TP) || len(c.Synsets) != len(c.TP) {
			return fmt.Errorf("scorer: %s on %s: %d, %d and %d sentences in tp, fp and synsets; expected the same count", c.System, c.Facet, len(c.TP), len(c.FP), len(c.Synsets))
		}
	}
	return nil
}

// encode writes a request: seq, the job's tag, then for intervals the
// samples, the seed and the cells (system, facet, tp, fp, synsets).
func (r scorerRequest) encode() []byte {
	le := binary.LittleEndian
	b := le.AppendUint64(nil, r.Seq)
	if r.Intervals == nil {
		return append(b, noJob)
	}
	j := r.Intervals
	b = append(b, intervalsTag)
	b = le.AppendUint32(b, uint32(j.Samples))
	b = le.AppendUint64(b, j.Seed)
	b = le.AppendUint32(b, uint32(len(j.Cells)))
	for _, c := range j.Cells {
		b = appendString(appendString(b, c.System), c.Facet)
		for _, xs := range [][]int32{c.TP, c.FP, c.Synsets} {
			b = le.AppendUint32(b, uint32(len(xs)))
			for _, x := range xs {
				b = le.AppendUint32(b, uint32(x))
			}
		}
	}
	return b
}

// encode writes a reply: seq, the error (empty: none), then the cells'
// intervals (system, facet, six float64s).
func (r scorerReply) encode() []byte {
	le := binary.LittleEndian
	b := appendString(le.AppendUint64(nil, r.Seq), r.Error)
	n := 0
	for _, fs := range r.Intervals {
		n += len(fs)
	}
	b = le.AppendUint32(b, uint32(n))
	for sys, fs := range r.Intervals {
		for f, iv := range fs {
			b = appendString(appendString(b, sys), f)
			for _, v := range [...]float64{iv.Precision[0], iv.Precision[1], iv.Recall[0], iv.Recall[1], iv.F1[0], iv.F1[1]} {
				b = le.AppendUint64(b, math.Float64bits(v))
			}
		}
	}
	return b
}

// appendString writes a string as its length and its bytes.
func appendString(b []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint32(b, uint32(len(s))), s...)
}

// decodeScorerRequest reads a request (scorerRequest.encode). Every count
// is checked against the bytes left before anything is allocated, so a
// message cannot ask for more memory than its own size.
func decodeScorerRequest(msg []byte) (scorerRequest, error) {
	r := &msgReader{b: msg}
	req := scorerRequest{Seq: r.u64("a sequence number")}
	switch tag := r.byte("a job"); {
	case r.err != nil || tag == noJob:
	case tag == intervalsTag:
		j := &intervalsJob{Samples: int(r.u32("the samples")), Seed: r.u64("the seed")}
		n := r.count("the cells", 8+3*4)
		for i := 0; i < n && r.err == nil; i++ {
			c := intervalCell{System: r.str("a system"), Facet: r.str("a facet")}
			c.TP, c.FP, c.Synsets = r.int32s("tp"), r.int32s("fp"), r.int32s("synsets")
			j.Cells = append(j.Cells, c)
		}
		req.Intervals = j
	default:
		r.fail(r.off-1, fmt.Sprintf("a job (%d: intervals), not %d", intervalsTag, tag))
	}
	r.end()
	if r.err != nil {
		return scorerRequest{Seq: req.Seq}, r.err
	}
	return req, nil
}

// decodeScorerReply reads a reply (scorerReply.encode).
func decodeScorerReply(msg []byte) (scorerReply, error) {
	r := &msgReader{b: msg}
	rep := scorerReply{Seq: r.u64("a sequence number"), Error: r.str("an error")}
	n := r.count("the intervals", 8+6*8)
	if n > 0 {
		rep.Intervals = map[string]map[string]report.Intervals{}
	}
	for i := 0; i < n && r.err == nil; i++ {
		sys, f := r.str("a system"), r.str("a facet")
		var v [6]float64
		for k := range v {
			v[k] = math.Float64frombits(r.u64("an interval's bound"))
		}
		if rep.Intervals[sys] == nil {
			rep.Intervals[sys] = map[string]report.Intervals{}
		}
		rep.Intervals[sys][f] = report.Intervals{Precision: [2]float64{v[0], v[1]}, Recall: [2]float64{v[2], v[3]}, F1: [2]float64{v[4], v[5]}}
	}
	r.end()
	if r.err != nil {
		return scorerReply{}, r.err
	}
	return rep, nil
}

// msgReader reads a scorer message; its first problem is kept in err, with
// the byte offset and what was expected there, and later reads return
// zeros.
type msgReader struct {
	b   []byte
	off int
	err error
}

func (r *msgReader) fail(off int, expected string) {
	if r.err == nil {
		r.err = fmt.Errorf("scorer: the message is not a request or reply: byte %d of %d: expected %s", off, len(r.b), expected)
	}
}

// take returns the next n bytes, or nil (and the error) when fewer are left.
func (r *msgReader) take(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.off {
		r.fail(r.off, what)
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (r *msgReader) byte(what string) byte {
	if b := r.take(1, what); b != nil {
		return b[0]
	}
	return 0
}

func (r *msgReader) u32(what string) uint32 {
	if b := r.take(4, what+" (4 bytes)"); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *msgReader) u64(what string) uint64 {
	if b := r.take(8, what+" (8 bytes)"); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// count reads a count of items of at least size bytes each, refusing one
// that the bytes left cannot hold.
func (r *msgReader) count(what string, size int) int {
	at := r.off
	n := int(r.u32("the number of " + what))
	if r.err == nil && n > (len(r.b)-r.off)/size {
		r.fail(at, fmt.Sprintf("at most %d %s in the %d bytes left, not %d", (len(r.b)-r.off)/size, what, len(r.b)-r.off, n))
		return 0
	}
	return n
}

func (r *msgReader) str(what string) string {
	n := r.count("bytes of "+what, 1)
	return string(r.take(n, what))
}

func (r *msgReader) int32s(what string) []int32 {
	n := r.count(what+" counts", 4)
	b := r.take(4*n, what)
	out := make([]int32, 0, n)
	for i := 0; i+4 <= len(b); i += 4 {
		out = append(out, int32(binary.LittleEndian.Uint32(b[i:])))
	}
	return out
}

// end checks that the message has no bytes after its last field.
func (r *msgReader) end() {
	if r.err == nil && r.off != len(r.b) {
		r.fail(r.off, fmt.Sprintf("the message's end, not %d more bytes", len(r.b)-r.off))
	}
}
