package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/shipped"
	"github.com/vugu/vugu/js"
)

type fakeExerciseApp struct {
	saved     string
	saveErr   error // SaveExercise fails with it
	downloads map[string]string
	later     []func() // Later's functions, run by the test
}

func (f *fakeExerciseApp) SaveExercise(work string) error {
	if f.saveErr != nil {
		return f.saveErr
	}
	f.saved = work
	return nil
}
func (f *fakeExerciseApp) Download(name, mime, text string) {
	f.downloads[name] = text
}
func (f *fakeExerciseApp) ReadSubmissions(js.Value) {}
func (f *fakeExerciseApp) Later(fn func())          { f.later = append(f.later, fn) }

func newTestExercise(t *testing.T, show bool) (*fakeExerciseApp, exercise.Spec, *evaluate.Gold) {
	t.Helper()
	g, err := shipped.Gold("en")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := exercise.New(g.Gold, "2,3", "T", show)
	if err != nil {
		t.Fatal(err)
	}
	gold, err := sp.ReadGold()
	if err != nil {
		t.Fatal(err)
	}
	return &fakeExerciseApp{downloads: map[string]string{}}, sp, gold
}

// A picked word moves the choice on to the next empty slot: subject,
// relation, object, round past the filled ones; with every other slot
// filled the choice stays, and a slot chosen again takes more words. A
// new draft starts at the subject again.
func TestExerciseSlotAdvances(t *testing.T) {
	app, sp, gold := newTestExercise(t, false)
	x := NewExercise(app, sp, gold, "")
	view := &ExerciseView{X: x}
	// Sentence 2: "Graner handcuffed him to the bars of a cell window …"
	steps := []struct {
		choose, token int // choose < 0: the choice is left as it is
		slots         [3]string
		active        int
	}{
		{-1, 0, [3]string{"Graner", "", ""}, 1},
		{-1, 1, [3]string{"Graner", "handcuffed", ""}, 2},
		{-1, 2, [3]string{"Graner", "handcuffed", "him"}, 2},
		{1, 3, [3]string{"Graner", "handcuffed to", "him"}, 1},
		{2, 4, [3]string{"Graner", "handcuffed to", "him the"}, 2},
	}
	for i, s := range steps {
		if s.choose >= 0 {
			x.Activate(0, s.choose)
		}
		x.AddToken(0, s.token)
		got := [3]string{x.Slot(0, 0), x.Slot(0, 1), x.Slot(0, 2)}
		if got != s.slots || x.Active(0) != s.active {
			t.Fatalf("step %d: slots %q, active %d; want %q, %d", i, got, x.Active(0), s.slots, s.active)
		}
	}
	if got := view.BuilderHint(0); got != "Click words to add them to the object, or type." {
		t.Errorf("the hint says %q", got)
	}
	if view.SlotBoxClass(0, 2) != "ex-slot active" || view.SlotBoxClass(0, 0) != "ex-slot" {
		t.Errorf("slot classes %q %q", view.SlotBoxClass(0, 0), view.SlotBoxClass(0, 2))
	}

	// Round past the filled slots: the relation typed, the object then
	// the subject are next.
	x.SetSlot(1, 1, "deals with")
	x.Activate(1, 1)
	x.AddToken(1, 0)
	if x.Slot(1, 1) != "deals with It" || x.Active(1) != 2 {
		t.Fatalf("relation %q, active %d", x.Slot(1, 1), x.Active(1))
	}
	x.Activate(1, 1)
	x.SetSlot(1, 2, "cases")
	x.Activate(1, 2)
	x.AddToken(1, 1)
	if x.Active(1) != 0 {
		t.Errorf("after the object, the empty subject is not next: active %d", x.Active(1))
	}

	// A draft added starts again at the subject.
	x.SetSlot(0, 2, "him")
	x.Add(0)
	if x.Error != "" || x.Active(0) != 0 {
		t.Errorf("after adding: error %q, active %d", x.Error, x.Active(0))
	}
}

