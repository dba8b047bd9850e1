package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// fakeBrowser serves the data release and keeps storage in memory, so that
// a second app on the same fakeBrowser is a reload.
type fakeBrowser struct {
	mu        sync.Mutex
	files     map[string]storedFile
	state     *savedState
	noStorage bool
	downloads []string
	// downloaded holds the text of each download, by name.
	downloaded map[string]string
	unsaved    bool
	link       string      // the address's fragment
	first      firstScreen // the shell's first screen, if any
	yields     atomic.Int32
	// worker answers Score as the scorer Worker would; nil: no Worker.
	worker  func([]byte) []byte
	marks   []string
	effects // the page effects asked for (effects_test.go)
}

func newFakeBrowser() *fakeBrowser { return &fakeBrowser{files: map[string]storedFile{}} }

func (b *fakeBrowser) Asset(path string) ([]byte, error) {
	return dataset.ReadSite(path)
}

func (b *fakeBrowser) ReadFiles(js.Value) []pickedFile { return nil }

func (b *fakeBrowser) LoadFiles() ([]storedFile, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.noStorage {
		return nil, errors.New("IndexedDB is not available")
	}
	var out []storedFile
	for _, f := range b.files {
		out = append(out, f)
	}
	return out, nil
}

func (b *fakeBrowser) PutFile(f storedFile) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.noStorage {
		return errors.New("IndexedDB is not available")
	}
	b.files[f.ID] = f
	return nil
}

func (b *fakeBrowser) DeleteFile(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.files, id)
	return nil
}

func (b *fakeBrowser) LoadState() (savedState, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state == nil {
		return savedState{}, false
	}
	return *b.state, true
}

func (b *fakeBrowser) SaveState(s savedState) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.state = &s
}

func (b *fakeBrowser) Link() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.link
}

func (b *fakeBrowser) SetLink(fragment string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.link = fragment
}

func (b *fakeBrowser) Yield() { b.yields.Add(1); runtime.Gosched() }
func (b *fakeBrowser) Paint() { runtime.Gosched() }
func (b *fakeBrowser) Download(name, mime, text string) {
	b.downloads = append(b.downloads, name)
	if b.downloaded == nil {
		b.downloaded = map[string]string{}
	}
	b.downloaded[name] = text
}

// Gzip compresses at gzip's default level, as the browser's
// CompressionStream does.
func (b *fakeBrowser) Gzip(data []byte) ([]byte, error) {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(data) // a bytes.Buffer does not fail
	err := w.Close()
	return z.Bytes(), err
}
func (b *fakeBrowser) Copy(string) {}
func (b *fakeBrowser) Mark(name string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.marks = append(b.marks, name)
}

func (b *fakeBrowser) Score(job []byte) ([]byte, error) {
	if b.worker == nil {
		return nil, errNotOffered
	}
	return b.worker(job), nil
}
func (b *fakeBrowser) FirstScreen() firstScreen { return b.first }
func (b *fakeBrowser) Unsaved(pending bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.unsaved = pending
}

func (b *fakeBrowser) stored() []storedFile {
	out, _ := b.LoadFiles()
	return out
}

// boot starts an app as the page does and waits for its first table.
func boot(t *testing.T, br *fakeBrowser) *app {
	t.Helper()
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), br)
	go a.start()
	a.settle(t)
	a.mustNotHaveStopped(t)
	return a
}

// mustNotHaveStopped fails at once when the page stopped (no data, a
// broken start): every test after it would only wait or crash.
func (a *app) mustNotHaveStopped(t *testing.T) {
	t.Helper()
	a.env.RLock()
	fatal := a.m.Fatal
	a.env.RUnlock()
	if fatal != "" {
		t.Fatalf("the page stopped: %s", fatal)
	}
}

// handle runs f as an event handler does: under the lock.
func (a *app) handle(f func()) {
	a.env.Lock()
	f()
	a.env.UnlockRender()
}

// settle waits until the page shows a complete evaluation with no work
// pending.
func (a *app) settle(t *testing.T) {
	t.Helper()
	a.settleWithin(t, 60*time.Second)
}

