//go:build e2e

package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/exercise"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/dist/singlefile"
)

// oiebenchCLI builds the command line (it embeds the committed evaluator)
// and returns a function that runs it.
func oiebenchCLI(t *testing.T) func(args ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "oiebench")
	goBuild(t, root, "-o", bin, "./cmd/oiebench")
	return func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			msg := ""
			if ee, ok := err.(*exec.ExitError); ok {
				msg = string(ee.Stderr)
			}
			t.Fatalf("oiebench %v: %v %s", args, err, msg)
		}
		return string(out)
	}
}

// cliScores runs oiebench score --format json and returns, per system, the
// regular facet's precision, recall and F1 as data-value writes them.
func cliScores(t *testing.T, cli func(...string) string, gold string, systems ...string) map[string][3]string {
	t.Helper()
	var rep struct {
		Systems []struct {
			Name    string
			BenchIE map[string]struct{ Precision, Recall, F1 float64 }
		}
	}
	if err := json.Unmarshal([]byte(cli(append([]string{"score", "--gold", gold, "--format", "json"}, systems...)...)), &rep); err != nil {
		t.Fatal(err)
	}
	out := map[string][3]string{}
	for _, s := range rep.Systems {
		r := s.BenchIE["regular"]
		out[s.Name] = [3]string{formatFull(r.Precision), formatFull(r.Recall), formatFull(r.F1)}
	}
	return out
}

// exerciseFromPage makes an exercise of sentences (and a title, if not
// "") with the page open in p, opens the page it downloads into downloads
// from disk and waits until it is ready; it returns the page's path.
func exerciseFromPage(p *page, downloads, sentences, title string) string {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#make-exercise-toggle")))
	p.waitFor("the form", `document.querySelector('#exercise-sentences') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#exercise-sentences"), sentences))
	if title != "" {
		p.do(chromedp.SendKeys(chromedp.CSS("#exercise-title"), title))
	}
	p.do(chromedp.Click(chromedp.CSS("#exercise-make")))
	page := filepath.Join(downloads, "exercise.html")
	waitDownload(p.t, page)
	p.do(chromedp.Navigate("file://" + page))
	p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	return page
}

// waitDownload waits for a downloaded file.
func waitDownload(t *testing.T, path string) []byte {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(50 * time.Millisecond)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	t.Fatalf("%s was not downloaded (the folder holds %v)", path, entries)
	return nil
}

// An exercise made by the command line works from file:// in a fresh
// browser profile: typed and picked extractions are scored at once with
// the explorer's explanation (the gold hidden), survive a reload, and the
// downloaded submission scores in the command line to the page's numbers.
func TestExerciseFromDisk(t *testing.T) {
	cli := oiebenchCLI(t)
	dir := t.TempDir()
	page, gold := filepath.Join(dir, "exercise.html"), filepath.Join(dir, "exercise-gold.txt")
	cli("exercise", "--gold", "benchie:en", "--sentences", "2-3", "--title", "Week 3", "--out", page, "--gold-out", gold)

	p := newPage(t)
	downloads := allowDownloads(t, p)
	p.do(chromedp.Navigate("file://" + page))
	p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	if title := eval[string](p, `document.querySelector('#ex-title').textContent`); title != "Week 3" {
		t.Errorf("title %q", title)
	}
	s2, s3 := `.ex-sentence[data-sentence="2"]`, `.ex-sentence[data-sentence="3"]`
	// Sentence 2: the subject picked from the sentence's words, the rest typed.
	p.do(chromedp.Click(chromedp.CSS(s2 + ` .ex-tokens button[data-token="0"]`)))
	p.waitFor("the picked word", `document.querySelector('#ex-s0-subject').value === 'Graner'`)
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s0-relation"), "handcuffed"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-object"), "him"),
		chromedp.Click(chromedp.CSS("#ex-s0-add")))
	p.waitFor("a correct verdict", `document.querySelector('`+s2+` li.extraction[data-verdict="correct"]') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s0-subject"), "Graner"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-relation"), "left"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-object"), "him there\r")) // Enter adds
	p.waitFor("an incorrect verdict", `document.querySelector('`+s2+` li.extraction[data-verdict="incorrect"]') !== null`)
	why := eval[string](p, `document.querySelector('`+s2+` li.extraction[data-verdict="incorrect"] .why').textContent`)
	if !strings.Contains(why, "not shown") || !strings.Contains(why, "Agrees in the subject") {
		t.Errorf("the incorrect extraction is explained as %q", why)
	}
	// The gold is hidden: no gold triple, no closest gold tokens.
	if n := eval[int](p, `document.querySelectorAll('.triples li, .closest .pair').length`); n != 0 {
		t.Errorf("%d gold triples shown with the gold hidden", n)
	}
	if n := eval[int](p, `document.querySelectorAll('`+s2+` .synsets > li').length`); n != 7 {
		t.Errorf("sentence 2 shows %d facts, want 7", n)
	}
	// Sentence 3, typed.
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s1-subject"), "It"),
		chromedp.SendKeys(chromedp.CSS("#ex-s1-relation"), "deals with cases of fraud in"),
		chromedp.SendKeys(chromedp.CSS("#ex-s1-object"), "direct taxes"),
		chromedp.Click(chromedp.CSS("#ex-s1-add")))
	p.waitFor("sentence 3's verdict", `document.querySelector('`+s3+` li.extraction[data-verdict="correct"]') !== null`)
	// An empty slot is refused with the reason.
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s1-subject"), "It"), chromedp.Click(chromedp.CSS("#ex-s1-add")))
	p.waitFor("the refusal", `(document.querySelector('#ex-error') || {}).textContent?.includes('relation is empty')`)

	// The work survives a reload; the download needs a name.
	p.do(chromedp.Reload())
	p.waitFor("the exercise again", `document.querySelectorAll('#app[data-ready="exercise"] li.extraction').length === 3`)
	p.do(chromedp.Click(chromedp.CSS("#ex-download")))
	p.waitFor("the name asked for", `(document.querySelector('#ex-error') || {}).textContent?.includes('name')`)
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-name"), "Ana Lima"), chromedp.Click(chromedp.CSS("#ex-title")), chromedp.Click(chromedp.CSS("#ex-download")))
	sub := waitDownload(t, filepath.Join(downloads, "submission-ana-lima.jsonl"))
	shown := [3]string{
		eval[string](p, `document.querySelector('#ex-score').dataset.precision`),
		eval[string](p, `document.querySelector('#ex-score').dataset.recall`),
		eval[string](p, `document.querySelector('#ex-score').dataset.f1`),
	}
	subPath := filepath.Join(dir, "ana.jsonl")
	os.WriteFile(subPath, sub, 0o644)
	got := cliScores(t, cli, gold, "Ana="+subPath)["Ana"]
	if got != shown {
		t.Errorf("the page shows P, R, F1 %v; oiebench score gives %v", shown, got)
	}
	// 2 of 3 correct, 2 of 7 + 13 facts covered.
	if shown[0] != formatFull(2.0/3) {
		t.Errorf("precision %s, want 2/3", shown[0])
	}
	p.screenshot("exercise-student")
	if bad := p.foreignRequests("file"); len(bad) > 0 {
		t.Errorf("the exercise made requests: %v", bad)
	}
}

