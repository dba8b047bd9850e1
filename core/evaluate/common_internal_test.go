package evaluate

import (
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// commonSentences finds what cg.Lookup finds for each BenchIE sentence,
// keying each once: on the bundled golds, on every other CaRB sentence, and
// on a CaRB gold holding one sentence twice (the later kept).
func TestCommonSentencesIsLookup(t *testing.T) {
	read := func(name string) []byte {
		b, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	g, err := ReadGold(Input{Path: "gold", Data: read("benchie_gold_annotations_en.txt")}, false)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := ReadCaRBGold(Input{Path: "carb", Data: read("carb_explicit.txt")})
	if err != nil {
		t.Fatal(err)
	}
	var every, twice []int
	for i := range cg.Sentences {
		if i%2 == 0 {
			every = append(every, i)
		}
	}
	twice = append(append(twice, every[:5]...), every[2])
	for _, c := range []*carb.Gold{cg.Gold, carbSubGold(cg.Gold, every), carbSubGold(cg.Gold, twice)} {
		in, shared := commonSentences(g.Gold, c)
		wantIn, wantShared := lookedUp(g.Gold, c)
		if !reflect.DeepEqual(in, wantIn) || !reflect.DeepEqual(shared, wantShared) {
			t.Errorf("%d CaRB sentences: %d shared, want %d", len(c.Sentences), len(shared), len(wantShared))
		}
		if len(shared) == 0 {
			t.Errorf("%d CaRB sentences: none shared", len(c.Sentences))
		}
	}
}

// lookedUp is commonSentences by cg.Lookup, as it was written before.
func lookedUp(g *benchie.Gold, cg *carb.Gold) ([]bool, []int) {
	keys := map[string]bool{}
	in := make([]bool, len(g.Sentences))
	for k, s := range g.Sentences {
		if _, ok := cg.Lookup(s.Text); ok {
			in[k] = true
			keys[carb.SentenceKey(s.Text)] = true
		}
	}
	var shared []int
	for i, s := range cg.Sentences {
		if keys[s.Key] {
			shared = append(shared, i)
		}
	}
	return in, shared
}

// englishGold reads the bundled BenchIE English gold.
func englishGold(t *testing.T) *Gold {
	t.Helper()
	b, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGold(Input{Path: "gold", Data: b}, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The coverage note of a submission of many extractions pauses every
// oie.PauseEvery of them, and says what it says without pauses: a system
// on 2 of the gold's sentences, its 5,000 extractions alternating between
// them (each a lookup), and one on every sentence (no note).
func TestCoverageNotePaced(t *testing.T) {
	g := englishGold(t)
	few := &oie.System{}
	for k := range 5000 {
		few.Extractions.Append(oie.Extraction{SentID: g.Sentences[k%2].ID})
	}
	all := &oie.System{}
	for _, s := range g.Sentences {
		all.Extractions.Append(oie.Extraction{SentID: s.ID})
	}
	for _, c := range []struct {
		s    *oie.System
		note bool
	}{{few, true}, {all, false}} {
		plain := coverageNote(g.Gold, &System{System: c.s}, nil)
		pauses := 0
		paced := coverageNote(g.Gold, &System{System: c.s}, func() { pauses++ })
		if paced != plain || (plain != "") != c.note {
			t.Errorf("%d extractions: note %q paced, %q without pauses; want a note: %v", c.s.Extractions.Len(), paced, plain, c.note)
		}
		if want := (c.s.Extractions.Len() - 1) / oie.PauseEvery; pauses != want {
			t.Errorf("%d extractions: %d pauses, want %d", c.s.Extractions.Len(), pauses, want)
		}
	}
}

// The page counts the sentences the user's files cover ahead of the table,
// paced: the same count as CoveredSentences, with a pause every
// oie.PauseEvery extractions of each system named.
func TestCoveredSentencesPaced(t *testing.T) {
	g := englishGold(t)
	few, some := &oie.System{}, &oie.System{}
	for k := range 3000 {
		few.Extractions.Append(oie.Extraction{SentID: g.Sentences[k%2].ID})
		some.Extractions.Append(oie.Extraction{SentID: g.Sentences[1+k%7].ID})
	}
	ev := NewWorkspace(g).Evaluate([]*System{{Name: "few", System: few}, {Name: "some", System: some}}, Options{})
	for _, c := range []struct {
		names   []string
		covered int
	}{{[]string{"few"}, 2}, {[]string{"some"}, 7}, {[]string{"few", "some"}, 8}, {nil, 8}, {[]string{"none"}, 0}} {
		n, of := ev.CoveredSentences(c.names)
		pauses := 0
		pn, pof := ev.CoveredSentencesPaced(c.names, func() { pauses++ })
		if n != c.covered || of != len(g.Sentences) || pn != n || pof != of {
			t.Errorf("%q: %d of %d, paced %d of %d; want %d of %d", c.names, n, of, pn, pof, c.covered, len(g.Sentences))
		}
		if want := len(ev.systemsNamed(c.names)) * ((3000 - 1) / oie.PauseEvery); pauses != want {
			t.Errorf("%q: %d pauses, want %d", c.names, pauses, want)
		}
	}
}
