//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/report"
)

// studentFile is a student's extractions on sentences 1-5 of the English
// gold (ClausIE's, as if they had run it on those only).
func studentFile(t *testing.T) []byte {
	var kept []string
	for _, line := range strings.Split(string(readData(t, "systems/clausie_explicit.txt")), "\n") {
		switch id, _, _ := strings.Cut(line, "\t"); id {
		case "1", "2", "3", "4", "5":
			kept = append(kept, line)
		}
	}
	return []byte(strings.Join(kept, "\n") + "\n")
}

// A student drops a 5-sentence file on the page: a notice proposes scoring
// only their sentences, and its button gives exactly the command line's
// `--sentences covered` numbers for their file, named in the table's notice
// and signature, kept across a reload; the JavaScript API takes sentences
// too. At a phone's width the choice and the notice fit.
func TestStudentSentences(t *testing.T) {
	student := studentFile(t)
	gold := readData(t, "benchie_gold_annotations_en.txt")
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "student", Path: "student.tsv", Data: student}}, Options: evaluate.Options{Sentences: "covered"}})
	if err != nil {
		t.Fatal(err)
	}
	cli := ev.Report

	p := newPage(t)
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.open("")
	pick(p, "#file-input", writeTemp(t, "student.tsv", student))
	p.waitFor("the notice", `document.querySelector('#covered-notice #score-covered') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if got := eval[string](p, `document.querySelector('#score-covered').textContent`); got != "Score only the 5 sentences your file covers" {
		t.Errorf("the button says %q", got)
	}
	checkNarrow(t, p, 390, "covered-notice", "#covered-notice")

	p.do(chromedp.Click(chromedp.CSS(`#score-covered`)))
	p.waitFor("the subset", `document.querySelector('#subset-notice') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	checkCLI := func(when string) {
		t.Helper()
		got := cells(p)["student"]
		checked := 0
		for _, f := range []string{"regular", "concat", "minimal"} {
			s := cli.Systems[0].BenchIE.Facet(f)
			for metric, want := range map[string]float64{"precision": s.Precision, "recall": s.Recall, "f1": s.F1} {
				var v float64
				if _, err := fmt.Sscan(got[f][metric], &v); err != nil || math.Abs(v-want) > 1e-12 {
					t.Errorf("%s: student %s %s = %q, the command line's --sentences covered %.17g", when, f, metric, got[f][metric], want)
				}
				checked++
			}
		}
		if checked != 9 {
			t.Errorf("%s: %d cells checked", when, checked)
		}
		if sig := eval[string](p, `document.querySelector('#signature').textContent`); !strings.Contains(sig, "|sentences:covered:5/300:1-5|systems:sha256:") {
			t.Errorf("%s: signature %s", when, sig)
		}
		if note := eval[string](p, `document.querySelector('#subset-notice').textContent`); !strings.Contains(note, "5 of 300 sentences (those the files cover: 1-5)") {
			t.Errorf("%s: notice %q", when, note)
		}
		if !eval[bool](p, `document.querySelector('#sentences-choice input[value="covered"]').checked`) {
			t.Errorf("%s: the choice is not shown as covered", when)
		}
	}
	checkCLI("after the button")
	// Every system on screen is scored on the student's 5 sentences.
	if got := cells(p)["ClausIE"]; got["regular"]["recall"] != cells(p)["student"]["regular"]["recall"] {
		t.Errorf("ClausIE's recall on the same sentences %v, the student's %v", got["regular"], cells(p)["student"]["regular"])
	}
	checkNarrow(t, p, 390, "subset", "#sentences-choice")

	p.do(chromedp.Reload())
	p.waitReady()
	p.waitFor("the subset again", `document.querySelector('#subset-notice') !== null && document.querySelector('#scores td[data-system="student"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	checkCLI("after a reload")

	// A list typed in the field, then one that names no sentence.
	setList := func(list string) {
		eval[bool](p, `(document.querySelector("#sentences-list").value = `+strconv.Quote(list)+`, true)`)
		eval[bool](p, `(document.querySelector('#sentences-list').dispatchEvent(new Event('change', {bubbles: true})), true)`)
	}
	setList("1-3")
	p.waitFor("1-3", `document.querySelector('#signature').textContent.includes('|sentences:list:3/300:1-3|') && document.querySelector('#app[data-ready="table"]') !== null`)
	setList("1-3,301")
	p.waitFor("the error", `document.querySelector('#sentences-error') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if msg := eval[string](p, `document.querySelector('#sentences-error').textContent`); !strings.Contains(msg, `column 5: sentence "301" is not in the gold`) {
		t.Errorf("error %q", msg)
	}
	if sig := eval[string](p, `document.querySelector('#signature').textContent`); strings.Contains(sig, "sentences:") {
		t.Errorf("a wrong list must score every sentence: %s", sig)
	}

	// The JavaScript API, as the command line.
	args, _ := json.Marshal(map[string]any{"gold": string(gold), "systems": map[string]string{"student": string(student)}, "sentences": "covered"})
	sameAsCommandLine(t, p, args, evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "student", Path: evaluate.SystemPath("student"), Data: student}}, Options: evaluate.Options{Sentences: "covered"}})
	var r report.Report
	json.Unmarshal(eval[json.RawMessage](p, `oiebenchReady.then(api => api.score(`+string(args)+`))`), &r)
	if r.Subset == nil || r.Subset.IDs != "1-5" {
		t.Errorf("the API's report names no subset: %+v", r.Subset)
	}
}
