package evaluate_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// imojieWriter writes extractions as IMoJIE's standalone script does (a
// format oiebench reads but does not write).
func imojieWriter(text map[string]string, exts oie.Extractions) string {
	var b strings.Builder
	last := ""
	for _, e := range exts.All() {
		if e.SentID != last {
			if last != "" {
				b.WriteString("\n")
			}
			b.WriteString(text[e.SentID] + "\n")
			last = e.SentID
		}
		fmt.Fprintf(&b, "( %s ; %s ; %s )\n", e.Subject, e.Relation, e.Folded().Object)
	}
	return b.String()
}

// TestNativeFormatsScoreAsTSV: each English system's extractions, written
// as OpenIE6, IMoJIE and allennlp files name them (by sentence text; the
// first and last by formats.Write), score exactly what the BenchIE TSV
// scores, on every facet and with CaRB.
func TestNativeFormatsScoreAsTSV(t *testing.T) {
	goldData, carbData := englishAndCaRB(t)
	g, err := evaluate.ReadGold(evaluate.Input{Data: goldData}, false)
	if err != nil {
		t.Fatal(err)
	}
	text := map[string]string{}
	for _, s := range g.Sentences {
		text[s.ID] = s.Text
	}
	for _, name := range []string{"openie6", "clausie", "minie"} {
		tsv, err := dataset.ReadFile("systems/" + name + "_explicit.txt")
		if err != nil {
			t.Fatal(err)
		}
		sys, err := oie.ReadSystem(name, tsv, oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		run := func(format string, data []byte) evaluate.Input {
			return evaluate.Input{Name: name, Path: name + "." + format, Data: data}
		}
		score := func(in evaluate.Input) (*evaluate.Evaluation, error) {
			return evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: goldData}, CaRBGold: &evaluate.Input{Path: "carb", Data: carbData}, Systems: []evaluate.Input{in}})
		}
		want, err := score(run("tsv", tsv))
		if err != nil {
			t.Fatal(err)
		}
		sentences := make([]oie.Sentence, 0, len(g.Sentences))
		for _, s := range g.Sentences {
			sentences = append(sentences, s.Sentence)
		}
		byText := &formats.Extractions{ByText: carb.FromBenchIE(sys, sentences)}
		for _, format := range []string{"openie6", "imojie", "allennlp"} {
			var data []byte
			if format == "imojie" {
				data = []byte(imojieWriter(text, sys.Extractions))
			} else {
				var buf bytes.Buffer
				if err := formats.Write(&buf, formats.MustLookup(format), byText); err != nil {
					t.Fatal(err)
				}
				data = buf.Bytes()
			}
			if d := formats.Detect(data); d.Format == nil || d.Format.Name != format {
				t.Errorf("%s as %s: detected %+v", name, format, d)
				continue
			}
			got, err := score(run(format, data))
			if err != nil {
				t.Errorf("%s as %s: %v", name, format, err)
				continue
			}
			w, g := want.Report.Systems[0], got.Report.Systems[0]
			if g.Format != format || g.Extractions != w.Extractions {
				t.Errorf("%s as %s: read as %s, %d extractions, want %d", name, format, g.Format, g.Extractions, w.Extractions)
			}
			for _, f := range []string{"regular", "concat", "minimal"} {
				if !reflect.DeepEqual(g.BenchIE.Facet(f), w.BenchIE.Facet(f)) {
					t.Errorf("%s as %s, %s: %+v, want %+v", name, format, f, g.BenchIE.Facet(f), w.BenchIE.Facet(f))
				}
			}
			// CaRB sees the same tuples; allennlp's one confidence only
			// changes nothing when the TSV has none either.
			if g.CaRB.Precision != w.CaRB.Precision || g.CaRB.Recall != w.CaRB.Recall {
				t.Errorf("%s as %s: CaRB P %v R %v, want %v %v", name, format, g.CaRB.Precision, g.CaRB.Recall, w.CaRB.Precision, w.CaRB.Recall)
			}
		}
	}
}

