package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// ExerciseApp is what an exercise page asks of the browser side.
type ExerciseApp interface {
	// SaveExercise keeps the student's work (JSON) in the browser, or says
	// why it could not (a full quota, storage blocked).
	SaveExercise(work string) error
	Download(name, mime, text string)
	// ReadSubmissions reads picked or dropped files, then reads them as
	// submissions without the lock (Exercise.Batch, SubmissionBatch.Read)
	// and shows them under it (Exercise.ShowBatch).
	ReadSubmissions(files js.Value)
	// Later runs f under the page's lock once the browser has had a turn,
	// then renders: the report asks for its next sentence with it.
	Later(f func())
}

// ExerciseWork is a student's work, kept across reloads.
type ExerciseWork struct {
	Name        string                `json:"name"`
	Extractions []exercise.Extraction `json:"extractions"`
}

// Exercise is a class exercise page (core/exercise): the student's
// sentences, triple drafts, extractions and their instant feedback, and the
// teacher's class table from dropped submissions.
type Exercise struct {
	App  ExerciseApp
	Spec exercise.Spec
	Gold *evaluate.Gold
	Work ExerciseWork
	// Feedback is the work scored, one view per sentence (Check).
	Feedback exercise.Feedback
	Teacher  bool   // the teacher's tab is on screen
	Error    string // the last refused action of the student
	// SaveErr says that the last save failed: the work since is only in
	// this tab, and the page offers its download at once.
	SaveErr string
	drafts  []exerciseDraft
	detail  *Model // the explorer's sentence views need one; it holds nothing

	// The teacher's side: submissions read, files refused with why, the
	// class table and the student whose report is open (-1: none).
	Subs    []exercise.Submission
	subsRev int // counts the changes of Subs (SubmissionBatch)
	Refused []string
	Class   *exercise.Class
	Student int
	// reporter explains the report of the open student (row reportOf), a
	// window at a time (the rows x.detail.Window shows), and reportViews
	// keeps the windows made: a render reads them many times.
	reporter    *exercise.Reporter
	reportOf    int
	reportViews map[reportKey]explain.SentenceView
	// reportPart is how many sentences of the report's window are shown:
	// one more each turn (ReportShown), and reportGrowing that a turn is due.
	reportPart    int
	reportGrowing bool
}

// reportKey names a window of a report: a sentence and its rows shown.
type reportKey struct{ sentence, rows int }

type exerciseDraft struct {
	Slots  [3]string
	Active int
}

// NewExercise opens an exercise with the student's saved work (JSON, or "").
func NewExercise(app ExerciseApp, sp exercise.Spec, gold *evaluate.Gold, saved string) *Exercise {
	x := &Exercise{App: app, Spec: sp, Gold: gold, drafts: make([]exerciseDraft, len(sp.Sentences)), detail: &Model{}, Student: -1}
	if saved != "" {
		var w ExerciseWork
		if json.Unmarshal([]byte(saved), &w) == nil {
			for _, e := range w.Extractions {
				if _, ok := gold.Sentence(e.SentID); ok {
					x.Work.Extractions = append(x.Work.Extractions, e)
				}
			}
			x.Work.Name = w.Name
		}
	}
	x.check()
	return x
}

func (x *Exercise) check() { x.Feedback = exercise.Check(x.Spec, x.Gold, x.Work.Extractions) }

// save keeps the work in the browser. A failure leaves what was stored
// before as it was (localStorage writes a key whole or not at all) and is
// shown at once, with the download of the work.
func (x *Exercise) save() {
	b, _ := json.Marshal(x.Work)
	x.SaveErr = ""
	if err := x.App.SaveExercise(string(b)); err != nil {
		x.SaveErr = "Your work is no longer being saved in this browser (" + strings.TrimSuffix(err.Error(), ".") + "): what you did since is only in this tab and is lost when it closes. Download your submission now to keep it."
	}
}

// Tokens are sentence si's words, as the gold writes them.
func (x *Exercise) Tokens(si int) []string { return strings.Fields(x.Spec.Sentences[si].Text) }

// AddToken appends token i of sentence si to the active slot, and moves
// the choice on to the next empty slot (subject, relation, object), as a
// student fills a triple; with none empty it stays, so that a slot chosen
// again takes more words.
func (x *Exercise) AddToken(si, i int) {
	d := &x.drafts[si]
	tok := x.Tokens(si)[i]
	if d.Slots[d.Active] == "" {
		d.Slots[d.Active] = tok
	} else {
		d.Slots[d.Active] += " " + tok
	}
	d.Active = nextEmptySlot(d.Slots, d.Active)
}

