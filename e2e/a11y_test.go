//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core as npm installed it under e2e/ (e2e/package.json,
// installed by ./build.sh test's prerequisites step).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "e2e", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (npm ci --prefix e2e, or ./build.sh test installs it): %v", err)
	}
	return string(b)
}

// axeRunJS runs every axe-core rule on the document and describes each
// violation with the nodes it found (the CSS path and axe's summary).
const axeRunJS = `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
  v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 6).map(n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\s+/g, ' ')).join(' | ') + (v.nodes.length > 6 ? ' | … ' + v.nodes.length + ' nodes' : '')))`

// checkAxe injects axe-core into the page (once) and fails the test with
// every violation on the view now shown.
func checkAxe(t *testing.T, p *page, view string) {
	t.Helper()
	if !eval[bool](p, `typeof axe !== 'undefined'`) {
		// Runtime.evaluate is not bound by the page's Content-Security-Policy.
		eval[bool](p, axeSource(t)+";true")
	}
	for _, v := range eval[[]string](p, axeRunJS) {
		t.Errorf("axe-core on %s: %s", view, v)
	}
}

// Every view of the page passes axe-core with no violation: the scores,
// the sentence explorer, the comparison, the charts, the annotation studio
// with a sentence open, and the agreement of two annotators.
func TestAccessibleViews(t *testing.T) {
	p := newPage(t)
	p.open("")
	checkAxe(t, p, "Scores")
	for _, v := range []struct{ tab, ready, name string }{
		{"sentences", `document.querySelector('.detail .systems[aria-busy="false"]') !== null`, "Sentences"}, // its detail whole
		{"compare", `document.querySelector('.compare .detail') !== null`, "Compare"},
		{"charts", `document.querySelector('figure.chart svg') !== null`, "Charts"},
	} {
		p.do(chromedp.Click(chromedp.CSS("#tab-" + v.tab)))
		p.waitFor(v.name, v.ready)
		checkAxe(t, p, v.name)
	}
	openStudio(p)
	p.waitFor("the start screen", `document.querySelector('.studio-start') !== null`)
	checkAxe(t, p, "Annotate (start)")
	pick(p, "#studio-file", writeTemp(t, "capitals.txt", []byte("Obama was born in Hawaii .\nBerlin is the capital of Germany .\n")))
	p.waitFor("the first sentence", `(document.querySelector('.studio-sentence') || {}).dataset?.sentence === '1'`)
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	checkAxe(t, p, "Annotate")
	p.do(chromedp.Click(chromedp.CSS("#tab-agreement")))
	p.waitFor("the agreement view", `document.querySelector('#agreement') !== null`)
	checkAxe(t, p, "Agreement (empty)")
	a := "sent_id:1\tShe left early .\n1--> Cluster 1:\nShe --> left --> [early]\n"
	b := "sent_id:1\tShe left early .\n1--> Cluster 1:\nShe --> left --> early\n"
	pick(p, "#agree-file-a", writeTemp(t, "annotator_a.txt", []byte(a)))
	pick(p, "#agree-file-b", writeTemp(t, "annotator_b.txt", []byte(b)))
	p.waitFor("the agreement", `document.querySelector("#agree-iaa") !== null`)
	checkAxe(t, p, "Agreement")
}

// The exercise the page makes passes axe-core for the student (an
// extraction added, its verdict and explanation shown) and for the teacher
// (a submission in the class table, its report open); its word chips are
// finger-sized on a touch screen and the teacher's file picker is a real,
// labelled, focusable control.
func TestAccessibleExercise(t *testing.T) {
	p := newPage(t)
	downloads := allowDownloads(t, p)
	p.open("")
	exerciseFromPage(p, downloads, "2", "")
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s0-subject"), "Graner"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-relation"), "left"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-object"), "him there\r"))
	p.waitFor("a verdict", `document.querySelector('li.extraction[data-verdict]') !== null`)
	checkAxe(t, p, "the exercise (student)")

	p.do(chromedp.Click(chromedp.CSS("#tab-teacher")))
	p.waitFor("the teacher's view", `document.querySelector('#ex-submissions') !== null`)
	checkAxe(t, p, "the exercise (teacher)")
	// The picker: reached by Tab, its label drawn as a button with the focus ring.
	if got := eval[string](p, `(() => { const l = document.querySelector('label[for="ex-submissions"]'); return l ? l.textContent.trim() : '' })()`); got == "" {
		t.Errorf("the teacher's file picker has no label")
	}
	p.do(chromedp.Focus(chromedp.CSS("#tab-teacher")), chromedp.KeyEvent("\t"))
	if got := eval[string](p, `document.activeElement.id`); got != "ex-submissions" {
		t.Errorf("Tab from the Teacher tab reaches %q, want the submissions picker", got)
	}
	if got := eval[string](p, `getComputedStyle(document.querySelector('label[for="ex-submissions"]')).outlineStyle`); got != "solid" {
		t.Errorf("the focused picker's label has outline %q, want a visible ring", got)
	}

	// On a touch screen each word chip is at least 44 px both ways.
	p.do(chromedp.Click(chromedp.CSS("#tab-student")))
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.waitFor("the chips", `document.querySelector('.ex-tokens .chip') !== null`)
	if small := eval[[]string](p, `[...document.querySelectorAll('.ex-tokens .chip')].map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).map(r => Math.round(r.width) + 'x' + Math.round(r.height))`); len(small) > 0 {
		t.Errorf("word chips smaller than 44 px: %v", small)
	}
	checkAxe(t, p, "the exercise on a phone")
}

