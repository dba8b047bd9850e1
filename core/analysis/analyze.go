package analysis

import (
	"fmt"
	"strconv"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/report"
)

// Options choose what Analyze computes.
type Options struct {
	// Facet is the facet analysed; "" means benchie.Regular.
	Facet benchie.Facet
	// Samples is the number of bootstrap samples: 0 means DefaultSamples,
	// a negative number turns the intervals off.
	Samples int
	Seed    uint64
	// Thresholds bound the sentence buckets; a nil list takes the paper's
	// bounds (DefaultThresholds).
	Thresholds report.Thresholds
	// Featurizer finds the sentences' features; nil gives lengths only.
	Featurizer *nlp.Featurizer
	// Progress, when set, is called after each system is analysed, so that
	// a page can show progress and let the browser work in between.
	Progress func(done, total int)
	// Pause, when set, is called within a system too: after each sentence's
	// features, each incorrect extraction's closest gold triples and every
	// intervalPauseEvery bootstrap samples (a page's pacer: one system's
	// analysis took 60-990 ms of the page's thread in one task).
	Pause func()
}

func (o Options) facet() benchie.Facet {
	if o.Facet == "" {
		return benchie.Regular
	}
	return o.Facet
}

func (o Options) thresholds() report.Thresholds {
	th, def := o.Thresholds, DefaultThresholds()
	if th.Length == nil {
		th.Length = def.Length
	}
	if th.Conjunctions == nil {
		th.Conjunctions = def.Conjunctions
	}
	if th.CaseMarkers == nil {
		th.CaseMarkers = def.CaseMarkers
	}
	return th
}

// Features computes the features of every gold sentence, and how many
// sentences each source served.
func Features(g *benchie.Gold, fz *nlp.Featurizer) ([]nlp.Features, map[nlp.Source]int) {
	return features(g, fz, nil)
}

// features is Features calling pause (when set) after each sentence.
func features(g *benchie.Gold, fz *nlp.Featurizer, pause func()) ([]nlp.Features, map[nlp.Source]int) {
	if fz == nil {
		fz = &nlp.Featurizer{}
	}
	feats := make([]nlp.Features, len(g.Sentences))
	sources := map[nlp.Source]int{}
	for i, s := range g.Sentences {
		var src nlp.Source
		feats[i], src = fz.Features(s.Text)
		sources[src]++
		if pause != nil {
			pause()
		}
	}
	return feats, sources
}

// Analyze adds the analysis of every system to the evaluation's report
// (report.System.Analysis). The facet is scored first if the evaluation did
// not score it.
func Analyze(ev *evaluate.Evaluation, opt Options) error {
	th := opt.thresholds()
	if err := CheckThresholds(th); err != nil {
		return err
	}
	facet := opt.facet()
	c := compiled(ev, facet)
	fz := opt.Featurizer
	if fz == nil {
		fz = &nlp.Featurizer{}
	}
	feats, _ := features(ev.Gold.Gold, fz, opt.Pause)
	settings := report.AnalysisSettings{Seed: opt.Seed, Lang: fz.Lang, Thresholds: th}
	if opt.Samples >= 0 {
		settings.Samples = max(opt.Samples, 0)
		if settings.Samples == 0 {
			settings.Samples = DefaultSamples
		}
	}
	markers := fz.Describe()
	sig := report.AnalysisSignature(ev.Report.Signature, string(facet), settings, markers)
	for i, s := range ev.Systems {
		res := result(ev, c, i)
		prof := Profile(errorsPaced(c, s.System, res, opt.Pause))
		ps := Sentences(res)
		a := &report.Analysis{
			Signature: sig, Facet: string(facet),
			Incorrect: prof.Incorrect, SlotErrors: prof.SlotErrors, ErrorBuckets: prof.Buckets,
			BucketTotal: prof.BucketTotal, Ties: prof.Ties,
			SentenceBuckets: SentenceBuckets(ps, feats, th),
			PRCurve:         PRCurve(s.System, res),
			Settings:        settings,
		}
		a.SentenceBuckets.Markers = markers
		a.SentenceBuckets.Approximate = markers != "none"
		if settings.Samples > 0 {
			ci := intervals(ps, settings.Samples, opt.Seed, opt.Pause)
			a.CI95 = &ci
		}
		ev.Report.Systems[i].Analysis = a
		if opt.Progress != nil {
			opt.Progress(i+1, len(ev.Systems))
		}
	}
	return nil
}

// compiled returns the evaluation's gold compiled for a facet, compiling it
// when the evaluation did not.
func compiled(ev *evaluate.Evaluation, f benchie.Facet) *benchie.Compiled {
	if c, ok := ev.Compiled[f]; ok {
		return c
	}
	return benchie.Compile(ev.Gold.Gold, f)
}

// result returns system i scored on c's facet, scoring it when the
// evaluation did not.
func result(ev *evaluate.Evaluation, c *benchie.Compiled, i int) *benchie.Result {
	if r, ok := ev.Results[i][string(c.Facet)]; ok {
		return r
	}
	return c.Score(ev.Systems[i].System, benchie.Options{ReferenceCompat: ev.Report.Options.ReferenceCompat})
}