// nextEmptySlot is the first empty slot after from, going round; from
// itself when every other slot is filled.
func nextEmptySlot(slots [3]string, from int) int {
	for n := 1; n < len(slots); n++ {
		if k := (from + n) % len(slots); slots[k] == "" {
			return k
		}
	}
	return from
}

// Slot is what slot k of sentence si's draft holds; SetSlot changes it and
// makes it the active slot.
func (x *Exercise) Slot(si, k int) string { return x.drafts[si].Slots[k] }

func (x *Exercise) SetSlot(si, k int, text string) {
	x.drafts[si].Slots[k] = text
	x.drafts[si].Active = k
}

// Active is the slot that clicked tokens go to.
func (x *Exercise) Active(si int) int { return x.drafts[si].Active }

// Activate chooses the slot that clicked tokens go to.
func (x *Exercise) Activate(si, k int) { x.drafts[si].Active = k }

// Add adds sentence si's draft as an extraction and scores the work.
func (x *Exercise) Add(si int) {
	d := &x.drafts[si]
	t := oie.Triple{Subject: d.Slots[0], Relation: d.Slots[1], Object: d.Slots[2]}.Trimmed()
	for k, slot := range t.Slots() {
		if slot == "" {
			x.Error = fmt.Sprintf("Sentence #%s: the %s is empty: fill every slot first.", x.Spec.Sentences[si].ID, slotNames[k])
			return
		}
	}
	x.Error = ""
	x.Work.Extractions = append(x.Work.Extractions, exercise.Extraction{SentID: x.Spec.Sentences[si].ID, Triple: t})
	*d = exerciseDraft{}
	x.check()
	x.save()
}

// Remove removes extraction i of the work.
func (x *Exercise) Remove(i int) {
	if i < 0 || i >= len(x.Work.Extractions) {
		return
	}
	x.Work.Extractions = append(x.Work.Extractions[:i:i], x.Work.Extractions[i+1:]...)
	x.check()
	x.save()
}

// SetName keeps the student's name.
func (x *Exercise) SetName(name string) {
	x.Work.Name = name
	x.save()
}

// DownloadSubmission writes the student's submission (exercise.WriteSubmission).
func (x *Exercise) DownloadSubmission() {
	data, err := exercise.WriteSubmission(x.Spec, x.Work.Name, x.Work.Extractions)
	if err != nil {
		x.Error = "Not downloaded: " + err.Error() + "."
		return
	}
	x.Error = ""
	x.App.Download(exercise.SubmissionName(x.Work.Name), "application/x-ndjson", string(data))
}

// DownloadGold writes the exercise's gold, for `oiebench score --gold`.
func (x *Exercise) DownloadGold() {
	x.App.Download(exercise.GoldName, "text/plain", x.Spec.Gold)
}

// PickedFile is a submission file as read by the browser.
type PickedFile struct {
	Name string
	Data []byte
	Err  error
}

// TakeSubmissions reads dropped submissions into the class table; a file
// of another exercise, unreadable or from a student already in the table
// is refused with the reason, and the others are kept. The page does the
// same in three steps, reading without its lock: Batch, Read, ShowBatch.
func (x *Exercise) TakeSubmissions(files []PickedFile) {
	b := x.Batch(files)
	b.Read(nil)
	x.ShowBatch(b)
}

// SubmissionBatch is dropped files read as submissions beside the class
// table they were dropped on, and the class scored with them.
type SubmissionBatch struct {
	spec    exercise.Spec
	files   []PickedFile
	rev     int // the table's revision it was made beside (Exercise.subsRev)
	subs    []exercise.Submission
	refused []string
	class   *exercise.Class
}

// Batch starts a batch of files beside the table on screen (call it under
// the page's lock).
func (x *Exercise) Batch(files []PickedFile) *SubmissionBatch {
	return &SubmissionBatch{spec: x.Spec, files: files, rev: x.subsRev, subs: slices.Clone(x.Subs)}
}

