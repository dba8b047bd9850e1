//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/oiebench/oiebench/internal/hostile"
)

// The page always starts (issue 13): with site data blocked, with an
// IndexedDB that never answers, and after a stored file stopped it.

// blockStorage makes every document of the page and every Worker it starts
// see storage as Chromium does with site data blocked: reading
// localStorage throws a SecurityError, and opening IndexedDB throws (hang:
// never answers).
func blockStorage(p *page, hang bool) {
	p.t.Helper()
	script := `if (self.document) Object.defineProperty(self, 'localStorage', {get() { throw new DOMException("Access is denied for this document.", "SecurityError"); }});`
	if hang {
		script += `indexedDB.open = function () { return {}; };` // a request whose events never come
	} else {
		script += `indexedDB.open = function () { throw new DOMException("The user denied permission to access the database.", "UnknownError"); };`
	}
	everywhere(p, script)
}

func TestStartsWithStorageBlocked(t *testing.T) {
	for _, hang := range []bool{false, true} {
		name := map[bool]string{false: "blocked", true: "hanging"}[hang]
		t.Run(name, func(t *testing.T) {
			p := newPage(t)
			blockStorage(p, hang)
			p.open("") // the published table, scored
			if n := eval[int](p, `document.querySelectorAll('#scores td[data-system]').length`); n == 0 {
				t.Fatal("no table")
			}
			p.waitFor("the notice", `document.querySelector('.notice[role=status]') !== null`)
			notice := eval[string](p, `document.querySelector('.notice[role=status]').textContent`)
			if !strings.Contains(notice, "gone after a reload") || strings.Contains(notice, "syscall/js") || strings.Contains(notice, "()") {
				t.Errorf("notice %q", notice)
			}
			// A file added still scores.
			pick(p, "#file-input", writeTemp(t, "my_system.tsv", readData(t, "systems/minie_explicit.txt")))
			p.waitFor("the new row", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
			p.screenshot("storage-" + name)
		})
	}
}

// A stored file that stopped the evaluator is held back at the next start,
// which shows the published table and asks; "Open them again" opens it.
// And a gold of 2^20 forms a synset, of the kind that crashed the page on
// every load (issue 13's 20 identical triples are now counted exactly, as
// one), whose count the budget leaves a lower bound: stored, it starts like
// any gold.
func TestStartsAfterHostileStoredFile(t *testing.T) {
	p := newPage(t)
	p.open("")
	gold := []byte("sent_id:1\tA sentence.\n1--> Cluster 1:\n" + hostile.OptionalUnits(20, 2) + " --> r --> o\n" + hostile.OptionalUnits(20, 2) + " [x] --> r --> o\n")
	pick(p, "#file-input", writeTemp(t, "hostile_gold.txt", gold))
	p.waitFor("the hostile gold's statistics", `document.querySelector('#app[data-ready="table"]') !== null && document.body.textContent.includes('at least')`)
	p.do(chromedp.Reload())
	p.waitReady()
	// The stored files are read back after the start, and the gold's
	// statistics counted after its table: wait for them.
	p.waitFor("the stored hostile gold back, with its statistics", `document.querySelector('.sources button[data-source="custom"]') !== null && document.body.textContent.includes('at least')`)

	// As if the last start had stopped on the stored files.
	eval[bool](p, `(() => { const s = JSON.parse(localStorage.getItem('oiebench.state')); s.pending = true; localStorage.setItem('oiebench.state', JSON.stringify(s)); return true; })()`)
	p.do(chromedp.Reload())
	p.waitFor("the recovery notice", `document.querySelector('#recovery') !== null`)
	p.waitReady()
	if msg := eval[string](p, `document.querySelector('#recovery').textContent`); !strings.Contains(msg, "hostile_gold.txt") {
		t.Errorf("recovery notice %q", msg)
	}
	if n := eval[int](p, `document.querySelectorAll('#scores td[data-system="ClausIE"]').length`); n == 0 {
		t.Error("no published table while the files are held")
	}
	p.screenshot("recovery")
	p.do(chromedp.Click(chromedp.CSS(`#recovery-retry`)))
	p.waitFor("the gold back", `document.querySelector('#recovery') === null && document.querySelector('.sources button[data-source="custom"]') !== null`)

	// Discarding deletes them: the next start is clean.
	eval[bool](p, `(() => { const s = JSON.parse(localStorage.getItem('oiebench.state')); s.pending = true; localStorage.setItem('oiebench.state', JSON.stringify(s)); return true; })()`)
	p.do(chromedp.Reload())
	p.waitFor("the recovery notice", `document.querySelector('#recovery') !== null`)
	p.do(chromedp.Click(chromedp.CSS(`#recovery-discard`)))
	p.waitFor("the notice gone", `document.querySelector('#recovery') === null`)
	p.do(chromedp.Reload())
	p.waitReady()
	if eval[bool](p, `document.querySelector('#recovery') !== null || document.querySelector('.sources button[data-source="custom"]') !== null`) {
		t.Error("discarded files came back")
	}
}
