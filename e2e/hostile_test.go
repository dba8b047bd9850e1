//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Hostile files in the page: each is refused (or read) with a clear
// message, the tab survives, and what was on screen stays.

// screenState is what a refused file must leave as it was.
type screenState struct {
	cells     map[string]map[string]map[string]string
	signature string
	source    string
	sources   int
}

func stateOf(p *page) screenState {
	p.t.Helper()
	p.waitReady()
	return screenState{
		cells:     cells(p),
		signature: eval[string](p, `document.querySelector('#signature').textContent`),
		source:    eval[string](p, `document.querySelector('.sources button[aria-pressed="true"]').dataset.source`),
		sources:   eval[int](p, `document.querySelectorAll('.sources button').length`),
	}
}

func (s screenState) check(t *testing.T, p *page, after string) {
	t.Helper()
	now := stateOf(p)
	if !equalCellsAll(s.cells, now.cells) {
		t.Errorf("after %s the table changed", after)
	}
	if now.signature != s.signature {
		t.Errorf("after %s the signature is %q, was %q", after, now.signature, s.signature)
	}
	if now.source != s.source || now.sources != s.sources {
		t.Errorf("after %s the source is %q of %d, was %q of %d", after, now.source, now.sources, s.source, s.sources)
	}
}

// problem waits for the message about a refused file and returns it.
func problem(p *page, name string) (msg, excerpt, kept string) {
	p.t.Helper()
	sel := `.problem[data-problem="` + name + `"]`
	p.waitFor("the message about "+name, `document.querySelector('`+sel+`') !== null`)
	msg = eval[string](p, `document.querySelector('`+sel+` .msg').textContent`)
	excerpt = eval[string](p, `(document.querySelector('`+sel+` pre') || {textContent: ''}).textContent`)
	kept = eval[string](p, `document.querySelector('`+sel+` .kept').textContent`)
	return msg, excerpt, kept
}

// dropFromDisk drops files from disk on the drop zone as the operating system
// does (DevTools' drag events with file paths).
func dropFromDisk(p *page, paths ...string) {
	p.t.Helper()
	x := eval[float64](p, `(() => { const r = document.querySelector('#dropzone').getBoundingClientRect(); return r.x + r.width / 2 })()`)
	y := eval[float64](p, `(() => { const r = document.querySelector('#dropzone').getBoundingClientRect(); return r.y + r.height / 2 })()`)
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: paths, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: x, Y: y, Data: data})
			return err
		}))
	}
}

// sparseFile makes a file of size bytes that takes no room on disk.
func sparseFile(t *testing.T, name string, size int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return path
}

// A 1 GB file, dropped or picked, is refused before it is read, with the
// limit in the message; the tab lives on and nothing on screen changes.
func TestHostileLargeFile(t *testing.T) {
	p := newPage(t)
	p.open("")
	before := stateOf(p)
	memory := eval[float64](p, `window.oiebenchMemory()`)
	huge := sparseFile(t, "huge.txt", 1<<30)

	dropFromDisk(p, huge)
	msg, _, kept := problem(p, "huge.txt")
	if !strings.Contains(msg, "huge.txt is 1.0 GB") || !strings.Contains(msg, "up to 200 MB") {
		t.Errorf("dropped 1 GB file: message %q, want its size and the limit (200 MB)", msg)
	}
	if kept != "Nothing changed." {
		t.Errorf("dropped 1 GB file: %q, want Nothing changed.", kept)
	}
	before.check(t, p, "a dropped 1 GB file")
	p.screenshotView("hostile-1gb")

	// The picker takes the same way; a file just over the limit too.
	over := sparseFile(t, "over.txt", 200<<20+1)
	pick(p, "#file-input", over)
	if msg, _, _ := problem(p, "over.txt"); !strings.Contains(msg, "over.txt is 200.0 MB") {
		t.Errorf("picked 200 MB + 1 byte: message %q", msg)
	}
	before.check(t, p, "a picked file over the limit")
	// Files within the limit one by one, over it together: the second is
	// refused before it is read (the first, all NUL bytes, at 1:1).
	first, second := sparseFile(t, "zeros_a.txt", 120<<20), sparseFile(t, "zeros_b.txt", 120<<20)
	pick(p, "#file-input", first, second)
	if msg, _, _ := problem(p, "zeros_b.txt"); !strings.Contains(msg, "holds up to 200 MB in all") {
		t.Errorf("two files over the limit together: %q", msg)
	}
	if msg, _, _ := problem(p, "zeros_a.txt"); !strings.HasPrefix(msg, "zeros_a.txt:1:1: NUL byte") {
		t.Errorf("a file of NUL bytes: %q", msg)
	}
	before.check(t, p, "files over the limit together")
	memory = eval[float64](p, `window.oiebenchMemory()`)
	dropFromDisk(p, huge)
	p.waitFor("the second message about huge.txt", `document.querySelectorAll('.problem[data-problem="huge.txt"]').length === 2`)
	// Refused before reading: the evaluator's memory did not grow by the file.
	if grown := eval[float64](p, `window.oiebenchMemory()`) - memory; grown > 64<<20 {
		t.Errorf("the WebAssembly memory grew by %.0f MB for refused files", grown/(1<<20))
	}
}

// Text that is not text: invalid UTF-8 in a system file and a NUL byte in a
// gold are refused at their line and column, with the line shown, and the
// table and the source stay as they were.
func TestHostileEncoding(t *testing.T) {
	p := newPage(t)
	p.open("")
	before := stateOf(p)

	bad := "1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n3\tThey\tsaw\ta caf\xe9\n"
	pick(p, "#file-input", writeTemp(t, "latin1.tsv", []byte(bad)))
	msg, excerpt, kept := problem(p, "latin1.tsv")
	if !strings.HasPrefix(msg, "latin1.tsv:3:17: invalid UTF-8") {
		t.Errorf("invalid UTF-8: %q, want latin1.tsv:3:17: invalid UTF-8…", msg)
	}
	if !strings.Contains(excerpt, "They") || !strings.Contains(excerpt, "^") {
		t.Errorf("invalid UTF-8: excerpt %q does not show line 3 with a caret", excerpt)
	}
	if kept != "Nothing changed." {
		t.Errorf("invalid UTF-8: %q", kept)
	}
	before.check(t, p, "an invalid UTF-8 file")

	gold := "sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> sl\x00ept --> well\n"
	pick(p, "#file-input", writeTemp(t, "nul_gold.txt", []byte(gold)))
	if msg, _, _ := problem(p, "nul_gold.txt"); !strings.HasPrefix(msg, "nul_gold.txt:3:10: NUL byte") {
		t.Errorf("NUL byte: %q, want nul_gold.txt:3:10: NUL byte…", msg)
	}
	before.check(t, p, "a gold with a NUL byte")
	p.screenshotView("hostile-encoding")
}

// A 10 MB line (one extraction's object) is read and scored: a new row,
// the extraction incorrect, and the page responsive throughout.
func TestHostileLongLine(t *testing.T) {
	p := newPage(t)
	p.open("")
	long := "1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\t" + strings.Repeat("him ", 10<<20/4) + "\n"
	pick(p, "#file-input", writeTemp(t, "long_line.tsv", []byte(long)))
	p.waitFor("the new row", `document.querySelector('#scores td[data-system="long_line"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	c := cells(p)["long_line"]["regular"]
	if c["precision"] != "0.5" {
		t.Errorf("long_line regular %v, want precision 0.5 (the 10 MB object matches nothing)", c)
	}
}