// settleWithin is settle with a deadline of its own (a scaled load).
func (a *app) settleWithin(t *testing.T, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		a.env.RLock()
		idle := a.requested.Load() == a.scored.Load() && a.m.Progress == nil
		done := idle && (a.m.Eval != nil && a.m.Eval.Report.Gold.Stats != nil || a.m.Fatal != "")
		a.env.RUnlock()
		if done {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the app did not settle")
}

// systems lists the systems on screen.
func (a *app) systems() []string {
	a.env.RLock()
	defer a.env.RUnlock()
	return a.m.SystemNames()
}

func readData(t *testing.T, name string) []byte {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestStartShowsEnglish(t *testing.T) {
	a := boot(t, newFakeBrowser())
	if a.m.Fatal != "" {
		t.Fatal(a.m.Fatal)
	}
	if got := a.systems(); len(got) != 9 || got[0] != "ClausIE" {
		t.Errorf("systems %v, want the 9 English ones", got)
	}
	if a.m.Source != "en" || len(a.m.Sources) != len(benchmarks.OnPage()) {
		t.Errorf("source %q of %d", a.m.Source, len(a.m.Sources))
	}
}

// Files are taken whole or refused whole; a refused file changes nothing,
// not even in storage; everything comes back after a reload.
func TestFilesAndReload(t *testing.T) {
	br := newFakeBrowser()
	a := boot(t, br)
	minie := readData(t, "systems/minie_explicit.txt")
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: minie}}, evaluate.KindAuto, false)
	a.settle(t)
	if got := a.systems(); len(got) != 10 || got[9] != "mine" {
		t.Fatalf("systems %v, want the bundled 9 and mine", got)
	}
	if s := br.stored(); len(s) != 1 || s[0].Source != "en" || s[0].Role != ui.RoleSystem {
		t.Fatalf("stored %+v", s)
	}
	sig := a.m.Eval.Report.Signature

	// A malformed file of the same name: refused, with the old one kept.
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: []byte("1\ta\tb\tc\n2\tonly two\n")}}, evaluate.KindAuto, false)
	a.settle(t)
	if len(a.m.Problems) != 1 || !strings.HasPrefix(a.m.Problems[0].Message, "mine.tsv:2:") || !strings.Contains(a.m.Problems[0].Kept, "kept") {
		t.Errorf("problems %+v", a.m.Problems)
	}
	if a.m.Problems[0].Excerpt == nil || !strings.Contains(a.m.Problems[0].Excerpt.Text, "only two") {
		t.Errorf("excerpt %+v", a.m.Problems[0].Excerpt)
	}
	if got := a.systems(); len(got) != 10 || len(br.stored()) != 1 || a.m.Eval.Report.Signature != sig {
		t.Errorf("a refused file changed the page: %v, %d stored", got, len(br.stored()))
	}
	// An unreadable or oversized file is refused as well.
	a.addPicked([]pickedFile{{Name: "big.tsv", Data: make([]byte, maxFileSize+1)}, {Name: "gone.tsv", Err: errors.New("gone.tsv: the browser could not read the file")}}, evaluate.KindAuto, false)
	a.settle(t)
	if len(a.m.Problems) != 3 || len(a.systems()) != 10 {
		t.Errorf("%d problems, %d systems", len(a.m.Problems), len(a.systems()))
	}

	// A gold with a system makes the user's own source.
	gold := "sent_id:1\tShe left .\n1--> Cluster 1:\nShe --> left --> [early]\n"
	a.addPicked([]pickedFile{{Name: "g.txt", Data: []byte(gold)}, {Name: "s.tsv", Data: []byte("1\tShe\tleft\tearly\n")}}, evaluate.KindAuto, false)
	a.settle(t)
	if a.m.Source != ui.CustomSource || len(a.m.Sources) != len(benchmarks.OnPage())+1 {
		t.Fatalf("source %q of %d after adding a gold", a.m.Source, len(a.m.Sources))
	}
	if got := a.systems(); len(got) != 1 || got[0] != "s" || a.m.Eval.Report.Systems[0].BenchIE.Regular.F1 != 1 {
		t.Errorf("own source scores %v", got)
	}
	a.handle(func() { a.SetOptions(ui.Options{ReferenceCompat: true}) })
	a.settle(t)

	// Reload: the same source, files and options.
	b := boot(t, br)
	if b.m.Source != ui.CustomSource || !b.m.Options.ReferenceCompat || len(b.m.Options.Facets) != 3 {
		t.Errorf("after reload: source %q, options %+v", b.m.Source, b.m.Options)
	}
	if got := b.systems(); len(got) != 1 || got[0] != "s" {
		t.Errorf("after reload: systems %v", got)
	}
	b.handle(func() { b.SwitchSource("en") })
	b.settle(t)
	if got := b.systems(); len(got) != 10 {
		t.Errorf("English after reload: %v", got)
	}

	// Removing the gold removes its source and its systems.
	var goldID string
	for _, f := range b.files {
		if f.Role == ui.RoleGold {
			goldID = f.ID
		}
	}
	b.handle(func() { b.SwitchSource(ui.CustomSource) })
	b.settle(t)
	b.handle(func() { b.RemoveFile(goldID) })
	b.settle(t)
	if b.m.Source != "en" || len(b.m.Sources) != len(benchmarks.OnPage()) {
		t.Errorf("after removing the gold: source %q of %d", b.m.Source, len(b.m.Sources))
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(br.stored()) != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if s := br.stored(); len(s) != 1 || s[0].Name != "mine.tsv" {
		t.Errorf("stored after removing the gold: %+v", s)
	}
}

