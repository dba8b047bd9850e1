// Package ui holds the page's Vugu components: markup in .vugu files, logic
// in the .go file beside each. Components render a Model and call the App
// for anything that reaches the browser (files, storage, downloads) or takes
// long (scoring). Everything they show is computed by the core (report,
// explain); the components only arrange it.
//
// The generated 0_components_gen.go comes from `go tool vugugen -s ui`
// (build.sh regenerates it; it is committed so that a fresh clone builds).
package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/chart"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
	"github.com/vugu/vugu/js"
)

// App is what the page asks of the browser side (wasm/app). Its methods
// return at once: slow work runs in the background and updates the Model
// under the EventEnv lock.
type App interface {
	// SwitchSource shows another gold: a bundled language or the user's gold.
	SwitchSource(key string)
	// AddFiles reads a FileList (from the picker or a drop). Each file is
	// sniffed: a gold replaces the user's gold, anything else is a system
	// of the current source. asEGold reads them as the BenchIE-E gold.
	AddFiles(files js.Value, asEGold bool)
	// Reread reads a user's file again as another kind.
	Reread(fileID string, kind evaluate.Kind)
	// RemoveFile forgets a user's file.
	RemoveFile(fileID string)
	// SetOptions rescores with new options.
	SetOptions(o Options)
	// SetReadAs chooses how the next added files are read (KindAuto: sniffed).
	SetReadAs(k evaluate.Kind)
	// Download saves text as a file.
	Download(name, mime, text string)
	// Copy puts text on the clipboard.
	Copy(text string)
	// Complete counts the gold statistics of the report on screen if they
	// are still being counted (exports need them).
	Complete()
	// SavePrefs keeps the view state (tab, sort, selection) for the next visit.
	SavePrefs()
	// ExportChart saves a chart as a file: format "svg" or "png".
	ExportChart(f chart.Figure, format string)
	// RetryStored opens the stored files that Recovery holds back;
	// DiscardStored deletes them from the browser.
	RetryStored()
	DiscardStored()
	// MakeExercise downloads a class exercise (core/exercise) of the gold
	// on screen: the sentences of list ("1-5,9"), as `oiebench exercise`
	// makes it; MakeForm.Note says how it went.
	MakeExercise(list, title string, showGold bool)
	// AnswerCaRBGold answers CaRBAsk: the CaRB gold held back becomes every
	// row's CaRB gold (CaRBUse), a gold scored on its own (CaRBOwn), or is
	// dropped (CaRBCancel).
	AnswerCaRBGold(answer CaRBAnswer)
	// ScoreCaRBTest scores CaRB's test set with the system outputs CaRB
	// published and the user's files that name its sentences, in the
	// table of a CaRB gold of its own.
	ScoreCaRBTest()
	// Later runs f under the page's lock once the browser has had a turn
	// (the page's own yield, wasm/app/pace.go), then renders: a view shown
	// in parts asks for its next part with it.
	Later(f func())
	// Mark, Focus and ScrollIntoView are what a render asks of the
	// document afterwards (Root.AfterRender): a moment in the page's
	// performance timeline, focus on the element of an id (as StudioApp's
	// Focus), the element a selector finds scrolled into view ("nearest"
	// or "center"). They need no answer, so that the page works with its
	// evaluator in a Web Worker.
	Mark(name string)
	Focus(id string, later bool)
	ScrollIntoView(selector, block string)
}

// CaRBAnswer is the user's answer to CaRBAsk.
type CaRBAnswer string

// The answers to CaRBAsk.
const (
	CaRBUse    CaRBAnswer = "use"
	CaRBOwn    CaRBAnswer = "own"
	CaRBCancel CaRBAnswer = "cancel"
)

// CaRBAsk holds back a dropped CaRB gold that would change every row's
// CaRB and Δ columns, until the user says so.
type CaRBAsk struct {
	File   string // the dropped file
	Shared int    // the gold's sentences it has
	Of     int    // the gold's sentences
	Gold   string // the gold on screen, in words
	Now    string // the CaRB gold it would replace, or ""
}

// Message says what using the file changes, before it does.
func (q *CaRBAsk) Message() string {
	t := q.File + " is a CaRB gold for " + Count(q.Shared, "sentence") + " of the " + Count(q.Of, "sentence") + " of " + q.Gold + ". Used, it becomes the CaRB gold of every row: each row's CaRB and Δ columns will be computed against it"
	if q.Now != "" {
		t += ", in place of " + q.Now
	}
	return t + "."
}

