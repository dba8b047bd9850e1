package benchiefl

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Budget bounds BenchIE^FL's work before any of it is done
// (docs/benchie-fl-budget.md). Its cost is not in proportion to the input:
// a gold triple with k optional words has 2^k surface forms, all of which
// are compiled, and every extraction is compared with the forms of its
// sentence. Both are counted from the files, cheaply, and a request past
// either bound is refused with a message naming the bound.
type Budget struct {
	// Forms bounds the surface forms of the whole gold (its triples' 2^k,
	// summed). Compiling costs about 1 KB of memory at its peak and a few
	// microseconds per form: the FL gold has 115,562, BenchIE's English
	// gold 254,179.
	Forms int
	// Comparisons bounds, over a system file's extractions, the gold
	// values of the sentence each names (synsets, triples, slot values,
	// conjunct members and pairs) times its length in 64-byte blocks: an
	// extraction is compared with each, and the conjunct variants search
	// its text for each member.
	Comparisons int
	// Raise tells the user how to raise the budget, or where to score past
	// it; it ends the refusal's message.
	Raise string
}

// DefaultBudget is the command line's (flags --fl-max-forms and
// --fl-max-comparisons) and the page's: at most about half a gigabyte
// allocated and a few seconds compiling, and about a minute matching (some
// 100 ns a comparison).
var DefaultBudget = Budget{Forms: 1 << 19, Comparisons: 1 << 29, Raise: "--fl-max-forms and --fl-max-comparisons raise it"}

// ServerBudget is the Worker's: it must refuse before a request exceeds the
// platform's 128 MB and 30 s of CPU. Compiling 2^17 forms allocates about
// 130 MB in all (about 35 MB live) in one or two seconds, and 2^26
// comparisons take some seven seconds. The FL benchmark's gold fits.
var ServerBudget = Budget{Forms: 1 << 17, Comparisons: 1 << 26, Raise: "this is the Worker's limit: score it with the command line"}

// Forms returns the surface forms of every entry of the gold, as compiled:
// 2^k for each triple that can match, k its '[' count.
func (g *Gold) Forms() []int {
	out := make([]int, len(g.Entries))
	for i := range g.Entries {
		for _, s := range g.Entries[i].Synsets {
			for _, t := range s.Triples {
				if t.Broken == "" {
					out[i] += 1 << strings.Count(strings.Join(t.Slots, ""), "[")
				}
			}
		}
	}
	return out
}

// CheckForms refuses a gold past b.Forms, before it is compiled.
func (g *Gold) CheckForms(b Budget) error {
	total := 0
	for _, n := range g.Forms() {
		total += n
	}
	if b.Forms > 0 && total > b.Forms {
		return g.formsError(total, b)
	}
	return nil
}

// formsError is the refusal of a gold of total forms, past b.Forms.
func (g *Gold) formsError(total int, b Budget) error {
	return fmt.Errorf("%s: BenchIE^FL would expand this gold to %d surface forms (2^k for a triple with k optional words), past the budget of %d (about 1 KB of memory each while compiling): %s",
		g.Path, total, b.Forms, b.Raise)
}

// Comparisons estimates the matching work of a system file (see
// Budget.Comparisons): for each extraction, the gold values of the
// sentence it names (by position or by id, whichever has more) times its
// length in 64-byte blocks. It compiles the gold (which scoring does
// anyway), calling pause, when set, every few sentences: check the gold's
// forms first.
func (g *Gold) Comparisons(sys *oie.System, pause func()) int {
	comp := g.compile(pause)
	total := 0
	for i := range sys.Extractions.Len() {
		e := sys.Extractions.At(i)
		n := 0
		if k := g.position(e.SentID); k >= 0 {
			n = comp[k].work
		}
		if k, ok := g.index[e.SentID]; ok {
			n = max(n, comp[k].work)
		}
		size := len(e.Subject) + len(e.Relation) + len(e.Object) + 6
		for _, x := range e.Extra {
			size += len(x) + 1
		}
		total += (n + perExtraction) * (1 + size/64)
	}
	return total
}

// perExtraction is the work of an extraction beyond its sentence's gold
// values: its place in both modes' assignments and in the reruns that
// find which quirk moved the score.
const perExtraction = 256

// CheckSystem refuses a system file past b.Comparisons, before scoring;
// pause is Comparisons'.
func (g *Gold) CheckSystem(sys *oie.System, b Budget, pause func()) error {
	if n := g.Comparisons(sys, pause); b.Comparisons > 0 && n > b.Comparisons {
		return fmt.Errorf("%s: BenchIE^FL would compare its extractions %d times with gold values of their sentences (counted per 64 bytes of extraction), past the budget of %d: %s",
			sys.Path, n, b.Comparisons, b.Raise)
	}
	return nil
}