func TestNoStorage(t *testing.T) {
	br := newFakeBrowser()
	br.noStorage = true
	a := boot(t, br)
	if !strings.Contains(a.m.Notice, "gone after a reload") {
		t.Errorf("notice %q", a.m.Notice)
	}
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: readData(t, "systems/minie_explicit.txt")}}, evaluate.KindAuto, false)
	a.settle(t)
	if len(a.systems()) != 10 {
		t.Error("without storage a file is not scored")
	}
}

func TestEGold(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.handle(func() { a.SwitchSource("de") })
	a.settle(t)
	// The German gold as its own E gold: BenchIE-E equals BenchIE.
	a.addPicked([]pickedFile{{Name: "e.txt", Data: readData(t, "benchie_gold_annotations_de.txt")}}, evaluate.KindGold, true)
	a.settle(t)
	r := a.m.Eval.Report
	if r.EGold == nil || r.Systems[0].BenchIE.Entity == nil || r.Systems[0].BenchIE.Entity.F1 != r.Systems[0].BenchIE.Regular.F1 {
		t.Fatalf("no BenchIE-E scores: %+v", r.Systems[0].BenchIE)
	}
	if a.m.Source != "de" {
		t.Errorf("an E gold switched the source to %q", a.m.Source)
	}
	// A system file is no E gold.
	a.addPicked([]pickedFile{{Name: "s.tsv", Data: []byte("1\ta\tb\tc\n")}}, evaluate.KindGold, true)
	a.settle(t)
	if len(a.m.Problems) != 1 {
		t.Errorf("problems %+v", a.m.Problems)
	}
}

// TestRecovery: files the last start stopped on (Pending still set) are
// held back, with a choice; a start that completes clears Pending.
func TestRecovery(t *testing.T) {
	br := newFakeBrowser()
	a := boot(t, br)
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: readData(t, "systems/minie_explicit.txt")}}, evaluate.KindAuto, false)
	a.settle(t)
	deadline := time.Now().Add(5 * time.Second)
	for len(br.stored()) != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if br.state == nil || br.state.Pending {
		t.Fatalf("scored and counted, yet Pending is set: %+v", br.state)
	}

	// A start that completes with stored files clears Pending.
	b := boot(t, br)
	if len(b.systems()) != 10 || b.m.Recovery != nil || br.state.Pending {
		t.Fatalf("a clean start: %d systems, recovery %v, pending %v", len(b.systems()), b.m.Recovery, br.state.Pending)
	}

	// As if that start had stopped: Pending is found set.
	br.state.Pending = true
	c := boot(t, br)
	if len(c.systems()) != 9 || c.m.Recovery == nil || !strings.Contains(c.m.Recovery.Message(), "mine.tsv") {
		t.Fatalf("after a stop: %d systems, recovery %+v", len(c.systems()), c.m.Recovery)
	}
	if !br.state.Pending {
		t.Error("Pending cleared while files are held")
	}
	c.handle(c.RetryStored)
	c.settle(t)
	if len(c.systems()) != 10 || c.m.Recovery != nil || br.state.Pending {
		t.Fatalf("after retrying: %d systems, recovery %v, pending %v", len(c.systems()), c.m.Recovery, br.state.Pending)
	}

	br.state.Pending = true
	d := boot(t, br)
	d.handle(d.DiscardStored)
	// The notice goes only once the files are deleted: a reload after it
	// went must not bring them back.
	deadline = time.Now().Add(5 * time.Second)
	shown := func() bool {
		d.env.RLock()
		defer d.env.RUnlock()
		return d.m.Recovery != nil
	}
	for shown() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if shown() || len(br.stored()) != 0 || br.state.Pending {
		t.Errorf("after discarding: notice shown %v, %d stored, pending %v", shown(), len(br.stored()), br.state.Pending)
	}
}