// The teacher drops three submissions and one of another exercise: the
// class table ranks the three as oiebench score scores them, with
// intervals, refuses the fourth with the reason, and opens each report.
func TestExerciseClassTable(t *testing.T) {
	cli := oiebenchCLI(t)
	dir := t.TempDir()
	page, gold := filepath.Join(dir, "exercise.html"), filepath.Join(dir, "exercise-gold.txt")
	cli("exercise", "--gold", "benchie:en", "--sentences", "1-3", "--show-gold", "--out", page, "--gold-out", gold)
	goldText, _ := os.ReadFile(gold)
	sum := sha256.Sum256(goldText) // the exercise's id
	spec := exercise.Spec{ID: hex.EncodeToString(sum[:]), Gold: string(goldText)}
	x := func(id, s, r, o string) exercise.Extraction {
		return exercise.Extraction{SentID: id, Triple: oie.Triple{Subject: s, Relation: r, Object: o}}
	}
	works := map[string][]exercise.Extraction{
		"Ana": {x("2", "Graner", "handcuffed", "him"), x("2", "feet", "dangling off", "floor"), x("3", "x", "y", "z")},
		"Bo":  {x("2", "Graner", "left", "him there")},
		"Cy":  {x("1", "He", "served as", "Prime Minister"), x("2", "Graner", "handcuffed", "him")},
	}
	var files, named []string
	for name, exts := range works {
		data, err := exercise.WriteSubmission(spec, name, exts)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, exercise.SubmissionName(name))
		os.WriteFile(path, data, 0o644)
		files = append(files, path)
		named = append(named, name+"="+path)
	}
	other := spec
	other.ID = strings.Repeat("0", 64)
	stray, _ := exercise.WriteSubmission(other, "Dee", []exercise.Extraction{x("2", "a", "b", "c")})
	strayPath := filepath.Join(dir, "dee.jsonl")
	os.WriteFile(strayPath, stray, 0o644)

	p := newPage(t)
	p.do(chromedp.Navigate("file://" + page))
	p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	p.do(chromedp.Click(chromedp.CSS("#tab-teacher")))
	pick(p, "#ex-submissions", append(files, strayPath)...)
	p.waitFor("the class table", `document.querySelectorAll('#ex-class tr[data-student]').length === 3`)
	refused := eval[string](p, `document.querySelector('#ex-refused').textContent`)
	if !strings.Contains(refused, "dee.jsonl:1:1") || !strings.Contains(refused, "another exercise") {
		t.Errorf("the stray submission is refused as %q", refused)
	}
	rows := eval[[][5]string](p, `[...document.querySelectorAll('#ex-class tr[data-student]')].map(tr => [tr.dataset.student,
		...['precision', 'recall', 'f1'].map(m => tr.querySelector('[data-metric="' + m + '"]').dataset.value),
		tr.querySelector('[data-metric="f1-interval"]').textContent])`)
	want := cliScores(t, cli, gold, named...)
	var order []string
	for _, r := range rows {
		order = append(order, r[0])
		if got := [3]string{r[1], r[2], r[3]}; got != want[r[0]] {
			t.Errorf("%s: class table %v, oiebench score %v", r[0], got, want[r[0]])
		}
		if !strings.HasPrefix(r[4], "[") {
			t.Errorf("%s: interval %q", r[0], r[4])
		}
	}
	if !slices.Equal(order, []string{"Cy", "Ana", "Bo"}) {
		t.Errorf("ranked %v, want Cy, Ana, Bo (by F1)", order)
	}
	// Ana's report: every sentence, her verdicts, the gold shown.
	p.do(chromedp.Click(chromedp.CSS("#ex-student-1")))
	p.waitFor("Ana's report", `document.querySelectorAll('#ex-report .detail').length === 3`)
	verdicts := eval[[]string](p, `[...document.querySelectorAll('#ex-report li.extraction')].map(li => li.dataset.verdict)`)
	if !slices.Equal(verdicts, []string{"correct", "correct", "incorrect"}) {
		t.Errorf("Ana's verdicts %v", verdicts)
	}
	if n := eval[int](p, `document.querySelectorAll('#ex-report .triples li').length`); n == 0 {
		t.Error("the report shows no gold triples though the gold is shown")
	}
	p.screenshot("exercise-teacher")
}

