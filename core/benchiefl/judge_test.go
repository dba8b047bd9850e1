package benchiefl

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/internal/dataset"
)

func TestJudgeBundled(t *testing.T) {
	const goldName, csvName = "benchie_fl/benchie-annotated(50).txt", "benchie_fl/matches_benchie50_7_systems_annotated.csv"
	data, err := dataset.ReadData(csvName)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := ReadMatches(csvName, data)
	if err != nil {
		t.Fatal(err)
	}
	matched, two := 0, 0
	for _, r := range rows {
		if len(r.Synsets) > 0 {
			matched++
		}
		if len(r.Synsets) == 2 {
			two++
		}
	}
	// benchie-fl.md section 13: 1089 rows, 293 matched, 5 of them "a.b".
	if len(rows) != 1089 || matched != 293 || two != 5 || rows[0].System != "reverb" || rows[0].Synsets[0] != 1 {
		t.Fatalf("%d rows, %d matched, %d double; first %+v", len(rows), matched, two, rows[0])
	}
	g := readFLGold(t, goldName)
	gd, err := dataset.ReadData(goldName)
	if err != nil {
		t.Fatal(err)
	}
	bg, err := benchie.ReadGold(goldName, gd, benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ags, err := Judge(g, bg, rows)
	if err != nil {
		t.Fatal(err)
	}
	if len(ags) != 3*8 {
		t.Fatalf("%d rows of agreement, want 3 matchers × (all + 7 systems)", len(ags))
	}
	for _, a := range ags {
		if a.TP+a.FP+a.FN+a.TN != a.Rows || a.TP+a.FN != humanMatched(rows, a.System) {
			t.Errorf("%+v", a)
		}
		if a.System == "" {
			t.Logf("%-22s rows %d TP %d FP %d FN %d TN %d agreement %.4f P %.4f R %.4f F1 %.4f kappa %.4f synsets %.4f",
				a.Matcher, a.Rows, a.TP, a.FP, a.FN, a.TN, a.Agreement, a.Precision, a.Recall, a.F1, a.Kappa, a.SynsetAgreement)
		}
	}
	// The lenient matcher agrees with people more often than exact matching.
	if all := ags[0]; all.Matcher != "benchie" || all.Rows != 1089 || ags[8].Agreement <= all.Agreement || ags[8].Recall <= all.Recall {
		t.Errorf("benchie %+v, fl %+v", all, ags[8])
	}
}

func humanMatched(rows []Judged, sys string) int {
	n := 0
	for _, r := range rows {
		if (sys == "" || r.System == sys) && len(r.Synsets) > 0 {
			n++
		}
	}
	return n
}

func TestReadMatchesErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"a,b\n", "m.csv:1:1: expected the header ,extraction,,system"},
		{",extraction,,system,\nx,A - b - c,0,reverb,0\n", `m.csv:2:1: expected a 0-based sentence index, found "x"`},
		{",extraction,,system,\n0,A - b - c,1.x,reverb,1\n", `m.csv:2:13: expected 0, a synset number or numbers joined by '.', found "1.x"`},
		{",extraction,,system,\n0,A - b - c,1\n", "m.csv:2:13: expected at least 4 columns"},
		{",extraction,,system,\n0,\"A - b,1,reverb\n", "m.csv:2:"},
		{",extraction,,system,\n", "m.csv:1: no judged extraction"},
	} {
		_, err := ReadMatches("m.csv", []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}
