package wire57_test

import (
	"errors"
	"math"
	"os"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
	"github.com/oiebench/oiebench/internal/hostile"
)

func checkParseError(t *testing.T, err error) {
	var pe *oie.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is a %T, not a *oie.ParseError", err, err)
	}
	if pe.Line < 1 || pe.Column < 0 || pe.Err == nil {
		t.Fatalf("error %v has no position or kind: %+v", err, pe)
	}
}

func checkScore(t *testing.T, res *wire57.Result) {
	for _, v := range []float64{res.Precision, res.Recall, res.F1, res.PrecNum, res.RecNum, res.ExactPrec, res.ExactRec} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			t.Fatalf("bad number in %+v", res)
		}
	}
	if res.Precision > 1 || res.ExactPrec > 1 || res.ExactRec > 1 || res.Matches > int(res.PrecDen) || res.Matches > int(res.RecDen) {
		t.Fatalf("impossible result %+v", res)
	}
}

func addSeeds(f *testing.F, file string, small ...string) {
	if b, err := os.ReadFile(file); err == nil {
		f.Add(b)
	} else {
		f.Fatal(err)
	}
	for _, s := range small {
		f.Add([]byte(s))
	}
}

func FuzzReadGold(f *testing.F) {
	addSeeds(f, "testdata/gold.json",
		`{"d": [{"id": "s", "tuples": [{"arg1": {"words": ["A"], "words_indexes": [[0, 0.5]]}, "rel": {"words": ["is"], "words_indexes": ["inf"]}, "arg2": {"words": []}, "arg3+": [{"words": ["x"]}]}]}]}`,
		`{"d": [{"id": 1, "tuples": []}]}`,
		`{"d": [`,
		"\ufeff[1]",
	)
	sys := &wire57.System{Extractions: []wire57.Extraction{
		{SentID: "s", Arg1: "A", Rel: "is", Arg2: "", Arg3: []string{"x"}},
		{SentID: "D1 1", Arg1: "Obama", Rel: "is president of", Arg2: "the US"},
	}}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		g, err := wire57.ReadGold("fuzz.json", data)
		if err != nil {
			if g != nil {
				t.Fatal("gold returned with an error")
			}
			checkParseError(t, err)
			return
		}
		for _, s := range g.Sentences {
			if got, ok := g.Sentence(s.ID); !ok || got != s {
				t.Fatalf("Sentence(%q) = %v", s.ID, got)
			}
			for _, tu := range s.Tuples {
				for _, sl := range append([]wire57.Slot{tu.Arg1, tu.Rel, tu.Arg2}, tu.Arg3...) {
					if len(sl.Words) != len(sl.Inferred) {
						t.Fatalf("slot %+v", sl)
					}
				}
			}
		}
		checkScore(t, wire57.Score(g, sys))
	})
}

func FuzzReadSystem(f *testing.F) {
	addSeeds(f, "testdata/system.json",
		`{"s": [{"arg1": "A", "rel": "r", "arg2": "", "arg3+": ["B"], "extractor": "x", "score": 1}], "t": null}`,
		`{"s": [], "s": []}`,
		`{"s": [{"arg1": 1}]}`,
	)
	gb, err := os.ReadFile("testdata/gold.json")
	if err != nil {
		f.Fatal(err)
	}
	gold, err := wire57.ReadGold("gold.json", gb)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		systems, err := wire57.ReadSystem("fuzz.json", data)
		if err != nil {
			if systems != nil {
				t.Fatal("systems returned with an error")
			}
			checkParseError(t, err)
			return
		}
		if len(systems) == 0 {
			t.Fatal("no system and no error")
		}
		names := map[string]bool{}
		for _, s := range systems {
			if names[s.Name] {
				t.Fatalf("two systems named %q", s.Name)
			}
			names[s.Name] = true
			for _, e := range s.Extractions {
				if e.Extractor != s.Name || e.Line < 1 || e.Column < 1 {
					t.Fatalf("extraction %+v in system %q", e, s.Name)
				}
			}
			checkScore(t, wire57.Score(gold, s))
		}
	})
}
