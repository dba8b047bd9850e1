//go:build e2e

package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/suggest"
	"github.com/oiebench/oiebench/internal/dataset"
)

// goldSynsets lists a gold's synsets as triple texts, by sentence id.
func goldSynsets(t *testing.T, name string, data []byte) map[string][]string {
	t.Helper()
	g, err := evaluate.ReadGold(evaluate.Input{Path: name, Data: data}, false)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			var ts []string
			for i := range syn.Triples {
				tr := syn.Triple(i)
				ts = append(ts, tr.Subject+" | "+tr.Relation+" | "+tr.Object)
			}
			out[s.ID] = append(out[s.ID], strings.Join(ts, " ; "))
		}
	}
	return out
}

// Completing the English gold from the shipped systems' suggestions with
// the keyboard only: q opens the queue, Enter starts it, and one key per
// suggestion accepts it as a new synset, as a surface form of a synset (a
// digit), rejects or undoes, until five sentences have gained a synset; a
// reload in the middle brings the queue back at the same suggestion. The
// work then holds the accepted synsets, and the errata exported with e,
// applied to the published gold as `oiebench errata apply` applies them,
// give exactly the work's gold. The keys per accepted synset are logged
// (docs/suggest.md).
func TestStudioSuggestKeyboard(t *testing.T) {
	p := newPage(t)
	dir := allowDownloads(t, p)
	p.open("")
	openStudio(p)
	p.do(chromedp.Click(chromedp.CSS(`button[data-copy="en"]`)))
	p.waitFor("the copy of the English gold", `document.querySelector('.studio-sentence') !== null && document.querySelector('#studio-suggest') !== null`)

	keys := 0
	press := func(k string) {
		t.Helper()
		keys++
		key(p, k)
	}
	press("q")
	p.waitFor("the queue's form", `document.querySelector('#suggest-start') !== null`)
	if n := eval[int](p, `document.querySelectorAll('#suggest-queue input[data-system]:checked').length`); n != 16 {
		t.Errorf("%d systems offered and chosen, want BenchIE's 9 and BenchIE^FL's 7", n)
	}
	press(kb.Enter)
	const item = `document.querySelector('#suggest-item')`
	p.waitFor("the first suggestion", item+` !== null`)
	done := func() int { return eval[int](p, `+document.querySelector('#suggest-progress').dataset.done`) }
	current := func() (string, string) {
		return eval[string](p, item+`.dataset.sentence`), eval[string](p, item+`.dataset.rank`)
	}
	// step presses a key and waits for the queue to move on (or back).
	step := func(k string, want int) {
		t.Helper()
		press(k)
		p.waitFor("the queue after "+k, `+document.querySelector('#suggest-progress').dataset.done === `+Itoa(want))
	}

	completed := map[string]bool{} // sentences that gained a synset
	var order []string
	usedForm, usedUndo, reloaded := false, false, false
	for len(completed) < 5 {
		if eval[bool](p, item+` === null`) {
			t.Fatal("the queue ran out before five sentences were completed")
		}
		sid, rank := current()
		n := done()
		switch {
		case completed[sid]:
			step("r", n+1)
		case !usedForm && eval[bool](p, item+`.querySelector('li[aria-current="true"]') !== null`):
			// A digit: a surface form of the synset the queue proposes.
			k := eval[string](p, item+`.querySelector('li[aria-current="true"]').dataset.synset`)
			step(k, n+1)
			usedForm = true
			completed[sid], order = true, append(order, sid)
		case !usedUndo:
			// Accept, think better of it, undo, accept again.
			step("a", n+1)
			step("u", n)
			if s, r := current(); s != sid || r != rank {
				t.Fatalf("undo went to %s/%s, not back to %s/%s", s, r, sid, rank)
			}
			usedUndo = true
			step("a", n+1)
			completed[sid], order = true, append(order, sid)
		default:
			step("a", n+1)
			completed[sid], order = true, append(order, sid)
		}
		if len(completed) == 3 && !reloaded {
			reloaded = true
			p.waitFor("saved", studioSaved)
			sid, rank = current()
			n = done()
			p.do(chromedp.Reload())
			p.waitReady()
			p.waitFor("the queue after the reload", item+` !== null`)
			if s, r := current(); s != sid || r != rank || done() != n {
				t.Fatalf("after the reload the queue is at %s/%s (%d done), not %s/%s (%d done)", s, r, done(), sid, rank, n)
			}
		}
	}
	accepted := eval[int](p, `+document.querySelector('#suggest-progress').dataset.accepted`)
	if accepted != 5 {
		t.Errorf("%d accepted, want 5", accepted)
	}
	press("e")
	errata := download(t, dir, "benchie-en.errata.json")
	t.Logf("%d keys for %d accepted synsets: %.1f keys per accepted synset (q and Enter to start, e to export included)", keys, accepted, float64(keys)/float64(accepted))
	p.screenshotView("studio-suggestions")

	e, err := suggest.ParseErrata("benchie-en.errata.json", errata)
	if err != nil {
		t.Fatal(err)
	}
	var sentences []string
	for _, x := range e.Entries {
		sentences = append(sentences, x.Sentence)
	}
	if !slices.Equal(sentences, order) {
		t.Errorf("errata entries for sentences %q, accepted %q", sentences, order)
	}
	pub, err := dataset.ReadSite("data/benchie/benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := evaluate.ReadGold(evaluate.Input{Path: "benchie:en", Data: pub}, false)
	if err != nil {
		t.Fatal(err)
	}
	if e.Gold != "benchie:en" || e.GoldSHA256 != g.SHA256 {
		t.Errorf("errata made on %s %s, not the published gold %s", e.Gold, e.GoldSHA256, g.SHA256)
	}
	applied, err := e.Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-gold="benchie-gold"]`)))
	work := download(t, dir, "benchie_gold_annotations_en.edited.txt")
	want, got, before := goldSynsets(t, "applied", applied), goldSynsets(t, "work", work), goldSynsets(t, "published", pub)
	for id := range before {
		if !slices.Equal(got[id], want[id]) {
			t.Errorf("sentence %s: the work has %q, the errata applied give %q", id, got[id], want[id])
		}
	}
	for _, id := range order {
		if len(got[id]) <= len(before[id]) && slices.Equal(got[id], before[id]) {
			t.Errorf("sentence %s gained nothing", id)
		}
	}
}

// Two annotators' works with conflicting synsets merged in the Agreement
// view: a warning for the sentence whose texts differ, sentence 1 taken
// from A and sentence 2 from B with the keyboard, the merged work made
// with each synset's provenance; after a reload A and B are the same works
// and the merged work still says where its synsets came from.
func TestStudioMerge(t *testing.T) {
	p := newPage(t)
	p.open("")
	openStudio(p)
	a := "sent_id:1\tObama was born in Hawaii .\n1--> Cluster 1:\nObama --> was born in --> Hawaii\n1--> Cluster 2:\nObama --> was --> born\n\nsent_id:2\tShe left early .\n2--> Cluster 1:\nShe --> left --> early\n\nsent_id:3\tBerlin is the capital of Germany .\n3--> Cluster 1:\nBerlin --> is the capital of --> Germany\n"
	b := "sent_id:1\tObama was born in Hawaii .\n1--> Cluster 1:\nObama --> was born [in] --> Hawaii\n\nsent_id:2\tShe left early .\n2--> Cluster 1:\nShe --> left --> [early]\n2--> Cluster 2:\nShe --> left --> early .\n\nsent_id:3\tBerlin , is the capital of Germany .\n3--> Cluster 1:\nBerlin --> is [the] capital of --> Germany\n3--> Cluster 2:\nGermany --> has capital --> Berlin\n"
	pick(p, "#studio-file", writeTemp(t, "ann-a.txt", []byte(a)))
	p.waitFor("work A", `document.querySelectorAll('#studio-work option').length === 1`)
	pick(p, "#studio-file", writeTemp(t, "ann-b.txt", []byte(b)))
	p.waitFor("work B", `document.querySelectorAll('#studio-work option').length === 2`)
	p.waitFor("saved", studioSaved)

	p.do(chromedp.Click(chromedp.CSS("#tab-agreement")))
	p.waitFor("the agreement view", `document.querySelector('#agreement') !== null`)
	workID := func(label string) string {
		return eval[string](p, `[...document.querySelectorAll('#agree-work-a option')].find(o => o.textContent === '`+label+`').value`)
	}
	idA, idB := workID("ann-a.txt"), workID("ann-b.txt")
	choose(p, "#agree-work-a", idA)
	choose(p, "#agree-work-b", idB)
	p.waitFor("the agreement", `document.querySelector('#agree-iaa') !== null && document.querySelector('#agree-warnings') !== null`)
	if w := eval[string](p, `document.querySelector('#agree-warnings').textContent`); !strings.Contains(w, "#3") {
		t.Errorf("warnings %q do not name sentence 3", w)
	}
	if got := eval[string](p, `document.querySelector('#agree-list li[data-sentence="3"] .tally').textContent`); !strings.Contains(got, "texts differ") {
		t.Errorf("sentence 3's tally %q", got)
	}
	// Sentence 1 (selected first): A's synsets; sentence 2: B's.
	p.do(chromedp.Focus(chromedp.CSS("#agree-list")))
	key(p, "a")
	p.waitFor("sentence 1 from A", `document.querySelector('.agree-take').dataset.take === 'A'`)
	key(p, kb.ArrowDown)
	key(p, "b")
	p.waitFor("sentence 2 from B", `document.querySelector('.agree-detail').dataset.sentence === '2' && document.querySelector('.agree-take').dataset.take === 'B'`)
	if n := eval[int](p, `document.querySelectorAll('.agree-detail [data-group="only-b"] li').length`); n != 1 {
		t.Errorf("sentence 2: %d synsets only B has, want 1", n)
	}
	if n := eval[int](p, `document.querySelectorAll('.agree-detail [data-group="both"] li[data-differs="true"]').length`); n != 2 {
		t.Errorf("sentence 2: %d shared synsets written otherwise, want 2 (A's and B's)", n)
	}
	p.do(chromedp.Click(chromedp.CSS("#agree-merge")))
	p.waitFor("the merged work", `document.querySelector('#agree-merged') !== null`)
	p.screenshotView("agreement-merge")
	openStudio(p)
	p.waitFor("saved", studioSaved)
	p.do(chromedp.Click(chromedp.CSS("#tab-agreement")))
	p.waitFor("the agreement view", `document.querySelector('#agree-iaa') !== null`)

	p.do(chromedp.Reload())
	p.waitReady()
	p.waitFor("the agreement after the reload", `document.querySelector('#agree-iaa') !== null`)
	if got := eval[[]string](p, `['a', 'b'].map(s => document.querySelector('#agree-work-' + s).value)`); !slices.Equal(got, []string{idA, idB}) {
		t.Errorf("after the reload A and B are %q, want %q", got, []string{idA, idB})
	}
	if eval[bool](p, `document.querySelector('#agree-warnings') === null`) {
		t.Error("the warning is gone after the reload")
	}
	openStudio(p)
	merged := eval[string](p, `[...document.querySelectorAll('#studio-work option')].find(o => o.textContent.startsWith('merged')).value`)
	choose(p, "#studio-work", merged)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-search"), "#3"))
	p.waitFor("sentence 3 of the merged work", `document.querySelector('.studio-sentence').dataset.sentence === '3'`)
	got := eval[[]string](p, `[...document.querySelectorAll('.studio-synsets [data-provenance]')].map(e => e.dataset.provenance)`)
	if !slices.Equal(got, []string{"A+B", "B"}) {
		t.Errorf("sentence 3 of the merged work: provenance %q, want [A+B B]", got)
	}
	if text := eval[string](p, `document.querySelector('#studio-list li[data-sentence="3"] .text').textContent`); !strings.HasPrefix(text, "Berlin is the capital") {
		t.Errorf("the merged sentence 3 is %q, not A's text", text)
	}
}
