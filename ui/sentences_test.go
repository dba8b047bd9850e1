package ui

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/internal/dataset"
)

// TestSentencesChoice: a user's file on 5 of the 300 English sentences,
// scored beside the bundled systems, gets the notice proposing to score its
// sentences; its button chooses "covered" (kept in the options, which the
// page stores); with the subset chosen the notice names it instead.
func TestSentencesChoice(t *testing.T) {
	m, app := model(t, "en")
	data, err := dataset.ReadFile("systems/minie_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		if id, _, _ := strings.Cut(line, "\t"); id == "1" || id == "2" || id == "3" || id == "7" || id == "9" {
			kept = append(kept, line)
		}
	}
	mine, err := evaluate.ReadSystem(evaluate.Input{Path: "mine.tsv", Data: []byte(strings.Join(kept, "\n"))}, "")
	if err != nil {
		t.Fatal(err)
	}
	gold := m.Eval.Gold
	systems := append(append([]*evaluate.System{}, m.Eval.Systems...), mine)
	score := func(o evaluate.Options) {
		m.SetEvaluation(evaluate.NewWorkspace(gold).Evaluate(systems, o))
	}
	score(evaluate.Options{})
	if html := render(t, &ScoresView{M: m}); strings.Contains(html, "covered-notice") {
		t.Fatal("no notice without files of the user's")
	}
	m.Files = []FileEntry{{ID: "1", Name: "mine.tsv", Role: RoleSystem, System: "mine"}}
	v := &ScoresView{M: m}
	html := render(t, v)
	if !strings.Contains(html, "Your file has extractions on 5 sentences of the gold&#39;s 300") || !strings.Contains(html, "Score only the 5 sentences your file covers") {
		t.Fatalf("no notice:\n%s", html)
	}
	v.ScoreCovered()
	if app.opts.Sentences != evaluate.Covered || (Options{Sentences: "covered"}).Valid().Sentences != "covered" {
		t.Fatalf("options %+v", app.opts)
	}
	score(evaluate.Options{Sentences: evaluate.Covered, CoveredBy: m.UserSystems()})
	html = render(t, &ScoresView{M: m})
	if strings.Contains(html, "covered-notice") || !strings.Contains(html, "Scored on 5 of 300 sentences (those the files cover: 1-3,7,9)") {
		t.Fatalf("subset not named:\n%s", html)
	}
	if got := m.Eval.Report.Subset.CoveredBy; len(got) != 1 || got[0] != "mine" {
		t.Errorf("covered by %q, want the user's file", got)
	}
	if m.Eval.Report.Systems[0].BenchIE.Regular.FN+m.Eval.Report.Systems[0].BenchIE.Regular.TP != m.Eval.Report.Gold.Synsets || m.Eval.Report.Gold.Sentences != 5 {
		t.Fatal("every system is scored on the 5 sentences")
	}
	// The choice in the options bar, and a list that names no sentence.
	m.Options.Sentences = "1-5,999"
	score(evaluate.Options{Sentences: m.Options.Sentences})
	in := render(t, &Inputs{M: m})
	if !strings.Contains(in, `value="1-5,999"`) || !strings.Contains(in, `sentence &#34;999&#34; is not in the gold`) {
		t.Fatalf("options bar:\n%s", in)
	}
}

