package ui

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
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