// MakeForm is the "Make an exercise" form.
type MakeForm struct {
	Open             bool // the form is shown
	Sentences, Title string
	ShowGold         bool
	Note             string
	Failed           bool
}

// Recovery is shown when the last visit stopped while the user's stored
// files were read or scored: they are held back until the user chooses.
type Recovery struct {
	Files []string // their names
}

// Message says what happened and what the buttons do.
func (r *Recovery) Message() string {
	return "The page stopped the last time it opened your stored files (" + strings.Join(r.Files, ", ") +
		"), perhaps because one of them needs more memory than the browser gives it. They were not opened this time; open them again, or discard them."
}

// Options are the choices that change numbers; they go into the signature.
type Options struct {
	Facets          []benchie.Facet `json:"facets"`
	ReferenceCompat bool            `json:"reference_compat"`
	// FL scores with BenchIE^FL beside BenchIE (always on for the
	// BenchIE^FL data set).
	FL bool `json:"benchie_fl,omitempty"`
	// Sentences scores a subset of the gold's sentences: "" (all),
	// "covered" (those the user's files cover) or ids and ranges, "1-5,9"
	// (evaluate.Options.Sentences).
	Sentences string `json:"sentences,omitempty"`
}

// HasFacet reports whether facet f is chosen.
func (o Options) HasFacet(f benchie.Facet) bool {
	for _, x := range o.Facets {
		if x == f {
			return true
		}
	}
	return false
}

// WithFacet returns the options with facet f chosen or not, keeping the
// canonical order and at least one facet.
func (o Options) WithFacet(f benchie.Facet, on bool) Options {
	var fs []benchie.Facet
	for _, x := range benchie.Facets {
		if (x == f && on) || (x != f && o.HasFacet(x)) {
			fs = append(fs, x)
		}
	}
	if len(fs) == 0 {
		return o
	}
	o.Facets = fs
	return o
}

// Valid returns the options with unknown facets dropped and at least one
// facet, in canonical order (stored options may come from an older page).
func (o Options) Valid() Options {
	v := Options{ReferenceCompat: o.ReferenceCompat, FL: o.FL, Sentences: o.Sentences}
	for _, f := range benchie.Facets {
		if o.HasFacet(f) {
			v.Facets = append(v.Facets, f)
		}
	}
	if len(v.Facets) == 0 {
		v.Facets = benchie.Facets
	}
	return v
}

// Source is one entry of the gold switch.
type Source struct {
	Key   string // a bundled data set's key, or CustomSource
	Label string
	Title string // what the entry holds, for its tooltip
}

// CustomSource is the key of the user's own gold.
const CustomSource = "custom"

// Role is what a user's file is to the evaluation.
type Role string

// The roles of user files.
const (
	RoleGold   Role = "gold"
	RoleEGold  Role = "e-gold"
	RoleSystem Role = "system"
)

// FileEntry is one of the user's files as the page lists it.
type FileEntry struct {
	ID     string
	Name   string
	Size   int
	Role   Role
	Kind   evaluate.Kind // what it was read as
	System string        // the name a system is shown under
}

// Elsewhere names the user's files scored on another gold than the one
// on screen.
type Elsewhere struct {
	Source, Label string // the gold's key and name
	Names         []string
}

// Problem is a file the page refused, with where and why.
type Problem struct {
	File    string
	Message string // file:line:column: what was expected
	Excerpt *explain.Excerpt
	Kept    string // what stayed in place instead
}

// Progress is the long work under way.
type Progress struct {
	Label       string
	Done, Total int
	// Background work leaves the numbers on screen as they are (counting
	// the gold statistics after the scores are shown).
	Background bool
}

// Settled reports whether the numbers on screen are final: nothing under
// way, or only background work.
func (m *Model) Settled() bool { return m.Progress == nil || m.Progress.Background }

// Percent is the share done, 0-100.
func (p *Progress) Percent() int {
	if p == nil || p.Total == 0 {
		return 0
	}
	return p.Done * 100 / p.Total
}

// View is a tab of the page.
type View string

// The tabs.
const (
	ViewScores    View = "scores"
	ViewSentences View = "sentences"
	ViewCompare   View = "compare"
	ViewCharts    View = "charts"
)

