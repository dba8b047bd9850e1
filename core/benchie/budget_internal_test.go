package benchie

import (
	"testing"

	"github.com/oiebench/oiebench/internal/dataset"
)

// TestBudgetsLeaveRoom: the per-byte budgets of the statistics are at least
// four times what the bundled golds need per byte, so that a gold made of
// them N times over (oiebench gen) is counted whole at any N, whatever the
// fixed start of the budgets.
func TestBudgetsLeaveRoom(t *testing.T) {
	for _, lang := range []string{"en", "de", "zh"} {
		g := shippedGold(t, lang)
		size := 0
		for _, s := range g.Sentences {
			for _, syn := range s.Synsets {
				for i := range syn.Triples {
					tr := syn.Triple(i)
					size += len(tr.Subject) + len(tr.Relation) + len(tr.Object) + 8
				}
			}
		}
		const unlimited = 1 << 62
		fc := formCounter{goldForms: unlimited, goldBytes: unlimited}
		for _, s := range g.Sentences {
			for _, syn := range s.Synsets {
				if _, exact := fc.tripleForms(syn); !exact {
					t.Fatalf("%s: a synset over the per-synset budget", lang)
				}
			}
		}
		forms, bytes := float64(unlimited-fc.goldForms)/float64(size), float64(unlimited-fc.goldBytes)/float64(size)
		t.Logf("%s: %.2f forms and %.1f bytes per byte of triple text", lang, forms, bytes)
		if 4*forms > formsPerByte || 4*bytes > bytesPerByte {
			t.Errorf("%s needs %.2f forms and %.1f bytes per byte: the budgets (%d, %d) leave less than four times that", lang, forms, bytes, formsPerByte, bytesPerByte)
		}
	}
}

// shippedGold reads the shipped BenchIE gold of a language (en, de, zh).
func shippedGold(t *testing.T, lang string) *Gold {
	t.Helper()
	data, err := dataset.ReadFile("benchie_gold_annotations_" + lang + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGold("g", data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