// A system file none of whose extractions names a sentence of the gold is
// refused with the reason, as on the command line, not shown as zeros; the
// same file against a gold it fits is taken.
func TestUnalignedSystemRefused(t *testing.T) {
	br := newFakeBrowser()
	a := boot(t, br)
	// Another benchmark's ids: none is a sentence of BenchIE English.
	wrong := []byte("1001\tShe\tleft\tearly\n1002\tHe\tcame\tlate\n")
	a.addPicked([]pickedFile{{Name: "conf.tsv", Data: wrong}}, evaluate.KindAuto, false)
	a.settle(t)
	if len(a.m.Problems) != 1 || !strings.Contains(a.m.Problems[0].Message, "no extraction names a sentence") ||
		!strings.Contains(a.m.Problems[0].Message, `"1001"`) || !strings.Contains(a.m.Problems[0].Kept, "not added") {
		t.Fatalf("problems %+v", a.m.Problems)
	}
	if got := a.systems(); len(got) != 9 || len(br.stored()) != 0 {
		t.Errorf("a refused file changed the page: %v, %d stored", got, len(br.stored()))
	}
	a.addPicked([]pickedFile{{Name: "ok.tsv", Data: []byte("1\tHe\tserved\tas Prime Minister\n")}}, evaluate.KindAuto, false)
	a.settle(t)
	if got := a.systems(); len(got) != 10 {
		t.Errorf("an aligned file was not taken: %v", got)
	}
}

// A panic caught around a browser call is the browser's lack only when
// syscall/js raised it; a Go panic is reported as a bug.
func TestPanicError(t *testing.T) {
	if err := panicError(jsValueError{}); err != errNotOffered {
		t.Errorf("syscall/js's panic: %v", err)
	}
	if err := panicError("syscall/js: Value.Call: property x is not a function, got undefined"); err != errNotOffered {
		t.Errorf("syscall/js's string panic: %v", err)
	}
	var bug any
	func() {
		defer func() { bug = recover() }()
		var m map[string]int
		m["x"]++
	}()
	if err := panicError(bug); err == errNotOffered || !strings.HasPrefix(err.Error(), "internal error: this is a bug in oiebench") || !strings.Contains(err.Error(), "nil map") {
		t.Errorf("a Go panic: %v", err)
	}
}

// jsValueError stands for syscall/js.ValueError, which exists under js/wasm only.
type jsValueError struct{}

func (jsValueError) Error() string { return "syscall/js: call of Value.Get on undefined" }

// A link opens where it points, over the stored state; the address then
// follows the page (replaced, not pushed); an unknown gold is ignored.
func TestLinkOpensThere(t *testing.T) {
	b := newFakeBrowser()
	b.state = &savedState{Source: "de", Prefs: ui.Prefs{View: ui.ViewCharts}}
	b.link = "#view=sentences&gold=benchie-fl:en&system=ClausIE&sentence=34"
	a := boot(t, b)
	a.settle(t)
	if a.m.Source != "fl-en" || a.m.Prefs.View != ui.ViewSentences || a.m.Prefs.System != "ClausIE" || a.m.Prefs.Sentence != "34" {
		t.Errorf("the link opened source %q, view %q, system %q, sentence %q", a.m.Source, a.m.Prefs.View, a.m.Prefs.System, a.m.Prefs.Sentence)
	}
	a.handle(func() {
		a.m.Prefs.View = ui.ViewCompare
		a.m.Prefs.CompareS = "7"
		a.SavePrefs()
	})
	if want := "#view=compare&gold=benchie-fl%3Aen&sentence=7"; b.Link() != want {
		t.Errorf("address %q after going to Compare, want %q", b.Link(), want)
	}
	a.handle(func() { a.SwitchSource("en") })
	if want := "#view=compare&gold=benchie%3Aen&sentence=7"; b.Link() != want {
		t.Errorf("address %q after switching to English, want %q", b.Link(), want)
	}

	b2 := newFakeBrowser()
	b2.link = "#gold=benchie:xx&view=scores"
	a2 := boot(t, b2)
	if a2.m.Source != "en" || b2.Link() != "#view=scores&gold=benchie%3Aen" {
		t.Errorf("an unknown gold opened %q, address %q", a2.m.Source, b2.Link())
	}
}
