//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/oiebench/oiebench/core/annotate"
)

// Storage faults (issue 30): a full quota during autosave, a reload in the
// middle of a save, and one studio open in two tabs.

// failingStorage makes the page's writes fail as a full quota does, once
// the test calls the function it returns: IndexedDB puts into the studio's
// store and localStorage writes throw QuotaExceededError, on the page and
// in its Workers (the evaluator's IndexedDB is the Worker's in worker
// mode).
func failingStorage(p *page) (fail func()) {
	p.t.Helper()
	const script = `(() => {
		const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");
		const put = IDBObjectStore.prototype.put;
		IDBObjectStore.prototype.put = function (...args) {
			if (self.oiebenchFailStorage && this.name === 'works') throw quota();
			return put.apply(this, args);
		};
		if (!self.Storage) return; // a Worker has no localStorage
		const setItem = Storage.prototype.setItem;
		Storage.prototype.setItem = function (...args) {
			if (self.oiebenchFailStorage) throw quota();
			return setItem.apply(this, args);
		};
	})();`
	w := everywhere(p, script)
	return func() { w.evalEverywhere(`self.oiebenchFailStorage = true`) }
}

// openCapitals opens the page's studio on two sentences, adds a triple
// and waits until it is saved.
func openCapitals(p *page) {
	p.t.Helper()
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\nBerlin is the capital of Germany .\n")
	addTriple(p)
	p.waitFor("saved", studioSaved)
}

// buildTriple builds (token 0; token 1; token 4) in the studio's sentence
// on screen, not yet added.
func buildTriple(p *page) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	key(p, "2")
	p.do(chromedp.Click(chromedp.CSS("#studio-token-1")))
	key(p, "3")
	p.do(chromedp.Click(chromedp.CSS("#studio-token-4")))
}

// addTriple builds a triple (buildTriple) and adds it to a new synset.
func addTriple(p *page) {
	p.t.Helper()
	n := triplesShown(p)
	buildTriple(p)
	choose(p, "#studio-target", "0")
	p.do(chromedp.Click(chromedp.CSS("#studio-commit")))
	p.waitFor("the new triple", `document.querySelectorAll('.studio-synsets .studio-triple').length === `+Itoa(n+1))
}

// triplesShown counts the triples of the studio's sentence on screen.
func triplesShown(p *page) int {
	p.t.Helper()
	return eval[int](p, `document.querySelectorAll('.studio-synsets .studio-triple').length`)
}

// reloadNow reloads without the question a page with unsaved changes asks
// (TestStudioAnnotate tests that it asks).
func reloadNow(p *page) {
	p.t.Helper()
	eval[bool](p, noLeaveQuestion)
	p.do(chromedp.Reload())
}

// noLeaveQuestion keeps oiebenchUnsaved false from now on. Setting it
// false is not enough: the evaluator Worker's effect that sets it true
// for a change just made may come after.
const noLeaveQuestion = `Object.defineProperty(window, 'oiebenchUnsaved', {get: () => false, set() {}, configurable: true}), true`

// afterReload waits for the studio's work after a reload and returns the
// number of triples it shows.
func afterReload(p *page) int {
	p.t.Helper()
	p.waitReady()
	p.waitFor("the work after reload", `document.querySelector('.studio-sentence') !== null`)
	return triplesShown(p)
}

// triplesIn counts the triples of a BenchIE gold.
func triplesIn(t *testing.T, gold []byte) int {
	t.Helper()
	doc, _, err := annotate.ReadBenchIE("gold.txt", gold, annotate.ReadOptions{})
	if err != nil {
		t.Fatalf("the download does not read: %v", err)
	}
	n := 0
	for _, s := range doc.Sentences {
		for _, k := range s.Synsets {
			n += len(k.Triples)
		}
	}
	return n
}

// The studio's quota runs out during autosave: the alert comes at once,
// its button downloads the unsaved work (the BenchIE export, the last
// triple in it), and a reload finds what was saved before.
func TestStorageStudioQuota(t *testing.T) {
	p := newPage(t)
	failStorage := failingStorage(p)
	dir := allowDownloads(t, p)
	openCapitals(p)

	failStorage()
	addTriple(p)
	p.waitFor("the alert", `document.querySelector('#studio-save-error[role=alert]') !== null`)
	if msg := eval[string](p, `document.querySelector('#studio-save-error').textContent`); !strings.Contains(msg, "quota") || !strings.Contains(msg, "Download") {
		t.Errorf("alert %q", msg)
	}
	p.screenshotView("storage-studio-quota")
	p.do(chromedp.Click(chromedp.CSS("#studio-save-download")))
	if n := triplesIn(t, download(t, dir, "capitals.gold.txt")); n != 2 {
		t.Errorf("the download holds %d triples, want the 2 on screen", n)
	}

	// What was saved before the quota ran out is there after a reload.
	reloadNow(p)
	if n := afterReload(p); n != 1 {
		t.Errorf("%d triples after the reload, want the 1 saved", n)
	}
}