// Prefs is the view state kept across visits.
type Prefs struct {
	View       View           `json:"view"`
	Sort       report.SortKey `json:"sort"`
	SortDesc   bool           `json:"sort_desc"`
	ShowCounts bool           `json:"show_counts"`
	// Explorer: systems by name and sentences by ID survive rescoring.
	Facet    benchie.Facet `json:"facet"`
	System   string        `json:"system"` // "" = every system
	Show     explain.Show  `json:"show"`
	Query    string        `json:"query"`
	Sentence string        `json:"sentence"`
	CompareA string        `json:"compare_a"`
	CompareB string        `json:"compare_b"`
	CompareS string        `json:"compare_sentence"`
	// Analysis: intervals in the table, the facet of the charts.
	Analysis AnalysisPrefs `json:"analysis"`
}

// Verification is a receipt checked by core/receipt.Verify.
type Verification struct {
	Receipt string // the receipt's file name
	OK      bool
	Summary string
	Lines   []receipt.Line
}

// Differing lists the lines that are not OK.
func (v *Verification) Differing() []receipt.Line {
	var out []receipt.Line
	for _, l := range v.Lines {
		if !l.OK {
			out = append(out, l)
		}
	}
	return out
}

// Model is everything the page shows. wasm/app owns it and changes it only
// under the EventEnv lock; components change the view state directly.
type Model struct {
	App App

	Sources []Source
	Source  string
	Files   []FileEntry // the user's files of the current source
	// Elsewhere are the user's files scored on other golds only, by gold:
	// the page says where they are and goes there in one click.
	Elsewhere []Elsewhere
	// Problems lists refused files, newest first.
	Problems []Problem
	// Verification is the last receipt dropped, checked against the files
	// dropped with it and those the page holds.
	Verification *Verification
	// Notice is a page-wide message, e.g. that storage is unavailable.
	Notice string
	// Recovery, when set, holds stored files back (see Recovery).
	Recovery *Recovery
	// CaRBAsk, when set, holds a dropped CaRB gold back until the user
	// confirms that it replaces every row's CaRB columns.
	CaRBAsk *CaRBAsk
	// Fatal is set when the page cannot show anything (no data, no gold).
	Fatal string
	// FirstScreenDiffers is set when the first screen written at build time
	// differed from the numbers this page computed: an error shown above
	// the page's own table until the user leaves that benchmark.
	FirstScreenDiffers string
	// Prerendered marks the first screen written into the shell at build
	// time (wasm/app's prerender): shown at once, until the evaluator
	// running in the page takes over.
	Prerendered bool

	Options  Options
	ReadAs   evaluate.Kind // how added files are read; KindAuto: sniffed
	Progress *Progress

	Eval     *evaluate.Evaluation
	Explorer *explain.Explorer
	// ScoreTime is how long the last scoring took, for the status line.
	ScoreTime string

	Prefs Prefs
	// Copied is the text the page last put on the clipboard, so that the
	// Copy button can say it did.
	Copied string
	// Make is the "Make an exercise" form (inputs.vugu).
	Make MakeForm
	// Studio is the annotation studio's state (ui/studio-state.go).
	Studio *Studio
	// Analyses is what is computed after the table (ui/analyses.go).
	Analyses Analyses
	// Dragging counts dragenter minus dragleave events: files are over the page.
	Dragging int
	// Window is what the windowed views show beyond their first page.
	Window Window

	sentenceCache map[sentenceKey]explain.SentenceView
	lastSentence  shownSentence
	listKey       listKey
	list          []explain.SentenceSummary
	cmpKey        cmpKey
	cmp           explain.Comparison
	scoreTable    builtTable // the score table's last output (ScoreTable)
	covered       coveredCount
	// ScrollActive asks for the selected list item to be scrolled into view
	// after the next render (set by keyboard moves).
	ScrollActive bool
	// NewRows are the systems of the files added last: their rows are
	// highlighted, the first is scrolled into view once it is on screen
	// (while ScrollNew is set) and announced with its rank.
	NewRows   []string
	ScrollNew bool
}

// coveredCount is Evaluation.CoveredSentences of ev for the systems named
// users (joined by NUL), kept: the Scores view asks at every render.
type coveredCount struct {
	ev    *evaluate.Evaluation
	users string
	n, of int
}

