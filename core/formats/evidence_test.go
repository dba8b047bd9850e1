package formats_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/internal/dataset"
)

// TestRealOIE2016Gold: the official OIE2016 test gold (testdata/oie-benchmark)
// is told from a CaRB gold by evidence, although some of its head predicates
// are not words of the full predicate, and scores OpenIE 4 as CaRB does on it.
func TestRealOIE2016Gold(t *testing.T) {
	data := readTestdata(t, "oie-benchmark", "test.oie.gz")
	if d := formats.Detect(data); d.Format == nil || d.Format.Name != formats.NameOIE2016Gold {
		t.Fatalf("test.oie detected as %+v", d)
	}
	// The first 200 lines hold three heads that are not in their predicate.
	head := strings.Join(strings.SplitAfter(string(data), "\n")[:200], "")
	if d := formats.Detect([]byte(head)); d.Format == nil || d.Format.Name != formats.NameOIE2016Gold {
		t.Fatalf("the first 200 lines detected as %+v", d)
	}
	sys, err := formats.Read(formats.Input{File: "openie4_output.txt", Data: dataset.MustReadData(t, "carb/systems/test/openie4_output.txt")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		as   string
		want float64
	}{{"", .4425}, {formats.NameOIE2016Gold, .4425}, {formats.NameCaRBGold, .3179}} {
		var f *formats.Format
		if c.as != "" {
			f = formats.MustLookup(c.as)
		}
		g, _, err := formats.ReadCaRBGold(formats.Input{File: "test.oie", Data: data}, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := carb.Score(g, sys.ByText).F1; math.Abs(got-c.want) > 5e-5 {
			t.Errorf("read as %q: OpenIE 4 F1 %.6f, want %.4f", c.as, got, c.want)
		}
	}
}

// TestGoldEvidence: a CaRB gold whose relations are single words is still
// a CaRB gold (a relation is not a word of arg1), and a gold whose evidence
// is split asks for the format instead of guessing.
func TestGoldEvidence(t *testing.T) {
	s := "She began her film career in 1990 in Paris ."
	carbOneWord := strings.Repeat(s+"\tbegan\tShe\ther film career\n", 5)
	if d := formats.Detect([]byte(carbOneWord)); d.Format == nil || d.Format.Name != formats.NameCaRBGold {
		t.Errorf("one-word CaRB gold detected as %+v", d)
	}
	oie := strings.Repeat(s+"\tbegan\tbegan\tShe\ther film career\n", 4) + s + "\tselling\tbeing sold\tit\tthere\n"
	if d := formats.Detect([]byte(oie)); d.Format == nil || d.Format.Name != formats.NameOIE2016Gold {
		t.Errorf("OIE2016 gold with one odd head detected as %+v", d)
	}
	split := strings.Repeat(s+"\tbegan\tbegan\tShe\ther film career\n", 2) + strings.Repeat(s+"\tsaw\tShe\tthe city\tin 1990\n", 2)
	d := formats.Detect([]byte(split))
	if d.Format != nil || len(d.Candidates) != 2 || !strings.Contains(d.Note, "split") {
		t.Fatalf("split evidence detected as %+v", d)
	}
	_, _, err := formats.ReadCaRBGold(formats.Input{File: "g.tsv", Data: []byte(split)}, nil)
	if !errors.Is(err, formats.ErrAmbiguous) || !strings.Contains(err.Error(), "gold-format") {
		t.Errorf("split evidence read: %v", err)
	}
}

// TestClausIEWithoutQuotes: ClausIE's layout without the quotes is not
// guessed; read as ClausIE by name, each slot loses its first and last
// character, as in CaRB's reader, with a warning naming the lines.
func TestClausIEWithoutQuotes(t *testing.T) {
	data := []byte("She began her film career .\n1\tShe\tbegan\ther film career\t0.9\n2\t\"She\"\t\"began\"\t\"her career\"\t0.5\n")
	d := formats.Detect(data)
	if d.Format != nil || len(d.Candidates) != 1 || d.Candidates[0].Name != "clausie" || !strings.Contains(d.Note, "not in quotes") {
		t.Fatalf("detected as %+v", d)
	}
	x, err := formats.Read(formats.Input{File: "c.txt", Data: data}, formats.MustLookup("clausie"))
	if err != nil {
		t.Fatal(err)
	}
	got := x.ByText.Extractions
	if len(got) != 2 || got[0].Relation != "ega" || got[0].Args[0] != "h" || got[0].Args[1] != "er film caree" ||
		got[1].Relation != "began" || got[1].Args[1] != "her career" {
		t.Errorf("read %+v", got)
	}
	if ws := x.ByText.Warnings; len(ws) != 1 || !strings.Contains(ws[0].Msg, "1 extraction line(s) have a slot not in quotes") || !strings.Contains(ws[0].Msg, "line 2") {
		t.Errorf("warnings %v", ws)
	}
}

// TestRealFilesMisread: files that were misread silently (formats.md,
// turn 3) are recognised and refused with their own names.
func TestRealFilesMisread(t *testing.T) {
	blank := strings.Repeat("\n", 70000)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"Re-OIE2016.json", readTestdata(t, "multi2oie", "Re-OIE2016_head1.json"), formats.NameReOIE2016Gold},
		// LSOIE's evaluation/*.conll layout: index, word, predicate index,
		// BIO tag, confidence (written for the test).
		{"crf.conll", []byte("0\tShe\t1\tB-A0\t0.93\n1\tbegan\t1\tB-V\t0.88\n2\ther\t1\tB-A1\t0.75\n3\tcareer\t1\tI-A1\t0.71\n\n0\tIt\t1\tB-A0\t0.5\n1\trained\t1\tB-V\t0.4\n"), "conll"},
		// LSOIE's *_sent.jsonl layout, with and without an id.
		{"test_sent.jsonl", []byte("{\"sentence\": \"She began her film career .\"}\n{\"sentence\": \"It rained .\"}\n"), formats.NameSentenceList},
		{"ids_sent.jsonl", []byte("{\"sent_id\": 1, \"sentence\": \"She began her film career .\"}\n{\"sent_id\": 2, \"sentence\": \"It rained .\"}\n"), formats.NameSentenceList},
		// BenchIE's sample300 layout: one sentence a line.
		{"sample300.txt", []byte("He served as the first Prime Minister of Australia .\nShe began her film career in 1990 .\n"), formats.NameSentenceList},
		// 64 KiB and more of blank lines before the first extraction.
		{"late.tsv", []byte(blank + "1\tShe\tbegan\ther film career\n2\tIt\trained\there\n"), formats.NameBenchIETSV},
	} {
		d := formats.Detect(c.data)
		if d.Format == nil || d.Format.Name != c.want {
			t.Errorf("%s detected as %+v, want %s", c.name, d, c.want)
			continue
		}
		_, err := formats.Read(formats.Input{File: c.name, Data: c.data}, nil)
		if f := formats.MustLookup(c.want); f.Role == formats.Refused {
			if !errors.Is(err, formats.ErrRefused) || !strings.Contains(err.Error(), f.Label) {
				t.Errorf("%s: read %v, want a refusal naming %s", c.name, err, f.Label)
			}
			// Named as BenchIE TSV, it is still refused as what it is.
			if _, err := formats.Read(formats.Input{File: c.name, Data: c.data}, formats.MustLookup(formats.NameBenchIETSV)); err == nil || !strings.Contains(err.Error(), f.Label) {
				t.Errorf("%s read as BenchIE TSV: %v", c.name, err)
			}
		} else if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestGoldExtension: when the lines leave OIE2016 and CaRB open, the .oie
// extension decides, with a warning; another name is refused.
func TestGoldExtension(t *testing.T) {
	line := "She began her film career in 1990 .\tbegan\tbegan\tShe\ther film career\n"
	g, f, err := formats.ReadCaRBGold(formats.Input{File: "dir/one.OIE", Data: []byte(line)}, nil)
	if err != nil || f.Name != formats.NameOIE2016Gold || g.Sentences[0].Tuples[0].Relation != "began" || len(g.Sentences[0].Tuples[0].Args) != 2 ||
		len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Msg, "for its .oie extension") {
		t.Errorf("one.OIE: %v, %+v, %v", f, g, err)
	}
	if _, _, err := formats.ReadCaRBGold(formats.Input{File: "one.tsv", Data: []byte(line)}, nil); !errors.Is(err, formats.ErrAmbiguous) {
		t.Errorf("one.tsv: %v", err)
	}
}
