package synthetic_test

import (
	"bytes"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/synthetic"
	"github.com/oiebench/oiebench/internal/dataset"
)

func load(t testing.TB) (*benchie.Gold, []*oie.System) {
	t.Helper()
	b, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := benchie.ReadGold("en", b, benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var systems []*oie.System
	for _, f := range []string{"systems/clausie_explicit.txt", "systems/minie_explicit.txt", "systems/stanford_explicit.txt"} {
		b, err := dataset.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := oie.ReadSystem(f, b, oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, s)
	}
	return g, systems
}

// TestScaledScoresEqualOriginal: the renaming keeps every match, so scores
// are unchanged and counts multiply by the scale, on every facet.
func TestScaledScoresEqualOriginal(t *testing.T) {
	g, systems := load(t)
	const n = 4
	sg, ss, err := synthetic.Scale(g, systems, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(sg.Sentences) != n*len(g.Sentences) || sg.SynsetCount() != n*g.SynsetCount() {
		t.Fatalf("%d sentences, %d synsets", len(sg.Sentences), sg.SynsetCount())
	}
	for _, f := range benchie.Facets {
		c, sc := benchie.Compile(g, f), benchie.Compile(sg, f)
		for i := range systems {
			a, b := c.Score(systems[i], benchie.Options{}), sc.Score(ss[i], benchie.Options{})
			if b.TP != n*a.TP || b.FP != n*a.FP || b.FN != n*a.FN || b.Precision != a.Precision || b.Recall != a.Recall {
				t.Errorf("%s %s: scaled %+v, original %+v", f, systems[i].Path, b.Counts, a.Counts)
			}
		}
	}
	// The copies differ in text, not only in ids.
	if sg.Sentences[0].Text == sg.Sentences[len(g.Sentences)].Text {
		t.Error("copy 1 has the same text as the original")
	}
}

func TestDeterministic(t *testing.T) {
	g, systems := load(t)
	write := func(seed uint64) []byte {
		sg, ss, err := synthetic.Scale(g, systems[:1], 3, seed)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		benchie.WriteGold(&buf, sg)
		oie.WriteTSV(&buf, ss[0].Extractions)
		return buf.Bytes()
	}
	a, b, c := write(1), write(1), write(2)
	if !bytes.Equal(a, b) {
		t.Error("the same seed must give the same files")
	}
	if bytes.Equal(a, c) {
		t.Error("another seed must give other text")
	}
}

// TestWrittenFilesReadBack: the written gold and system files read back and
// score as the in-memory ones.
func TestWrittenFilesReadBack(t *testing.T) {
	g, systems := load(t)
	sg, ss, err := synthetic.Scale(g, systems[:1], 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	var gb, sb bytes.Buffer
	if err := benchie.WriteGold(&gb, sg); err != nil {
		t.Fatal(err)
	}
	if err := oie.WriteTSV(&sb, ss[0].Extractions); err != nil {
		t.Fatal(err)
	}
	rg, err := benchie.ReadGold("gold.txt", gb.Bytes(), benchie.GoldOptions{Strict: false})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := oie.ReadSystem("sys.tsv", sb.Bytes(), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	a := benchie.Compile(sg, benchie.Regular).Score(ss[0], benchie.Options{})
	b := benchie.Compile(rg, benchie.Regular).Score(rs, benchie.Options{})
	if a.Counts != b.Counts {
		t.Fatalf("in memory %+v, read back %+v", a.Counts, b.Counts)
	}
	if st, want := rg.Stats().Extractions, 2*136357; st != want {
		t.Fatalf("surface triples %d, want %d", st, want)
	}
}

func TestScaleRejectsZero(t *testing.T) {
	g, systems := load(t)
	if _, _, err := synthetic.Scale(g, systems, 0, 1); err == nil {
		t.Fatal("scale 0 accepted")
	}
}