// A reload in the middle of a save loses nothing saved before it: each
// time the stored work is the one before or after the change, whole.
func TestStorageReloadMidSave(t *testing.T) {
	p := newPage(t)
	openCapitals(p)
	saved := 1
	for round := 0; round < 3; round++ {
		buildTriple(p)
		choose(p, "#studio-target", "0")
		// The commit, then at once the reload (one round trip of the
		// protocol later, and a few ms more each round): the save has
		// started, or is about to.
		eval[bool](p, `document.querySelector('#studio-commit').click(), `+noLeaveQuestion)
		time.Sleep(time.Duration(round*15) * time.Millisecond)
		p.do(chromedp.Reload())
		n := afterReload(p)
		if n != saved && n != saved+1 {
			t.Fatalf("round %d: %d triples after the reload, want %d (saved before) or %d", round, n, saved, saved+1)
		}
		if eval[int](p, `document.querySelectorAll('.problem').length`) != 0 {
			t.Fatalf("round %d: a stored work did not read back", round)
		}
		saved = n
	}
}

// sibling opens another tab of the same browser context: the same storage,
// the same Web Locks, as a second tab of one person's browser.
func (p *page) sibling() *page {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	// The first action on a context makes its tab, for the context's life
	// (a derived context with a timeout would close it with itself).
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		p.t.Fatal(err)
	}
	return &page{t: p.t, ctx: ctx}
}

// The same studio in two tabs: the second is told and is read-only (its
// change refused, with the reason); "Edit here" makes the first save its
// last change and hand over; the second then shows that change and edits;
// the first is read-only. Every change of both tabs is stored.
func TestStudioTwoTabs(t *testing.T) {
	a := newPage(t)
	openCapitals(a)

	b := a.sibling()
	b.open("")
	openStudio(b)
	b.waitFor("the read-only notice", `document.querySelector('#studio-elsewhere[role=status] #studio-edit-here') !== null`)
	if got := triplesShown(b); got != 1 {
		t.Errorf("the second tab shows %d triples, want 1", got)
	}
	b.screenshotView("studio-two-tabs-readonly")
	// A change in the read-only tab is refused, with the reason.
	buildTriple(b)
	b.do(chromedp.Click(chromedp.CSS("#studio-commit")))
	b.waitFor("the refusal", `(document.querySelector('#studio-status') || {}).textContent?.includes('another tab')`)
	if got := triplesShown(b); got != 1 {
		t.Errorf("the read-only tab took a change: %d triples", got)
	}

	// The first tab's change, not yet saved, when the second asks.
	addTriple(a)
	b.do(chromedp.Click(chromedp.CSS("#studio-edit-here")))
	b.waitFor("the editing here", `document.querySelector('#studio-elsewhere') === null`)
	a.waitFor("the first tab read-only", `document.querySelector('#studio-elsewhere #studio-edit-here') !== null`)
	if got := triplesShown(b); got != 2 {
		t.Fatalf("the second tab shows %d triples after taking over, want the first tab's 2", got)
	}
	addTriple(b)
	b.waitFor("saved", studioSaved)
	// The first tab's reload shows every change of both.
	reloadNow(a)
	if got := afterReload(a); got != 3 {
		t.Errorf("stored: %d triples, want 3 (2 from the first tab, 1 from the second)", got)
	}
}

// An exercise page whose storage is full: the student is told at once,
// the button downloads the submission with the unsaved extraction, and a
// reload finds what was saved before.
func TestStorageExerciseQuota(t *testing.T) {
	p := newPage(t)
	failStorage := failingStorage(p)
	downloads := allowDownloads(t, p)
	// Made by this build's page (the command line embeds the committed
	// evaluator).
	p.open("")
	exerciseFromPage(p, downloads, "2,3", "Week 3")
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-name"), "Ana Lima"), chromedp.Click(chromedp.CSS("#ex-title")))
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s0-subject"), "Graner"), chromedp.SendKeys(chromedp.CSS("#ex-s0-relation"), "handcuffed"),
		chromedp.SendKeys(chromedp.CSS("#ex-s0-object"), "him"), chromedp.Click(chromedp.CSS("#ex-s0-add")))
	p.waitFor("the first extraction", `document.querySelectorAll('li.extraction').length === 1`)

	failStorage()
	p.do(chromedp.SendKeys(chromedp.CSS("#ex-s1-subject"), "It"), chromedp.SendKeys(chromedp.CSS("#ex-s1-relation"), "deals with"),
		chromedp.SendKeys(chromedp.CSS("#ex-s1-object"), "cases of fraud"), chromedp.Click(chromedp.CSS("#ex-s1-add")))
	p.waitFor("the alert", `document.querySelector('#ex-save-error[role=alert]') !== null`)
	if msg := eval[string](p, `document.querySelector('#ex-save-error').textContent`); !strings.Contains(msg, "quota") || !strings.Contains(msg, "Download") {
		t.Errorf("alert %q", msg)
	}
	p.screenshotView("storage-exercise-quota")
	p.do(chromedp.Click(chromedp.CSS("#ex-save-download")))
	sub := string(waitDownload(t, filepath.Join(downloads, "submission-ana-lima.jsonl")))
	if n := strings.Count(sub, "\n"); n != 2 || !strings.Contains(sub, `"cases of fraud"`) {
		t.Errorf("the download holds %d lines (want 2, the unsaved one included): %s", n, sub)
	}

	p.do(chromedp.Reload())
	p.waitFor("the exercise again", `document.querySelector('#app[data-ready="exercise"]') !== null`)
	if n := eval[int](p, `document.querySelectorAll('li.extraction').length`); n != 1 {
		t.Errorf("%d extractions after the reload, want the 1 saved", n)
	}
}
