package annotate

import (
	"slices"
	"strings"
	"testing"
)

// mustBenchIE reads a BenchIE gold given as lines.
func mustBenchIE(t *testing.T, name string, lines ...string) *Document {
	t.Helper()
	d, _, err := ReadBenchIE(name, []byte(strings.Join(lines, "\n")+"\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// synsetTexts lists a sentence's synsets as "s | r | o" triples.
func synsetTexts(s *Sentence) [][]string {
	var out [][]string
	for _, syn := range s.Synsets {
		var ts []string
		for _, tr := range syn.Triples {
			x := s.TripleText(tr)
			ts = append(ts, x.Subject+" | "+x.Relation+" | "+x.Object)
		}
		out = append(out, ts)
	}
	return out
}

// Two annotators who disagree: sentence 1 taken from A, sentence 2 from
// B, sentence 3 (whose text B wrote otherwise) both; sentence 4 only B
// has. Each synset says where it came from, a foreign synset's words are
// the merged sentence's tokens, and the inputs are unchanged.
func TestMerge(t *testing.T) {
	a := mustBenchIE(t, "a.txt",
		"sent_id:1\tObama was born in Hawaii .",
		"1--> Cluster 1:", "Obama --> was born in --> Hawaii",
		"1--> Cluster 2:", "Obama --> was --> born",
		"",
		"sent_id:2\tShe left early .",
		"2--> Cluster 1:", "She --> left --> early",
		"",
		"sent_id:3\tBerlin is the capital of Germany .",
		"3--> Cluster 1:", "Berlin --> is the capital of --> Germany")
	b := mustBenchIE(t, "b.txt",
		"sent_id:1\tObama was born in Hawaii .",
		"1--> Cluster 1:", "Obama --> was born [in] --> Hawaii",
		"",
		"sent_id:2\tShe left early .",
		"2--> Cluster 1:", "She --> left --> [early]",
		"2--> Cluster 2:", "She --> left --> early .",
		"",
		"sent_id:3\tBerlin ,  is the capital of Germany .",
		"3--> Cluster 1:", "Berlin --> is [the] capital of --> Germany",
		"3--> Cluster 2:", "Germany --> has capital --> Berlin",
		"",
		"sent_id:4\tIt rained .",
		"4--> Cluster 1:", "It --> rained --> [now]")
	ag, err := Agree(a, b, AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	beforeA, beforeB := WriteBenchIE(a), WriteBenchIE(b)
	m, err := Merge(a, b, ag, map[string]Take{"1": TakeA, "2": TakeB})
	if err != nil {
		t.Fatal(err)
	}
	if string(WriteBenchIE(a)) != string(beforeA) || string(WriteBenchIE(b)) != string(beforeB) {
		t.Fatal("Merge changed its inputs")
	}
	want := map[string]struct {
		text string
		syn  [][]string
		prov []Provenance
	}{
		"1": {"Obama was born in Hawaii .", [][]string{{"Obama | was born in | Hawaii"}, {"Obama | was | born"}}, []Provenance{"A+B", "A"}},
		"2": {"She left early .", [][]string{{"She | left | [early]"}, {"She | left | early ."}}, []Provenance{"B+A", "B"}},
		"3": {"Berlin is the capital of Germany .", [][]string{{"Berlin | is the capital of | Germany"}, {"Germany | has capital | Berlin"}}, []Provenance{"A+B", "B"}},
		"4": {"It rained .", [][]string{{"It | rained | [now]"}}, []Provenance{"B"}},
	}
	if len(m.Doc.Sentences) != len(want) {
		t.Fatalf("%d sentences, want %d", len(m.Doc.Sentences), len(want))
	}
	for _, s := range m.Doc.Sentences {
		w := want[s.ID]
		if s.Text != w.text || !slices.EqualFunc(synsetTexts(s), w.syn, slices.Equal) || !slices.Equal(m.Provenance[s.ID], w.prov) {
			t.Errorf("sentence %s: %q %q %q, want %q %q %q", s.ID, s.Text, synsetTexts(s), m.Provenance[s.ID], w.text, w.syn, w.prov)
		}
	}
	// The foreign synset's words are tokens of the merged sentence 3
	// where it has them ("has" it has not).
	s3 := m.Doc.Sentences[2]
	for _, sl := range s3.Synsets[1].Triples[0].Slots {
		for _, w := range sl.Words {
			if w.IsTyped() != (w.Text == "has") {
				t.Errorf("word %+v of B's synset in the merged sentence %q", w, s3.Tokens)
			}
		}
	}
	if errs := m.Doc.Validate(); len(errs) != 0 {
		for _, is := range errs {
			if is.Severity == SeverityError {
				t.Errorf("merged document: %v", is)
			}
		}
	}
	if got := TextsDiffer(a, b, ag); !slices.Equal(got, []string{"3"}) {
		t.Errorf("texts differ for %q, want [3]", got)
	}
}