// CoveredSentences is m.Eval.CoveredSentences(users), counted once per
// evaluation and set of systems (SetCovered counts it ahead, paced).
func (m *Model) CoveredSentences(users []string) (n, of int) {
	if key := strings.Join(users, "\x00"); m.covered.ev != m.Eval || m.covered.users != key {
		n, of := m.Eval.CoveredSentences(users)
		m.covered = coveredCount{m.Eval, key, n, of}
	}
	return m.covered.n, m.covered.of
}

// SetCovered keeps n of of, counted by ev.CoveredSentencesPaced(users)
// off the render, for CoveredSentences.
func (m *Model) SetCovered(ev *evaluate.Evaluation, users []string, n, of int) {
	m.covered = coveredCount{ev, strings.Join(users, "\x00"), n, of}
}

type listKey struct {
	x *explain.Explorer
	f explain.Filter
}

type cmpKey struct {
	x    *explain.Explorer
	a, b int
	f    benchie.Facet
}

type sentenceKey struct {
	x       *explain.Explorer
	index   int
	facet   benchie.Facet
	systems string
	rows    string // the rows of each system shown (the Window)
}

// SetEvaluation shows a new evaluation and drops what was derived from the
// old, except when only the report differs: CaRB's columns arrive as a copy
// of the evaluation with the same gold, systems and results
// (evaluate.WithCaRBScores), and the Explorer reads nothing else, so it is
// kept, with the sentence list computed ahead for it and the sentence views
// it explained (the Sentences view is not explained again).
func (m *Model) SetEvaluation(ev *evaluate.Evaluation) {
	old := m.Eval
	m.Eval = ev
	if m.Explorer != nil && sameResults(old, ev) {
		return
	}
	m.Explorer = nil
	if ev != nil {
		m.Explorer = explain.NewExplorer(ev)
		m.Explorer.SearchClosest = closestRows
		m.Explorer.SlotWords = windowWords
	}
	m.sentenceCache, m.lastSentence = nil, shownSentence{}
}

// sameResults reports whether a and b hold the very same gold, systems and
// BenchIE results (one a copy of the other), not merely equal ones: all
// that an explain.Explorer reads, since the results' array stands for the
// Evaluate that made them with the compiled golds and BenchIE^FL's results.
func sameResults(a, b *evaluate.Evaluation) bool {
	return a != nil && b != nil && a.Gold == b.Gold &&
		slices.Equal(a.Systems, b.Systems) &&
		len(a.Results) == len(b.Results) && (len(a.Results) == 0 || &a.Results[0] == &b.Results[0])
}

