package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/vugu/vugu/js"
)

// The studio's views: building a gold, and two annotators' agreement.
const (
	ViewStudio    View = "studio"
	ViewAgreement View = "agreement"
)

// WorkSourcePrefix starts the gold-switch key of a studio work, so that
// a work can be scored like any gold ("work:ID").
const WorkSourcePrefix = "work:"

// StudioApp is what the studio asks of the browser side (wasm/app). Like
// App, its methods return at once; reading files, autosaving and computing
// agreement run in the background.
type StudioApp interface {
	// OpenFiles reads picked files, each as a new work: plain sentences
	// (one a line), a BenchIE gold or an AnnIE progress file. A file that
	// does not read is reported and changes nothing.
	OpenFiles(files js.Value)
	// StartFromText starts a work from sentences typed or pasted.
	StartFromText(name, text string)
	// EditBundled opens the edited copy of a gold of the switch (a bundled
	// BenchIE language or the user's gold), making it first if needed.
	EditBundled(source string)
	// SelectWork opens a work in the studio.
	SelectWork(id string)
	// DeleteWork forgets a work and its autosave.
	DeleteWork(id string)
	// Apply applies an operation to the open work as one undoable step and
	// autosaves; a refused operation changes nothing and returns why.
	Apply(op annotate.Op) error
	// Undo and Redo step through the open work's history.
	Undo()
	Redo()
	// Export downloads the open work as a BenchIE gold, AnnIE JSON or text.
	Export(f annotate.Format)
	// ScoreWork shows the score table against a work.
	ScoreWork(id string)
	// Extractions lists the system extractions of a sentence of the open
	// work that the preview matches against: those of the systems scored
	// with the work's gold.
	Extractions(sentenceID string) []SystemExtraction
	// Adjudicate adds extraction ext of system sys (positions in the
	// evaluation on screen) to synset k (annotate.NewSynset: a new one) of
	// its sentence, in the edited copy of the gold on screen.
	Adjudicate(sys, ext, k int)
	// AgreementFiles reads a picked gold as annotator side 0 (A) or 1 (B).
	AgreementFiles(side int, files js.Value)
	// AgreementWork takes a work as annotator side 0 or 1.
	AgreementWork(side int, id string)
	// MergeAgreement makes a new work of the two annotators' golds, taking
	// of each sentence what Agreement.Take says (annotate.Merge).
	MergeAgreement()
	// SaveStudioPrefs keeps the studio's view state for the next visit.
	SaveStudioPrefs()
	// EditHere asks the tab that edits the studio to save and hand the
	// editing over to this one (Studio.Elsewhere).
	EditHere()
	// Focus moves focus to the element id: at once, or if it is not on
	// the page yet, after the render that follows; with later, after the render in a task of its own, unless
	// focus moved meanwhile. ScrollIntoView scrolls the element a CSS
	// selector names into view ("nearest" edge or "center"). Neither waits
	// for the page. (The page learns the studio's shortcuts, KeyRule, from
	// the app before each render.)
	Focus(id string, later bool)
	ScrollIntoView(selector, block string)
	SuggestApp
}

// SystemExtraction is one system extraction of a sentence, for the preview.
type SystemExtraction struct {
	System string
	Line   int
	Triple oie.Triple // n-ary arguments folded into the object
}

// WorkInfo describes a work for the work switch.
type WorkInfo struct {
	ID   string
	Name string
	// Base is the gold-switch key of the gold a work copies ("en", "de",
	// "zh", CustomSource), or "" for a gold built from scratch.
	Base      string
	BaseLabel string // "BenchIE English gold", for labels
	Lang      string // "en", "de", "zh" or ""
	Sentences int
	Synsets   int
	Triples   int
	// Published describes the gold a work copies, once loaded, so that the
	// edited copy is always shown beside what it was.
	Published *PublishedGold
}

// PublishedGold is the gold an edited copy started from.
type PublishedGold struct {
	SHA256  string
	Synsets int
}

// Label names a work in the gold switch and the work switch: an edited
// copy by the gold it copies ("English · edited"), any other by its name.
func (w WorkInfo) Label() string {
	if d, ok := benchmarks.DatasetByKey(w.Base); ok {
		return d.Label + " · edited"
	}
	if w.Base == CustomSource {
		return "Your gold · edited"
	}
	return w.Name
}

// Work is the work open in the studio. Components read Ed.Doc and never
// change it: every change goes through StudioApp.Apply.
type Work struct {
	WorkInfo
	Ed     *annotate.Editor
	Issues []annotate.Issue // Validate's, refreshed after every change
	// Rev counts changes since the page opened, for caches.
	Rev int
}

