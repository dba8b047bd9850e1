package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// carbJob asks for CaRB's scores of systems of an evaluation
// (evaluate.CaRBWork; the page posts a job per system): each task's
// evaluate.ScoreCaRB against the CaRB gold. The page keeps the BenchIE
// judgements and computes CaRB − BenchIE from the reply
// (evaluate.Evaluation.WithCaRBScores).
//
// On the wire, after seq and the tag: the gold's key, whether the gold
// follows, the gold (only the first time: the scorer keeps it by its key),
// the Keep list, then each task. A prediction's strings (sentence,
// relation, arguments) are each written once: a word 0 and the string the
// first time, its number (from 1, in order of appearance) after that, as
// a system's extractions repeat their sentence. A string is its length in
// bytes and its UTF-8 bytes, padded to a word; a float64 is its bits in
// two words; a list is its length first; an optional value a word 0 or 1
// first.
type carbJob struct {
	// Key names the gold: its SHA-256, format and path.
	Key string
	// Gold is the CaRB gold (unrestricted); SendGold says it is posted with
	// the job (the scorer does not hold it yet). Decoded without it, Gold is
	// nil until the scorer finds it among those it holds.
	Gold     *carb.Gold
	SendGold bool
	evaluate.CaRBWork
	// pause, when set, is called after each task is written: the page's
	// thread writes the request.
	pause func()
}

// carbGoldKey is the key a CaRB gold is held by in the scorer.
func carbGoldKey(cg *evaluate.CaRBGold) string {
	return cg.SHA256 + " " + cg.Format + " " + cg.Path
}

// carbJobFor is the CaRB job of tasks against cg restricted to keep
// (evaluate.CaRBWork); sendGold says that the scorer does not hold cg yet.
// pause, when set, is called after each task is written.
func carbJobFor(cg *evaluate.CaRBGold, keep []int, tasks []evaluate.CaRBTask, sendGold bool, pause func()) *carbJob {
	return &carbJob{Key: carbGoldKey(cg), Gold: cg.Gold, SendGold: sendGold, CaRBWork: evaluate.CaRBWork{Keep: keep, Tasks: tasks}, pause: pause}
}

// carbScores scores ev's systems with CaRB against cg, one job per system:
// in the scorer Worker, which is sent cg with its first job only, or on
// the page's thread, paced, once no Worker answers (scoreJob). A job per
// system keeps each request small (a Worker that hangs is given up sooner,
// loader.js) and lets an outdated evaluation stop between systems: the
// scores are nil then. The page's thread only places the predictions and
// writes the requests (paced), and reads the replies.
func (a *app) carbScores(ev *evaluate.Evaluation, gen int, cg *evaluate.CaRBGold) ([]evaluate.CaRBScores, error) {
	pause := a.pause(nil)
	work := ev.CaRBWork(cg, pause)
	key := carbGoldKey(cg)
	scores := make([]evaluate.CaRBScores, len(work.Tasks))
	for i, t := range work.Tasks {
		a.env.Lock()
		held, current := a.x.carbHeld[key], a.current(ev, gen)
		a.env.UnlockOnly()
		if !current {
			return nil, nil
		}
		req := scorerRequest{Seq: uint64(gen), CaRB: carbJobFor(cg, work.Keep, []evaluate.CaRBTask{t}, !held, pause)}
		rep, inWorker := a.scoreJob(req, pause)
		if rep.Error != "" {
			return nil, errors.New(rep.Error)
		}
		if inWorker != held { // a Worker that did not answer may have dropped the gold: post it again
			a.env.Lock()
			if a.x.carbHeld == nil {
				a.x.carbHeld = map[string]bool{}
			}
			a.x.carbHeld[key] = inWorker
			a.env.UnlockOnly()
		}
		scores[i] = rep.CaRB[0]
	}
	return scores, nil
}