// Read reads the batch's files and scores the class with them, calling
// pause (when set) now and then. It changes nothing on screen: call it
// without the page's lock, so that a long submission does not hold the
// page (docs/reliability.md).
func (b *SubmissionBatch) Read(pause func()) {
	for _, f := range b.files {
		if f.Err != nil {
			b.refused = append(b.refused, f.Name+": "+f.Err.Error())
			continue
		}
		sub, err := exercise.ReadSubmissionPaced(b.spec, evaluate.Input{Path: f.Name, Data: f.Data, Pause: pause})
		if err == nil {
			for _, s := range b.subs {
				if s.Raw == sub.Raw { // one spelling, one student; look-alikes are kept and noted
					err = errors.New(f.Name + ": " + s.Student + " already sent " + s.File + ": remove one of the two")
				}
			}
		}
		if err != nil {
			b.refused = append(b.refused, err.Error())
			continue
		}
		b.subs = append(b.subs, sub)
	}
	if len(b.subs) == 0 {
		return
	}
	c, err := exercise.ScoreClassPaced(b.spec, b.subs, pause)
	if err != nil {
		b.refused = append(b.refused, err.Error())
		return
	}
	b.class = c
}

// ShowBatch shows a read batch as the class table (call it under the page's
// lock). It reports false, changing nothing, when the table changed since
// the batch was started (another batch, or the table cleared): the batch
// must then be started again.
func (x *Exercise) ShowBatch(b *SubmissionBatch) bool {
	if b.rev != x.subsRev {
		return false
	}
	x.subsRev++
	x.Subs, x.Refused, x.Class = b.subs, b.refused, b.class
	x.Student = -1
	x.reporter = nil
	return true
}

// ClearSubmissions empties the class table.
func (x *Exercise) ClearSubmissions() {
	x.subsRev++
	x.Subs, x.Refused, x.Class, x.Student, x.reporter = nil, nil, nil, -1, nil
}

// StudentReport is the open student's whole report, sentence by sentence,
// every extraction explained (the page shows ReportShown).
func (x *Exercise) StudentReport() []explain.SentenceView {
	var views []explain.SentenceView
	for si := range x.ReportLen() {
		views = append(views, x.reportSentence(si, -1))
	}
	return views
}

// ReportLen counts the sentences of the open student's report.
func (x *Exercise) ReportLen() int {
	if x.openReporter() == nil {
		return 0
	}
	return len(x.Class.Eval.Gold.Sentences)
}

// ReportWindow is how many sentences the report's window holds.
func (x *Exercise) ReportWindow() int {
	return x.detail.Window.Rows("report", x.ReportLen())
}

// ReportShown is the window of the report's sentences on screen, each
// explained as far as its window of extractions. The window's sentences
// come one a turn (issue 30): explaining them all in the click's task, two
// sentences of 100,000 extractions each, held the page's thread for 150 to
// 270 ms of CPU; a sentence is half of that.
func (x *Exercise) ReportShown() []explain.SentenceView {
	r := x.openReporter()
	if r == nil {
		return nil
	}
	name := x.Class.Eval.Systems[x.Class.Rows[x.Student].System].Name
	window := x.ReportWindow()
	if x.reportPart < window && !x.reportGrowing {
		x.reportGrowing = true
		x.App.Later(func() {
			x.reportGrowing = false
			if x.reporter == r {
				x.reportPart++
			}
		})
	}
	views := make([]explain.SentenceView, min(window, x.reportPart))
	for si := range views {
		id := x.Class.Eval.Gold.Sentences[si].ID
		views[si] = x.reportSentence(si, x.detail.Window.Rows(windowKey(id, extractionsList(name)), math.MaxInt))
	}
	return views
}

// openReporter is the open student's reporter, or nil.
func (x *Exercise) openReporter() *exercise.Reporter {
	if x.Class == nil || x.Student < 0 || x.Student >= len(x.Class.Rows) {
		return nil
	}
	if x.reporter == nil || x.reportOf != x.Student {
		x.reporter, x.reportOf, x.reportViews, x.reportPart = x.Class.Reporter(x.Class.Rows[x.Student]), x.Student, map[reportKey]explain.SentenceView{}, 1
		x.reporter.Explorer.SearchClosest = closestRows
		x.reporter.Explorer.SlotWords = windowWords
	}
	return x.reporter
}

// reportSentence is sentence si of the open student's report, its first
// rows extractions explained (rows < 0: all), stripped of the gold's text
// unless the exercise shows it.
func (x *Exercise) reportSentence(si, rows int) explain.SentenceView {
	key := reportKey{si, rows}
	if v, ok := x.reportViews[key]; ok {
		return v
	}
	v := x.openReporter().Sentence(si, rows)
	if !x.Spec.ShowGold {
		v = exercise.Hide(v)
	}
	if len(x.reportViews) > 64 { // windows left behind by "Show more"
		clear(x.reportViews)
	}
	x.reportViews[key] = v
	return v
}

// MoreReport shows the report's next sentences.
func (x *Exercise) MoreReport() { x.detail.Window.More("report") }