// SaveStatus is the autosave's state, for the status line.
type SaveStatus struct {
	Saving bool
	Err    string // the last save failed: work is only in this tab
	Took   string // how long the last save took, storing included
	// Snapshot is how long writing the last snapshot took: the part of a
	// save that holds the page (storing runs in the background).
	Snapshot string
	Saved    bool // everything is stored
}

// StudioPrefs is the studio's view state kept across visits.
type StudioPrefs struct {
	Work     string                   `json:"work"`
	Sentence map[string]string        `json:"sentence"` // work ID -> sentence ID
	Scheme   Scheme                   `json:"scheme"`
	Query    string                   `json:"query"`
	Filter   StudioFilter             `json:"filter"`
	Agree    map[string]AgreeSidePref `json:"agree,omitempty"`
	// Queue is the suggestion queue, while there is one.
	Queue *QueuePref `json:"queue,omitempty"`
	// Merged holds, by work ID, where the synsets of a merged work came from.
	Merged map[string]MergeRecord `json:"merged,omitempty"`
}

// MergeRecord is the provenance of a work merged from two annotators.
type MergeRecord struct {
	A string `json:"a"` // the annotators' golds, by name
	B string `json:"b"`
	// Provenance lists, by sentence id, where each synset came from, in
	// the order of the merge (annotate.Provenance).
	Provenance map[string][]annotate.Provenance `json:"provenance"`
}

// provenanceText says where a merged synset came from ("" for none).
func provenanceText(p annotate.Provenance) string {
	if p == "" {
		return ""
	}
	from, also, shared := strings.Cut(string(p), "+")
	if shared {
		return " · from " + from + " (" + also + " has it too)"
	}
	return " · from " + from
}

// Provenance is where synset k of sentence id of the open work came from,
// when the work is a merge and the sentence still has the synsets it was
// merged with ("" otherwise: an edit since may have moved them).
func (s *Studio) Provenance(id string, k int) annotate.Provenance {
	if s.Work == nil {
		return ""
	}
	rec, ok := s.Prefs.Merged[s.Work.ID]
	ps := rec.Provenance[id]
	if !ok || k >= len(ps) {
		return ""
	}
	if i, ok := s.Work.Ed.Doc.SentenceIndex(id); !ok || len(s.Work.Ed.Doc.Sentences[i].Synsets) != len(ps) {
		return ""
	}
	return ps[k]
}

// AgreeSidePref remembers a work chosen as an annotator (files are read
// again by the user).
type AgreeSidePref struct {
	Work string `json:"work"`
}

// Scheme chooses which tokens are coloured.
type Scheme string

// The colour schemes.
const (
	SchemeFull     Scheme = "full"
	SchemeVerbs    Scheme = "verbs"
	SchemeEntities Scheme = "entities"
	SchemeNone     Scheme = "none"
)

// Shows reports whether a scheme colours a word class.
func (s Scheme) Shows(c nlp.WordClass) bool {
	switch s {
	case SchemeNone:
		return false
	case SchemeVerbs:
		return c == nlp.ClassVerb
	case SchemeEntities:
		return c == nlp.ClassEntity || c == nlp.ClassNumber
	}
	return c != nlp.ClassOther && c != nlp.ClassPunct && c != nlp.ClassFunction
}

// StudioFilter narrows the sentence list.
type StudioFilter string

// The filters.
const (
	FilterAll       StudioFilter = ""
	FilterTodo      StudioFilter = "todo"
	FilterAnnotated StudioFilter = "annotated"
	FilterIssues    StudioFilter = "issues"
)

// Draft is the triple being built for one sentence, or an existing triple
// being edited (Editing).
type Draft struct {
	Triple annotate.Triple
	Slot   int // the slot clicked tokens go to
	// Sel is the selected words of one slot (From..To), when Selected.
	Sel     Selection
	Target  int // the synset the triple goes to; annotate.NewSynset for a new one
	Editing bool
	EditAt  [2]int // synset and triple being edited
	Typed   string // the "type a word" box
	Cursor  int    // the token that has focus in the token row
}

// Selection is a run of words of one slot.
type Selection struct {
	Selected       bool
	Slot, From, To int
}

// Empty reports whether the draft holds no word.
func (d *Draft) Empty() bool {
	for _, sl := range d.Triple.Slots {
		if len(sl.Words) > 0 {
			return false
		}
	}
	return true
}

// Panel is an inline form open under a triple or a synset (move, copy,
// merge, delete), so that choosing a target never acts by itself.
type Panel struct {
	Kind           string // "move", "merge", "rename-sentence", "delete-sentence", "add-sentences"
	Synset, Triple int
	To             int
	Text           string // what is typed in the form (a new id, sentences to add)
}

