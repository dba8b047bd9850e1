package evaluate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// The page decides what a dropped CaRB gold is from the sentences it shares
// with the gold on screen, and which files name its sentences.
func TestSharedSentencesAndAlignment(t *testing.T) {
	bg, err := evaluate.ReadGold(evaluate.Input{Path: "g.txt", Data: []byte("sent_id:1\tShe began her film career .\n1--> Cluster 1:\nShe --> began --> her film career\n\nsent_id:2\tHe left early .\n2--> Cluster 1:\nHe --> left --> early\n")}, false)
	if err != nil {
		t.Fatal(err)
	}
	read := func(tsv string) *evaluate.CaRBGold {
		cg, err := evaluate.ReadCaRBGold(evaluate.Input{Path: "c.tsv", Data: []byte(tsv)})
		if err != nil {
			t.Fatal(err)
		}
		return cg
	}
	one := read("She began her film career .\tbegan\tShe\ther film career\nZebras graze at dawn .\tgraze\tZebras\tat dawn\n")
	none := read("Zebras graze at dawn .\tgraze\tZebras\tat dawn\n")
	if n := evaluate.SharedSentences(one, bg); n != 1 {
		t.Errorf("shared %d, want 1", n)
	}
	if n := evaluate.SharedSentences(none, bg); n != 0 {
		t.Errorf("shared %d, want 0", n)
	}
	sys := func(data string) *evaluate.System {
		s, err := evaluate.ReadSystem(evaluate.Input{Path: "s.txt", Data: []byte(data)}, oie.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if err := evaluate.CheckAlignedCaRB(sys("Zebras graze at dawn .\t0.5\tgraze\tZebras\tat dawn\n"), none, nil); err != nil {
		t.Errorf("an aligned file: %v", err)
	}
	if err := evaluate.CheckAlignedCaRB(sys("Nothing of the sort here .\t0.5\tis\tNothing\there\n"), none, nil); !errors.Is(err, evaluate.ErrNotAligned) {
		t.Errorf("an unaligned file: %v", err)
	}
	if err := evaluate.CheckAlignedCaRB(sys("1\tShe\tbegan\ther film career\n"), none, nil); err == nil || !strings.Contains(err.Error(), "names sentences by id") {
		t.Errorf("a file by id: %v", err)
	}
}

// The openie6 preset is the four columns in the papers' layout; an allennlp
// file is read as the scripts read it, any other converted for every column.
func TestOpenIE6Columns(t *testing.T) {
	g := evaluate.Input{Path: "g.tsv", Data: []byte("She began her film career .\tbegan\tShe\ther film career\n")}
	native := evaluate.Input{Name: "native", Path: "s.txt", Data: []byte("She began her film career .\t0.9\tbegan\tShe\ther film career\n")}
	allen := evaluate.Input{Name: "allen", Path: "a.txt", Data: []byte("She began her film career .\t<arg1> She </arg1> <rel> began </rel> <arg2> her film career </arg2>\t0.9\n")}
	r, err := evaluate.RunCaRBColumns(g, []evaluate.Input{native, allen}, oie.FormatAuto, evaluate.OpenIE6Columns())
	if err != nil {
		t.Fatal(err)
	}
	if r.Options.Layout != report.LayoutOpenIE6 || strings.Join(r.Options.Scorers, ",") != "carb-ss,carb,oie16,wire57" {
		t.Errorf("options %+v", r.Options)
	}
	for _, s := range r.Systems {
		if s.CaRB == nil || s.CaRBSS == nil || s.OIE16 == nil || s.WiRe57 == nil || s.CaRB.F1 != 1 || s.CaRBSS.F1 != 1 || s.OIE16.F1 != 1 || s.WiRe57.F1 != 1 {
			t.Errorf("%s: %+v", s.Name, s)
		}
	}
	if got := r.Systems[0].Reader + " | " + r.Systems[1].Reader; got != "carb-tabbed, converted to allennlp | allennlp" {
		t.Errorf("readers %q", got)
	}
	if _, err := evaluate.RunCaRBColumns(g, []evaluate.Input{native}, oie.FormatAuto, evaluate.CaRBColumns{}); err == nil {
		t.Error("no column chosen, no error")
	}
}
