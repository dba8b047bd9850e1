package suggest

import (
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

const smallGold = "sent_id:1\tAlice met Bob in Paris in 2001 .\n" +
	"1--> Cluster 1:\nAlice --> met --> Bob\n" +
	"1--> Cluster 2:\nAlice --> met Bob in --> Paris\n\n" +
	"sent_id:2\tNothing here .\n"

func evaluation(t *testing.T, gold string, systems ...string) *evaluate.Evaluation {
	t.Helper()
	g, err := evaluate.ReadGold(evaluate.Input{Path: "gold.txt", Data: []byte(gold)}, true)
	if err != nil {
		t.Fatal(err)
	}
	var ss []*evaluate.System
	for i, text := range systems {
		s, err := evaluate.ReadSystem(evaluate.Input{Name: string(rune('A' + i)), Path: "sys.tsv", Data: []byte(text)}, oie.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, s)
	}
	return evaluate.Evaluate(g, nil, ss, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
}

func TestSuggestClustersAndRanks(t *testing.T) {
	ev := evaluation(t, smallGold,
		// A: one correct, one near synset 2 missing "in", one new fact.
		"1\tAlice\tmet\tBob\n1\tAlice\tmet Bob\tParis\n1\tAlice\tmet Bob in\t2001\n",
		// B: the same new fact in other case and spacing; the near miss again.
		"1\talice\tmet  Bob in\t2001\n1\tAlice\tmet Bob\tParis\n",
		// C: the near miss again, and a fact on a sentence with no synset.
		"1\tAlice\tmet Bob\tParis\n2\tNothing\tis\there\n")
	s := Suggest(ev)
	if s.Pooled != 6 {
		t.Fatalf("pooled %d incorrect extractions, want 6", s.Pooled)
	}
	if len(s.Sentences) != 2 {
		t.Fatalf("suggestions on %d sentences, want 2", len(s.Sentences))
	}
	cs := s.Sentences[0].Clusters
	if len(cs) != 2 {
		t.Fatalf("sentence 1: %d clusters, want 2: %+v", len(cs), cs)
	}
	// The near miss of synset 2 has three systems, the new fact two.
	if got := cs[0].Triple; got != [3]string{"Alice", "met Bob", "Paris"} || len(cs[0].Systems) != 3 || cs[0].Closest != 1 {
		t.Errorf("first cluster %v, systems %v, closest %d", got, cs[0].Systems, cs[0].Closest)
	}
	if len(cs[1].Systems) != 2 || len(cs[1].Members) != 2 || cs[1].Members[1].Normalised != [3]string{"alice", "met bob in", "2001"} {
		t.Errorf("second cluster %+v", cs[1])
	}
	if c := s.Sentences[1].Clusters; len(c) != 1 || c[0].Closest != -1 || c[0].Systems[0] != 2 {
		t.Errorf("sentence 2 clusters %+v", c)
	}
}

func TestSuggestRankTies(t *testing.T) {
	// Same systems, more extractions first; then first appearance.
	ev := evaluation(t, smallGold,
		"1\tX\tis\tone\n1\tY\tis\ttwo\n1\tY\tis\ttwo\n",
		"1\tX\tis\tone\n1\tY\tis\ttwo\n1\tZ\tis\tthree\n")
	cs := Suggest(ev).Sentences[0].Clusters
	var got []string
	for _, c := range cs {
		got = append(got, c.Triple[0])
	}
	if strings.Join(got, ",") != "Y,X,Z" {
		t.Errorf("order %v, want Y,X,Z", got)
	}
}

func TestNormalise(t *testing.T) {
	got := Normalise(oie.Triple{Subject: "  The  Ship ", Relation: "WAS\tsunk", Object: "Émile ,"})
	if got != [3]string{"the ship", "was sunk", "émile ,"} {
		t.Errorf("Normalise = %q", got)
	}
}

// TestMeasureAgainstFL recomputes the recall of the suggestions against
// BenchIE^FL by a second, simpler computation: every gold synset listed as
// a set of surface-form strings; covered and hit are then set
// intersections.
func TestMeasureAgainstFL(t *testing.T) {
	read := func(name string) evaluate.Input {
		e, ok := benchmarks.Lookup(name)
		if !ok {
			t.Fatalf("no shipped %s", name)
		}
		b, err := dataset.ReadData(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		return evaluate.Input{Name: name, Path: name, Data: b}
	}
	g, err := evaluate.ReadGold(read("benchie:en"), false)
	if err != nil {
		t.Fatal(err)
	}
	fl, err := evaluate.ReadGold(read("benchie-fl:en"), false)
	if err != nil {
		t.Fatal(err)
	}
	var systems []*evaluate.System
	for _, n := range []string{"benchie:en/clausie", "benchie:en/openie6", "benchie-fl:en/imojie", "benchie-fl:en/reverb"} {
		s, err := evaluate.ReadSystem(read(n), oie.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, s)
	}
	ev := evaluate.Evaluate(g, nil, systems, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}})
	sug := Suggest(ev)
	ks := []int{1, 3, 5}
	m, err := Measure(ev.Compiled[benchie.Regular], fl.Gold, sug, ks)
	if err != nil {
		t.Fatal(err)
	}

	forms := func(syn *benchie.Synset) map[string]bool {
		set := map[string]bool{}
		for i, gt := range syn.Triples {
			fs, ok := benchie.SurfaceForms(syn.Triple(i), benchie.Regular, FormLimit)
			if !ok {
				t.Fatalf("line %d: more than %d forms", gt.Line, FormLimit)
			}
			for _, f := range fs {
				set[key(f)] = true
			}
		}
		return set
	}
	var aligned, total, uncovered int
	hits := make([]int, len(ks))
	for _, fs := range fl.Sentences {
		bs, ok := g.Sentence(fs.ID)
		if !ok || strings.TrimSpace(bs.Text) != strings.TrimSpace(fs.Text) {
			continue
		}
		aligned++
		bench := map[string]bool{}
		for _, syn := range bs.Synsets {
			for f := range forms(syn) {
				bench[f] = true
			}
		}
		var clusters []Cluster
		for _, s := range sug.Sentences {
			if s.ID == fs.ID {
				clusters = s.Clusters
			}
		}
		for _, syn := range fs.Synsets {
			total++
			mine := forms(syn)
			covered := false
			for f := range mine {
				covered = covered || bench[f]
			}
			if covered {
				continue
			}
			uncovered++
			best := math.MaxInt
			for r, c := range clusters {
				for _, mb := range c.Members {
					if mine[key(oie.Triple{Subject: mb.Triple[0], Relation: mb.Triple[1], Object: mb.Triple[2]})] && r < best {
						best = r
					}
				}
			}
			for j, k := range ks {
				if best < k {
					hits[j]++
				}
			}
		}
	}
	if m.Aligned != aligned || m.Synsets != total || m.Uncovered != uncovered {
		t.Fatalf("aligned %d, synsets %d, uncovered %d; recomputed %d, %d, %d", m.Aligned, m.Synsets, m.Uncovered, aligned, total, uncovered)
	}
	if len(m.Warnings) != 2 || !strings.Contains(m.Warnings[0].String(), "sentence 102 left out of the measurement: its text differs") {
		t.Errorf("warnings %v", m.Warnings)
	}
	if m.Aligned != 298 || len(m.Unaligned) != 2 {
		t.Errorf("aligned %d, unaligned %v: want 298 and the two sentences whose BenchIE^FL text differs (102, 147)", m.Aligned, m.Unaligned)
	}
	for j, r := range m.Recall {
		want := float64(hits[j]) / float64(uncovered)
		if r.K != ks[j] || r.Hits != hits[j] || math.Abs(r.Recall-want) > 1e-12 {
			t.Errorf("recall at %d: %d hits = %v; recomputed %d = %v", ks[j], r.Hits, r.Recall, hits[j], want)
		}
	}
	if m.Recall[0].Hits == 0 || m.Recall[0].Hits > m.Recall[2].Hits {
		t.Errorf("recall at 1 (%d hits) should be positive and at most recall at 5 (%d)", m.Recall[0].Hits, m.Recall[2].Hits)
	}
}

// key is a surface triple as the regular facet compares it: slots trimmed,
// words separated by one space.
func key(t oie.Triple) string {
	var b []string
	for _, s := range t.Slots() {
		b = append(b, strings.Join(strings.Fields(s), " "))
	}
	return strings.Join(b, "\x00")
}