// TestMisreadsRefused: files that used to be read as something they are
// not are either read right or refused, never scored as zeros.
func TestMisreadsRefused(t *testing.T) {
	gold := "sent_id:1\tShe began her film career .\n1--> Cluster 1:\nShe --> began --> her film career\n" +
		"sent_id:2\tHe left .\n2--> Cluster 1:\nHe --> left --> \n"
	cases := []struct {
		name, data string
		tp         int    // when read right
		says       string // when refused
	}{
		{"openie4", "0.85\t\tSimpleArgument(She,List([0, 3)))\tRelation(began,List([4, 9)))\tSimpleArgument(her film career,List([10, 25)))\tShe began her film career .\n", 1, ""},
		{"reverb", "/home/x/in.txt\t1\tShe\tbegan\ther film career\t0\t1\t1\t2\t2\t5\t0.84\tShe began her film career .\tPRP VBD PRP$ NN NN .\tB-NP B-VP B-NP I-NP I-NP O\n", 1, ""},
		{"props", "-3.5\tShe began her film career .\tbegan\tsubj\tShe\tdobj\ther film career\n", 1, ""},
		{"corenlp default with ids", "1\t1.0\tShe\tbegan\ther film career\n", 1, ""},
		{"conll", "1\tShe\tbegan\tA0-B\n2\tbegan\tbegan\tP-B\n", 0, "CoNLL token file"},
		{"corenlp default", "1.0\tShe\tbegan\ther film career\n", 0, "-format default names no sentence"},
		{"ids of another gold", "7\tShe\tbegan\ther film career\n", 0, `no extraction names a sentence of the gold gold (1 extraction(s) read as benchie-tsv, with ids such as "7" where the gold has ids such as "1")`},
		{"text of other sentences", "Another sentence here .\t0.5\tbegan\tShe\ther film career\n", 0, "no extraction names a sentence of the gold"},
		{"lowercased", "she began her film career .\t0.5\tbegan\tShe\ther film career\n", 0, "differ in case"},
	}
	for _, c := range cases {
		ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: []byte(gold)}, Systems: []evaluate.Input{{Path: "s", Data: []byte(c.data)}}})
		if c.says != "" {
			var pe *oie.ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.says)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if tp := ev.Report.Systems[0].BenchIE.Regular.TP; tp != c.tp {
			t.Errorf("%s: TP %d, want %d", c.name, tp, c.tp)
		}
	}
}

// TestRunCaRB: CaRB alone on a CaRB gold; files that name sentences by id
// cannot be aligned with it.
func TestRunCaRB(t *testing.T) {
	g := evaluate.Input{Path: "g.tsv", Data: []byte("She began her film career .\tbegan\tShe\ther film career\n")}
	r, err := evaluate.RunCaRB(g, []evaluate.Input{{Path: "s.txt", Data: []byte("She began her film career .\n0.9: (She; began; her film career)\n")}}, oie.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Systems[0]; s.Format != "openie6" || s.CaRB.F1 != 1 || s.CaRB.AUC != 1 || r.Options.Scorers[0] != "carb" {
		t.Errorf("%+v %+v", s, s.CaRB)
	}
	// A ReVerb file is scored, and the report says that CaRB has no
	// number for it (its ReVerb reader fails on every file).
	reverb := "/home/x/in.txt\t1\tShe\tbegan\ther film career\t0\t1\t1\t2\t2\t5\t0.84\tShe began her film career .\tPRP VBD PRP$ NN NN .\tB-NP B-VP B-NP I-NP I-NP O\n"
	r, err = evaluate.RunCaRB(g, []evaluate.Input{{Path: "r.txt", Data: []byte(reverb)}}, oie.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Systems[0]; s.Format != "reverb" || s.CaRB.F1 != 1 || len(s.Warnings) != 1 ||
		!strings.HasPrefix(s.Warnings[0], "r.txt: the reference CaRB(s,m) could not score this file: CaRB's ReVerb reader opens") {
		t.Errorf("ReVerb: %+v", s)
	}
	_, err = evaluate.RunCaRB(g, []evaluate.Input{{Path: "s.tsv", Data: []byte("1\tShe\tbegan\ther film career\n")}}, oie.FormatAuto)
	if err == nil || !strings.Contains(err.Error(), "names sentences by id") {
		t.Errorf("err = %v", err)
	}
	_, err = evaluate.RunCaRB(g, []evaluate.Input{{Path: "s.txt", Data: []byte("Other words here .\n0.9: (She; began; her film career)\n")}}, oie.FormatAuto)
	if !errors.Is(err, evaluate.ErrNotAligned) {
		t.Errorf("err = %v", err)
	}
}

// TestRunWiRe57ByText: a file that names sentences by text is aligned with
// a WiRe57 gold through the gold's sentence texts.
func TestRunWiRe57ByText(t *testing.T) {
	gold := `{"D": [{"id": "D 1", "sent": "He died in Paris .", "tokens": ["He", "died", "in", "Paris", "."], "tuples": [
  {"arg1": {"text": "He", "words": ["He"], "words_indexes": [0]}, "rel": {"text": "died in", "words": ["died", "in"], "words_indexes": [1, 2]},
   "arg2": {"text": "Paris", "words": ["Paris"], "words_indexes": [3]}, "arg3+": [], "attrib/spec?": ""}]}]}`
	native := evaluate.Input{Path: "s.json", Data: []byte(`{"D 1": [{"arg1": "He", "rel": "died in", "arg2": "Paris"}]}`)}
	byText := evaluate.Input{Name: "o6", Path: "s.txt", Data: []byte("He died in Paris.\n0.9: (He; died in; Paris)\n")}
	r, err := evaluate.RunWiRe57(evaluate.Input{Path: "g.json", Data: []byte(gold)}, []evaluate.Input{native, byText})
	if err != nil {
		t.Fatal(err)
	}
	a, b := r.Systems[0], r.Systems[1]
	if a.Format != "wire57-json" || b.Format != "openie6" || a.WiRe57.F1 != 1 || !reflect.DeepEqual(a.WiRe57, b.WiRe57) {
		t.Errorf("%s %+v\n%s %+v", a.Format, a.WiRe57, b.Format, b.WiRe57)
	}
	_, err = evaluate.RunWiRe57(evaluate.Input{Path: "g.json", Data: []byte(gold)}, []evaluate.Input{{Path: "x.txt", Data: []byte("Something else .\n0.9: (He; died in; Paris)\n")}})
	if !errors.Is(err, evaluate.ErrNotAligned) {
		t.Errorf("err = %v", err)
	}
}

// TestForcedMisreads: a file forced into the wrong format still never
// scores zeros: the error says what the file looks like.
func TestForcedMisreads(t *testing.T) {
	gold := "sent_id:1\tShe began her film career .\n1--> Cluster 1:\nShe --> began --> her film career\n"
	for _, c := range []struct{ data, says string }{
		{"0.85\tShe\tbegan\ther film career\tin 1990\n", "look like confidences rather than sentence ids"},
		{"1\tShe\tbegan\tA0-B\n2\tbegan\tbegan\tP-B\n3\ther\tbegan\tA1-B\n", "asked to read it as BenchIE TSV, but this looks like CoNLL token file (LSOIE)"},
		{"0.85\t\tSimpleArgument(She,List([0, 3)))\tRelation(began,List([4, 9)))\tSimpleArgument(her film career,List([10, 25)))\tShe began her film career .\n", "or format openie4 (OpenIE 4 columnar)?"},
	} {
		_, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: []byte(gold)}, SystemFormat: "benchie-tsv",
			Systems: []evaluate.Input{{Path: "s", Data: []byte(c.data)}}})
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("error %v, want one saying %q", err, c.says)
		}
	}
}

