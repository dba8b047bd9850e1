package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/vugu/vugu/js"
)

// fakeStudio applies operations to an editor as wasm/app does, without a
// browser.
type fakeStudio struct {
	s     *Studio
	calls []string
	exts  []SystemExtraction
}

func (f *fakeStudio) OpenFiles(js.Value)                      { f.calls = append(f.calls, "open") }
func (f *fakeStudio) StartFromText(name, text string)         { f.calls = append(f.calls, "start") }
func (f *fakeStudio) EditBundled(source string)               { f.calls = append(f.calls, "copy "+source) }
func (f *fakeStudio) SelectWork(id string)                    { f.calls = append(f.calls, "select "+id) }
func (f *fakeStudio) DeleteWork(id string)                    { f.calls = append(f.calls, "delete "+id) }
func (f *fakeStudio) Export(fm annotate.Format)               { f.calls = append(f.calls, "export "+string(fm)) }
func (f *fakeStudio) ScoreWork(id string)                     { f.calls = append(f.calls, "score "+id) }
func (f *fakeStudio) Adjudicate(sys, ext, k int)              { f.calls = append(f.calls, "adjudicate") }
func (f *fakeStudio) AgreementFiles(side int, files js.Value) {}
func (f *fakeStudio) AgreementWork(side int, id string)       {}
func (f *fakeStudio) SaveStudioPrefs()                        {}
func (f *fakeStudio) EditHere()                               {}
func (f *fakeStudio) Focus(id string, later bool) {
	f.calls = append(f.calls, fmt.Sprintf("focus %s later=%v", id, later))
}
func (f *fakeStudio) ScrollIntoView(selector, _ string) {
	f.calls = append(f.calls, "scroll "+selector)
}
func (f *fakeStudio) MergeAgreement()   { f.calls = append(f.calls, "merge") }
func (f *fakeStudio) OpenSuggestions()  { f.calls = append(f.calls, "suggestions") }
func (f *fakeStudio) StartSuggestions() { f.calls = append(f.calls, "start queue") }
func (f *fakeStudio) UndoSuggestion()   { f.calls = append(f.calls, "undo queue") }
func (f *fakeStudio) ExportErrata()     { f.calls = append(f.calls, "errata") }
func (f *fakeStudio) EndSuggestions()   { f.calls = append(f.calls, "end queue") }
func (f *fakeStudio) DecideSuggestion(d string, synset int) {
	f.calls = append(f.calls, fmt.Sprintf("%s %d", d, synset))
}
func (f *fakeStudio) Extractions(string) []SystemExtraction {
	return f.exts
}

func (f *fakeStudio) Apply(op annotate.Op) error {
	if err := f.s.Work.Ed.Apply(op); err != nil {
		return err
	}
	f.changed()
	return nil
}

func (f *fakeStudio) Undo() { f.s.Work.Ed.Undo(); f.changed() }
func (f *fakeStudio) Redo() { f.s.Work.Ed.Redo(); f.changed() }

func (f *fakeStudio) changed() {
	f.s.Work.Rev++
	f.s.Work.Issues = f.s.Work.Ed.Doc.Validate()
}