// AgreeSide is one annotator's gold in the agreement view.
type AgreeSide struct {
	Name   string
	WorkID string // when a work was chosen
	Doc    *annotate.Document
}

// Agreement is the agreement view's state.
type Agreement struct {
	Sides  [2]*AgreeSide
	Result *annotate.Agreement
	Busy   bool
	Err    string
	Took   string // how long the computation took
	// Selected is the position in Result.Sentences of the sentence shown.
	Selected    int
	OnlyDiffers bool
	// Take is what a merge takes of each sentence, by id (TakeBoth when
	// unset).
	Take map[string]annotate.Take
	// Warnings are about the two golds (sentence texts that differ for an
	// id, a side without synsets); Differ holds the ids whose texts differ.
	Warnings []string
	Differ   map[string]bool
	Merged   string // the label of the last merged work
}

// Studio is the studio's state in the model. wasm/app changes it under the
// EventEnv lock; components change the view state (draft, panels, prefs).
type Studio struct {
	App   StudioApp
	Works []WorkInfo // newest first
	Work  *Work      // the work open, or nil
	// Problems lists files the studio refused, newest first; nothing
	// changed for them.
	Problems []Problem
	Busy     string // what is being read, when something is
	Status   string // the last action, said once ("Added to synset 2.")
	Save     SaveStatus
	Stored   bool // the browser keeps works (IndexedDB)
	// Elsewhere is set while another tab of the page edits the studio:
	// this one shows the works read-only (one writer across tabs); Taking,
	// while it has asked to take the editing over.
	Elsewhere bool
	Taking    bool
	Prefs     StudioPrefs
	// Tags are the precomputed English tags of the bundled sentences, once
	// fetched (nil before, and for other languages).
	Tags *nlp.Tags

	Drafts map[string]*Draft // by work ID and sentence ID
	Panel  *Panel
	Paste  string // the "paste sentences" box
	Help   bool   // the keyboard help is open
	// Guide is the rule the guidelines panel shows ("": the panel is closed).
	Guide string
	// Confirm names the work whose deletion waits for a second click.
	Confirm string
	// Focus asks for an element (by id) to get focus after the next render.
	Focus string
	// scroll asks for the selected sentence to be scrolled into view.
	scroll bool
	// ruleCache is the last KeyRule, by the state it was made in.
	ruleCache struct {
		valid bool
		state ruleState
		rule  string
	}
	// adjudicate holds the synset chosen for an extraction (system,
	// extraction) until it is added.
	adjudicate map[[2]int]int

	Agree   Agreement
	Suggest SuggestQueue

	classCache   map[*annotate.Sentence]classes
	previewCache previewKey
	preview      annotate.Preview
	overviewKey  cacheKey
	overview     annotate.Overview
	visibleKey   cacheKey
	visible      []int
}

// cacheKey names a state of the open work and of the list's search.
type cacheKey struct {
	work          string
	rev, issues   int
	query, filter string
}

type classes struct {
	of     []nlp.WordClass
	source nlp.ClassSource
	tagged bool
}

type previewKey struct {
	s     *annotate.Sentence
	draft string
	exts  int
	valid bool
}

// WorkByID returns a work's description.
func (s *Studio) WorkByID(id string) (WorkInfo, bool) {
	for _, w := range s.Works {
		if w.ID == id {
			return w, true
		}
	}
	return WorkInfo{}, false
}

// WorkBySource returns the work a gold-switch key names.
func (s *Studio) WorkBySource(key string) (WorkInfo, bool) {
	if id, ok := strings.CutPrefix(key, WorkSourcePrefix); ok {
		return s.WorkByID(id)
	}
	return WorkInfo{}, false
}

// Doc is the open work's document, or nil.
func (s *Studio) Doc() *annotate.Document {
	if s.Work == nil {
		return nil
	}
	return s.Work.Ed.Doc
}

// SentenceIndex is the position of the sentence on screen: the one chosen
// for the open work, else the first.
func (s *Studio) SentenceIndex() int {
	d := s.Doc()
	if d == nil || len(d.Sentences) == 0 {
		return -1
	}
	if i, ok := d.SentenceIndex(s.Prefs.Sentence[s.Work.ID]); ok {
		return i
	}
	return 0
}

// Sentence is the sentence on screen, or nil.
func (s *Studio) Sentence() *annotate.Sentence {
	if i := s.SentenceIndex(); i >= 0 {
		return s.Doc().Sentences[i]
	}
	return nil
}