// The Sentences list mounts its first listMount options, and past them
// those up to listMargin beyond the selected one; it says it is busy until
// later turns have mounted it whole; the keys move through the whole list.
func TestSentencesMountedInPart(t *testing.T) {
	m, _ := model(t, "en")
	v := &SentencesView{M: m}
	all := v.List()
	if len(all) != 300 {
		t.Fatalf("%d sentences listed, want BenchIE's 300", len(all))
	}
	options := func() []string {
		return regexp.MustCompile(`<li [^>]*role="option"[^>]*>`).FindAllString(render(t, v), -1)
	}
	busy := func() bool { return strings.Contains(render(t, v), `aria-busy="true"`) }
	if got := len(options()); got != listMount || !busy() {
		t.Errorf("%d options mounted first (busy %v), want %d and busy", got, busy(), listMount)
	}
	m.Prefs.Sentence = all[200].ID // a link to a sentence, or a key press
	if got := len(options()); got != 201+listMargin {
		t.Errorf("with the 201st sentence selected, %d options mounted, want %d", got, 201+listMargin)
	}
	if !strings.Contains(render(t, v), `aria-selected="true"`) {
		t.Error("the selected sentence is not mounted")
	}
	for range len(all)/listGrow + 1 { // the later turns (fakeApp.Later runs them at once)
		v.Rendered(nil)
		render(t, v)
	}
	if got := options(); len(got) != len(all) || busy() {
		t.Errorf("%d options mounted whole (busy %v), want %d", len(got), busy(), len(all))
	}
	m.Prefs.System = m.Eval.Systems[1].Name // another list: mounted in part again
	m.Prefs.Sentence = all[5].ID
	first := max(listMount, slices.IndexFunc(v.List(), func(s explain.SentenceSummary) bool { return s.ID == all[5].ID })+1+listMargin)
	if got := len(options()); got != first || !busy() {
		t.Errorf("another system's list: %d options mounted first (busy %v), want %d and busy", got, busy(), first)
	}
	for v.detailBuilt < len(v.detail.Systems) { // the detail's parts come first
		v.Rendered(nil)
		render(t, v)
	}
	v.Rendered(nil)
	if got := len(options()); got != first+listGrow {
		t.Errorf("another system's list: %d options mounted after a later turn, want %d", got, first+listGrow)
	}
	m.Prefs.System = ""
	m.Prefs.Sentence = all[len(all)-1].ID // End, on the list shown again (mounted anew)
	v = &SentencesView{M: m}
	if got := options(); len(got) != len(all) || !strings.Contains(got[len(got)-1], `aria-selected="true"`) {
		t.Errorf("with the last sentence selected, %d options mounted, the last selected: %v; want all %d", len(got), strings.Contains(got[len(got)-1], `aria-selected="true"`), len(all))
	}
}

