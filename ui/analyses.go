package ui

import (
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/report"
)

// Analyses is what the page computes after the score table is on screen,
// so that the table comes first: CaRB beside BenchIE, bootstrap intervals
// for the table, the paper's analyses behind the charts, the paired test of
// the two systems compared, and WiRe57 scores of WiRe57 files. wasm/app
// fills it under the EventEnv lock; components only read it.
type Analyses struct {
	// CaRBPending is set while the CaRB scores of the table on screen are
	// being computed: the table is not final yet (data-ready waits).
	CaRBPending bool
	// CaRBProblem says why CaRB could not be added (its gold did not read).
	CaRBProblem string

	// Report is the report on screen with every system's Analysis, on
	// Facet; Figures are its charts. Both are nil until computed.
	Report  *report.Report
	Figures []chart.Figure
	Facet   benchie.Facet
	// Progress is the analysis under way, or nil.
	Progress *Progress
	// Took is how long the last analysis took, for the charts view.
	Took string

	// Intervals are bootstrap 95% intervals of the table's scores, by
	// system name and facet; nil until computed.
	Intervals map[string]map[string]report.Intervals
	// Samples is the number of bootstrap samples of an interval, Rounds the
	// number of rounds of a paired test, Seed the seed of both.
	Samples, Rounds int
	Seed            uint64

	// Tests are paired tests of two systems of the table, by pair.
	Tests map[TestKey]*report.Comparison

	// Judge is the agreement of the matchers with the human match
	// judgements published with the data set on screen (BenchIE^FL), nil
	// until computed or when it has none; JudgePending is set while due,
	// JudgeProblem says why it could not be computed.
	Judge        *benchiefl.JudgeReport
	JudgePending bool
	JudgeProblem string

	// WiRe57 is the WiRe57 report of the user's WiRe57 files, when there
	// are a gold and a system; WiRe57Note says what is missing or wrong.
	WiRe57     *report.Report
	WiRe57Note string

	// CaRBOwn is the report of a CaRB gold scored on its own (the user's,
	// or CaRB's test set with its published systems), with OpenIE6's four
	// columns; CaRBOwnNote says what is missing or wrong.
	CaRBOwn     *report.Report
	CaRBOwnNote string
}

// TestKey names a paired test: systems A and B (by name) on a facet.
type TestKey struct {
	A, B  string
	Facet benchie.Facet
}

// AnalysisPrefs are the analysis choices kept across visits.
type AnalysisPrefs struct {
	// ShowIntervals shows the bootstrap 95% intervals in the score table.
	ShowIntervals bool `json:"show_intervals"`
	// Facet is the facet the charts analyse ("" = regular).
	Facet benchie.Facet `json:"facet"`
}

// AnalysisFacet is the facet the charts analyse: the chosen one when the
// table has it, else the first facet of the table.
func (m *Model) AnalysisFacet() benchie.Facet {
	if m.Explorer == nil {
		return benchie.Regular
	}
	fs := m.Explorer.Facets()
	for _, f := range fs {
		if f == m.Prefs.Analysis.Facet || (m.Prefs.Analysis.Facet == "" && f == benchie.Regular) {
			return f
		}
	}
	if len(fs) > 0 {
		return fs[0]
	}
	return benchie.Regular
}

// ComparedSystems are the indices of the two systems the Compare view sets
// side by side: the chosen ones, else the first two.
func (m *Model) ComparedSystems() (a, b int) {
	pick := func(name string, def int) int {
		if i := m.SystemIndex(name); i >= 0 {
			return i
		}
		return min(def, len(m.SystemNames())-1)
	}
	return pick(m.Prefs.CompareA, 0), pick(m.Prefs.CompareB, 1)
}

// Interval returns the bootstrap 95% interval of a BenchIE score cell.
func (m *Model) Interval(system string, metric report.Metric) ([2]float64, bool) {
	iv, ok := m.Analyses.Intervals[system][string(metric.Facet)]
	if !ok {
		return [2]float64{}, false
	}
	switch metric.Name {
	case "precision":
		return iv.Precision, true
	case "recall":
		return iv.Recall, true
	case "f1":
		return iv.F1, true
	}
	return [2]float64{}, false
}

// The roles of the token-level scorers' files (README, Token-level scores).
const (
	// RoleCaRBGold is a CaRB gold for the current gold's sentences: CaRB is
	// scored against it beside BenchIE.
	RoleCaRBGold Role = "carb-gold"
	// RoleWiRe57Gold and RoleWiRe57 are WiRe57's gold and system files,
	// scored against each other in a table of their own.
	RoleWiRe57Gold Role = "wire57-gold"
	RoleWiRe57     Role = "wire57-system"
	// RoleCaRBOwnGold is a CaRB or OIE2016 gold that shares no sentence
	// with the gold on screen: it is scored on its own, with the system
	// files that name its sentences (RoleCaRBOwn), in a table of its own
	// (CarbOwnTable), as `oiebench score --gold CARB_GOLD` does.
	RoleCaRBOwnGold Role = "carb-own-gold"
	RoleCaRBOwn     Role = "carb-own-system"
)
