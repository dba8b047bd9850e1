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
	// Comparisons bounds, over a system file's extractions, the forms of
	// the sentence each names times its length in 64-byte blocks: an
	// extraction is matched against its sentence's forms, and the
	// conjunct variants search its text for each gold slot value.
	Comparisons int
	// Raise tells the user how to raise the budget, or where to score past
	// it; it ends the refusal's message.
	Raise string
}

// DefaultBudget is the command line's (flags --fl-max-forms and
// --fl-max-comparisons) and the page's: about half a gigabyte and a few
// seconds of compiling at most, and some twenty seconds of matching.
var DefaultBudget = Budget{Forms: 1 << 19, Comparisons: 1 << 31, Raise: "--fl-max-forms and --fl-max-comparisons raise it"}

// ServerBudget is the Worker's: it must refuse before a request exceeds the
// platform's 128 MB and 30 s of CPU. The FL benchmark's gold fits.
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
		return fmt.Errorf("%s: BenchIE^FL would expand this gold to %d surface forms (2^k for a triple with k optional words), past the budget of %d (about 1 KB of memory each while compiling): %s",
			g.Path, total, b.Forms, b.Raise)
	}
	return nil
}

// Comparisons estimates the matching work of a system file (see
// Budget.Comparisons): for each extraction the forms of the sentence it
// names, by position or by id, whichever has more.
func (g *Gold) Comparisons(sys *oie.System) int {
	forms := g.Forms()
	total := 0
	for i := range sys.Extractions {
		e := &sys.Extractions[i]
		n := 0
		if k := g.position(e.SentID); k >= 0 {
			n = forms[k]
		}
		if k, ok := g.index[e.SentID]; ok {
			n = max(n, forms[k])
		}
		size := len(e.Subject) + len(e.Relation) + len(e.Object) + 6
		for _, x := range e.Extra {
			size += len(x) + 1
		}
		total += n * (1 + size/64)
	}
	return total
}

// CheckSystem refuses a system file past b.Comparisons, before scoring.
func (g *Gold) CheckSystem(sys *oie.System, b Budget) error {
	if n := g.Comparisons(sys); b.Comparisons > 0 && n > b.Comparisons {
		return fmt.Errorf("%s: BenchIE^FL would compare its extractions with %d surface forms of their sentences (counted per 64 bytes of extraction), past the budget of %d: %s",
			sys.Path, n, b.Comparisons, b.Raise)
	}
	return nil
}