// CompareOptions choose how two systems are compared.
type CompareOptions struct {
	// Facet is the facet compared; "" means benchie.Regular.
	Facet benchie.Facet
	// Samples is the number of randomisation rounds and of bootstrap samples
	// for the interval of the difference; 0 means DefaultTestSamples.
	Samples int
	Seed    uint64
}

// Compare tests whether systems a and b of an evaluation (indices into
// ev.Systems) differ in F1 (see the package doc).
func Compare(ev *evaluate.Evaluation, a, b int, opt CompareOptions) report.Comparison {
	facet := opt.Facet
	if facet == "" {
		facet = benchie.Regular
	}
	samples := opt.Samples
	if samples <= 0 {
		samples = DefaultTestSamples
	}
	c := compiled(ev, facet)
	ra, rb := result(ev, c, a), result(ev, c, b)
	pa, pb := Sentences(ra), Sentences(rb)
	delta, p := Randomisation(pa, pb, samples, opt.Seed)
	ro := ev.Report.Options
	sig := report.Signature(report.Options{Scorers: []string{"benchie"}, Facets: []string{string(facet)}, ReferenceCompat: ro.ReferenceCompat, StrictGold: ro.StrictGold}, ev.Gold.SHA256, "")
	if ev.Subset != nil {
		sig += "|" + ev.Subset.SignatureField()
	}
	return report.Comparison{
		Signature: fmt.Sprintf("%s|test:approximate-randomisation,samples:%d,seed:%d", sig, samples, opt.Seed),
		A:         ev.Systems[a].Name, B: ev.Systems[b].Name, Facet: string(facet),
		Method: "approximate-randomisation", Samples: samples, Seed: opt.Seed,
		Sentences: pa.Len(), AF1: ra.F1, BF1: rb.F1, DeltaF1: delta, PValue: p,
		DeltaCI95: DeltaInterval(pa, pb, samples, opt.Seed),
	}
}

// Agreement is the inter-annotator agreement of two gold files on a facet
// ("" means regular), computed by annotate.AgreeGolds a sentence at a time
// (the code of annotate.Agree, by which the studio's Agreement tab computes
// the same) under its default budget
// (annotate.DefaultAgreementBudget): exact on any gold within it, a range
// said in a warning beyond.
func Agreement(a, b *evaluate.Gold, facet benchie.Facet) (report.Agreement, error) {
	if facet == "" {
		facet = benchie.Regular
	}
	res, err := annotate.AgreeGolds(a.Gold, b.Gold, annotate.AgreementOptions{Facet: facet})
	if err != nil {
		return report.Agreement{}, err
	}
	sig := report.Signature(report.Options{Scorers: []string{"benchie-iaa"}, Facets: []string{string(facet)}}, a.SHA256, "")
	ag := report.Agreement{
		Signature: sig + "|gold-b:sha256:" + b.SHA256,
		A:         a.Path, B: b.Path, ASHA256: a.SHA256, BSHA256: b.SHA256, Facet: string(facet),
		ARecallOnB: res.AB.Recall, BRecallOnA: res.BA.Recall, IAA: res.IAA,
		Exact: res.Exact, IAAMax: res.IAAMax,
		Warnings: sentenceMismatches(a.Gold, b.Gold),
	}
	if !res.Exact {
		ag.Warnings = append(ag.Warnings, fmt.Sprintf("the budget (%d surface triples a sentence) left %d synset(s) of %s and %d of %s undecided: the agreement lies between %s and %s",
			annotate.DefaultAgreementBudget, res.BA.Undecided, a.Path, res.AB.Undecided, b.Path, strconv.FormatFloat(res.IAA, 'f', 4, 64), strconv.FormatFloat(res.IAAMax, 'f', 4, 64)))
	}
	if ag.Warnings == nil {
		ag.Warnings = []string{}
	}
	return ag, nil
}

// sentenceMismatches warns about sentences that only one gold has, or that
// the two golds word differently: either makes the agreement hard to read.
func sentenceMismatches(a, b *benchie.Gold) []string {
	var ws []string
	onlyIn := func(x, y *benchie.Gold) {
		n, first := 0, ""
		for _, s := range x.Sentences {
			if _, ok := y.SentenceIndex(s.ID); !ok {
				if n == 0 {
					first = s.ID
				}
				n++
			}
		}
		if n > 0 {
			ws = append(ws, fmt.Sprintf("%d sentence(s) of %s are not in %s (first: id %s); their synsets count as missed", n, x.Path, y.Path, first))
		}
	}
	onlyIn(a, b)
	onlyIn(b, a)
	differ, first := 0, ""
	for _, s := range a.Sentences {
		if t, ok := b.Sentence(s.ID); ok && t.Text != s.Text {
			if differ == 0 {
				first = s.ID
			}
			differ++
		}
	}
	if differ > 0 {
		ws = append(ws, fmt.Sprintf("%d sentence(s) have the same id but different text in the two files (first: id %s)", differ, first))
	}
	return ws
}
