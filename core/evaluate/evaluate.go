// Package evaluate is the one call every front end makes (command line,
// browser page, Worker): read a gold and system files, score every system
// on every facet asked for, and build the Report. Reading and scoring are
// separate steps so that a front end can keep good files while a bad one is
// rejected, and compile a gold once for many systems.
package evaluate

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// Input is one file given by the user.
type Input struct {
	Name string // shown in tables; defaults to the file name without extension
	Path string // shown in messages
	Data []byte
	// Pause, when set, is called now and then while the file is read (see
	// oie.PauseEvery): the page yields to the browser.
	Pause func()
	// Shared tells that Data never changes once given: what is read from it
	// shares its memory instead of a copy (the page keeps every file's bytes;
	// a copy would double them).
	Shared bool
	// SHA256, when set, is the hex SHA-256 of Data, computed by the caller
	// (the page has the browser hash a large gold off its thread); else the
	// checksum is computed from Data.
	SHA256 string
	// GoldFormat names a token-level gold's format (carb-gold,
	// oie2016-gold) when the user chose it; nil: detected by evidence.
	// Systems take Request.SystemFormat instead.
	GoldFormat *formats.Format
	// EachObject, when set, is given each object of a JSON Lines system
	// file as it is read (oie.SystemOptions).
	EachObject oie.JSONObjectFunc
}

// Gold is a read gold file with its checksum.
type Gold struct {
	*benchie.Gold
	SHA256 string
	// names are the gold's sentences by id and text, for checkAligned:
	// made once for all the system files checked against the gold.
	names func() goldNames
}

// sentenceNames are the gold's sentences by id and text key.
func (g *Gold) sentenceNames() goldNames {
	if g.names == nil { // a Gold not made by ReadGold
		return namesOf(goldSentences(g.Gold))
	}
	return g.names()
}

// ReadGold reads a BenchIE gold file.
func ReadGold(in Input, strict bool) (*Gold, error) {
	checksum := func() string { return checksumPaused(in.Data, in.Pause) }
	if oie.ManyCores && in.SHA256 == "" && in.Pause == nil { // natively, on another core while the gold is read
		checksum = sync.OnceValue(checksum)
		go checksum()
	}
	g, err := benchie.ReadGold(in.Path, in.Data, benchie.GoldOptions{Strict: strict, Pause: in.Pause, Shared: in.Shared})
	if err != nil {
		return nil, err
	}
	sum := in.SHA256
	if sum == "" {
		sum = checksum()
	}
	return &Gold{Gold: g, SHA256: sum, names: sync.OnceValue(func() goldNames { return namesOf(goldSentences(g)) })}, nil
}

// System is a read system file with the name it is shown under.
type System struct {
	Name string
	*oie.System
	// ByText holds the extractions of a format that names sentences by
	// their text (CaRB tabbed, OpenIE 4/5, ClausIE, OpenIE6, ...); they are
	// aligned with a gold's sentences by text when scored, and System then
	// holds no extractions until Evaluate aligns them.
	ByText *carb.Predictions
	// SHA256 is the hex SHA-256 of the file read.
	SHA256 string
}

// ReadSystem reads a system file in the named format (oie.FormatAuto
// detects it, see formats.Detect; a file that could be several formats is
// an error that names them).
func ReadSystem(in Input, format oie.Format) (*System, error) {
	var f *formats.Format
	if format != oie.FormatAuto {
		var err error
		if f, err = formats.ParseSystemName(string(format)); err != nil {
			return nil, &oie.ParseError{File: in.Path, Msg: err.Error(), Err: formats.ErrRefused}
		}
	}
	x, err := formats.Read(formats.Input{File: in.Path, Data: in.Data, Pause: in.Pause, Shared: in.Shared, EachObject: in.EachObject}, f)
	if err != nil {
		return nil, err
	}
	sum := in.SHA256
	if sum == "" {
		sum = checksumPaused(in.Data, in.Pause)
	}
	if x.ByText != nil {
		return &System{Name: DefaultName(in), System: &oie.System{Path: in.Path, Format: oie.Format(x.Format.Name)}, ByText: x.ByText, SHA256: sum}, nil
	}
	return &System{Name: DefaultName(in), System: x.ByID, SHA256: sum}, nil
}

