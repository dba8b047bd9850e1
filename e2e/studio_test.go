//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/evaluate"
)

// download waits for a downloaded file.
func download(t *testing.T, dir, name string) []byte {
	t.Helper()
	for i := 0; i < 100; i++ {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	t.Fatalf("no download %s (the folder holds %q)", name, names)
	return nil
}

// key presses a key with modifiers where focus is.
func key(p *page, k string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
}

// openStudio shows the studio tab.
func openStudio(p *page) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#tab-studio")))
	p.waitFor("the studio", `document.querySelector('#studio') !== null`)
}

// openStudioOn opens the studio on a new work of the sentences of text
// (one a line, as a file picked on its start screen), its first sentence
// shown.
func openStudioOn(p *page, text string) {
	p.t.Helper()
	openStudio(p)
	p.waitFor("the start screen", `document.querySelector('.studio-start') !== null`)
	pick(p, "#studio-file", writeTemp(p.t, "capitals.txt", []byte(text)))
	p.waitFor("the first sentence", `(document.querySelector('.studio-sentence') || {}).dataset?.sentence === '1'`)
}

const studioSaved = `document.querySelector('.save-status[data-saved="true"]') !== null`

// A person builds a gold from plain sentences: a triple with a typed word
// and an optional unit, put together with the mouse and the keyboard; a
// validation issue shows beside its triple; undo and redo work from the
// keyboard; everything survives a reload; the exported BenchIE gold reads
// and scores, and the AnnIE and text exports download.
func TestStudioAnnotate(t *testing.T) {
	p := newPage(t)
	dir := allowDownloads(t, p)
	p.open("")
	openStudioOn(p, "Obama was born in Hawaii .\nBerlin is the capital of Germany .\n")

	// Subject: click. Relation: "2", click, click, Shift+Enter on a token
	// (optional). Object: "3", a typed word, a click, then "o" on the typed
	// word's chip.
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	key(p, "2")
	p.do(chromedp.Click(chromedp.CSS("#studio-token-1")), chromedp.Click(chromedp.CSS("#studio-token-2")))
	p.do(chromedp.Focus(chromedp.CSS("#studio-token-3")))
	key(p, kb.Enter, chromedp.ModifierShift)
	key(p, "3")
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-typed"), "Honolulu"))
	key(p, kb.Enter)
	p.do(chromedp.Click(chromedp.CSS("#studio-token-4")))
	p.do(chromedp.Click(chromedp.CSS("#studio-chip-2-0")))
	key(p, "o")
	p.waitFor("the optional typed word", `document.querySelector('#studio-chip-2-0.opt.typed') !== null`)
	if got := eval[string](p, `document.querySelector('#studio-token-2 .uses').textContent`); got != "R" {
		t.Errorf("token 'born' marked %q, want R (used in the relation)", got)
	}
	if got := eval[string](p, `[...document.querySelectorAll('[data-slot="relation"] .chip')].map(c => c.textContent).join(' ')`); got != "was born [in]" {
		t.Errorf("relation chips %q, want was born [in]", got)
	}
	p.waitFor("the preview", `document.querySelector('#studio-preview').textContent.includes('Stands for 4 surface triples')`)
	if got := eval[string](p, `document.querySelector('#studio-commit').textContent`); got != "Add to a new synset" {
		t.Errorf("commit button %q", got)
	}
	p.screenshotView("studio-building")
	p.do(chromedp.Click(chromedp.CSS("#studio-commit")))
	p.waitFor("synset 1", `document.querySelector('.studio-synsets li[data-synset="1"] .studio-triple') !== null`)
	typed := eval[int](p, `document.querySelectorAll('.studio-synsets li[data-synset="1"] .w.typed.opt').length`)
	if typed != 1 {
		t.Errorf("%d optional typed words shown in the synset, want 1", typed)
	}

	// An incomplete triple is added anyway and its problem shows beside it.
	p.do(chromedp.Click(chromedp.CSS("#studio-token-0")))
	choose(p, "#studio-target", "0")
	p.do(chromedp.Click(chromedp.CSS("#studio-commit")))
	p.waitFor("the issue", `document.querySelector('.studio-synsets li[data-synset="1"] .studio-triple[data-triple="2"] .issue.error') !== null`)
	if msg := eval[string](p, `document.querySelector('.studio-triple[data-triple="2"] .issue.error').textContent`); !strings.Contains(msg, "empty slot") {
		t.Errorf("issue %q", msg)
	}
	if n := eval[int](p, `document.querySelectorAll('.studio-triple[data-triple="2"] .tslot.bad').length`); n != 2 {
		t.Errorf("%d slots marked bad, want the relation and the object", n)
	}
	// Undo from the keyboard removes it; redo brings it back; undo again.
	p.do(chromedp.Focus(chromedp.CSS("#studio-list")))
	key(p, "z", chromedp.ModifierCtrl)
	p.waitFor("undone", `document.querySelectorAll('.studio-synsets .studio-triple').length === 1`)
	key(p, "z", chromedp.ModifierCtrl, chromedp.ModifierShift)
	p.waitFor("redone", `document.querySelectorAll('.studio-synsets .studio-triple').length === 2`)
	p.do(chromedp.Click(chromedp.CSS("#studio-undo")))
	p.waitFor("undone by the button", `document.querySelectorAll('.studio-synsets .studio-triple').length === 1`)

	// The next sentence by keyboard, and the progress overview.
	key(p, "j")
	p.waitFor("sentence 2", `document.querySelector('.studio-sentence').dataset.sentence === '2'`)
	if got := eval[string](p, `document.querySelector('#studio-progress').textContent`); !strings.HasPrefix(got, "1 of 2 sentences annotated") {
		t.Errorf("progress %q", got)
	}
	p.waitFor("saved", studioSaved)
	p.screenshotView("studio")
	// Stored: leaving is free. With a change pending, leaving asks first.
	if eval[bool](p, `window.oiebenchUnsaved`) {
		t.Error("everything is saved, but the page would ask before it is closed")
	}
	asks := eval[bool](p, `(() => {
		window.oiebenchUnsaved = true;
		const e = new Event('beforeunload', {cancelable: true});
		window.dispatchEvent(e);
		window.oiebenchUnsaved = false;
		return e.defaultPrevented;
	})()`)
	if !asks {
		t.Error("with changes pending, closing the page does not ask first")
	}

	// Reload: the work and its triple are there.
	p.do(chromedp.Reload())
	p.waitReady()
	p.waitFor("the studio after reload", `document.querySelector('#studio') !== null && document.querySelector('.studio-sentence') !== null`)
	key(p, "k")
	p.waitFor("sentence 1 after reload", `document.querySelector('.studio-sentence').dataset.sentence === '1' && document.querySelectorAll('.studio-synsets .studio-triple').length === 1`)

	// Export: the gold reads, and the forms of the triple score as correct.
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-gold="benchie-gold"]`)))
	gold := download(t, dir, "capitals.gold.txt")
	if !strings.Contains(string(gold), "sent_id:1\tObama was born in Hawaii .\n1--> Cluster 1:\nObama --> was born [in] --> [Honolulu] Hawaii\n") {
		t.Errorf("exported gold:\n%s", gold)
	}
	g, err := evaluate.ReadGold(evaluate.Input{Path: "capitals.gold.txt", Data: gold}, true)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := evaluate.ReadSystem(evaluate.Input{Name: "s", Data: []byte("1\tObama\twas born\tHawaii\n2\tBerlin\tis\tthe capital of Germany\n")}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := evaluate.Evaluate(g, nil, []*evaluate.System{sys}, evaluate.Options{}).Report.Systems[0].BenchIE.Regular
	if r.TP != 1 || r.FP != 1 || r.Recall != 1 {
		t.Errorf("the exported gold scores TP %d FP %d R %v, want 1, 1, 1", r.TP, r.FP, r.Recall)
	}
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-gold="annie-json"]`)))
	annie := download(t, dir, "capitals.annie.json")
	back, _, err := annotate.ReadAnnIE("capitals.annie.json", annie, annotate.ReadOptions{})
	if err != nil || string(annotate.WriteBenchIE(back)) != string(gold) {
		t.Errorf("the AnnIE export does not read back as the gold (%v)", err)
	}
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-gold="text"]`)))
	if text := download(t, dir, "capitals.readable.txt"); !strings.Contains(string(text), "[Honolulu] Hawaii") {
		t.Errorf("text export:\n%s", text)
	}

	// A file that does not read is refused and the work stays.
	pick(p, "#studio-file", writeTemp(t, "broken.json", []byte(`{"sentences": [`)))
	p.waitFor("the refusal", `document.querySelector('.problem[data-problem="broken.json"]') !== null`)
	if n := eval[int](p, `document.querySelectorAll('#studio-work option').length`); n != 1 {
		t.Errorf("%d works after a refused file, want 1", n)
	}

	// More sentences, from the form under the list; then the new one is
	// renamed.
	p.do(chromedp.Click(chromedp.CSS("#studio-add-open")))
	p.waitFor("the form", `document.querySelector('#studio-add-text') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-add-text"), "She left early ."))
	p.do(chromedp.Click(chromedp.CSS("#studio-add-go")))
	p.waitFor("the new sentence", `document.querySelectorAll('#studio-list li').length === 3 && document.querySelector('.studio-sentence').dataset.sentence === '3'`)
	p.do(chromedp.Click(chromedp.CSS("#studio-rename")))
	p.waitFor("the rename form", `document.querySelector('#studio-rename-id') !== null`)
	eval[bool](p, `(document.querySelector('#studio-rename-id').select(), true)`) // typing replaces the id
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-rename-id"), "she-left"))
	p.do(chromedp.Click(chromedp.CSS("#studio-rename-go")))
	p.waitFor("the renamed sentence", `document.querySelector('.studio-sentence').dataset.sentence === 'she-left' && document.querySelector('#studio-list li[data-sentence="she-left"]') !== null`)
}

// Adjudication: an incorrect extraction added to the bundled gold makes an
// edited copy, clearly labelled, whose scores update at once; the
// published gold is one click away and unchanged.
func TestStudioAdjudicate(t *testing.T) {
	p := newPage(t)
	dir := allowDownloads(t, p)
	p.open("")
	published := cells(p)
	publishedSig := eval[string](p, `document.querySelector('#signature').textContent`)

	p.do(chromedp.Click(chromedp.CSS("#tab-sentences")))
	p.waitFor("the explorer", `document.querySelector('#sentence-list') !== null`)
	choose(p, "#explore-system", "ClausIE")
	choose(p, "#explore-show", "errors")
	p.do(chromedp.SendKeys(chromedp.CSS("#explore-search"), "#2"))
	p.waitFor("sentence 2", `document.querySelectorAll('#sentence-list li').length === 1 && document.querySelector('.detail').dataset.sentence === '2'`)
	wrong := `[...document.querySelectorAll('.detail .system-block[data-system="ClausIE"] .extraction[data-verdict="incorrect"]')].find(e => e.querySelector('.row').textContent.includes('there'))`
	p.waitFor("the incorrect extraction", `!!(`+wrong+`) && !!(`+wrong+`).querySelector('.adjudicate button')`)
	p.do(chromedp.Evaluate[chromedp.Void](wrong + `.scrollIntoView({block: 'center'})`))
	p.screenshotView("adjudicate-before")
	p.do(chromedp.Evaluate[chromedp.Void](wrong + `.querySelector('.adjudicate button').click()`))
	p.waitFor("the edited copy", `(document.querySelector('.sources button[aria-pressed="true"]') || {}).textContent === 'English · edited' && document.querySelector('#app[data-ready="table"]') !== null && document.querySelector('#edited-banner') !== null`)
	choose(p, "#explore-show", "all") // the sentence has no ClausIE error any more
	p.waitFor("the extraction now correct", `[...document.querySelectorAll('.detail .system-block[data-system="ClausIE"] .extraction[data-verdict="correct"]')].some(e => e.querySelector('.row').textContent.includes('there'))`)
	if msg := eval[string](p, `document.querySelector('#edited-status').textContent`); !strings.Contains(msg, "ClausIE") || !strings.Contains(msg, "new synset") {
		t.Errorf("status %q", msg)
	}
	p.screenshotView("adjudicate-after")

	p.do(chromedp.Click(chromedp.CSS("#tab-scores")))
	p.waitFor("the table", `document.querySelector('#scores') !== null`)
	edited := cells(p)
	if edited["ClausIE"]["regular"]["tp"] == "" && edited["ClausIE"]["regular"]["precision"] == published["ClausIE"]["regular"]["precision"] {
		t.Error("ClausIE's precision did not change")
	}
	if edited["ClausIE"]["regular"]["f1"] == published["ClausIE"]["regular"]["f1"] {
		t.Errorf("ClausIE F1 %s unchanged after adjudication", edited["ClausIE"]["regular"]["f1"])
	}
	sig := eval[string](p, `document.querySelector('#signature').textContent`)
	sha := eval[string](p, `document.querySelector('#edited-sha').textContent`)
	if sig == publishedSig || !strings.Contains(sig, sha[:12]) || sha == eval[string](p, `document.querySelector('#published-sha').textContent`) {
		t.Errorf("signature %q, edited sha %q: the edited gold must carry its own checksum", sig, sha)
	}
	p.screenshotView("adjudication")

	// The changed gold exports and scores ClausIE as the page does.
	p.do(chromedp.Click(chromedp.CSS("#edited-export")))
	gold := download(t, dir, "benchie_gold_annotations_en.edited.txt")
	g, err := evaluate.ReadGold(evaluate.Input{Path: "edited.txt", Data: gold}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sig, "gold:sha256:"+g.SHA256) {
		t.Errorf("the export's checksum %s is not the one scored (%s)", g.SHA256, sig)
	}

	// The copy in the studio: the new synset is there, the English tokens
	// are coloured from the precomputed tags, and the copy is autosaved.
	p.do(chromedp.Click(chromedp.CSS("#edited-open")))
	p.waitFor("the copy in the studio", `document.querySelector('#studio-work') !== null && document.querySelector('.studio-sentence') !== null`)
	p.do(chromedp.SendKeys(chromedp.CSS("#studio-search"), "#2"))
	p.waitFor("sentence 2 in the studio", `document.querySelector('.studio-sentence').dataset.sentence === '2' && document.querySelector('.studio-synsets li[data-synset="8"]') !== null`)
	p.waitFor("tag colours", `document.querySelector('.class-legend').textContent.includes('part-of-speech tags') && document.querySelector('#studio-tokens .cl-verb') !== null`)
	if got := eval[string](p, `document.querySelector('.studio-synsets li[data-synset="8"] .studio-triple').textContent`); !strings.Contains(got, "him there") {
		t.Errorf("the adjudicated synset shows %q", got)
	}
	p.waitFor("saved", studioSaved)
	t.Logf("autosave of the edited English gold: %s in all, %s of it writing the snapshot",
		eval[string](p, `document.querySelector('.save-status').dataset.saveTook`), eval[string](p, `document.querySelector('.save-status').dataset.snapshotTook`))
	p.screenshotView("studio-en")

	// Back to the published gold: the published numbers, untouched.
	// The banner goes with the switch and the tabs move up: click them once
	// they are where they end (with the evaluator in a Worker the render
	// comes a little after the click; a click aimed before landed on the
	// studio below).
	p.do(chromedp.Click(chromedp.CSS("#edited-published")))
	p.waitFor("the banner gone", `document.querySelector('#edited-banner') === null`)
	p.do(chromedp.Click(chromedp.CSS("#tab-scores")))
	p.waitFor("the published gold", `(document.querySelector('.sources button[aria-pressed="true"]') || {}).dataset.source === 'en' && document.querySelector('#app[data-ready="table"] #scores') !== null && document.querySelector('#edited-banner') === null`)
	if !equalCellsAll(published, cells(p)) || eval[string](p, `document.querySelector('#signature').textContent`) != publishedSig {
		t.Error("the published gold's numbers changed")
	}
}

// Agreement: two annotators' golds, the overall agreement and the synsets
// only one of them has.
func TestStudioAgreement(t *testing.T) {
	p := newPage(t)
	p.open("")
	a := "sent_id:1\tHe served as the first Prime Minister of Australia .\n1--> Cluster 1:\nHe --> served as --> [the] [first] Prime Minister [of Australia]\n1--> Cluster 2:\nHe --> was --> [the] first Prime Minister [of Australia]\n\nsent_id:2\tShe left early .\n2--> Cluster 1:\nShe --> left --> [early]\n"
	b := "sent_id:1\tHe served as the first Prime Minister of Australia .\n1--> Cluster 1:\nHe --> served as --> Prime Minister [of Australia]\n\nsent_id:2\tShe left early .\n2--> Cluster 1:\nShe --> left --> early\n2--> Cluster 2:\nShe --> left\n"
	p.do(chromedp.Click(chromedp.CSS("#tab-agreement")))
	p.waitFor("the agreement view", `document.querySelector('#agreement') !== null`)
	pick(p, "#agree-file-a", writeTemp(t, "annotator_a.txt", []byte(a)))
	pick(p, "#agree-file-b", writeTemp(t, "annotator_b.txt", []byte(b)))
	p.waitFor("the agreement", `document.querySelector('#agree-iaa') !== null`)
	// The page shows the core's numbers: A's synset 2 of sentence 1 is A's
	// alone; B's second synset of sentence 2 has an empty object and
	// matches nothing.
	docA, _, _ := annotate.ReadBenchIE("a", []byte(a), annotate.ReadOptions{})
	docB, _, _ := annotate.ReadBenchIE("b", []byte(b), annotate.ReadOptions{})
	want, err := annotate.Agree(docA, docB, annotate.AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[string](p, `document.querySelector('#agree-iaa').dataset.value`); got != formatFull(want.IAA) {
		t.Errorf("agreement %s, the core says %v", got, want.IAA)
	}
	if n := eval[int](p, `document.querySelectorAll('#agree-list li').length`); n != 2 {
		t.Errorf("%d sentences listed", n)
	}
	onlyA := eval[int](p, `document.querySelectorAll('.agree-detail section:first-child li[data-only="true"]').length`)
	if onlyA != len(want.OnlyA) || onlyA == 0 {
		t.Errorf("%d synsets marked only A in sentence 1, the core lists %d", onlyA, len(want.OnlyA))
	}
	p.screenshotView("agreement")
}