// SystemIndex returns the index of the named system in the evaluation, or -1.
func (m *Model) SystemIndex(name string) int {
	if m.Eval == nil {
		return -1
	}
	for i, s := range m.Eval.Systems {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// UserSystems names the systems of the user's files (not the bundled ones
// scored beside them): the files "covered" counts.
func (m *Model) UserSystems() []string {
	names := []string{}
	for _, f := range m.Files {
		if f.Role == RoleSystem {
			names = append(names, f.System)
		}
	}
	return names
}

// SystemNames lists the evaluated systems in file order.
func (m *Model) SystemNames() []string {
	if m.Eval == nil {
		return nil
	}
	names := make([]string, len(m.Eval.Systems))
	for i, s := range m.Eval.Systems {
		names[i] = s.Name
	}
	return names
}

// ExploreFacet is the facet the explorer shows: the chosen one when scored.
func (m *Model) ExploreFacet() benchie.Facet {
	if m.Explorer == nil {
		return benchie.Regular
	}
	fs := m.Explorer.Facets()
	for _, f := range fs {
		if f == m.Prefs.Facet {
			return f
		}
	}
	if len(fs) > 0 {
		return fs[0]
	}
	return benchie.Regular
}

// SentenceView explains a sentence, cached: the page renders on every event.
// Only the extractions the Window shows are explained
// (explain.Explorer.SentenceWindow): "Show 20 more" explains the next.
func (m *Model) SentenceView(index int, facet benchie.Facet, systems []int) explain.SentenceView {
	if systems == nil {
		systems = make([]int, len(m.Eval.Systems))
		for i := range systems {
			systems[i] = i
		}
	}
	id := m.Eval.Gold.Sentences[index].ID
	rows := func(sys int) int {
		return m.Window.Rows(windowKey(id, extractionsList(m.Eval.Systems[sys].Name)), math.MaxInt)
	}
	shown := make([]int, len(systems))
	for i, sys := range systems {
		shown[i] = rows(sys)
	}
	key := sentenceKey{m.Explorer, index, facet, intsKey(systems), intsKey(shown)}
	last, base := m.lastSentence, key
	base.rows = ""
	if v, ok := m.sentenceCache[key]; ok {
		m.lastSentence = shownSentence{base, shown, v}
		return v
	}
	if m.sentenceCache == nil || len(m.sentenceCache) > 64 {
		m.sentenceCache = map[sentenceKey]explain.SentenceView{}
	}
	var v explain.SentenceView
	if last.key == base && !fewer(shown, last.shown) {
		v = m.Explorer.MoreRows(last.view, rows) // "Show 20 more": the next 20 explained
	} else {
		v = m.Explorer.SentenceWindow(index, facet, systems, rows)
	}
	m.sentenceCache[key] = v
	m.lastSentence = shownSentence{base, shown, v}
	return v
}

// shownSentence is the sentence view made last, with the rows it explains
// per system (its key's rows left empty): a larger window of it is made
// from it.
type shownSentence struct {
	key   sentenceKey
	shown []int
	view  explain.SentenceView
}

// fewer tells whether some system shows fewer rows in a than in b (of the
// same systems).
func fewer(a, b []int) bool {
	for i := range a {
		if a[i] < b[i] {
			return true
		}
	}
	return false
}

func intsKey(xs []int) string {
	b := make([]byte, 0, len(xs)*4)
	for _, x := range xs {
		b = append(strconv.AppendInt(b, int64(x), 10), ',')
	}
	return string(b)
}

// SentenceList lists the sentences a filter keeps, cached per filter.
func (m *Model) SentenceList(f explain.Filter) []explain.SentenceSummary {
	key := listKey{m.Explorer, f}
	if m.Explorer == nil {
		return nil
	}
	if m.listKey != key || m.list == nil {
		m.keepList(key, m.Explorer.Sentences(f))
	}
	return m.list
}

func (m *Model) keepList(key listKey, l []explain.SentenceSummary) {
	m.listKey, m.list = key, l
	if m.list == nil {
		m.list = []explain.SentenceSummary{}
	}
}

// SentenceFilter is the filter the Sentences view's controls set.
func (m *Model) SentenceFilter() explain.Filter {
	show := m.Prefs.Show
	if show == "" {
		show = explain.ShowAll
	}
	return explain.Filter{Facet: m.ExploreFacet(), System: m.SystemIndex(m.Prefs.System), Show: show, Query: m.Prefs.Query}
}

// SentenceListDue tells whether no sentence list was computed for this
// evaluation yet: the page computes it after the table, for the
// SentenceFilter (KeepSentenceList), so that the Sentences view's first
// render does not.
func (m *Model) SentenceListDue() bool { return m.Explorer != nil && m.listKey.x != m.Explorer }

// KeepSentenceList keeps the list of x's sentences that filter f keeps,
// computed ahead (x.Sentences(f), without the lock), unless the evaluation
// or the filter changed meanwhile or a list was computed for them since.
func (m *Model) KeepSentenceList(x *explain.Explorer, f explain.Filter, l []explain.SentenceSummary) {
	if x == m.Explorer && m.listKey.x != x && f == m.SentenceFilter() {
		m.keepList(listKey{x, f}, l)
	}
}

// Comparison compares two systems on a facet, cached.
func (m *Model) Comparison(a, b int, f benchie.Facet) explain.Comparison {
	key := cmpKey{m.Explorer, a, b, f}
	if m.cmpKey != key || m.Explorer == nil {
		m.cmpKey = key
		m.cmp = explain.Comparison{}
		if m.Explorer != nil {
			m.cmp = m.Explorer.Compare(a, b, f)
		}
	}
	return m.cmp
}

// SentenceIndexByID returns the gold index of a sentence ID, or -1.
func (m *Model) SentenceIndexByID(id string) int {
	if m.Eval == nil {
		return -1
	}
	if i, ok := m.Eval.Gold.SentenceIndex(id); ok {
		return i
	}
	return -1
}

// ScoreSentences scores the sentences spec names (evaluate.ParseSentences:
// "" for all, "covered", or ids and ranges), the other options kept.
func (m *Model) ScoreSentences(spec string) {
	o := m.Options
	o.Sentences = spec
	m.App.SetOptions(o)
}