// ParseSystemFormat reads a system format's name: auto (detected) or the
// name of a format of the registry (formats.Readable).
func ParseSystemFormat(s string) (oie.Format, error) {
	f, err := formats.ParseSystemName(s)
	if err != nil || f == nil {
		return oie.FormatAuto, err
	}
	return oie.Format(f.Name), nil
}

// ParseGoldFormat reads a gold format's name (formats.ParseGoldName) for
// a request: the BenchIE gold's (benchie-gold, the only one it can be) is
// nil, as auto is; a token-level gold's names how the CaRB gold is read.
func ParseGoldFormat(s string) (*formats.Format, error) {
	f, err := formats.ParseGoldName(s)
	if err != nil || f == nil || f.Name == formats.NameBenchIEGold {
		return nil, err
	}
	return f, nil
}

// DefaultName is the name a system is shown under when the user gives none:
// the file name without its extension.
func DefaultName(in Input) string {
	if in.Name != "" {
		return in.Name
	}
	base := filepath.Base(filepath.ToSlash(in.Path))
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Options choose what is scored.
type Options struct {
	Facets          []benchie.Facet // default: all three
	ReferenceCompat bool
	StrictGold      bool // recorded in the signature
	// CaRBGold, when set, adds CaRB scores (and CaRB minus BenchIE) for
	// every system; the BenchIE gold's sentences align the extractions.
	CaRBGold *CaRBGold
	// Progress, when set, is called after each system and facet is scored;
	// the browser uses it to show progress and yield to the page.
	Progress func(done, total int)
	// Pause, when set, is called every few sentences compiled and every
	// hundred or so extractions scored (benchie.Options.Pause): the page
	// yields to the browser.
	Pause func()
	// StatsLater leaves the gold statistics (surface forms, the costliest
	// count) out of the report unless already counted; CountStats adds them.
	// A page shows the scores first and counts after.
	StatsLater bool
	// FLGold, when set, adds BenchIE^FL scores (both modes; FLCorrected
	// shows the corrected one first) against this reading of the gold.
	FLGold      *FLGold
	FLCorrected bool
	// FLOnly leaves BenchIE out of the report (it is still scored: the
	// explorer shows its verdicts).
	FLOnly bool
	// Sentences scores a subset of the gold's sentences, as the user wrote
	// it: "" (all), "covered" (the sentences the systems have extractions
	// on) or a list of ids and ranges, "1-5,9" (see ParseSentences). Check
	// it first with ChooseSentences: Evaluate scores every sentence, with a
	// warning, when it cannot be chosen.
	Sentences string
	// CoveredBy names the systems whose extractions "covered" counts (nil:
	// every system): the page counts the user's files, not the bundled
	// systems scored beside them.
	CoveredBy []string
	// carbAhead holds CaRB scores computed ahead, by system (WithCaRB).
	carbAhead []carbScored
}

// Evaluation keeps everything that produced a report, so that a front end
// can explain every number (verdicts, coverage, closest gold triples).
type Evaluation struct {
	Gold     *Gold
	EGold    *Gold // BenchIE-E gold, or nil
	Compiled map[benchie.Facet]*benchie.Compiled
	// CompiledE is the E gold compiled for the regular facet, or nil.
	CompiledE *benchie.Compiled
	Systems   []*System
	// Results[i][facet] is system i scored on a facet; "entity" is BenchIE-E.
	Results []map[string]*benchie.Result
	// FLGold, FLCorrected and FLOnly are the BenchIE^FL options; FL[i] is
	// system i scored by BenchIE^FL (nil without FLGold).
	FLGold      *FLGold
	FLCorrected bool
	FLOnly      bool
	FL          []*benchiefl.Result
	// Subset names the sentences scored when Options.Sentences chose some:
	// Gold and EGold are then views holding only them (Gold.Whole() is
	// the gold as read).
	Subset *report.Subset
	// SentencesErr is why Options.Sentences could not be chosen (every
	// sentence is then scored, and the report says so).
	SentencesErr error
	Report       report.Report
	// notes are the report's warnings about the options.
	notes []string
}

// Entity is the key of BenchIE-E results.
const Entity = string(report.GroupEntity)

// Evaluate scores every system. A nil eGold leaves BenchIE-E out.
func Evaluate(gold, eGold *Gold, systems []*System, opt Options) *Evaluation {
	facets := opt.Facets
	if len(facets) == 0 {
		facets = benchie.Facets
	}
	ev := &Evaluation{FLGold: opt.FLGold, FLCorrected: opt.FLCorrected, FLOnly: opt.FLOnly && opt.FLGold != nil}
	countStatsAside(opt, gold, eGold)
	// Read: the systems as BenchIE extractions, on the sentences chosen.
	for _, s := range systems {
		ev.Systems = append(ev.Systems, asBenchIE(s, gold.Gold))
	}
	if opt.Sentences != "" {
		gold, eGold, opt.CaRBGold = ev.chooseSentences(opt.Sentences, opt.CoveredBy, gold, eGold, opt.CaRBGold)
	}
	ev.Gold, ev.EGold = gold, eGold
	// Compile, score (BenchIE, then BenchIE^FL), report.
	c := compile(gold, eGold, facets, opt.Pause)
	ev.CompiledE = c.entity
	prog := &progress{report: opt.Progress, total: len(systems) * len(facets)}
	if eGold != nil {
		prog.total += len(systems)
	}
	if ev.FLGold != nil {
		prog.total += len(systems)
	}
	ev.Results = ev.scoreBenchIE(c, facets, opt, prog)
	ev.Compiled = c.all()
	if ev.FLGold != nil {
		ev.scoreFL(prog.step, opt.Pause)
	}
	ev.Report = ev.buildReport(facets, opt)
	return ev
}

// countStatsAside counts the golds' statistics, the costliest count, on
// another core while the gold is compiled and the systems scored; paced
// (the page) or with Options.StatsLater they are counted later.
func countStatsAside(opt Options, golds ...*Gold) {
	if !oie.ManyCores || opt.StatsLater || opt.Pause != nil {
		return
	}
	for _, g := range golds {
		if g != nil && !g.StatsCounted() {
			go g.Stats()
		}
	}
}

// scoreBenchIE scores every system on every facet of c (BenchIE-E last,
// under the key Entity), one progress step each.
func (ev *Evaluation) scoreBenchIE(c *compilation, facets []benchie.Facet, opt Options, prog *progress) []map[string]*benchie.Result {
	sopt := benchie.Options{ReferenceCompat: opt.ReferenceCompat, Pause: opt.Pause}
	jobs := len(facets)
	if c.entity != nil {
		jobs++
	}
	// Results by system, and by job: facets in their order, BenchIE-E last.
	results := make([][]*benchie.Result, len(ev.Systems))
	for i := range results {
		results[i] = make([]*benchie.Result, jobs)
	}
	scheduler{systems: ev.Systems, jobs: jobs, paced: opt.Pause != nil,
		late: func(j int) bool { return j < len(facets) && facets[j] == benchie.Minimal },
	}.run(func(i, j int) {
		if j < len(facets) {
			results[i][j] = c.of(facets[j]).Score(ev.Systems[i].System, sopt)
		} else {
			results[i][j] = c.entity.Score(ev.Systems[i].System, sopt)
		}
		prog.step()
	})
	out := make([]map[string]*benchie.Result, len(ev.Systems))
	for i := range ev.Systems {
		rs := map[string]*benchie.Result{}
		for j, f := range facets {
			rs[string(f)] = results[i][j]
		}
		if c.entity != nil {
			rs[Entity] = results[i][len(facets)]
		}
		out[i] = rs
	}
	return out
}

func (ev *Evaluation) buildReport(facets []benchie.Facet, opt Options) report.Report {
	ro := report.Options{Scorers: []string{ScorerBenchIE}, ReferenceCompat: opt.ReferenceCompat, StrictGold: opt.StrictGold}
	if opt.CaRBGold != nil {
		ro.Scorers = append(ro.Scorers, ScorerCaRB)
	}
	for _, f := range facets {
		ro.Facets = append(ro.Facets, string(f))
	}
	eSHA := ""
	if ev.EGold != nil {
		ro.Facets = append(ro.Facets, Entity)
		eSHA = ev.EGold.SHA256
	}
	if ev.FLGold != nil {
		ro.Scorers = append(ro.Scorers, ScorerFL)
		ro.FLMode = FLModeName(ev.FLCorrected)
		if ev.FLOnly {
			ro.Scorers, ro.Facets = []string{ScorerFL}, []string{}
		}
	}
	sig := report.Signature(ro, ev.Gold.SHA256, eSHA)
	if opt.CaRBGold != nil {
		sig += "|carb-gold:sha256:" + opt.CaRBGold.SHA256
	}
	if ev.Subset != nil {
		sig += "|" + ev.Subset.SignatureField()
	}
	r := report.Report{
		Signature: sig,
		Version:   report.Version,
		Options:   ro,
		Gold:      goldInfo(ev.Gold, opt.StatsLater),
		Subset:    ev.Subset,
		Systems:   []report.System{},
	}
	r.Gold.Warnings = append(r.Gold.Warnings, ev.notes...)
	if ev.EGold != nil {
		e := goldInfo(ev.EGold, opt.StatsLater)
		r.EGold = &e
	}
	if ev.FLGold != nil {
		r.FLGold = flGoldInfo(ev.FLGold)
	}
	if cg := opt.CaRBGold; cg != nil {
		r.CaRBGold = &report.Gold{Path: cg.Path, SHA256: cg.SHA256, Sentences: len(cg.Sentences),
			Extractions: cg.TupleCount(), Warnings: warningStrings(cg.Warnings)}
	}
	for i, s := range ev.Systems {
		rs := report.System{
			Name: s.Name, Path: s.Path, Format: string(s.Format), SHA256: s.SHA256,
			Extractions: s.Extractions.Len(), Warnings: warningStrings(s.Warnings),
			BenchIE: &report.BenchIE{},
		}
		if ev.Subset == nil && !ev.FLOnly {
			if note := coverageNote(ev.Gold.Gold, s, opt.Pause); note != "" {
				rs.Warnings = append(rs.Warnings, note)
			}
		}
		seen := map[string]bool{}
		for _, f := range ro.Facets {
			res := ev.Results[i][f]
			rs.Ignored = res.Ignored
			rs.BenchIE.SetFacet(f, score(res))
			for _, w := range res.Warnings {
				if msg := w.String(); !seen[msg] { // unknown-id warnings repeat per facet
					seen[msg] = true
					rs.Warnings = append(rs.Warnings, msg)
				}
			}
		}
		if s.ByText != nil {
			// Counted as read: the extractions on no gold sentence were
			// dropped when aligned by text, and are ignored like unknown ids.
			rs.Extractions = len(s.ByText.Extractions)
			rs.Ignored += len(s.ByText.Extractions) - s.Extractions.Len()
		}
		if opt.CaRBGold != nil {
			var ws []oie.Warning
			rs.CaRB, ws = opt.carbFor(i, s, ev.Gold.Gold, rs.BenchIE.Regular, ev.Results[i][string(benchie.Regular)])
			rs.Warnings = append(rs.Warnings, warningStrings(ws)...)
		}
		if ev.FLGold != nil {
			regular := rs.BenchIE.Regular
			rs.BenchIEFL = flReport(ev.FL[i], ev.FLCorrected, regular)
			if ev.FLOnly {
				rs.BenchIE, rs.BenchIEFL.Delta = nil, nil
				rs.Ignored = rs.Extractions - rs.BenchIEFL.Extractions
			}
			rs.Warnings = append(rs.Warnings, warningStrings(ev.FL[i].Warnings)...)
		}
		r.Systems = append(r.Systems, rs)
	}
	r.Signature = report.WithSystems(r.Signature, r.Systems)
	return r
}

// goldInfo describes a gold; later leaves out the statistics when they are
// not counted yet.
func goldInfo(g *Gold, later bool) report.Gold {
	if later && !g.StatsCounted() {
		return report.Gold{Path: g.Path, SHA256: g.SHA256, Sentences: len(g.Sentences), Synsets: g.SynsetCount(), Warnings: warningStrings(g.Warnings)}
	}
	st := g.Stats()
	return report.Gold{
		Path: g.Path, SHA256: g.SHA256, Sentences: st.Sentences, Synsets: st.Synsets,
		Extractions: st.Extractions, Warnings: warningStrings(g.Warnings), Stats: st,
	}
}

// CountStats counts the gold statistics, if not counted yet, and puts them in
// the report (for an evaluation made with StatsLater).
func (ev *Evaluation) CountStats() {
	ev.Report.Gold = goldInfo(ev.Gold, false)
	ev.Report.Gold.Warnings = append(ev.Report.Gold.Warnings, ev.notes...)
	if ev.EGold != nil {
		e := goldInfo(ev.EGold, false)
		ev.Report.EGold = &e
	}
}

func score(res *benchie.Result) *report.Score {
	mode, other := "paper", "reference"
	if res.ReferenceCompat {
		mode, other = other, mode
	}
	s := counts(res.Counts, mode)
	for _, j := range res.Judgements {
		if j.Verdict == benchie.Duplicate {
			s.Duplicates++
		}
	}
	if res.ModesDisagree {
		s.Other = counts(res.Other, other)
	}
	s.CreditsDiffer, s.CreditsStraySpaces = res.CreditsDiffer, res.StrayCredits
	s.ReferenceCannotScore = res.ScriptCrash
	return s
}

func counts(c benchie.Counts, mode string) *report.Score {
	return &report.Score{Precision: c.Precision, Recall: c.Recall, F1: c.F1, TP: c.TP, FP: c.FP, FN: c.FN, Mode: mode}
}

func warningStrings(ws []oie.Warning) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, w.String())
	}
	return out
}