// ShowSentence puts a sentence of the open work on screen.
func (s *Studio) ShowSentence(i int) {
	d := s.Doc()
	if d == nil || i < 0 || i >= len(d.Sentences) {
		return
	}
	if s.Prefs.Sentence == nil {
		s.Prefs.Sentence = map[string]string{}
	}
	s.Prefs.Sentence[s.Work.ID] = d.Sentences[i].ID
	s.Panel = nil
	s.App.SaveStudioPrefs()
}

// SetPanelText keeps what is typed in the open form, if any.
func (s *Studio) SetPanelText(text string) {
	if s.Panel != nil {
		s.Panel.Text = text
	}
}

// Draft is the draft of the sentence on screen.
func (s *Studio) Draft() *Draft {
	sen := s.Sentence()
	if sen == nil {
		return &Draft{Target: annotate.NewSynset}
	}
	key := s.Work.ID + "\x00" + sen.ID
	if s.Drafts == nil {
		s.Drafts = map[string]*Draft{}
	}
	d := s.Drafts[key]
	if d == nil {
		d = &Draft{Target: annotate.NewSynset}
		s.Drafts[key] = d
	}
	if d.Target >= len(sen.Synsets) || d.Target < annotate.NewSynset {
		d.Target = annotate.NewSynset
	}
	if d.Editing && (d.EditAt[0] >= len(sen.Synsets) || d.EditAt[1] >= len(sen.Synsets[d.EditAt[0]].Triples)) {
		d.Editing = false // the triple went away (undo, delete)
	}
	return d
}

// Overview is the open work's progress, recomputed after each change.
func (s *Studio) Overview() annotate.Overview {
	if s.Work == nil {
		return annotate.Overview{}
	}
	key := cacheKey{work: s.Work.ID, rev: s.Work.Rev, issues: len(s.Work.Issues)}
	if s.overviewKey != key || s.overview.Statuses == nil {
		s.overview, s.overviewKey = s.Work.Ed.Doc.Overview(s.Work.Issues), key
	}
	return s.overview
}

// Classes are the word classes of a sentence's tokens for the open work's
// language, computed by core/nlp once per sentence.
func (s *Studio) Classes(sen *annotate.Sentence) ([]nlp.WordClass, nlp.ClassSource) {
	c, ok := s.classCache[sen]
	if ok && (c.tagged || s.Tags == nil) {
		return c.of, c.source
	}
	if s.classCache == nil || len(s.classCache) > 4096 {
		s.classCache = map[*annotate.Sentence]classes{}
	}
	of, src := nlp.WordClasses(sen.Tokens, sen.Text, s.Work.Lang, s.Tags)
	c = classes{of: of, source: src, tagged: s.Tags != nil}
	s.classCache[sen] = c
	return c.of, c.source
}

// Preview is what the draft stands for and which extractions it matches,
// computed by core/annotate and kept until the draft changes.
func (s *Studio) Preview(sen *annotate.Sentence, d *Draft, exts []SystemExtraction) annotate.Preview {
	key := previewKey{s: sen, draft: fmt.Sprint(d.Triple), exts: len(exts), valid: true}
	if s.previewCache == key {
		return s.preview
	}
	ts := make([]oie.Triple, len(exts))
	for i, e := range exts {
		ts[i] = e.Triple
	}
	s.previewCache, s.preview = key, sen.Preview(d.Triple, ts, 6)
	return s.preview
}

// FocusNow moves focus at once to an element already on the page, else
// after the render that follows. Keys pressed back to back must reach the element the
// previous key chose: focus moved only after the render let them land on
// the old element and run its shortcuts (after "t", the "o" of a typed
// "Honolulu" toggled an optional unit; after →, Enter added the old token
// again). The page holds the keys pressed after a shortcut until Go has
// handled it (KeyRule), so that they land where it sent focus. The element
// must have no Vugu focus handler: its event would wait for the lock the
// caller holds.
func (s *Studio) FocusNow(id string) { s.App.Focus(id, false) }

// Say shows a short message about the last action.
func (s *Studio) Say(format string, args ...any) { s.Status = fmt.Sprintf(format, args...) }

// OpLabel names an operation in words, for undo buttons and messages.
func OpLabel(op annotate.Op) string {
	if op == nil {
		return ""
	}
	return strings.ReplaceAll(op.Name(), "-", " ")
}

// IsStudio reports whether the page shows a view of the studio, which
// needs no evaluation on screen.
func (c *Root) IsStudio() bool { return c.View() == ViewStudio || c.View() == ViewAgreement }

// setInt sets *to to a choice's value, an integer the view wrote (a
// synset's index); any other text leaves it. (strconv, not fmt.Sscan: fmt's
// scanning would be in the page's evaluator for these three choices only.)
func setInt(to *int, value string) {
	if n, err := strconv.Atoi(value); err == nil {
		*to = n
	}
}