// studio opens a document of plain sentences in a studio.
func studio(t *testing.T, text string) (*Studio, *fakeStudio) {
	t.Helper()
	doc, err := annotate.ReadSentences("s.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeStudio{}
	s := &Studio{Stored: true}
	s.App, f.s = f, s
	info := WorkInfo{ID: "w1", Name: "s.txt", Lang: "en", Sentences: len(doc.Sentences)}
	s.Works = []WorkInfo{info}
	s.Work = &Work{WorkInfo: info, Ed: annotate.NewEditor(doc)}
	return s, f
}

// The builder's actions, driven by keys as the page's shortcuts drive them.
func TestStudioKeys(t *testing.T) {
	s, f := studio(t, "He served as the first Prime Minister .\nShe left .\n")
	f.exts = []SystemExtraction{{System: "X", Line: 3, Triple: oie.Triple{Subject: "He", Relation: "served as", Object: "Prime Minister"}}}
	press := func(k KeyPress) {
		t.Helper()
		if !s.Key(k) {
			t.Fatalf("key %+v not used", k)
		}
	}
	s.AddToken(0, false)
	press(KeyPress{Key: "2"})
	s.AddToken(1, false)
	s.AddToken(2, false)
	press(KeyPress{Key: "3"})
	for _, i := range []int{3, 4, 5, 6} {
		s.AddToken(i, false)
	}
	s.SelectWord(2, 0, false)
	s.SelectWord(2, 1, true)
	press(KeyPress{Key: "o"}) // [the first] Prime Minister
	p := s.Preview(s.Sentence(), s.Draft(), f.exts)
	if p.Text.Object != "[the first] Prime Minister" || p.FormCount != 2 || len(p.Matches) != 1 {
		t.Fatalf("preview %+v", p)
	}
	if s.Key(KeyPress{Key: "Enter", OnButton: true}) {
		t.Error("Enter on a button was taken from the button")
	}
	press(KeyPress{Key: "Enter"})
	sen := s.Sentence()
	if len(sen.Synsets) != 1 || sen.TripleText(sen.Synsets[0].Triples[0]).Object != "[the first] Prime Minister" {
		t.Fatalf("synsets %+v (status %q)", sen.Synsets, s.Status)
	}
	if !s.Draft().Empty() || s.Draft().Target != 0 {
		t.Errorf("after adding: draft %+v, want empty, aimed at synset 1", s.Draft())
	}
	// A typed word, then removed with Backspace; Escape clears.
	s.Draft().Typed = "Barton"
	s.AddTyped()
	if w := s.Draft().Triple.Slots[s.Draft().Slot].Words; len(w) != 1 || !w[0].IsTyped() {
		t.Errorf("typed word: %+v", w)
	}
	press(KeyPress{Key: "Backspace"})
	if !s.Draft().Empty() {
		t.Error("Backspace left the word")
	}
	// Undo and redo; not while typing in a field.
	if s.Key(KeyPress{Key: "z", Ctrl: true, InField: true}) {
		t.Error("Ctrl+Z in a text field was taken from the field")
	}
	press(KeyPress{Key: "z", Ctrl: true})
	if len(s.Sentence().Synsets) != 0 {
		t.Error("Ctrl+Z did not undo")
	}
	press(KeyPress{Key: "Z", Ctrl: true, Shift: true})
	if len(s.Sentence().Synsets) != 1 {
		t.Error("Ctrl+Shift+Z did not redo")
	}
	// j moves on, k back; the list follows the filter.
	press(KeyPress{Key: "j"})
	if s.Sentence().ID != "2" {
		t.Errorf("j shows sentence %s", s.Sentence().ID)
	}
	s.Prefs.Filter = FilterTodo
	if v := s.Visible(); len(v) != 1 || v[0] != 1 {
		t.Errorf("not annotated yet: %v", v)
	}
	s.Prefs.Filter = FilterAll
	press(KeyPress{Key: "k"})
	if s.Sentence().ID != "1" {
		t.Errorf("k shows sentence %s", s.Sentence().ID)
	}
	// Editing a triple replaces it; merging and moving go through the core.
	s.EditTriple(0, 0)
	s.SetSlot(0)
	s.RemoveWords()
	s.AddToken(0, true)
	s.Commit()
	if got := s.Sentence().TripleText(s.Sentence().Synsets[0].Triples[0]).Subject; got != "[He]" {
		t.Errorf("edited subject %q", got)
	}
	s.DuplicateTriple(0, 0)
	s.MoveTriple(0, 1, annotate.NewSynset, false)
	s.MergeSynsets(0, 1)
	if n := len(s.Sentence().Synsets); n != 1 || len(s.Sentence().Synsets[0].Triples) != 2 {
		t.Errorf("after duplicate, move, merge: %d synsets", n)
	}
}

// The studio's views render with a work, without one, and with an
// agreement; the banner appears only for a work's gold.
func TestStudioRenders(t *testing.T) {
	s, _ := studio(t, "He served as the first Prime Minister .\n")
	s.AddToken(0, false)
	s.Commit() // an incomplete triple: its problems show beside it
	html := render(t, &StudioView{S: s})
	for _, want := range []string{`id="studio-token-0"`, `data-slot="subject"`, `empty slot`, `tslot bad`, `1 of 1 sentences annotated`, `Add to synset 1`} {
		if !strings.Contains(html, want) {
			t.Errorf("studio view lacks %s", want)
		}
	}
	empty := &Studio{App: &fakeStudio{}, Stored: false}
	if html := render(t, &StudioView{S: empty}); !strings.Contains(html, "Build a gold") || !strings.Contains(html, "keeps nothing") {
		t.Error("the start screen or the storage warning is missing")
	}

	a, _, _ := annotate.ReadBenchIE("a", []byte("sent_id:1\tShe left .\n1--> Cluster 1:\nShe --> left --> [early]\n1--> Cluster 2:\nShe --> went --> away\n"), annotate.ReadOptions{})
	b, _, _ := annotate.ReadBenchIE("b", []byte("sent_id:1\tShe left .\n1--> Cluster 1:\nShe --> left --> early\n"), annotate.ReadOptions{})
	res, err := annotate.Agree(a, b, annotate.AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s.Agree = Agreement{Sides: [2]*AgreeSide{{Name: "a.txt", Doc: a}, {Name: "b.txt", Doc: b}}, Result: res}
	html = render(t, &AgreementView{S: s})
	html += string((&AgreementView{S: s}).GroupsHTML()) // set as the groups' inner HTML
	for _, want := range []string{`<h4>Only A has (1)</h4>`, `<h4>Only B has (0)</h4>`, `<h4>Both have (2)</h4>`, `data-differs="true"`, "0.750", `id="agree-merge"`, `data-take="both"`} {
		if !strings.Contains(html, want) {
			t.Errorf("agreement view lacks %s:\n%s", want, html)
		}
	}

	m, _ := model(t, "en")
	m.Studio = s
	if html := render(t, &EditedGoldBanner{M: m}); strings.Contains(html, "edited-banner\"") {
		t.Error("a banner over a published gold")
	}
	s.Works[0].Base = "en"
	m.Source = WorkSourcePrefix + "w1"
	if html := render(t, &EditedGoldBanner{M: m}); !strings.Contains(html, "Edited copy of the") || !strings.Contains(html, "Show the published gold") {
		t.Errorf("banner:\n%s", html)
	}
}

// Sentences are added, renamed and deleted from the studio; a refused
// rename says why and keeps its form; undo brings a deleted sentence back.
func TestStudioSentenceControls(t *testing.T) {
	s, _ := studio(t, "Obama was born in Hawaii .\n")
	c := &StudioView{S: s}
	c.OpenAdd()
	if html := render(t, c); !strings.Contains(html, `id="studio-add-text"`) {
		t.Fatal("the form that adds sentences is not shown")
	}
	s.SetPanelText("Berlin is the capital of Germany .\n\n  She left early .  \n")
	s.AddSentences(s.Panel.Text)
	d := s.Doc()
	if len(d.Sentences) != 3 || d.Sentences[1].Text != "Berlin is the capital of Germany ." || d.Sentences[2].Text != "She left early ." {
		t.Fatalf("sentences after adding: %+v", d.Sentences)
	}
	if s.SentenceIndex() != 1 || s.Panel != nil || !strings.Contains(s.Status, "Added 2 sentences, from #2") {
		t.Errorf("shown %d, panel %+v, status %q", s.SentenceIndex(), s.Panel, s.Status)
	}
	s.AddSentences(" \n")
	if len(s.Doc().Sentences) != 3 || !strings.Contains(s.Status, "Nothing to add") {
		t.Errorf("blank text: status %q", s.Status)
	}

	sc := &StudioSentence{S: s}
	sc.OpenRename()
	if s.Panel.Text != "2" {
		t.Errorf("the rename form starts from %q, want the id 2", s.Panel.Text)
	}
	s.RenameSentence("1") // taken
	if s.Doc().Sentences[1].ID != "2" || s.Panel == nil || !strings.Contains(s.Status, "Not done") {
		t.Errorf("a taken id: %q, status %q", s.Doc().Sentences[1].ID, s.Status)
	}
	s.RenameSentence(" berlin ")
	if s.Doc().Sentences[1].ID != "berlin" || s.Sentence().ID != "berlin" {
		t.Errorf("renamed to %q, showing %q", s.Doc().Sentences[1].ID, s.Sentence().ID)
	}

	sc.OpenPanel("delete-sentence", -1, -1)
	if html := render(t, sc); !strings.Contains(html, "Delete sentence #berlin with its 0 synsets?") {
		t.Errorf("no question before deleting:\n%s", html)
	}
	s.DeleteSentence()
	if len(s.Doc().Sentences) != 2 || s.Sentence().ID != "3" {
		t.Errorf("after deleting: %d sentences, showing %q", len(s.Doc().Sentences), s.Sentence().ID)
	}
	s.Undo()
	if len(s.Doc().Sentences) != 3 || s.Doc().Sentences[1].ID != "berlin" {
		t.Errorf("undo did not bring the sentence back: %+v", s.Doc().Sentences)
	}
}

// Without Shift: "Select + next word" widens the selection one word at a
// time, so that a run becomes one optional unit on a touch screen.
func TestStudioWidenSelection(t *testing.T) {
	s, _ := studio(t, "He served as the first Prime Minister .\n")
	s.SetSlot(2)
	for _, i := range []int{3, 4, 5, 6} {
		s.AddToken(i, false)
	}
	s.WidenSelection() // nothing selected: the first word
	s.WidenSelection()
	if sel := s.Draft().Sel; !sel.Selected || sel.Slot != 2 || sel.From != 0 || sel.To != 1 {
		t.Fatalf("selection %+v, want object words 0..1", sel)
	}
	s.ToggleOptional()
	if got := s.Preview(s.Sentence(), s.Draft(), nil).Text.Object; got != "[the first] Prime Minister" {
		t.Errorf("object %q, want [the first] Prime Minister", got)
	}
	// At the slot's end the selection stays as it is.
	s.SelectWord(2, 2, false)
	s.WidenSelection()
	s.WidenSelection()
	if sel := s.Draft().Sel; sel.From != 2 || sel.To != 3 {
		t.Errorf("selection %+v, want 2..3", sel)
	}
}