// Request is a whole evaluation from raw files, for callers that have all
// files at hand (the command line, the Worker, the page's JavaScript API).
type Request struct {
	Gold     Input
	EGold    *Input
	CaRBGold *Input // adds CaRB beside BenchIE
	// CaRB, when set, says Gold is a CaRB or OIE2016 gold, scored alone by
	// these columns (RunCaRBColumns); the BenchIE options are then unused.
	CaRB *CaRBColumns
	// FL adds BenchIE^FL beside BenchIE: the gold is read by its reader too.
	FL           bool
	Systems      []Input
	SystemFormat oie.Format
	// MaxUnindexed, when set, refuses a system that scoring would compare
	// more often than this with gold triples no index can filter
	// (benchie.Compiled.Unindexed): a service with a time limit (the
	// Worker) answers with a message instead of running out of time.
	MaxUnindexed int
	// FLBudget bounds BenchIE^FL's work (benchiefl.Budget); nil means
	// benchiefl.DefaultBudget. Past it the request is refused.
	FLBudget *benchiefl.Budget
	Options
}

// Files are every file the request reads.
func (req *Request) Files() []Input {
	files := append([]Input{req.Gold}, req.Systems...)
	for _, in := range []*Input{req.EGold, req.CaRBGold} {
		if in != nil {
			files = append(files, *in)
		}
	}
	return files
}

