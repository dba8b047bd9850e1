//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/oie"
)

// Windowed views (issue 30): views of user data render a window of it,
// never the whole, and no step of them holds the page's main thread over
// 200 ms. The tests assert the windows (rows, counts, "show more", "show
// all") and each step's longest task, in CPU time (traceStep).

// stepBound is the longest a step's task may hold the page's main thread,
// in CPU time: the 200 ms.
const stepBound = 200

// timedStep is measureStep, failing the test when a task of the step took
// over stepBound of CPU.
func timedStep(p *page, what string, act func(), ready string) {
	p.t.Helper()
	for _, task := range measureStep(p, what, act, ready) {
		if task.CPU > stepBound {
			p.t.Errorf("%s: a task of %.0f ms of CPU (%.0f ms wall) at %.0f ms, over the %d ms bound", what, task.CPU, task.Wall, task.Start, stepBound)
		}
	}
}

// measureStep acts, waits until ready holds and the page settles, and logs
// the step's longest main-thread task by CPU and by wall-clock time and
// the CPU time of all its tasks (traceStep). OIEBENCH_PROFILE=DIR profiles
// the step (profile_test.go: the evaluator served with Go's names) and
// writes DIR/TEST-STEP.cpuprofile and .txt, which names what ran in each of
// the step's tasks over 50 ms.
func measureStep(p *page, what string, act func(), ready string) []stepTask {
	p.t.Helper()
	p.do(chromedp.Func(startProfile))
	tasks := traceStep(p, what, act, ready)
	var long [][2]float64
	for _, task := range tasks {
		if task.Wall > 50 {
			long = append(long, [2]float64{task.Start, task.Wall})
		}
	}
	p.stopProfile(p.t.Name()+"-"+strings.ReplaceAll(what, " ", "-"), long)
	byCPU, byWall, cpu := longestTasks(tasks)
	p.t.Logf("%s: %d tasks, CPU %.0f ms; longest by CPU %.0f ms (wall %.0f ms), by wall %.0f ms (CPU %.0f ms); load average %s",
		what, len(tasks), cpu, byCPU.CPU, byCPU.Wall, byWall.Wall, byWall.CPU, loadAverage())
	return tasks
}

// The Sentences view of a system with 20,000 extractions of one sentence
// and one extraction of 10 MB: each sentence opens on a page of 20
// extractions with its count, "Show 20 more" adds the next, and the
// 10 MB slot shows its first words with "show all"; no task of opening
// and paging takes over 200 ms of CPU. The file's CaRB columns, the
// costly part of scoring it, are scored in the scorer Worker, off the
// page's thread.
func TestSentencesWindowed(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&b, "1\tHe%d\tserved\tas the first Prime Minister\n", i)
	}
	b.WriteString("2\tGraner\thandcuffed\t")
	b.WriteString(strings.Repeat("him ", 10<<20/4))
	b.WriteString("\n")
	path := writeTemp(t, "big.tsv", []byte(b.String()))

	p := newPage(t)
	p.open("")
	pick(p, "#file-input", path)
	p.waitForScores("the big system scored", `document.querySelector('#scores td[data-system="big"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	// In either mode the jobs run in a scorer Worker: the page's, or with
	// the evaluator in its Worker (?evaluator=worker) that Worker's own.
	jobs := eval[map[string]int](p, `({worker: performance.getEntriesByName('oiebench-carb-worker').length, page: performance.getEntriesByName('oiebench-carb-page').length})`)
	if jobs["worker"] < 10 || jobs["page"] != 0 {
		t.Errorf("CaRB's jobs: %d in the scorer Worker, %d on the evaluator's thread; want the nine bundled systems' and big's in the Worker", jobs["worker"], jobs["page"])
	}
	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer", `document.querySelector('#sentence-list') !== null`)

	big := `.detail .system-block[data-system="big"]`
	timedStep(p, "sentence 1 of big", func() { choose(p, "#explore-system", "big") },
		`document.querySelector('.detail').dataset.sentence === '1' && document.querySelectorAll('`+big+` li.extraction').length === 20`)
	if got := eval[string](p, `document.querySelector('`+big+` .window').textContent`); !strings.Contains(got, "Showing 20 of 20\u202f000") || !strings.Contains(got, "Show 20 more") {
		t.Errorf("the window says %q", got)
	}
	timedStep(p, "20 more", func() { p.do(chromedp.Click(chromedp.CSS(big + ` .show-more`))) },
		`document.querySelectorAll('`+big+` li.extraction').length === 40`)
	p.screenshotView("sentences-windowed")
	timedStep(p, "sentence 2 (a 10 MB extraction)", func() {
		p.do(chromedp.Click(chromedp.CSS(`#sentence-list li[data-sentence="2"]`)))
	}, `document.querySelector('.detail').dataset.sentence === '2' && document.querySelector('`+big+` .show-all') !== null`)
	if n := eval[int](p, `document.querySelectorAll('`+big+` li.extraction .tok').length`); n > 3*60 {
		t.Errorf("%d word elements for one extraction", n)
	}
	if got := eval[string](p, `document.querySelector('`+big+` .show-all').textContent`); !strings.Contains(got, "(10.0 MB more)") {
		t.Errorf("show all says %q", got)
	}
}

