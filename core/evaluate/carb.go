package evaluate

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// CaRB beside the fact-level score: the same systems scored against a CaRB
// gold for the same sentences.

// Formats of files that are not BenchIE's, by their registry names.
const (
	// FormatCaRB is CaRB's "tabbed" system form:
	// sentence<TAB>confidence<TAB>relation<TAB>arg1<TAB>arg2...
	FormatCaRB oie.Format = formats.NameCaRBTabbed
	// FormatWiRe57 is WiRe57's system JSON (sentence id -> extractions).
	FormatWiRe57 oie.Format = formats.NameWiRe57System
)

// CaRBGold is a read CaRB gold with its checksum.
type CaRBGold struct {
	*carb.Gold
	Format string // carb-gold or oie2016-gold
	SHA256 string
}

// ReadCaRBGold reads a CaRB gold file (sentence<TAB>relation<TAB>arg1...)
// or an OIE2016 gold (one column more), told apart by formats.Detect.
func ReadCaRBGold(in Input) (*CaRBGold, error) { return ReadCaRBGoldAs(in, nil) }

// ReadCaRBGoldAs reads a token-level gold in format f (nil: detected).
func ReadCaRBGoldAs(in Input, f *formats.Format) (*CaRBGold, error) {
	g, f, err := formats.ReadCaRBGold(formats.Input{File: in.Path, Data: in.Data, Shared: in.Shared, Pause: in.Pause}, f)
	if err != nil {
		return nil, err
	}
	return &CaRBGold{Gold: g, Format: f.Name, SHA256: checksumPaused(in.Data, in.Pause)}, nil
}

// carbScore scores a system with CaRB against the CaRB gold; regular is its
// BenchIE score and reg the result behind it (nil when the regular facet
// was not scored), for the difference. When the two golds do not hold the
// same sentences, the difference compares both scorers on the sentences
// they share only, and says how many. pause, when set, is called now and
// then (carb.Options.Pause). It is carbTask, ScoreCaRB and carbFromScores:
// a page runs the middle one elsewhere (Evaluation.WithCaRBScores).
func carbScore(s *System, g *benchie.Gold, cg *CaRBGold, regular *report.Score, reg *benchie.Result, pause func()) (*report.CaRB, []oie.Warning) {
	both := newCaRBOverlap(g, cg.Gold)
	t := both.task(s, regular != nil && reg != nil)
	return both.fromScores(s, cg, ScoreCaRB(cg.Gold, t, pause), regular, reg)
}

// A CaRBTask is one system's CaRB scoring as plain data: what it needs
// besides the BenchIE judgements, so that it can run where those are not
// (a page's scorer Worker).
type CaRBTask struct {
	// Predictions are the system's extractions placed by sentence text:
	// its own (System.ByText) or its BenchIE extractions on the BenchIE
	// gold's sentences (carb.FromBenchIE).
	Predictions *carb.Predictions
	// Shared lists, by index into the CaRB gold's sentences, those the
	// BenchIE gold holds too, when the golds differ and CaRB − BenchIE is
	// computed on them (scored a second time); nil otherwise.
	Shared []int
}

// CaRBScores are a CaRBTask's results: against the whole CaRB gold, and
// against the shared sentences when the task has them (else nil).
type CaRBScores struct {
	All, Shared *carb.Result
}

// carbOverlap is what a BenchIE gold and a CaRB gold share, computed once
// for all systems (commonSentences).
type carbOverlap struct {
	g         *benchie.Gold
	sentences []oie.Sentence // the BenchIE gold's, for carb.FromBenchIE
	inBenchIE []bool
	shared    []int
	// same: the two golds hold the same sentences.
	same bool
}

func newCaRBOverlap(g *benchie.Gold, cg *carb.Gold) carbOverlap {
	in, shared := commonSentences(g, cg)
	return carbOverlap{g: g, sentences: goldSentences(g), inBenchIE: in, shared: shared,
		same: len(shared) == len(cg.Sentences) && len(shared) == len(g.Sentences)}
}

// task is system s's CaRB task against the CaRB gold; delta says that the
// difference to BenchIE is wanted (the regular facet was scored).
func (o carbOverlap) task(s *System, delta bool) CaRBTask {
	t := CaRBTask{Predictions: s.ByText}
	if t.Predictions == nil {
		// Placed by the BenchIE gold's own sentences: the extractions this
		// leaves out are those BenchIE's scoring left out and already named.
		t.Predictions = carb.FromBenchIE(s.System, o.sentences)
	}
	if delta && len(o.shared) > 0 && !o.same {
		t.Shared = o.shared
	}
	return t
}

// ScoreCaRB scores a task against the CaRB gold cg (CaRB's default
// variant, carb.ScoreWith): what a system's CaRB columns need besides the
// BenchIE judgements. pause is carb.Options.Pause.
func ScoreCaRB(cg *carb.Gold, t CaRBTask, pause func()) CaRBScores {
	sc := CaRBScores{All: carb.ScoreWith(cg, t.Predictions, carb.Options{Pause: pause})}
	if t.Shared != nil {
		sc.Shared = carb.ScoreWith(carbSubGold(cg, t.Shared), t.Predictions, carb.Options{Pause: pause})
	}
	return sc
}

