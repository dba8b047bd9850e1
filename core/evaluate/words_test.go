package evaluate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
)

// TestWordsEvidence: a BenchIE TSV file names sentences by id only; its
// words are the evidence that it goes with the gold. Written for the
// purpose: a German gold, an English file whose ids match it (refused), a
// file with some words not in its sentences (a warning with the rate and an
// example), and the file that goes with it (no warning).
func TestWordsEvidence(t *testing.T) {
	gold := "sent_id:1\tEr diente als erster Premierminister Australiens .\n1--> Cluster 1:\nEr --> diente als --> erster Premierminister Australiens\n" +
		"sent_id:2\tSie begann 1990 ihre Filmkarriere .\n2--> Cluster 1:\nSie --> begann --> ihre Filmkarriere\n"
	for _, c := range []struct {
		name, system, says string
		refused            bool
	}{
		{"english", "1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tShe\tbegan\ther film career in 1990\n", "only 25% of the extracted words (12 of 48)", true},
		{"some words", "1\tEr\tdiente als\terster Premierminister\n2\tSie\tbegann mit\tder Karriere im Film\n", "only 75% of the extracted words (27 of 36)", false},
		{"german", "1\tEr\tdiente als\terster Premierminister Australiens\n2\tSie\tbegann\tihre Filmkarriere\n", "", false},
	} {
		// Three times over: 30 words are needed to judge.
		system := []byte(strings.Repeat(c.system, 3))
		req := evaluate.Request{Gold: evaluate.Input{Path: "de.txt", Data: []byte(gold)}, Systems: []evaluate.Input{{Name: c.name, Path: c.name + ".tsv", Data: system}}}
		ev, err := evaluate.Run(req)
		if c.refused {
			if !errors.Is(err, evaluate.ErrNotAligned) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), `"He" of line 1 is not in sentence 1 ("Er diente`) {
				t.Errorf("%s: %v, want a refusal saying %q", c.name, err, c.says)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ws := strings.Join(ev.Report.Systems[0].Warnings, "|")
		if c.says == "" && strings.Contains(ws, "extracted words") || c.says != "" && (!strings.Contains(ws, c.says) || !strings.Contains(ws, `"mit" of line 2 is not in sentence 2 ("Sie begann`)) {
			t.Errorf("%s: warnings %q, want %q", c.name, ws, c.says)
		}
	}
	// Too few words to judge by: no warning, whatever they are.
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "de.txt", Data: []byte(gold)}, Systems: []evaluate.Input{{Path: "few.tsv", Data: []byte("1\tHe\tserved as\tPrime Minister\n")}}})
	if err != nil || strings.Contains(strings.Join(ev.Report.Systems[0].Warnings, "|"), "extracted words") {
		t.Errorf("five words judged: %v", err)
	}
}