func (req *Request) flBudget() benchiefl.Budget {
	if req.FLBudget != nil {
		return *req.FLBudget
	}
	return benchiefl.DefaultBudget
}

// Run reads every file and evaluates; the first unreadable file is the error.
func Run(req Request) (*Evaluation, error) {
	if req.CaRB != nil {
		r, err := RunCaRBColumns(req.Gold, req.Systems, req.SystemFormat, *req.CaRB)
		if err != nil {
			return nil, err
		}
		return &Evaluation{Report: *r}, nil
	}
	read := req.systemReaders()
	gold, eGold, err := req.readGolds()
	if err != nil {
		return nil, err
	}
	systems, err := req.readSystems(read, gold)
	if err != nil {
		return nil, err
	}
	if err := req.checkBounds(gold, eGold, systems); err != nil {
		return nil, err
	}
	if req.Pause != nil { // count the statistics pausing too
		for _, g := range []*Gold{gold, eGold} {
			if g != nil {
				g.CountStats(req.Pause)
			}
		}
	}
	return Evaluate(gold, eGold, systems, req.Options), nil
}

// background tells whether Run reads and prepares on other cores while it
// reads the gold: natively, unless the request pauses (the page).
func (req *Request) background() bool { return oie.ManyCores && req.Pause == nil }