// fromScores is system s's CaRB report and warnings from its scores
// against cg: the CaRB numbers, and CaRB − BenchIE from regular and reg
// (see carbScore).
func (o carbOverlap) fromScores(s *System, cg *CaRBGold, sc CaRBScores, regular *report.Score, reg *benchie.Result) (*report.CaRB, []oie.Warning) {
	g, inBenchIE, shared := o.g, o.inBenchIE, o.shared
	ws := []oie.Warning{}
	if s.ByText != nil {
		ws = append(ws, s.ByText.Warnings...)
	}
	c := carbReport(sc.All)
	ws = append(ws, carbWarnings(sc.All)...)
	if regular == nil {
		return c, ws
	}
	if o.same {
		c.Delta = &report.Delta{Precision: c.Precision - regular.Precision, Recall: c.Recall - regular.Recall, F1: c.F1 - regular.F1}
		return c, ws
	}
	if len(shared) == 0 || reg == nil || sc.Shared == nil {
		ws = append(ws, oie.Warning{File: s.Path, Msg: fmt.Sprintf("CaRB − BenchIE is not given: the BenchIE gold (%d sentences) and the CaRB gold (%d) share %d sentence(s)%s",
			len(g.Sentences), len(cg.Sentences), len(shared), map[bool]string{true: ", and the regular facet was not scored", false: ""}[reg == nil && len(shared) > 0])})
		return c, ws
	}
	sub := sc.Shared
	var tp, fp, synsets int
	for k, sent := range g.Sentences {
		if inBenchIE[k] {
			synsets += len(sent.Synsets)
		}
	}
	for _, j := range reg.Judgements {
		if j.Sentence < 0 || !inBenchIE[j.Sentence] {
			continue
		}
		switch j.Verdict {
		case benchie.Correct:
			tp++
		case benchie.Incorrect:
			fp++
		}
	}
	b := benchie.NewCounts(tp, fp, synsets)
	subF1 := sub.F1
	c.Delta = &report.Delta{Precision: sub.Precision - b.Precision, Recall: sub.Recall - b.Recall, F1: subF1 - b.F1, Sentences: len(shared)}
	ws = append(ws, oie.Warning{File: s.Path, Msg: fmt.Sprintf(
		"CaRB − BenchIE compares the %d sentence(s) both golds hold (BenchIE gold %d, CaRB gold %d): on them CaRB P %.4f R %.4f F1 %.4f, BenchIE P %.4f R %.4f F1 %.4f",
		len(shared), len(g.Sentences), len(cg.Sentences), sub.Precision, sub.Recall, sub.F1, b.Precision, b.Recall, b.F1)})
	return c, ws
}

// commonSentences returns which BenchIE gold sentences the CaRB gold has
// (by sentence key) and, by index, the CaRB gold's sentences the BenchIE
// gold has.
func commonSentences(g *benchie.Gold, cg *carb.Gold) ([]bool, []int) {
	// A sentence's key is its costly part (carb.SentenceKey; the page
	// computes these when CaRB's columns are shown): once per sentence, the
	// CaRB gold's looked up by the keys it holds (cg.Lookup's own).
	inCaRB := make(map[string]bool, len(cg.Sentences))
	for _, s := range cg.Sentences {
		inCaRB[s.Key] = true
	}
	keys := map[string]bool{}
	in := make([]bool, len(g.Sentences))
	for k, s := range g.Sentences {
		if key := carb.SentenceKey(s.Text); inCaRB[key] {
			in[k] = true
			keys[key] = true
		}
	}
	var shared []int
	for i, s := range cg.Sentences {
		if keys[s.Key] {
			shared = append(shared, i)
		}
	}
	return in, shared
}

// carbSubGold is the CaRB gold of cg's sentences at the indices idx, in
// that order, copied (carb.NewGold keys the sentences it is given).
func carbSubGold(cg *carb.Gold, idx []int) *carb.Gold {
	ss := make([]*carb.Sentence, len(idx))
	for i, k := range idx {
		cp := *cg.Sentences[k]
		ss[i] = &cp
	}
	return carb.NewGold(cg.Path, ss)
}

// carbReport is a CaRB result as the report gives it.
func carbReport(res *carb.Result) *report.CaRB {
	c := &report.CaRB{
		Precision: res.Precision, Recall: res.Recall, F1: res.F1, AUC: res.AUC, OptimalThreshold: res.OptimalThreshold,
		PrecNum: res.PrecNum, PrecDen: res.PrecDen, RecNum: res.RecNum, RecDen: res.RecDen,
		PRPoints: res.PRPoints, PredictionsWithoutGold: res.PredictionsWithoutGold,
		Mode: res.Options.Mode.String(),
	}
	if len(res.PRPoints) > 0 {
		z := reportPoint(res.ZeroConf)
		c.ZeroConf = &z
	}
	if res.Failure != nil {
		c.Failure = res.Failure.Error()
	}
	if c.PRPoints == nil {
		c.PRPoints = [][3]float64{}
	}
	return c
}

// carbWarnings is a CaRB result's warnings and, when the reference has no
// number for the input (Result.Failure), that failure, so that the
// numbers shown are not taken for the reference's.
func carbWarnings(res *carb.Result) []oie.Warning {
	if res.Failure == nil {
		return res.Warnings
	}
	return append([]oie.Warning{res.Failure.Warning()}, res.Warnings...)
}