// The Sentences view builds the selected sentence's systems in parts
// (detailPartRows): its first render the synsets and the first part, the
// systems' box busy and the list not grown; each later turn appends the
// next part below the blocks built, whose markup stays as it was; then
// the list's parts come. Whole, the detail is the one built at once.
// Another sentence starts again in parts; the same sentence explained
// again stays whole; one system chosen is built at once.
func TestSentenceDetailInParts(t *testing.T) {
	m, _ := model(t, "en")
	v := &SentencesView{M: m}
	blocks := regexp.MustCompile(`<section class="system-block" data-system="([^"]*)"`)
	// systems returns the systems' box's markup, its blocks' systems and
	// the rows of extractions in them.
	systems := func(html string) (box string, names []string, rows int) {
		at := strings.Index(html, `<div aria-busy=`) // staticrender orders attributes by name
		if at < 0 || !strings.HasPrefix(html[at+len(`<div aria-busy="false"`):], ` class="systems">`) && !strings.HasPrefix(html[at+len(`<div aria-busy="true"`):], ` class="systems">`) {
			t.Fatalf("no systems' box in %.300s", html)
		}
		box = html[at:]
		for _, b := range blocks.FindAllStringSubmatch(box, -1) {
			names = append(names, b[1])
		}
		return box, names, strings.Count(box, `<li class="extraction `)
	}
	options := func(html string) int { return strings.Count(html, `role="option"`) }
	all := m.SystemNames()
	inParts := func(what string) string {
		html := render(t, v)
		box, names, rows := systems(html)
		if len(names) == 0 || len(names) == len(all) || !strings.Contains(box, `aria-busy="true"`) {
			t.Fatalf("%s: the first render built %d of %d systems (busy %v), want a part", what, len(names), len(all), strings.Contains(box, `aria-busy="true"`))
		}
		parts, listed := 1, options(html)
		for len(names) < len(all) {
			if rows > detailPartRows*parts && len(names) > parts {
				t.Errorf("%s: %d parts built %d rows of %d systems, want at most %d rows a part or a system", what, parts, rows, len(names), detailPartRows)
			}
			if got := options(html); got != listed {
				t.Errorf("%s: %d options mounted while the detail is built in parts, want %d", what, got, listed)
			}
			v.Rendered(nil) // a later turn (fakeApp.Later runs it at once)
			html = render(t, v)
			before := box[:strings.LastIndex(box, `</section>`)+len(`</section>`)]
			box, names, rows = systems(html)
			parts++
			if !slices.Equal(names[:min(len(names), parts-1)], all[:min(len(names), parts-1)]) || !strings.HasPrefix(strings.Replace(box, `aria-busy="false"`, `aria-busy="true"`, 1), before) {
				t.Fatalf("%s: part %d did not append its blocks below the ones built: %v", what, parts, names)
			}
		}
		if !slices.Equal(names, all) || !strings.Contains(box, `aria-busy="false"`) {
			t.Errorf("%s: whole, the detail shows %v (busy %v), want %v", what, names, !strings.Contains(box, `aria-busy="false"`), all)
		}
		v.Rendered(nil)
		if got, want := options(render(t, v)), min(listed+listGrow, len(v.List())); got != want {
			t.Errorf("%s: after the detail, %d options mounted, want the list's next part (%d)", what, got, want)
		}
		t.Logf("%s: %d systems, %d rows, in %d parts", what, len(names), rows, parts)
		return html
	}
	html := inParts("sentence 1")
	whole := render(t, &SentenceDetail{SentenceDetailBody: SentenceDetailBody{M: m, View: v.detail}})
	if !strings.Contains(html, whole) {
		t.Errorf("the detail built in parts is not the one built at once:\n%s\nwant within\n%s", whole, html)
	}
	m.sentenceCache = nil // the same sentence explained again (a new evaluation)
	if _, names, _ := systems(render(t, v)); len(names) != len(all) {
		t.Errorf("the same sentence explained again built %d of %d systems, want all", len(names), len(all))
	}
	m.Prefs.Sentence = v.List()[1].ID
	inParts("sentence 2")
	m.Prefs.System = all[0]
	if box, names, _ := systems(render(t, v)); len(names) != 1 || !strings.Contains(box, `aria-busy="false"`) {
		t.Errorf("one system chosen: %d blocks built (busy %v), want 1 at once", len(names), !strings.Contains(box, `aria-busy="false"`))
	}
}