// ExerciseView is the page of an exercise file: the student's tab and the
// teacher's.
type ExerciseView struct {
	X   *Exercise
	Err string // the exercise could not be opened
}

// Ready is the data-ready attribute, for tests.
func (c *ExerciseView) Ready() string {
	switch {
	case c.Err != "":
		return "error"
	case c.X == nil:
		return "loading"
	}
	return "exercise"
}

// Title is the exercise's title.
func (c *ExerciseView) Title() string {
	if c.X == nil {
		return "Exercise"
	}
	return c.X.Spec.Title
}

// GoldNote says what the student is shown.
func (c *ExerciseView) GoldNote() string {
	if c.X.Spec.ShowGold {
		return "Each extraction is scored as you add it, against the gold facts shown under the sentence: an incorrect one is compared with its closest gold triple, token by token."
	}
	return "Each extraction is scored as you add it. The gold is not shown: you see whether an extraction is correct, which fact it states (by number), and for an incorrect one which slots agree with the closest gold triple."
}

// ScoreText is the student's score so far.
func (c *ExerciseView) ScoreText() string {
	s := c.X.Feedback.Score
	return fmt.Sprintf("Your score so far: precision %s, recall %s, F1 %s (%d correct, %d incorrect, %d facts missed).",
		Fixed(s.Precision), Fixed(s.Recall), Fixed(s.F1), s.TP, s.FP, s.FN)
}

// SlotIndexes are 0, 1, 2.
func (c *ExerciseView) SlotIndexes() []int { return []int{0, 1, 2} }

// slotID names slot k's input of sentence si.
func slotID(si, k int) string { return fmt.Sprintf("ex-s%d-%s", si, slotNames[k]) }

// BuilderHint says where a clicked word goes; it is a live region, so
// that the move to the next slot is announced.
func (c *ExerciseView) BuilderHint(si int) string {
	return "Click words to add them to the " + slotNames[c.X.Active(si)] + ", or type."
}

// SlotBoxClass marks the active slot.
func (c *ExerciseView) SlotBoxClass(si, k int) string {
	if c.X.Active(si) == k {
		return "ex-slot active"
	}
	return "ex-slot"
}

// SetSlot keeps what is typed in a slot.
func (c *ExerciseView) SetSlot(si, k int, e vugu.DOMEvent) {
	c.X.SetSlot(si, k, e.PropString("target", "value"))
}

// SlotKey adds the draft with Enter.
func (c *ExerciseView) SlotKey(si, k int, e vugu.DOMEvent) {
	if e.PropString("key") != "Enter" {
		return
	}
	e.PreventDefault()
	c.X.SetSlot(si, k, e.PropString("target", "value"))
	c.X.Add(si)
}

// SetName keeps the student's name.
func (c *ExerciseView) SetName(e vugu.DOMEvent) { c.X.SetName(e.PropString("target", "value")) }

// read reads the submissions chosen or dropped, if any.
func (c *ExerciseView) read(files js.Value) {
	if files.Truthy() && files.Length() > 0 {
		c.X.App.ReadSubmissions(files)
	}
}

// Drop reads dropped submissions.
func (c *ExerciseView) Drop(e vugu.DOMEvent) {
	e.PreventDefault()
	if dt := e.JSEvent().Get("dataTransfer"); dt.Truthy() {
		c.read(dt.Get("files"))
	}
}

// Interval writes a 95% interval.
func Interval(iv [2]float64) string { return "[" + Fixed(iv[0]) + ", " + Fixed(iv[1]) + "]" }

// StudentName is the open report's student.
// nameNote says, under a student's name in the class table, what about
// the name deserves a look (exercise.Row.Notes).
func nameNote(notes []string) string { return "⚠ " + strings.Join(notes, "; ") }

func (c *ExerciseView) StudentName() string { return c.X.Class.Rows[c.X.Student].Student }

// ClassNote says how the table is made.
func (c *ExerciseView) ClassNote() string {
	return fmt.Sprintf("BenchIE fact-level scores (regular facet, the paper's rule) with 95%% bootstrap intervals (%d resamples of the sentences, seed %d), ranked by F1. The command line gives the same numbers: oiebench score --gold %s SUBMISSION...",
		exercise.IntervalSamples, exercise.IntervalSeed, exercise.GoldName)
}

// ShowTeacher switches between the student's tab and the teacher's.
func (c *ExerciseView) ShowTeacher(on bool) { c.X.Teacher = on }

// OpenReport opens row i's report.
func (c *ExerciseView) OpenReport(i int) {
	c.X.Student = i
	c.X.detail.Window = Window{} // each report opens on its first page
}