func TestExerciseStudent(t *testing.T) {
	app, sp, gold := newTestExercise(t, false)
	x := NewExercise(app, sp, gold, "")
	x.AddToken(0, 0) // "Graner" into the subject
	x.Activate(0, 0) // chosen again
	x.AddToken(0, 1) // "handcuffed" too
	if x.Slot(0, 0) != "Graner handcuffed" {
		t.Fatalf("subject %q", x.Slot(0, 0))
	}
	x.SetSlot(0, 0, "Graner")
	x.Activate(0, 1)
	x.AddToken(0, 1)
	x.Add(0)
	if !strings.Contains(x.Error, "object is empty") || len(x.Work.Extractions) != 0 {
		t.Fatalf("an empty object was added (%q)", x.Error)
	}
	x.SetSlot(0, 2, " him ")
	x.Add(0)
	if x.Error != "" || len(x.Work.Extractions) != 1 || x.Work.Extractions[0].Object != "him" || x.Slot(0, 0) != "" {
		t.Fatalf("work %+v, error %q", x.Work, x.Error)
	}
	if e := x.Feedback.Sentences[0].Systems[0].Extractions; len(e) != 1 || e[0].Verdict != benchie.Correct {
		t.Errorf("feedback %+v", e)
	}
	x.DownloadSubmission()
	if !strings.Contains(x.Error, "name") || len(app.downloads) != 0 {
		t.Errorf("downloaded without a name (%q)", x.Error)
	}
	x.SetName("Ana")
	x.DownloadSubmission()
	sub, ok := app.downloads["submission-ana.jsonl"]
	if !ok {
		t.Fatalf("downloads %v", app.downloads)
	}
	if s, err := exercise.ReadSubmission(sp, "a.jsonl", []byte(sub)); err != nil || s.Student != "Ana" {
		t.Errorf("the submission reads as %+v, %v", s, err)
	}
	// The saved work comes back; extractions of other sentences do not.
	again := NewExercise(app, sp, gold, strings.Replace(app.saved, `]}`, `,{"sent_id":"99","Subject":"a","Relation":"b","Object":"c"}]}`, 1))
	if again.Work.Name != "Ana" || len(again.Work.Extractions) != 1 || again.Feedback.Score.TP != 1 {
		t.Errorf("restored %+v", again.Work)
	}
	again.Remove(0)
	if len(again.Work.Extractions) != 0 || again.Feedback.Score.TP != 0 || strings.Contains(app.saved, "Graner") {
		t.Errorf("after Remove: %+v, saved %s", again.Work, app.saved)
	}
}

// A save that fails (a full quota) is said at once, keeps the work in the
// tab and leaves what was stored; the next save that works clears it.
func TestExerciseSaveFails(t *testing.T) {
	app, sp, gold := newTestExercise(t, false)
	x := NewExercise(app, sp, gold, "")
	x.SetName("Ana")
	stored := app.saved
	app.saveErr = errors.New("QuotaExceededError")
	x.SetSlot(0, 0, "Graner")
	x.SetSlot(0, 1, "handcuffed")
	x.SetSlot(0, 2, "him")
	x.Add(0)
	if !strings.Contains(x.SaveErr, "QuotaExceededError") || !strings.Contains(x.SaveErr, "Download") || app.saved != stored || len(x.Work.Extractions) != 1 {
		t.Fatalf("save error %q, stored %s, work %+v", x.SaveErr, app.saved, x.Work)
	}
	x.DownloadSubmission()
	if sub := app.downloads["submission-ana.jsonl"]; !strings.Contains(sub, `"handcuffed"`) {
		t.Errorf("the download lacks the unsaved extraction: %q", sub)
	}
	app.saveErr = nil
	x.SetName("Ana")
	if x.SaveErr != "" || !strings.Contains(app.saved, "handcuffed") {
		t.Errorf("after a save that works: %q, stored %s", x.SaveErr, app.saved)
	}
}