// A SentenceDetail returns its last output while what it shows is the
// same, and is built again when any of it changes: the windows (rows of
// extractions and of synsets, the text shown whole), the studio, its
// fields, the source's language and the view.
func TestSentenceDetailMemo(t *testing.T) {
	m := &Model{Source: "en"}
	view := func(id string) explain.SentenceView {
		v := explain.SentenceView{ID: id, Text: strings.Repeat("word ", windowText), Synsets: make([]explain.SynsetView, 2*windowRows)}
		for k := range v.Synsets {
			v.Synsets[k] = explain.SynsetView{Index: k, CoveredBy: []int{-1}}
		}
		sv := explain.SystemView{Name: "big", Verdicts: map[benchie.Verdict]int{}}
		for i := range 3 * windowRows {
			sv.Extractions = append(sv.Extractions, explain.ExtractionView{Index: i, Line: i + 1, Verdict: benchie.Incorrect,
				Slots: [3][]explain.Token{{{Text: "He"}}, {{Text: "served"}}, {{Text: "as"}}}})
			sv.Lines = append(sv.Lines, i+1)
		}
		v.Systems = []explain.SystemView{sv}
		return v
	}
	c := &SentenceDetail{SentenceDetailBody: SentenceDetailBody{M: m, View: view("7")}}
	html := render(t, c)
	kept := c.out
	if render(t, c) != html || c.out != kept {
		t.Fatal("an unchanged detail was built again")
	}
	count := func(s string) int { return strings.Count(html, s) }
	changes := []memoChange{
		{"more extractions", func() { c.MoreExtractions(c.View.Systems[0]) }, func() bool { return count(`class="extraction `) == 2*windowRows }},
		{"more synsets", c.MoreSynsets, func() bool { return count(`data-synset=`) == 2*windowRows }},
		{"the text whole", c.ShowAll, func() bool { return count(`show-all`) == 0 }},
		{"the studio running", func() { m.Studio = &Studio{App: &fakeStudio{}} }, func() bool { return count(`class="adjudicate"`) == 2*windowRows }},
		{"the gold hidden", func() { c.Hidden = true }, func() bool { return count(`a fact of the gold`) == 2*windowRows }},
		{"side by side", func() { c.SideBySide = true }, func() bool { return count(`systems side-by-side`) == 1 }},
		{"a Remove button", func() { c.Remove = func(int) {} }, func() bool { return count(`class="link remove"`) == 2*windowRows }},
		{"another source's language", func() { m.Source = "de" }, func() bool { return count(`lang="de"`) > 0 && count(`lang="en"`) == 0 }},
		{"another sentence", func() { c.View = view("8") }, func() bool { return count(`data-sentence="8"`) == 1 }},
	}
	eachChangeShown(t, changes, func() bool {
		html = render(t, c)
		built := c.out != kept
		kept = c.out
		return built
	})
}

// A sentence list computed ahead (wasm/app, after the table) is kept for
// the evaluation and filter it was computed for, and the view then reads
// it; one for another evaluation or filter is dropped.
func TestKeepSentenceList(t *testing.T) {
	m, _ := model(t, "en")
	old := m.Explorer
	rescored := *m.Eval
	rescored.Results = slices.Clone(m.Eval.Results)
	m.SetEvaluation(&rescored)
	if !m.SentenceListDue() {
		t.Fatal("no list computed, yet none is due")
	}
	f := m.SentenceFilter()
	other := f
	other.Show = explain.ShowErrors
	m.KeepSentenceList(old, f, old.Sentences(f))
	m.KeepSentenceList(m.Explorer, other, m.Explorer.Sentences(other))
	if !m.SentenceListDue() {
		t.Fatal("a list of another evaluation or filter was kept")
	}
	l := m.Explorer.Sentences(f)
	m.KeepSentenceList(m.Explorer, f, l)
	if m.SentenceListDue() {
		t.Fatal("the list computed ahead was not kept")
	}
	if got := (&SentencesView{M: m}).List(); len(got) != 300 || &got[0] != &l[0] {
		t.Errorf("the view lists %d sentences, not the list computed ahead", len(got))
	}
}

// "Show 20 more" explains the next rows onto the window shown (MoreRows);
// the view is the one the larger window explains whole.
func TestSentenceViewMore(t *testing.T) {
	m, _ := model(t, "en")
	var text strings.Builder
	for i := range 3 * windowRows {
		text.WriteString("1\tHe" + strconv.Itoa(i) + "\tserved\tas the first Prime Minister\n")
	}
	big, err := evaluate.ReadSystem(evaluate.Input{Name: "big", Path: "big.tsv", Data: []byte(text.String())}, "")
	if err != nil {
		t.Fatal(err)
	}
	m.SetEvaluation(evaluate.NewWorkspace(m.Eval.Gold).Evaluate(append(append([]*evaluate.System{}, m.Eval.Systems...), big), evaluate.Options{}))
	si := m.SentenceIndexByID("1")
	sys := len(m.Eval.Systems) - 1
	for shown := windowRows; shown <= 3*windowRows; shown += windowRows {
		v := m.SentenceView(si, benchie.Regular, nil)
		want := m.Explorer.SentenceWindow(si, benchie.Regular, nil, func(s int) int {
			if s == sys {
				return shown
			}
			return windowRows
		})
		if !reflect.DeepEqual(v, want) || len(v.Systems[sys].Extractions) != shown {
			t.Fatalf("with %d rows shown the view explains %d, not as the window whole", shown, len(v.Systems[sys].Extractions))
		}
		(&SentenceDetailBody{M: m, View: v}).MoreExtractions(v.Systems[sys])
	}
}

