package benchie_test

import (
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// englishProfile loads what the README's figures measure: the English gold
// and the nine bundled English systems.
func englishProfile(b *testing.B) ([]byte, []*oie.System) {
	exp := loadExpected(b)
	data, err := dataset.ReadFile(exp.Gold["en"])
	if err != nil {
		b.Fatal(err)
	}
	var systems []*oie.System
	for _, es := range exp.EN {
		systems = append(systems, readSystem(b, es.File))
	}
	return data, systems
}

// BenchmarkReadGoldEN reads the English gold file in one go, as the page
// does (its figure is what the page's reading is compared with).
func BenchmarkReadGoldEN(b *testing.B) {
	data, _ := englishProfile(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := benchie.ReadGoldInParts("en", data, benchie.GoldOptions{}, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadGoldENParts reads it as ReadGold does natively: in parts,
// one per core.
func BenchmarkReadGoldENParts(b *testing.B) {
	data, _ := englishProfile(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := benchie.ReadGold("en", data, benchie.GoldOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadSystemsEN reads the nine English systems from their bytes,
// shared as the page reads them.
func BenchmarkReadSystemsEN(b *testing.B) {
	exp := loadExpected(b)
	files := map[string][]byte{}
	size := 0
	for _, es := range exp.EN {
		data, err := dataset.ReadFile(es.File)
		if err != nil {
			b.Fatal(err)
		}
		files[es.File], size = data, size+len(data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for name, data := range files {
			if _, err := oie.ReadSystem(name, data, oie.SystemOptions{Format: oie.FormatTSV, Shared: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCompileEN compiles a freshly read English gold for all three
// facets (compilation is kept with the gold, so each round reads it anew).
func BenchmarkCompileEN(b *testing.B) {
	data, _ := englishProfile(b)
	for b.Loop() {
		b.StopTimer()
		g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, f := range benchie.Facets {
			benchie.Compile(g, f)
		}
	}
}

// BenchmarkScoreEN scores the nine English systems on three facets against
// a compiled gold.
func BenchmarkScoreEN(b *testing.B) {
	data, systems := englishProfile(b)
	g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var compiled []*benchie.Compiled
	for _, f := range benchie.Facets {
		compiled = append(compiled, benchie.Compile(g, f))
	}
	for b.Loop() {
		for _, c := range compiled {
			for _, s := range systems {
				c.Score(s, benchie.Options{})
			}
		}
	}
}

// BenchmarkProfileEN is the whole English profile from bytes: read the gold,
// compile three facets, score nine systems on each.
func BenchmarkProfileEN(b *testing.B) {
	data, systems := englishProfile(b)
	for b.Loop() {
		g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range benchie.Facets {
			c := benchie.Compile(g, f)
			for _, s := range systems {
				c.Score(s, benchie.Options{})
			}
		}
	}
}

// BenchmarkStatsEN counts a freshly read English gold's surface triples by
// expansion (the count is kept with the gold, so each round reads it anew).
func BenchmarkStatsEN(b *testing.B) {
	data, _ := englishProfile(b)
	for b.Loop() {
		b.StopTimer()
		g, err := benchie.ReadGold("en", data, benchie.GoldOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		g.Stats()
	}
}