// runCaRBJob scores the job's tasks; pause is carb.Options.Pause and is
// called between tasks too. Indices are checked against the gold first: a
// posted job may name sentences the gold does not have.
func runCaRBJob(j *carbJob, pause func()) ([]evaluate.CaRBScores, error) {
	for _, k := range j.Keep {
		if k >= len(j.Gold.Sentences) {
			return nil, fmt.Errorf("scorer: the CaRB job keeps sentence %d; the gold has %d", k, len(j.Gold.Sentences))
		}
	}
	kept := evaluate.RestrictCaRBGold(j.Gold, j.Keep)
	for i, t := range j.Tasks {
		for _, k := range t.Shared {
			if k >= len(kept.Sentences) {
				return nil, fmt.Errorf("scorer: the CaRB job's task %d shares sentence %d; the gold scored has %d", i+1, k, len(kept.Sentences))
			}
		}
	}
	out := make([]evaluate.CaRBScores, len(j.Tasks))
	for i, t := range j.Tasks {
		out[i] = evaluate.ScoreCaRB(kept, t, pause)
		if pause != nil {
			pause()
		}
	}
	return out, nil
}

// maxHeldGolds bounds the CaRB golds a scorer keeps: a page uses one or two
// (the bundled benchmark's, a user's); the oldest goes first.
const maxHeldGolds = 4

// scorer is the scorer mode's state: the CaRB golds it was sent, by key.
type scorer struct {
	golds map[string]*carb.Gold
	order []string // keys, oldest first
}

func newScorer() *scorer { return &scorer{golds: map[string]*carb.Gold{}} }

// serve is the scorer mode's answer to one message: the request's bytes
// in, the reply's bytes out. A message that is not a request is answered
// with an error, never a crash.
func (s *scorer) serve(msg []byte) []byte {
	req, err := decodeScorerRequest(msg)
	if err == nil && req.CaRB != nil {
		err = s.hold(req.CaRB)
	}
	if err != nil {
		isCaRB := len(msg) >= 12 && binary.LittleEndian.Uint32(msg[8:]) == carbTag // answered in its job's form
		return scorerReply{Seq: req.Seq, Error: err.Error(), carb: isCaRB}.encode()
	}
	return runScorerJob(req, nil).encode()
}

// hold keeps a posted gold, or finds the one the job names.
func (s *scorer) hold(j *carbJob) error {
	if j.Gold == nil {
		if j.Gold = s.golds[j.Key]; j.Gold == nil {
			return errors.New("scorer: the CaRB gold " + j.Key + " is not held; post it with the job")
		}
		return nil
	}
	if _, ok := s.golds[j.Key]; !ok {
		if len(s.order) == maxHeldGolds {
			delete(s.golds, s.order[0])
			s.order = s.order[1:]
		}
		s.order = append(s.order, j.Key)
	}
	s.golds[j.Key] = j.Gold
	return nil
}

// words is a message being written: little-endian 32-bit words.
type words []uint32

func (w *words) u32(x uint32)  { *w = append(*w, x) }
func (w *words) int(x int)     { w.u32(uint32(int32(x))) }
func (w *words) u64(x uint64)  { *w = append(*w, uint32(x), uint32(x>>32)) }
func (w *words) f64(x float64) { w.u64(math.Float64bits(x)) }
func (w *words) flag(b bool) {
	if b {
		w.u32(1)
	} else {
		w.u32(0)
	}
}

// str writes s's length in bytes, then its bytes, padded to a word.
func (w *words) str(s string) {
	w.int(len(s))
	for i := 0; i < len(s); i += 4 {
		var b [4]byte
		copy(b[:], s[i:])
		w.u32(binary.LittleEndian.Uint32(b[:]))
	}
}