// The page's "Make an exercise", served and as the single file from disk,
// downloads the exercise the command line makes for the same sentences,
// and the downloaded file opens on it.
func TestMakeExerciseFromThePage(t *testing.T) {
	cli := oiebenchCLI(t)
	dir := t.TempDir()
	made := filepath.Join(dir, "cli.html")
	cli("exercise", "--gold", "benchie:en", "--sentences", "2,3", "--title", "From the page", "--out", made)
	cliPage, _ := os.ReadFile(made)
	want := embeddedJSON(t, string(cliPage))
	for _, u := range []string{site.URL + "/", "file://" + filepath.Join(siteDir, "oiebench.html")} {
		p := newPage(t)
		downloads := allowDownloads(t, p)
		p.open(u)
		p.do(chromedp.Click(chromedp.CSS("#make-exercise-toggle")))
		p.waitFor("the form", `document.querySelector('#exercise-sentences') !== null`)
		p.do(chromedp.SendKeys(chromedp.CSS("#exercise-sentences"), "2,3"),
			chromedp.SendKeys(chromedp.CSS("#exercise-title"), "From the page"))
		p.do(chromedp.Click(chromedp.CSS("#exercise-make")))
		page := waitDownload(t, filepath.Join(downloads, "exercise.html"))
		p.waitFor("the note", `(document.querySelector('#exercise-note') || {}).textContent?.includes('Downloaded exercise.html')`)
		if got := embeddedJSON(t, string(page)); got != want {
			t.Errorf("%s: the page's exercise differs from the command line's:\n%s\n%s", u, got, want)
		}
		p.do(chromedp.Navigate("file://" + filepath.Join(downloads, "exercise.html")))
		p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null && document.querySelectorAll('.ex-sentence').length === 2`)
	}
}

// embeddedJSON is the exercise a page embeds.
func embeddedJSON(t *testing.T, page string) string {
	t.Helper()
	b, err := singlefile.Embedded([]byte(page), exercise.AssetPath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An exercise fits a phone (360 px): no sideways scrolling, finger-sized
// tabs and buttons, for the student (the gold shown, an incorrect
// extraction beside its closest gold triple) and the teacher.
func TestExerciseOnAPhone(t *testing.T) {
	cli := oiebenchCLI(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "exercise.html")
	cli("exercise", "--gold", "benchie:en", "--sentences", "2", "--show-gold", "--out", page)
	p := newPage(t)
	p.do(chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.do(chromedp.Navigate("file://" + page))
	p.waitFor("the exercise", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s0-subject"), "Graner"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-relation"), "left"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-object"), "him there\r"))
	p.waitFor("the closest gold triple", `document.querySelector('.closest .pair') !== null`)
	checkNarrow(t, p, 360, "exercise", ".ex-sentence")
	sp, err := exercise.Parse("exercise.json", []byte(embeddedJSON(t, mustRead(t, page))))
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := exercise.WriteSubmission(sp, "Ana", []exercise.Extraction{{SentID: "2", Triple: oie.Triple{Subject: "Graner", Relation: "handcuffed", Object: "him"}}})
	p.do(chromedp.Click(chromedp.CSS("#tab-teacher")))
	pick(p, "#ex-submissions", writeTemp(t, "ana.jsonl", sub))
	p.waitFor("the class table", `document.querySelector('#ex-class tr[data-student="Ana"]') !== null`)
	checkNarrow(t, p, 360, "exercise-teacher", "#ex-class")
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A picked word moves the choice on to the next empty slot (subject,
// relation, object), by click and by keyboard (Enter, Space: the focus
// stays on the words, and the hint, a live region, says where the next
// word goes); a slot chosen again takes more words. On a touch screen a
// tap does the same, and the chips and slots stay finger-sized.
func TestExerciseSlotAdvances(t *testing.T) {
	p := newPage(t)
	downloads := allowDownloads(t, p)
	p.open("")
	exerciseFromPage(p, downloads, "2", "")

	chip := func(i int) string { return `.ex-tokens button[data-token="` + strconv.Itoa(i) + `"]` }
	// state is the three slots, the active one and the hint.
	state := func() [5]string {
		return eval[[5]string](p, `(() => {
			const v = k => document.querySelector('#ex-s0-' + k).value;
			const active = document.querySelector('.ex-slot.active input');
			return [v('subject'), v('relation'), v('object'), active ? active.id : '', document.querySelector('#ex-s0-hint').textContent];
		})()`)
	}
	expect := func(how string, want [4]string) {
		t.Helper()
		js := `(() => { const a = document.querySelector('.ex-slot.active input'); return document.querySelector('#ex-s0-subject').value === ` + strconv.Quote(want[0]) +
			` && document.querySelector('#ex-s0-relation').value === ` + strconv.Quote(want[1]) +
			` && document.querySelector('#ex-s0-object').value === ` + strconv.Quote(want[2]) +
			` && a !== null && a.id === 'ex-s0-` + want[3] + `' })()`
		deadline := time.Now().Add(5 * time.Second)
		for !eval[bool](p, js) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: slots and choice %q, want %q (active %s)", how, state(), want[:3], want[3])
			}
			time.Sleep(20 * time.Millisecond)
		}
		if hint := state()[4]; hint != "Click words to add them to the "+want[3]+", or type." {
			t.Errorf("%s: the hint says %q", how, hint)
		}
	}
	if role := eval[string](p, `document.querySelector('#ex-s0-hint').getAttribute('role')`); role != "status" {
		t.Errorf("the hint's role is %q, want status (announced)", role)
	}
	expect("at first", [4]string{"", "", "", "subject"})

	p.do(chromedp.Click(chromedp.CSS(chip(0))))
	expect("Graner clicked", [4]string{"Graner", "", "", "relation"})

	p.do(chromedp.Focus(chromedp.CSS(chip(1))), chromedp.KeyEvent("\r"))
	expect("handcuffed by Enter", [4]string{"Graner", "handcuffed", "", "object"})
	if got := eval[string](p, `document.activeElement.dataset.token || document.activeElement.id`); got != "1" {
		t.Errorf("after Enter on a word the focus is on %q, want the word (1)", got)
	}
	p.do(chromedp.Focus(chromedp.CSS(chip(2))), chromedp.KeyEvent(" "))
	expect("him by Space", [4]string{"Graner", "handcuffed", "him", "object"})

	// Every slot filled: a slot chosen again takes the next words.
	p.do(chromedp.Click(chromedp.CSS(`#ex-s0-relation`)))
	expect("the relation chosen", [4]string{"Graner", "handcuffed", "him", "relation"})
	p.do(chromedp.Click(chromedp.CSS(chip(3))))
	expect("to clicked", [4]string{"Graner", "handcuffed to", "him", "relation"})
	p.do(chromedp.Click(chromedp.CSS("#ex-s0-add")))
	expect("added", [4]string{"", "", "", "subject"})

	// A phone: a tap advances too; chips and slots are at least 44 px.
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.waitFor("the phone layout", `window.innerWidth === 390`)
	if small := eval[[]string](p, `[...document.querySelectorAll('.ex-tokens .chip, .ex-slot input')].map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).map(r => Math.round(r.width) + 'x' + Math.round(r.height))`); len(small) > 0 {
		t.Errorf("word chips or slots smaller than 44 px: %v", small)
	}
	p.do(chromedp.Click(chromedp.CSS(chip(0))))
	expect("Graner tapped", [4]string{"Graner", "", "", "relation"})
}
