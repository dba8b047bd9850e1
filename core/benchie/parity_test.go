package benchie_test

import (
	"math"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

type expectedScores struct {
	Gold  map[string]string `json:"gold"`
	Stats map[string]struct {
		Sentences, Synsets, Extractions int
	} `json:"stats"`
	EN map[string]expectedSystem `json:"en"`
	DE map[string]expectedSystem `json:"de"`
	ZH map[string]expectedSystem `json:"zh"`
}

type expectedSystem struct {
	File    string       `json:"file"`
	Regular *expectedPRF `json:"regular"`
	Concat  *expectedPRF `json:"concat"`
	Minimal *expectedPRF `json:"minimal"`
}

type expectedPRF struct{ Precision, Recall, F1 float64 }

func loadExpected(t testing.TB) expectedScores {
	t.Helper()
	var e expectedScores
	if err := dataset.Expected("benchie", &e); err != nil {
		t.Fatal(err)
	}
	return e
}

func readGold(t testing.TB, name string) *benchie.Gold {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := benchie.ReadGold(name, b, benchie.GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func readSystem(t testing.TB, name string) *oie.System {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := oie.ReadSystem(name, b, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const tolerance = 1e-12

func checkPRF(t *testing.T, what string, got benchie.Counts, want *expectedPRF) {
	t.Helper()
	for _, m := range []struct {
		name      string
		got, want float64
	}{{"precision", got.Precision, want.Precision}, {"recall", got.Recall, want.Recall}, {"f1", got.F1, want.F1}} {
		if math.Abs(m.got-m.want) > tolerance {
			t.Errorf("%s %s = %.17g, want %.17g", what, m.name, m.got, m.want)
		}
	}
}

// TestParity reproduces every published value of expected/benchie.json.
func TestParity(t *testing.T) {
	exp := loadExpected(t)
	for lang, systems := range map[string]map[string]expectedSystem{"en": exp.EN, "de": exp.DE, "zh": exp.ZH} {
		gold := readGold(t, exp.Gold[lang])
		compiled := map[benchie.Facet]*benchie.Compiled{}
		for _, f := range benchie.Facets {
			compiled[f] = benchie.Compile(gold, f)
		}
		if len(systems) == 0 {
			t.Fatalf("%s: no expected systems", lang)
		}
		for name, es := range systems {
			sys := readSystem(t, es.File)
			for f, want := range map[benchie.Facet]*expectedPRF{benchie.Regular: es.Regular, benchie.Concat: es.Concat, benchie.Minimal: es.Minimal} {
				if want == nil {
					continue
				}
				// The published numbers come from the official script.
				res := compiled[f].Score(sys, benchie.Options{ReferenceCompat: true})
				checkPRF(t, lang+"/"+name+"/"+string(f), res.Counts, want)
			}
		}
	}
}

// TestStatsParity reproduces the gold statistics of expected/benchie.json.
func TestStatsParity(t *testing.T) {
	exp := loadExpected(t)
	for lang, want := range exp.Stats {
		st := readGold(t, exp.Gold[lang]).Stats()
		if st.Sentences != want.Sentences || st.Synsets != want.Synsets || st.Extractions != want.Extractions || !st.Exact {
			t.Errorf("%s stats = %d sentences, %d synsets, %d extractions (exact %v); want %d, %d, %d",
				lang, st.Sentences, st.Synsets, st.Extractions, st.Exact, want.Sentences, want.Synsets, want.Extractions)
		}
	}
}