// The teacher's report of a 200,000-line submission, forged to carry its
// own perfect scores: the class table shows the scores of its extractions
// (as exercise.ScoreClass computes them, to the last digit), and the
// report opens on a page of 20 extractions per sentence with its count;
// no task of opening and paging takes over 200 ms of CPU, and the pick's
// longest task is logged.
func TestExerciseReportWindowed(t *testing.T) {
	p := newPage(t)
	downloads := allowDownloads(t, p)
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#make-exercise-toggle")))
	p.waitFor("the form", `document.querySelector('#exercise-sentences') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#exercise-sentences"), "2,3"), chromedp.SendKeys(chromedp.CSS("#exercise-title"), "Big"))
	p.do(chromedp.Click(chromedp.CSS("#exercise-make")))
	html := waitDownload(t, filepath.Join(downloads, "exercise.html"))
	sp, err := exercise.Parse(exercise.AssetPath, []byte(embeddedJSON(t, string(html))))
	if err != nil {
		t.Fatal(err)
	}
	exts := make([]exercise.Extraction, 200000)
	for i := range exts {
		exts[i] = exercise.Extraction{SentID: []string{"2", "3"}[i%2], Triple: oie.Triple{Subject: "Graner", Relation: fmt.Sprint("did ", i), Object: "him"}}
	}
	exts[0].Relation = "handcuffed" // one correct
	clean, err := exercise.WriteSubmission(sp, "Ana", exts)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := exercise.ReadSubmission(sp, "ana.jsonl", clean)
	if err != nil {
		t.Fatal(err)
	}
	class, err := exercise.ScoreClass(sp, []exercise.Submission{sub})
	if err != nil {
		t.Fatal(err)
	}
	forged := strings.ReplaceAll(string(clean), `"student":"Ana"`, `"student":"Ana","precision":1,"recall":1,"f1":1,"tp":200000`)

	p.do(chromedp.Navigate("file://" + filepath.Join(downloads, "exercise.html")))
	p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	p.do(chromedp.Click(chromedp.CSS("#tab-teacher")))
	// Reading and scoring the pick is paced, not windowed; its 200,000
	// extractions hold no pointers, so no collection of them is a long
	// task (docs/reliability.md, "The page: windowed views").
	timedStep(p, "the class table", func() { pick(p, "#ex-submissions", writeTemp(t, "ana.jsonl", []byte(forged))) },
		`document.querySelector('#ex-class tr[data-student="Ana"]') !== null`)
	s := class.Rows[0].Score
	for metric, want := range map[string]float64{"precision": s.Precision, "recall": s.Recall, "f1": s.F1} {
		if got := eval[string](p, `document.querySelector('#ex-class tr[data-student="Ana"] [data-metric="`+metric+`"]').dataset.value`); got != formatFull(want) {
			t.Errorf("%s %s, recomputed from the extractions %s", metric, got, formatFull(want))
		}
	}
	if s.F1 == 1 {
		t.Fatal("the test's submission scores 1: the forgery would not show")
	}

	report := `#ex-report .system-block`
	timedStep(p, "the report", func() { p.do(chromedp.Click(chromedp.CSS("#ex-student-0"))) },
		`document.querySelectorAll('#ex-report .detail').length === 2 && document.querySelectorAll('`+report+` li.extraction').length === 40`)
	if got := eval[string](p, `document.querySelector('`+report+` .window').textContent`); !strings.Contains(got, "Showing 20 of 100") {
		t.Errorf("the report's window says %q", got)
	}
	timedStep(p, "20 more", func() { p.do(chromedp.Click(chromedp.CSS(report + ` .show-more`))) },
		`document.querySelectorAll('`+report+` li.extraction').length === 60`)
	p.screenshotView("exercise-report-windowed")
}