func TestExerciseTeacher(t *testing.T) {
	app, sp, gold := newTestExercise(t, true)
	x := NewExercise(app, sp, gold, "")
	a, _ := exercise.WriteSubmission(sp, "Ana", []exercise.Extraction{{SentID: "2", Triple: tripleOf("Graner", "handcuffed", "him")}})
	b, _ := exercise.WriteSubmission(sp, "Bo", []exercise.Extraction{{SentID: "3", Triple: tripleOf("x", "y", "z")}})
	x.TakeSubmissions([]PickedFile{{Name: "a.jsonl", Data: a}, {Name: "b.jsonl", Data: b}, {Name: "bad.jsonl", Data: []byte("{")}})
	if x.Class == nil || len(x.Class.Rows) != 2 || x.Class.Rows[0].Student != "Ana" || len(x.Refused) != 1 || !strings.Contains(x.Refused[0], "bad.jsonl:1:") {
		t.Fatalf("class %+v, refused %v", x.Class, x.Refused)
	}
	// Ana again is refused; the table stays.
	x.TakeSubmissions([]PickedFile{{Name: "a2.jsonl", Data: a}})
	if len(x.Class.Rows) != 2 || len(x.Refused) != 1 || !strings.Contains(x.Refused[0], "already sent a.jsonl") {
		t.Errorf("a second submission of Ana: %v", x.Refused)
	}
	x.Student = 0
	if r := x.StudentReport(); len(r) != 2 || len(r[0].Synsets[0].Triples) == 0 {
		t.Errorf("report %d sentences", len(r))
	}
	x.DownloadGold()
	if app.downloads[exercise.GoldName] != sp.Gold {
		t.Error("the gold download is not the exercise's gold")
	}
}

// The report's window comes a sentence a turn: the first build explains
// the first sentence, each later turn one more, until the window is whole;
// the window's text counts the whole window meanwhile.
func TestReportOneSentenceATurn(t *testing.T) {
	app, sp, gold := newTestExercise(t, true)
	x := NewExercise(app, sp, gold, "")
	a, _ := exercise.WriteSubmission(sp, "Ana", []exercise.Extraction{{SentID: "2", Triple: tripleOf("Graner", "handcuffed", "him")}, {SentID: "3", Triple: tripleOf("x", "y", "z")}})
	x.TakeSubmissions([]PickedFile{{Name: "a.jsonl", Data: a}})
	x.Student = 0
	whole := x.StudentReport()
	for turn := 1; turn <= 3; turn++ {
		shown := x.ReportShown()
		x.ReportShown() // a build reads it more than once: one turn asked for
		if want := min(turn, 2); len(shown) != want || shown[want-1].ID != whole[want-1].ID {
			t.Fatalf("turn %d: %d sentences shown, want %d of %d", turn, len(shown), want, len(whole))
		}
		if x.ReportWindow() != 2 {
			t.Errorf("turn %d: the window holds %d sentences, want 2", turn, x.ReportWindow())
		}
		if asked := len(app.later); (turn < 2) != (asked == 1) {
			t.Fatalf("turn %d: %d later turns asked for", turn, asked)
		}
		for _, f := range app.later {
			f()
		}
		app.later = nil
	}
}

func tripleOf(s, r, o string) oie.Triple { return oie.Triple{Subject: s, Relation: r, Object: o} }

// A batch read without the lock is shown only beside the table it was
// started on: a table cleared or changed meanwhile is not overwritten.
func TestSubmissionBatchOutdated(t *testing.T) {
	app, sp, gold := newTestExercise(t, true)
	x := NewExercise(app, sp, gold, "")
	a, _ := exercise.WriteSubmission(sp, "Ana", []exercise.Extraction{{SentID: "2", Triple: tripleOf("Graner", "handcuffed", "him")}})
	b, _ := exercise.WriteSubmission(sp, "Bo", []exercise.Extraction{{SentID: "3", Triple: tripleOf("x", "y", "z")}})
	batch := x.Batch([]PickedFile{{Name: "a.jsonl", Data: a}})
	x.TakeSubmissions([]PickedFile{{Name: "b.jsonl", Data: b}}) // another batch lands first
	batch.Read(nil)
	if x.ShowBatch(batch) || len(x.Subs) != 1 || x.Subs[0].Student != "Bo" {
		t.Fatalf("an outdated batch was shown: %d submissions", len(x.Subs))
	}
	batch = x.Batch([]PickedFile{{Name: "a.jsonl", Data: a}})
	batch.Read(nil)
	if !x.ShowBatch(batch) || x.Class == nil || len(x.Class.Rows) != 2 {
		t.Fatalf("the batch started again: %+v", x.Class)
	}
	batch = x.Batch([]PickedFile{{Name: "b2.jsonl", Data: b}})
	x.ClearSubmissions()
	batch.Read(nil)
	if x.ShowBatch(batch) || x.Subs != nil || x.Class != nil {
		t.Error("a batch started before the table was cleared brought it back")
	}
}