// The single-file page, opened from disk, passes axe-core.
func TestAccessibleSingleFile(t *testing.T) {
	path := filepath.Join(siteDir, "oiebench.html")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v: run ./build.sh site first", err)
	}
	p := newPage(t)
	p.open("file://" + path)
	checkAxe(t, p, "the single file")
}

// A reviewer's link opens on ClausIE's sentence 34 of BenchIE^FL, and the
// address follows the page as the reader moves on.
func TestDeepLink(t *testing.T) {
	p := newPage(t)
	p.open(site.URL + "/#view=sentences&gold=benchie-fl:en&system=ClausIE&sentence=34")
	p.waitFor("sentence 34 of ClausIE on BenchIE^FL", `document.querySelector('#tab-sentences').getAttribute('aria-selected') === 'true'
		&& document.querySelector('.sources button[data-source="fl-en"]').getAttribute('aria-pressed') === 'true'
		&& document.querySelector('#explore-system').value === 'ClausIE'
		&& (document.querySelector('.detail') || {}).dataset?.sentence === '34'`)
	if got := eval[string](p, `location.hash`); got != "#view=sentences&gold=benchie-fl%3Aen&system=ClausIE&sentence=34" {
		t.Errorf("address %q after opening the link", got)
	}
	history := eval[int](p, `history.length`)
	p.do(chromedp.Click(chromedp.CSS("#tab-scores")))
	p.waitFor("the address of the scores", `location.hash === '#view=scores&gold=benchie-fl%3Aen'`)
	if got := eval[int](p, `history.length`); got != history {
		t.Errorf("navigating added history entries: %d, then %d", history, got)
	}
}

// Keyboard only: Tab reaches every control of the scores view, each with
// a visible focus ring.
func TestKeyboardReachesEveryControl(t *testing.T) {
	p := newPage(t)
	p.open("")
	// Every focusable control, in document order, against what Tab reaches.
	controls := eval[[]string](p, `[...document.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])')]
		.filter(e => e.getClientRects().length > 0 || (e.type === 'file' && e.labels && e.labels.length))
		.map(e => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30))`)
	reached := map[string]bool{}
	var noRing []string
	eval[bool](p, `(document.activeElement.blur(), true)`)
	for range len(controls) + 20 {
		p.do(chromedp.KeyEvent("\t"))
		if eval[bool](p, `document.activeElement === document.body`) {
			continue // past the last control, before Tab wraps around
		}
		id := eval[string](p, `(e => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30))(document.activeElement)`)
		ring := eval[string](p, `(e => { const s = getComputedStyle(e.type === 'file' && e.labels.length ? e.labels[0] : e); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? 'yes' : s.outlineStyle + ' ' + s.outlineWidth })(document.activeElement)`)
		if ring != "yes" {
			noRing = append(noRing, id+" ("+ring+")")
		}
		reached[id] = true
	}
	// Roving tab index: one tab of the tab list takes Tab, the others the arrows.
	for _, c := range controls {
		if !reached[c] && !strings.HasPrefix(c, "tab-") {
			t.Errorf("Tab never reaches %q", c)
		}
	}
	if len(noRing) > 0 {
		t.Errorf("focused without a visible ring: %v", noRing)
	}
}

// "Copy" says it copied, in a live region; a file dropped beside the
// page's box (the margin of a wide window) is taken as the page says.
func TestCopySaysCopiedAndDropOnMargin(t *testing.T) {
	p := newPage(t)
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#copy-signature")))
	p.waitFor("the copy status", `document.querySelector('#copy-status').textContent === 'Copied'`)
	if got := eval[string](p, `document.querySelector('#copy-status').getAttribute('aria-live')`); got != "polite" {
		t.Errorf("the copy status is not announced (aria-live %q)", got)
	}
	eval[bool](p, `(() => {
		const dt = new DataTransfer();
		dt.items.add(new File(["1\tHe\tserved as\tthe first Prime Minister of Australia\n"], "margin.tsv"));
		document.documentElement.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`)
	p.waitFor("the file dropped on the margin", `document.querySelector('#scores td[data-system="margin"]') !== null`)
}

// At 360 px the charts keep labels of 11 px or more (each chart scrolls
// sideways in its box) and still pass axe-core.
func TestChartsReadableOnAPhone(t *testing.T) {
	p := newPage(t)
	p.do(chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.open("")
	p.do(chromedp.Click(chromedp.CSS("#tab-charts")))
	p.waitFor("the charts", `document.querySelector('figure.chart svg text') !== null`)
	smallest := eval[float64](p, `Math.min(...[...document.querySelectorAll('figure.chart svg')].flatMap(svg => {
		const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		return [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
	}))`)
	if smallest < 11 {
		t.Errorf("the smallest chart label is %.1f px on a 360 px screen, want 11 or more", smallest)
	}
	if sw := eval[int](p, `document.documentElement.scrollWidth`); sw > 360 {
		t.Errorf("the charts make the page %d px wide", sw)
	}
	checkAxe(t, p, "Charts at 360 px")
}
