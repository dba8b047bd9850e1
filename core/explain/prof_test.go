package explain

import (
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

func TestProf(t *testing.T) {
	names := []string{"clausie", "minie", "stanford", "openie6", "roi_t", "roi_n", "naive_oie", "m2oie_en", "graphene"}
	gb, _ := dataset.ReadFile("benchie_gold_annotations_en.txt")
	t0 := time.Now()
	g, err := evaluate.ReadGold(evaluate.Input{Path: "en", Data: gb}, false)
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	var sys []*evaluate.System
	for _, n := range names {
		b, _ := dataset.ReadFile("systems/" + n + "_explicit.txt")
		s, _ := evaluate.ReadSystem(evaluate.Input{Path: n, Data: b}, "")
		sys = append(sys, s)
	}
	t2 := time.Now()
	var cs []*benchie.Compiled
	for _, f := range benchie.Facets {
		cs = append(cs, benchie.Compile(g.Gold, f))
	}
	t3 := time.Now()
	for _, s := range sys {
		for _, c := range cs {
			c.Score(s.System, benchie.Options{})
		}
	}
	t4 := time.Now()
	g.Stats()
	t5 := time.Now()
	evaluate.Evaluate(g, nil, sys, evaluate.Options{})
	t6 := time.Now()
	t.Logf("readgold %v readsys %v compile %v score %v stats %v evaluate %v", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t5.Sub(t4), t6.Sub(t5))
}

func BenchmarkCompile(b *testing.B) {
	gb, _ := dataset.ReadFile("benchie_gold_annotations_en.txt")
	g, _ := evaluate.ReadGold(evaluate.Input{Path: "en", Data: gb}, false)
	for b.Loop() {
		for _, f := range benchie.Facets {
			benchie.Compile(g.Gold, f)
		}
	}
}

func BenchmarkReadGold(b *testing.B) {
	gb, _ := dataset.ReadFile("benchie_gold_annotations_en.txt")
	for b.Loop() {
		evaluate.ReadGold(evaluate.Input{Path: "en", Data: gb}, false)
	}
}
func BenchmarkStats(b *testing.B) {
	gb, _ := dataset.ReadFile("benchie_gold_annotations_en.txt")
	g, _ := evaluate.ReadGold(evaluate.Input{Path: "en", Data: gb}, false)
	for b.Loop() {
		g.Stats()
	}
}
