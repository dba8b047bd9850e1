package exercise

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/oiebench/oiebench/core/analysis"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/tidwall/gjson"
)

// line is one line of a submission: core/oie's JSON Lines extraction with
// the exercise and the student, which the system reader ignores.
type line struct {
	SentID   string `json:"sent_id"`
	Subject  string `json:"subject"`
	Relation string `json:"relation"`
	Object   string `json:"object"`
	Exercise string `json:"exercise"`
	Student  string `json:"student"`
}

// WriteSubmission writes a student's extractions of an exercise.
func WriteSubmission(sp Spec, student string, triples []Extraction) ([]byte, error) {
	student = strings.TrimSpace(student)
	if student == "" {
		return nil, fmt.Errorf("write your name first: the teacher's table lists submissions by name")
	}
	if len(triples) == 0 {
		return nil, fmt.Errorf("add at least one extraction first")
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, t := range triples {
		enc.Encode(line{t.SentID, t.Subject, t.Relation, t.Object, sp.ID, student})
	}
	return b.Bytes(), nil
}

// Extraction is a student's triple of a sentence.
type Extraction struct {
	SentID string `json:"sent_id"`
	oie.Triple
}

// SubmissionName is the file name a submission is downloaded under.
func SubmissionName(student string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(student)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r > 127:
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return "submission-" + cmp.Or(strings.Trim(b.String(), "-"), "student") + ".jsonl"
}

// Submission is a read submission.
type Submission struct {
	File    string
	Student string // the name shown: Name.Shown
	Raw     string // the name as the file spells it: one student, one spelling
	Name    Name
	System  *evaluate.System
}

// ReadSubmission reads a submission to the exercise sp: a JSON Lines system
// file whose lines name sp's ID and one student. A file of another exercise
// is refused with the reason.
func ReadSubmission(sp Spec, file string, data []byte) (Submission, error) {
	return ReadSubmissionPaced(sp, evaluate.Input{Path: file, Data: data})
}

// ReadSubmissionPaced is ReadSubmission of in.Data, calling in.Pause (when
// set) every oie.PauseEvery lines: the page lets the browser run while it
// reads a long submission.
func ReadSubmissionPaced(sp Spec, in evaluate.Input) (Submission, error) {
	file := in.Path
	sub := Submission{File: file}
	var lineErr error // the first line of another exercise or student
	lines := 0
	// The system reader hands over each line's object: the exercise and
	// student fields are read without parsing the line a second time. A
	// line's error is returned once the whole file has read as a system
	// file, so a malformed line anywhere is reported first, as before.
	in.EachObject = func(l oie.Line, v gjson.Result) {
		lines++
		if lineErr == nil {
			lineErr = sub.checkLine(sp, file, l, v)
		}
	}
	sys, err := evaluate.ReadSystem(in, oie.FormatJSONL)
	if err != nil {
		return Submission{}, err
	}
	if lineErr != nil {
		return Submission{}, lineErr
	}
	sub.System = sys
	sub.Name = CheckName(sub.Raw)
	if lines == 0 {
		return Submission{}, &oie.ParseError{File: file, Line: 1, Msg: "empty submission: expected extractions", Err: oie.ErrNoContent}
	}
	sys.Name = sub.Student
	return sub, nil
}

// checkLine checks that line l of a submission names exercise sp and the
// student of the lines before it, whom it records.
func (sub *Submission) checkLine(sp Spec, file string, l oie.Line, v gjson.Result) error {
	ex, raw := v.Get("exercise").String(), v.Get("student").String()
	st := sub.Student
	if raw != sub.Raw || st == "" { // every line names one student: checked once
		st = CheckName(raw).Shown
	}
	switch {
	case ex != sp.ID:
		return &oie.ParseError{File: file, Line: l.Num, Column: 1, Err: oie.ErrSyntax,
			Msg: fmt.Sprintf("expected a submission to exercise %s (%q), found exercise %s: this is another exercise's submission", short(sp.ID), sp.Title, short(cmp.Or(ex, "none")))}
	case st == "":
		return &oie.ParseError{File: file, Line: l.Num, Column: 1, Err: oie.ErrEmptyField, Msg: `expected "student", the name of the student`}
	case sub.Student != "" && raw != sub.Raw:
		return &oie.ParseError{File: file, Line: l.Num, Column: 1, Err: oie.ErrSyntax, Msg: fmt.Sprintf("expected every line from student %+q, found %+q", sub.Raw, raw)}
	}
	sub.Student, sub.Raw = st, raw
	return nil
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// Intervals are computed with the command line's analyze defaults.
const (
	IntervalSamples = analysis.DefaultSamples
	IntervalSeed    = 1
)

// Row is one student's line of the class table (the regular facet).
type Row struct {
	Student   string
	File      string
	System    int // index in the evaluation
	Score     report.Score
	Intervals report.Intervals
	Notes     []string // about the name: what was removed, scripts mixed, other rows it looks like
}

// Class is the class table: every submission scored on the exercise's gold
// as `oiebench score --gold` scores it (Eval.Report is that report), the
// rows ranked by F1 on the regular facet.
type Class struct {
	Eval *evaluate.Evaluation
	Rows []Row
}

// ScoreClass scores submissions. Two that spell a name the same are one
// student's two files, an error; names that only look alike are both
// kept, each noted with the files it looks like, so a forged name never
// pushes the real one out.
func ScoreClass(sp Spec, subs []Submission) (*Class, error) {
	return ScoreClassPaced(sp, subs, nil)
}

// ScoreClassPaced is ScoreClass calling pause (when set) now and then while
// it scores (evaluate.Options.Pause) and between students.
func ScoreClassPaced(sp Spec, subs []Submission, pause func()) (*Class, error) {
	gold, err := sp.ReadGold()
	if err != nil {
		return nil, err
	}
	if pause != nil {
		gold.CountStats(pause)
	}
	var systems []*evaluate.System
	from := map[string]string{}
	alike := map[string][]string{} // look-alike key: the files
	for _, s := range subs {
		if f, dup := from[s.Raw]; dup {
			return nil, fmt.Errorf("%s: %s already sent %s: keep one of the two", s.File, s.Student, f)
		}
		from[s.Raw] = s.File
		alike[s.Name.key] = append(alike[s.Name.key], s.File)
		systems = append(systems, s.System)
	}
	ev := evaluate.Evaluate(gold, nil, systems, evaluate.Options{Pause: pause})
	ev.CountStats()
	c := &Class{Eval: ev}
	for i, s := range subs {
		if pause != nil {
			pause()
		}
		res := ev.Results[i][string(benchie.Regular)]
		notes := slices.Clone(s.Name.Notes)
		if others := slices.DeleteFunc(slices.Clone(alike[s.Name.key]), func(f string) bool { return f == s.File }); len(others) > 0 {
			notes = append(notes, "looks like the name in "+strings.Join(others, ", ")+": check who sent which")
		}
		c.Rows = append(c.Rows, Row{Student: s.Student, File: s.File, System: i,
			Score:     *ev.Report.Systems[i].BenchIE.Regular,
			Intervals: analysis.Intervals(analysis.Sentences(res), IntervalSamples, IntervalSeed), Notes: notes})
	}
	// sort.SliceStable, not slices.SortStableFunc: one sorting code for
	// every element type keeps the page's evaluator small (docs/architecture.md).
	sort.SliceStable(c.Rows, func(i, j int) bool {
		a, b := c.Rows[i], c.Rows[j]
		return cmp.Or(cmp.Compare(b.Score.F1, a.Score.F1), strings.Compare(a.Student, b.Student)) < 0
	})
	return c, nil
}

// Report explains one student's extractions, sentence by sentence; the
// closest gold triples of at most maxClosest incorrect extractions per
// sentence (0: all; explain.Explorer.SearchClosest).
func (c *Class) Report(row Row, maxClosest int) []explain.SentenceView {
	r := c.Reporter(row)
	r.Explorer.SearchClosest = maxClosest
	var out []explain.SentenceView
	for si := range c.Eval.Gold.Sentences {
		out = append(out, r.Sentence(si, -1))
	}
	return out
}

// Reporter explains one student's report a sentence at a time, and of a
// sentence a window of rows: a page shows a window of a report.
type Reporter struct {
	// Explorer explains the class's evaluation; its bounds (SearchClosest,
	// SlotWords) are the caller's to set.
	Explorer *explain.Explorer
	system   int
}

// Reporter explains the report of one row of the class table.
func (c *Class) Reporter(row Row) *Reporter {
	return &Reporter{Explorer: explain.NewExplorer(c.Eval), system: row.System}
}

// Sentence explains the student's extractions of gold sentence si, the
// first rows of them (rows < 0: all; explain.Explorer.SentenceWindow).
func (r *Reporter) Sentence(si, rows int) explain.SentenceView {
	var window func(system int) int
	if rows >= 0 {
		window = func(int) int { return rows }
	}
	return r.Explorer.SentenceWindow(si, benchie.Regular, []int{r.system}, window)
}