// An AdjudicateControl returns its last output while what it shows is the
// same, and is built again when the synset chosen, the gold's kind (a
// studio work or not), the sentence's synsets or the extraction change.
func TestAdjudicateControlMemo(t *testing.T) {
	m := &Model{Source: "en", Studio: &Studio{App: &fakeStudio{}, Works: []WorkInfo{{ID: "w1"}}}}
	c := &AdjudicateControl{AdjudicateControlBody: AdjudicateControlBody{M: m, System: 1, Extraction: 7, Synsets: 3}}
	html := render(t, c)
	kept := c.out
	if render(t, c) != html || c.out != kept {
		t.Fatal("an unchanged control was built again")
	}
	changes := []memoChange{
		{"the synset chosen", func() { m.Studio.adjudicate = map[[2]int]int{{1, 7}: 2} }, func() bool { return c.To() == 2 }},
		{"a studio work on screen", func() { m.Source = WorkSourcePrefix + "w1" }, func() bool { return strings.Contains(html, "Add to the gold") }},
		{"another synset", func() { c.Synsets = 4 }, func() bool { return strings.Count(html, "<option") == 5 }},
		{"another extraction", func() { c.Extraction = 8 }, func() bool { return strings.Contains(html, `id="adjudicate-add-1-8"`) }},
	}
	eachChangeShown(t, changes, func() bool {
		html = render(t, c)
		built := c.out != kept
		kept = c.out
		return built
	})
}

// CaRB's columns arrive as a copy of the evaluation shown, with the same
// gold and results: the Explorer stays, and with it the sentence list
// computed ahead and the sentence views explained (the Sentences tab then
// opens without computing either); an evaluation with other results gets a
// new Explorer and drops them.
func TestSentenceListKeptForCaRBsCopy(t *testing.T) {
	m, _ := model(t, "en")
	f := m.SentenceFilter()
	l := m.Explorer.Sentences(f)
	m.KeepSentenceList(m.Explorer, f, l)
	x := m.Explorer
	si := m.SentenceIndexByID("1")
	v := m.SentenceView(si, benchie.Regular, nil)
	withCaRB := *m.Eval
	m.SetEvaluation(&withCaRB)
	if m.Explorer != x || m.Eval != &withCaRB {
		t.Fatal("a new Explorer for CaRB's copy of the evaluation")
	}
	if m.SentenceListDue() {
		t.Fatal("the list was dropped when only the report changed")
	}
	if got := (&SentencesView{M: m}).List(); len(got) != len(l) || &got[0] != &l[0] {
		t.Errorf("the view lists %d sentences, not the list computed ahead", len(got))
	}
	if got := m.SentenceView(si, benchie.Regular, nil); &got.Systems[0] != &v.Systems[0] {
		t.Error("the sentence shown was explained again when only the report changed")
	}
	rescored := withCaRB
	rescored.Results = slices.Clone(withCaRB.Results)
	m.SetEvaluation(&rescored)
	if m.Explorer == x || !m.SentenceListDue() {
		t.Fatal("the Explorer and its list were kept for an evaluation with other results")
	}
}

// memoChange is a change to what a memoised component shows, and how to
// see it shown.
type memoChange struct {
	what   string
	change func()
	shown  func() bool
}

// eachChangeShown makes each change in turn and fails unless rebuild (the
// component rendered again, reporting whether it was built anew, not its
// last output returned) shows it.
func eachChangeShown(t *testing.T, changes []memoChange, rebuild func() bool) {
	t.Helper()
	for _, ch := range changes {
		ch.change()
		if built := rebuild(); !built || !ch.shown() {
			t.Errorf("%s is not shown", ch.what)
		}
	}
}