func (w *words) strs(ss []string) {
	w.int(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *words) ints(xs []int) {
	w.int(len(xs))
	for _, x := range xs {
		w.int(x)
	}
}

// optInts writes a list that may be nil (nil and empty differ).
func (w *words) optInts(xs []int) {
	if w.flag(xs != nil); xs != nil {
		w.ints(xs)
	}
}

func (w *words) failure(f *oie.ReferenceFailure) {
	if w.flag(f != nil); f != nil {
		w.str(f.Scorer)
		w.str(f.File)
		w.int(f.Line)
		w.int(f.Column)
		w.str(f.Msg)
	}
}

func (w *words) warnings(ws []oie.Warning) {
	w.int(len(ws))
	for _, x := range ws {
		w.str(x.File)
		w.int(x.Line)
		w.int(x.Column)
		w.str(x.Msg)
	}
}

func (w words) bytes() []byte {
	b := make([]byte, 0, 4*len(w))
	for _, x := range w {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

// encode appends the job after seq and tag.
func (j *carbJob) encode(w *words) {
	w.str(j.Key)
	if w.flag(j.SendGold); j.SendGold {
		g := j.Gold
		w.str(g.Path)
		w.int(len(g.Sentences))
		for _, s := range g.Sentences {
			w.str(s.Text)
			w.int(s.Line)
			w.int(len(s.Tuples))
			for _, t := range s.Tuples {
				w.str(t.Relation)
				w.strs(t.Args)
				w.strs(t.Context)
				w.int(t.Line)
			}
		}
		w.failure(g.ReaderFailure)
		w.warnings(g.Warnings)
	}
	w.optInts(j.Keep)
	seen := map[string]int{}
	text := func(s string) {
		if k, ok := seen[s]; ok {
			w.int(k)
			return
		}
		seen[s] = len(seen) + 1
		w.int(0)
		w.str(s)
	}
	w.int(len(j.Tasks))
	for _, t := range j.Tasks {
		p := t.Predictions
		w.str(p.Path)
		w.str(p.LeadingBOM)
		w.failure(p.ReaderFailure)
		w.int(len(p.Extractions))
		for _, x := range p.Extractions {
			text(x.Sentence)
			w.f64(x.Confidence)
			w.int(x.Line)
			text(x.Relation)
			w.int(len(x.Args))
			for _, a := range x.Args {
				text(a)
			}
		}
		w.optInts(t.Shared)
		if j.pause != nil {
			j.pause()
		}
	}
}

// wordReader reads a message of words; the first problem stops it and is
// kept with its word (expected).
type wordReader struct {
	w        []uint32
	at       int
	expected string
}

func (r *wordReader) ok() bool { return r.expected == "" }

func (r *wordReader) fail(what string) {
	if r.ok() {
		r.expected = what
	}
}

func (r *wordReader) left() int { return len(r.w) - r.at }

func (r *wordReader) u32(what string) uint32 {
	if !r.ok() || r.at == len(r.w) {
		r.fail(what)
		return 0
	}
	r.at++
	return r.w[r.at-1]
}

func (r *wordReader) int(what string) int { return int(int32(r.u32(what))) }

func (r *wordReader) u64(what string) uint64 {
	if r.left() < 2 {
		r.fail(what)
	}
	lo := r.u32(what)
	return uint64(lo) | uint64(r.u32(what))<<32
}

func (r *wordReader) f64(what string) float64 { return math.Float64frombits(r.u64(what)) }

// flag reads a word 0 or 1.
func (r *wordReader) flag(what string) bool {
	x := r.u32(what + " (0 or 1)")
	if x > 1 {
		r.at--
		r.fail(what + " (0 or 1), not " + strconv.Itoa(int(x)))
	}
	return x == 1
}

// count reads a list's length: each item takes at least each words, so a
// count larger than the words left is refused before anything is allocated.
func (r *wordReader) count(what string, each int) int {
	n := r.u32(what)
	if r.ok() && uint64(n)*uint64(each) > uint64(r.left()) {
		r.at--
		r.fail(what + ": " + strconv.Itoa(int(n)) + " is more than the words left hold")
		return 0
	}
	return int(n)
}

func (r *wordReader) str(what string) string {
	n := r.u32(what + " (its length in bytes)")
	if !r.ok() || uint64(n+3)/4 > uint64(r.left()) {
		if r.ok() {
			r.at--
		}
		r.fail(what + " (a length in bytes within the message)")
		return ""
	}
	b := make([]byte, 0, n+3)
	for k := 0; k < int(n+3)/4; k++ {
		b = binary.LittleEndian.AppendUint32(b, r.w[r.at+k])
	}
	if b = b[:n]; !utf8.Valid(b) {
		r.fail(what + " in UTF-8")
		return ""
	}
	r.at += int(n+3) / 4
	return string(b)
}

func (r *wordReader) strs(what string) []string {
	n := r.count(what+"'s number of strings", 1)
	var out []string
	for i := 0; i < n && r.ok(); i++ {
		out = append(out, r.str(what))
	}
	return out
}

// ints reads a list of indices (non-negative).
func (r *wordReader) ints(what string) []int {
	n := r.count(what+"'s length", 1)
	out := make([]int, 0, n)
	for i := 0; i < n && r.ok(); i++ {
		x := r.u32(what)
		if x > math.MaxInt32 {
			r.at--
			r.fail(what + ": an index, not " + strconv.FormatUint(uint64(x), 10))
		}
		out = append(out, int(x))
	}
	return out
}

func (r *wordReader) optInts(what string) []int {
	if !r.flag("whether " + what + " follows") {
		return nil
	}
	return r.ints(what)
}

func (r *wordReader) failure(what string) *oie.ReferenceFailure {
	if !r.flag("whether " + what + " follows") {
		return nil
	}
	return &oie.ReferenceFailure{Scorer: r.str(what + "'s scorer"), File: r.str(what + "'s file"),
		Line: r.int(what + "'s line"), Column: r.int(what + "'s column"), Msg: r.str(what + "'s message")}
}

func (r *wordReader) warnings(what string) []oie.Warning {
	n := r.count(what+"'s number of warnings", 4)
	var ws []oie.Warning
	for i := 0; i < n && r.ok(); i++ {
		ws = append(ws, oie.Warning{File: r.str("a warning's file"), Line: r.int("a warning's line"),
			Column: r.int("a warning's column"), Msg: r.str("a warning's message")})
	}
	return ws
}

// err is the reader's problem, if any, as "word N of M: expected …".
func (r *wordReader) err(what string) error {
	if r.ok() && r.at != len(r.w) {
		r.fail("the message's end")
	}
	if r.ok() {
		return nil
	}
	return fmt.Errorf("scorer: the message is not %s: word %d of %d: expected %s", what, r.at+1, len(r.w), r.expected)
}

// decodeCaRBJob reads a CaRB job after seq and tag.
func decodeCaRBJob(r *wordReader) *carbJob {
	j := &carbJob{Key: r.str("the CaRB gold's key")}
	if j.SendGold = r.flag("whether the CaRB gold follows"); j.SendGold && r.ok() {
		path := r.str("the gold's path")
		n := r.count("the gold's number of sentences", 3)
		ss := make([]*carb.Sentence, 0, n)
		for i := 0; i < n && r.ok(); i++ {
			s := &carb.Sentence{Text: r.str("a gold sentence"), Line: r.int("a gold sentence's line")}
			nt := r.count("the sentence's number of tuples", 4)
			for k := 0; k < nt && r.ok(); k++ {
				t := carb.GoldTuple{Tuple: carb.Tuple{Relation: r.str("a gold tuple's relation"), Args: r.strs("a gold tuple's arguments")},
					Context: r.strs("a gold tuple's context")}
				t.Line = r.int("a gold tuple's line")
				s.Tuples = append(s.Tuples, t)
			}
			ss = append(ss, s)
		}
		failure := r.failure("the gold's reader failure")
		warnings := r.warnings("the gold")
		if r.ok() {
			j.Gold = carb.NewGold(path, ss)
			j.Gold.ReaderFailure, j.Gold.Warnings = failure, warnings
		}
	}
	j.Keep = r.optInts("the sentences kept")
	var texts []string
	text := func(what string) string {
		k := r.u32(what + " (0: new, or a string's number)")
		switch {
		case !r.ok():
			return ""
		case k == 0:
			texts = append(texts, r.str(what))
			return texts[len(texts)-1]
		case int(k) > len(texts):
			r.at--
			r.fail(fmt.Sprintf("%s: 0 or a string's number up to %d, not %d", what, len(texts), k))
			return ""
		}
		return texts[k-1]
	}
	n := r.count("the number of systems", 5)
	for i := 0; i < n && r.ok(); i++ {
		p := &carb.Predictions{Path: r.str("the system's path"), LeadingBOM: r.str("the system's leading byte order marks")}
		p.ReaderFailure = r.failure("the system's reader failure")
		ne := r.count("the system's number of extractions", 6)
		p.Extractions = make([]carb.Prediction, 0, ne)
		for k := 0; k < ne && r.ok(); k++ {
			x := carb.Prediction{Sentence: text("a prediction's sentence")}
			x.Confidence, x.Line = r.f64("a prediction's confidence"), r.int("a prediction's line")
			x.Relation = text("a prediction's relation")
			na := r.count("a prediction's number of arguments", 1)
			for i := 0; i < na && r.ok(); i++ {
				x.Args = append(x.Args, text("a prediction's argument"))
			}
			p.Extractions = append(p.Extractions, x)
		}
		j.Tasks = append(j.Tasks, evaluate.CaRBTask{Predictions: p, Shared: r.optInts("the shared sentences")})
	}
	return j
}

// encodeCaRBScores appends the reply's scores: each task's result and,
// when it was scored, the shared sentences' one.
func encodeCaRBScores(w *words, scores []evaluate.CaRBScores) {
	w.int(len(scores))
	for _, sc := range scores {
		encodeCaRBResult(w, sc.All)
		if w.flag(sc.Shared != nil); sc.Shared != nil {
			encodeCaRBResult(w, sc.Shared)
		}
	}
}

// encodeCaRBResult writes what the page's report and warnings take from a
// carb.Result (evaluate's carbReport, carbWarnings and the difference):
// every number as its float64 bits.
func encodeCaRBResult(w *words, res *carb.Result) {
	for _, x := range [...]float64{res.Precision, res.Recall, res.F1, res.AUC, res.OptimalThreshold,
		res.PrecNum, res.PrecDen, res.RecNum, res.RecDen,
		res.ZeroConf.Precision, res.ZeroConf.Recall, res.ZeroConf.F1, res.ZeroConf.Threshold} {
		w.f64(x)
	}
	w.int(res.PredictionsWithoutGold)
	w.int(res.Replaced)
	w.int(int(res.Options.Matching))
	w.flag(res.Options.Binary)
	w.int(int(res.Options.Mode))
	w.int(len(res.PRPoints))
	for _, p := range res.PRPoints {
		w.f64(p[0])
		w.f64(p[1])
		w.f64(p[2])
	}
	w.failure(res.Failure)
	w.warnings(res.Warnings)
}

// carbResultWords is the least a result takes on the wire.
const carbResultWords = 13*2 + 5 + 1 + 1 + 1

func decodeCaRBScores(r *wordReader) []evaluate.CaRBScores {
	n := r.count("the number of systems scored", carbResultWords+1)
	out := make([]evaluate.CaRBScores, 0, n)
	for i := 0; i < n && r.ok(); i++ {
		sc := evaluate.CaRBScores{All: decodeCaRBResult(r)}
		if r.flag("whether the shared sentences' result follows") {
			sc.Shared = decodeCaRBResult(r)
		}
		out = append(out, sc)
	}
	return out
}

func decodeCaRBResult(r *wordReader) *carb.Result {
	var v [13]float64
	for i := range v {
		v[i] = r.f64("a CaRB number")
	}
	res := &carb.Result{Precision: v[0], Recall: v[1], F1: v[2], AUC: v[3], OptimalThreshold: v[4],
		PrecNum: v[5], PrecDen: v[6], RecNum: v[7], RecDen: v[8],
		ZeroConf: carb.Point{Precision: v[9], Recall: v[10], F1: v[11], Threshold: v[12]}}
	res.PredictionsWithoutGold = r.int("the predictions without gold")
	res.Replaced = r.int("the predictions replaced")
	matching := r.int("the matching")
	res.Options.Binary = r.flag("binary")
	mode := r.int("the mode")
	if r.ok() && (carb.Matching(matching) != carb.ManyToOne && carb.Matching(matching) != carb.OneToOne || carb.Mode(mode) != carb.Reference && carb.Mode(mode) != carb.Corrected) {
		r.fail("a CaRB matching and mode")
	}
	res.Options.Matching, res.Options.Mode = carb.Matching(matching), carb.Mode(mode)
	np := r.count("the number of curve points", 6)
	for i := 0; i < np && r.ok(); i++ {
		res.PRPoints = append(res.PRPoints, [3]float64{r.f64("a curve point"), r.f64("a curve point"), r.f64("a curve point")})
	}
	res.Failure = r.failure("the reference's failure")
	res.Warnings = r.warnings("the result")
	return res
}
