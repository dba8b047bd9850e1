package ui

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
)

// Unchecking the last facet is refused with a note that says why; checking
// another one clears the note.
func TestLastFacetNote(t *testing.T) {
	m, app := model(t, "en")
	m.Options = Options{Facets: []benchie.Facet{benchie.Minimal}}
	c := &Inputs{M: m}
	if c.setFacet(benchie.Minimal) {
		t.Fatal("the last facet was switched off")
	}
	if len(app.calls) != 0 {
		t.Errorf("options changed: %v", app.calls)
	}
	if !strings.Contains(c.FacetNote, "At least one facet is needed") || !strings.Contains(c.FacetNote, "BenchIE-M") {
		t.Errorf("note %q", c.FacetNote)
	}
	if html := render(t, c); !strings.Contains(html, `id="facet-note"`) {
		t.Error("the note is not shown")
	}
	if !c.setFacet(benchie.Regular) || c.FacetNote != "" || len(app.opts.Facets) != 2 {
		t.Errorf("checking BenchIE: note %q, facets %v", c.FacetNote, app.opts.Facets)
	}
}

// The facets are explained where they are chosen, and the accepted file
// formats are named with an example line.
func TestFacetAndFormatHelp(t *testing.T) {
	m, _ := model(t, "en")
	html := render(t, &Inputs{M: m})
	for _, want := range []string{
		"BenchIE-C: the three slots joined into one string and compared as one",
		"BenchIE-M: against the gold without its bracketed optional parts, i.e. its minimal extractions",
		`id="formats-line"`, "1⇥He⇥served as⇥Prime Minister", "JSON Lines",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the inputs lack %q", want)
		}
	}
}

// Bold has a legend when there is something to compare; a gold without
// systems (a studio work scored before any system file was added) says
// what to do instead of showing an empty table alone.
func TestScoresLegendAndEmptyState(t *testing.T) {
	m, _ := model(t, "en")
	html := render(t, &ScoresView{M: m})
	if !strings.Contains(html, `id="best-legend"`) || !strings.Contains(html, "the best value of its column") {
		t.Error("no legend for bold")
	}
	if strings.Contains(html, `data-empty="scores"`) {
		t.Error("the empty-state note shows beside a full table")
	}

	gold, err := evaluate.ReadGold(evaluate.Input{Path: "new.gold.txt", Data: []byte("sent_id:1\tShe left .\n")}, false)
	if err != nil {
		t.Fatal(err)
	}
	m.SetEvaluation(evaluate.NewWorkspace(gold).Evaluate(nil, evaluate.Options{}))
	html = render(t, &ScoresView{M: m})
	for _, want := range []string{"No system files to score against this gold yet", "This gold has no synsets yet"} {
		if !strings.Contains(html, want) {
			t.Errorf("the empty scores view lacks %q", want)
		}
	}
	if strings.Contains(html, `id="best-legend"`) {
		t.Error("a legend for bold with nothing to compare")
	}
}

// The count of the sentences the user's files cover is kept per evaluation
// and set of systems: a count made ahead (SetCovered, paced by the page) is
// the one the Scores view reads, and another set of systems or another
// evaluation is counted again.
func TestCoveredSentencesKept(t *testing.T) {
	m, _ := model(t, "en")
	ev := m.Eval
	one := []string{ev.Systems[0].Name}
	two := []string{ev.Systems[0].Name, ev.Systems[1].Name}
	if n, of := m.CoveredSentences(one); n == 0 || of != len(ev.Gold.Sentences) {
		t.Fatalf("%s covers %d of %d sentences", one[0], n, of)
	}
	m.SetCovered(ev, one, 1, 2)
	if n, of := m.CoveredSentences(one); n != 1 || of != 2 {
		t.Errorf("the count made ahead is not read: %d of %d", n, of)
	}
	wn, wof := ev.CoveredSentences(two)
	if n, of := m.CoveredSentences(two); n != wn || of != wof {
		t.Errorf("two systems: %d of %d, want %d of %d", n, of, wn, wof)
	}
	m.SetCovered(ev, two, 1, 2)
	m.SetEvaluation(evaluate.NewWorkspace(ev.Gold).Evaluate(ev.Systems, evaluate.Options{}))
	if n, of := m.CoveredSentences(two); n != wn || of != wof {
		t.Errorf("a new evaluation read the old one's count: %d of %d, want %d of %d", n, of, wn, wof)
	}
}