// TestByTextCounts: a file that names sentences by text is counted as read,
// its extractions on sentences the gold lacks as ignored.
func TestByTextCounts(t *testing.T) {
	gold := "sent_id:1\tShe began her film career .\n1--> Cluster 1:\nShe --> began --> her film career\n"
	sys := "She began her film career .\n0.9: (She; began; her film career)\n\nAnother sentence here .\n0.5: (a; b; c)\n0.4: (d; e; f)\n"
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: []byte(gold)}, Systems: []evaluate.Input{{Path: "s.txt", Data: []byte(sys)}}})
	if err != nil {
		t.Fatal(err)
	}
	s := ev.Report.Systems[0]
	if s.Extractions != 3 || s.Ignored != 2 || s.BenchIE.Regular.TP != 1 || s.BenchIE.Regular.FP != 0 || len(s.Warnings) != 1 ||
		!strings.Contains(s.Warnings[0], "2 of 3 extraction(s) are on 1 sentence(s) that are not in the gold") {
		t.Errorf("%+v", s)
	}
}

// An extraction naming no gold sentence is told once, by BenchIE's scoring,
// not again by CaRB's placing of the same extractions.
func TestUnknownIDToldOnce(t *testing.T) {
	goldData, carbData := englishAndCaRB(t)
	sys := "1\tHe\tserved\tas the first Prime Minister of Australia\n999\tX\ty\tz\n"
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: goldData}, CaRBGold: &evaluate.Input{Path: "carb", Data: carbData},
		Systems: []evaluate.Input{{Path: "s.tsv", Data: []byte(sys)}}})
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, w := range ev.Report.Systems[0].Warnings {
		if strings.Contains(w, "999") {
			told++
		}
	}
	if told != 1 {
		t.Errorf("the unknown id is told %d times: %q", told, ev.Report.Systems[0].Warnings)
	}
}

// englishAndCaRB reads the English gold and the CaRB gold of its sentences.
func englishAndCaRB(t *testing.T) (gold, carbGold []byte) {
	t.Helper()
	gold, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	if carbGold, err = dataset.ReadFile("carb_explicit.txt"); err != nil {
		t.Fatal(err)
	}
	return gold, carbGold
}