// systemReaders are the readers of the request's system files; in the
// background, each is started as a goroutine of its own, and calling it
// waits for its result.
func (req *Request) systemReaders() []func() (*System, error) {
	read := make([]func() (*System, error), len(req.Systems))
	for i, in := range req.Systems {
		read[i] = func() (*System, error) { return ReadSystem(in, req.SystemFormat) }
		if req.background() {
			read[i] = sync.OnceValues(read[i])
			go read[i]()
		}
	}
	return read
}

// readGolds reads the gold and, when asked for, the E-gold and the golds
// that go in the options (CaRB's, BenchIE^FL's). In the background the
// gold's statistics are counted and its slots compiled as soon as it is
// read, while systems may still be read.
func (req *Request) readGolds() (gold, eGold *Gold, err error) {
	// BenchIE^FL's gold, and its forms budget, first: a gold the budget
	// refuses is refused before the BenchIE reader, the statistics and the
	// compilation take their memory (a 61.6 MB gold's refusal peaked at
	// 404 MiB with them).
	if req.FL {
		if req.Options.FLGold, err = ReadFLGold(req.Gold, req.StrictGold, req.flBudget()); err != nil {
			return nil, nil, err
		}
		req.Gold.SHA256 = req.Options.FLGold.SHA256 // made once, for both readers
	}
	if gold, err = ReadGold(req.Gold, req.StrictGold); err != nil {
		return nil, nil, err
	}
	if req.background() && !req.StatsLater {
		go gold.Stats()
	}
	if req.background() { // every facet starts from it (Evaluate)
		go benchie.Compile(gold.Gold, benchie.Regular)
	}
	if req.CaRBGold != nil {
		if req.Options.CaRBGold, err = ReadCaRBGoldAs(*req.CaRBGold, req.CaRBGold.GoldFormat); err != nil {
			return nil, nil, err
		}
	}
	if req.EGold != nil {
		if eGold, err = ReadGold(*req.EGold, req.StrictGold); err != nil {
			return nil, nil, err
		}
	}
	return gold, eGold, nil
}

