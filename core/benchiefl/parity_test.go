package benchiefl

import (
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// expectedFL is testdata/expected/benchie_fl.json.
type expectedFL struct {
	Gold       string                `json:"gold"`
	Files      map[string]string     `json:"files"`
	Benchie300 map[string][3]float64 `json:"benchie300"`
}

func readFLGold(t testing.TB, name string) *Gold {
	t.Helper()
	data, err := dataset.ReadData(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGold(name, data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func readFLSystem(t testing.TB, name string) *oie.System {
	t.Helper()
	data, err := dataset.ReadData(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := oie.ReadSystem(name, data, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReferenceNumbers reproduces every value of expected/benchie_fl.json.
func TestReferenceNumbers(t *testing.T) {
	var exp expectedFL
	if err := dataset.Expected("benchie_fl", &exp); err != nil {
		t.Fatal(err)
	}
	g := readFLGold(t, exp.Gold)
	var routes [NumRoutes]int
	for name, want := range exp.Benchie300 {
		res := g.Score(readFLSystem(t, exp.Files[name]), Options{})
		got := res.Reference
		for k, v := range []float64{got.Precision, got.Recall, got.F1} {
			if math.Abs(v-want[k]) > 1e-12 {
				t.Errorf("%s: value %d = %.17g, want %.17g", name, k, v, want[k])
			}
		}
		for r := range routes {
			routes[r] += got.Routes[r]
		}
		t.Logf("%s: ref P %.5f R %.5f F1 %.5f (%d/%d, %d/%d) routes %v | corrected P %.5f R %.5f F1 %.5f routes %v moved by %v",
			name, got.Precision, got.Recall, got.F1, got.Matched, got.Extractions, got.Credited, got.Synsets, got.Routes,
			res.Corrected.Precision, res.Corrected.Recall, res.Corrected.F1, res.Corrected.Routes, res.MovedBy)
	}
	// The spec's totals of credited synsets by first route (section 12).
	if want := [NumRoutes]int{920, 42, 259, 5, 15}; routes != want {
		t.Errorf("routes over all systems = %v, want %v", routes, want)
	}
}

// BenchmarkSevenSystems scores the seven FL systems on the 300-sentence FL
// gold in both modes, with the quirk attribution, from the files' bytes
// (the gold read and compiled each time): the reference needs 13 minutes.
func BenchmarkSevenSystems(b *testing.B) {
	var exp expectedFL
	if err := dataset.Expected("benchie_fl", &exp); err != nil {
		b.Fatal(err)
	}
	gold, err := dataset.ReadData(exp.Gold)
	if err != nil {
		b.Fatal(err)
	}
	var files [][]byte
	for _, f := range exp.Files {
		data, err := dataset.ReadData(f)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
	}
	b.ReportAllocs()
	for b.Loop() {
		g, err := ReadGold(exp.Gold, gold, GoldOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for _, data := range files {
			s, err := oie.ReadSystem("sys", data, oie.SystemOptions{Format: oie.FormatTSV})
			if err != nil {
				b.Fatal(err)
			}
			g.Score(s, Options{})
		}
	}
}

// TestGoldSizes checks the sizes benchie-fl.md section 1 gives for the
// bundled golds, and the oddities it names.
func TestGoldSizes(t *testing.T) {
	for _, c := range []struct {
		name                        string
		sentences, synsets, triples int
	}{
		{"benchie_fl/benchie-annotated(300).txt", 300, 1821, 5650},
		{"benchie_fl/benchie-annotated(50).txt", 50, 387, 1046},
	} {
		g := readFLGold(t, c.name)
		triples := 0
		for _, e := range g.Entries {
			for _, s := range e.Synsets {
				triples += len(s.Triples)
			}
		}
		if len(g.Entries) != c.sentences || g.SynsetCount(true) != c.synsets || triples != c.triples {
			t.Errorf("%s: %d sentences, %d synsets, %d triples; want %d, %d, %d", c.name, len(g.Entries), g.SynsetCount(true), triples, c.sentences, c.synsets, c.triples)
		}
	}
	g := readFLGold(t, "benchie_fl/benchie-annotated(300).txt")
	if g.SynsetCount(false) != 1820 || !g.Entries[108].Phantom() || len(g.Entries[191].Synsets) != 1 || len(g.Entries[191].Synsets[0].Triples) != 8 {
		t.Errorf("real synsets %d; sentence 109 phantom %v; sentence 192: %d synsets", g.SynsetCount(false), g.Entries[108].Phantom(), len(g.Entries[191].Synsets))
	}
	four := 0
	for _, tr := range g.Entries[95].Synsets[1].Triples {
		if len(tr.Slots) == 4 {
			four++
		}
	}
	if four != 1 {
		t.Errorf("sentence 96, cluster 2: %d four-slot triples, want 1", four)
	}
	var dropped []string
	for _, w := range g.Warnings {
		if strings.Contains(w.Msg, "before the first synset header") {
			dropped = append(dropped, w.Msg[:1])
		}
	}
	if strings.Join(dropped, ",") != "4,1" {
		t.Errorf("dropped triples: %v, want 4 then 1 (sentences 113 and 117)", dropped)
	}
}

// TestFormsTotal: the FL gold expands to 115,553 forms (benchie-fl.md,
// section 2), counted the way the scorer enumerates them.
func TestFormsTotal(t *testing.T) {
	g := readFLGold(t, "benchie_fl/benchie-annotated(300).txt")
	total := 0
	for _, e := range g.Entries {
		for _, s := range e.Synsets {
			for _, tr := range s.Triples {
				total += len(expand(tr.Slots))
			}
		}
	}
	if total != 115553 {
		t.Errorf("%d forms, want 115553", total)
	}
}