// readSystems takes the systems read, in order, each aligned with the gold
// and named once, and checks the request's sentence subset against them.
func (req *Request) readSystems(read []func() (*System, error), gold *Gold) ([]*System, error) {
	systems := make([]*System, 0, len(req.Systems))
	names := map[string]bool{}
	sentences := gold.sentenceNames()
	for i, in := range req.Systems {
		if req.Pause != nil { // between files too: a request may send many small ones
			req.Pause()
		}
		s, err := read[i]()
		if err != nil {
			return nil, err
		}
		if err := checkAligned(s, sentences, gold.Path, in); err != nil {
			return nil, err
		}
		if names[s.Name] {
			return nil, fmt.Errorf("%s: two systems are named %q: name them with NAME=FILE", in.Path, s.Name)
		}
		names[s.Name] = true
		systems = append(systems, s)
	}
	if req.Sentences != "" {
		if req.Options.FLGold != nil {
			return nil, fmt.Errorf("sentences %q: BenchIE^FL cannot be scored on a subset of sentences (its reference reading finds sentences by position): score it on every sentence", req.Sentences)
		}
		if _, _, err := ChooseSentences(req.Sentences, gold, systems); err != nil {
			return nil, err
		}
	}
	return systems, nil
}

// checkBounds refuses, before any scoring, systems whose scoring would
// pass the request's bounds: BenchIE^FL's budget, and MaxUnindexed.
func (req *Request) checkBounds(gold, eGold *Gold, systems []*System) error {
	if fl := req.Options.FLGold; fl != nil {
		for _, s := range systems {
			if s.System == nil {
				continue
			}
			if err := fl.CheckSystem(s.System, req.flBudget(), req.Pause); err != nil {
				return err
			}
		}
	}
	if req.MaxUnindexed <= 0 {
		return nil
	}
	facets := req.Facets
	if len(facets) == 0 {
		facets = benchie.Facets
	}
	for _, s := range systems {
		if s.System == nil {
			continue
		}
		for _, f := range facets {
			for _, g := range []*Gold{gold, eGold} {
				if g == nil || (g == eGold && f != benchie.Regular) {
					continue
				}
				if n := benchie.Compile(g.Gold, f).Unindexed(s.System); n > req.MaxUnindexed {
					return fmt.Errorf("%s: scoring it would compare its extractions %d times with gold triples that no index can filter (slots that start or end with many optional words), more than the limit of %d here: score it with the command line",
						s.Path, n, req.MaxUnindexed)
				}
			}
		}
	}
	return nil
}
