package evaluate

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
)

// Scoring a subset of the gold's sentences (Options.Sentences): the gold
// (and the E gold, and the CaRB gold) are restricted to the chosen
// sentences, so that every number is the one a gold file holding only those
// sentences gives; extractions on the other sentences are left out with a
// warning.

// Covered is the subset of the sentences that the scored files cover: the
// union of the sentences each system has at least one extraction on.
const Covered = "covered"

// SentenceSpec is a subset of sentences as the user wrote it, checked for
// its form (ParseSentences); Select finds its sentences in a gold.
type SentenceSpec struct {
	Spec    string     // as written, trimmed
	Covered bool       // "covered"
	Items   []SpecItem // the ids and ranges of a list
}

// SpecItem is one id or one range FIRST-LAST of a list, as written (Select
// tells which, against the gold's ids); Column is where it starts in the
// spec (in characters, from 1).
type SpecItem struct {
	Text   string
	Column int
}

// ParseSentences reads a subset of sentences: "" (all), "covered", or a
// comma-separated list of sentence ids and ranges FIRST-LAST (the sentences
// from FIRST to LAST in the gold's order), as in "1-5,9". An id that holds
// a '-' is written as it is: an item is first looked up as one id, then as
// a range split at each '-' in turn.
func ParseSentences(spec string) (SentenceSpec, error) {
	sp := SentenceSpec{Spec: strings.TrimSpace(spec)}
	switch strings.ToLower(sp.Spec) {
	case "", "all":
		sp.Spec = ""
		return sp, nil
	case Covered:
		sp.Spec, sp.Covered = Covered, true
		return sp, nil
	}
	col := 1
	for _, raw := range strings.Split(spec, ",") {
		item := strings.TrimSpace(raw)
		at := col + len([]rune(raw)) - len([]rune(strings.TrimLeft(raw, " \t")))
		col += len([]rune(raw)) + 1
		if strings.EqualFold(item, Covered) { // "covered,10": those and 10
			sp.Covered = true
			continue
		}
		if item == "" {
			return sp, specError(spec, at, "an empty item: expected a sentence id or a range FIRST-LAST between commas")
		}
		sp.Items = append(sp.Items, SpecItem{Text: item, Column: at})
	}
	return sp, nil
}

func specError(spec string, col int, msg string) error {
	return fmt.Errorf("sentences %q, column %d: %s", spec, col, msg)
}

// IsAll reports whether the spec chooses every sentence.
func (sp SentenceSpec) IsAll() bool { return sp.Spec == "" }

// Select finds the chosen sentences in the gold, by position in file
// order; systems are the files scored (for "covered", aligned with the gold
// as Evaluate aligns them). Every id must be the gold's, a range must go
// forward, and the result must not be empty.
func (sp SentenceSpec) Select(g *benchie.Gold, systems []*System) ([]int, error) {
	if sp.IsAll() {
		return nil, nil
	}
	chosen := make([]bool, len(g.Sentences))
	n := 0
	mark := func(i int) {
		if !chosen[i] {
			chosen[i] = true
			n++
		}
	}
	if sp.Covered {
		for _, s := range systems {
			if s.ByText != nil && (s.System == nil || s.Extractions.Len() == 0) {
				s = asBenchIE(s, g.Whole()) // not aligned with the gold yet
			}
			n += markCovered(g, s, chosen, nil)
		}
	}
	for _, it := range sp.Items {
		a, b, err := resolveItem(g, it.Text)
		if err != "" {
			return nil, specError(sp.Spec, it.Column, err)
		}
		for i := a; i <= b; i++ {
			mark(i)
		}
	}
	if n == 0 { // only "covered" can choose none
		return nil, fmt.Errorf("sentences %q: no extraction of the files scored names a sentence of the gold %s, so they cover none", sp.Spec, g.Path)
	}
	out := make([]int, 0, n)
	for i, c := range chosen {
		if c {
			out = append(out, i)
		}
	}
	return out, nil
}

// resolveItem finds an item of a list in the gold: an id, or a range
// FIRST-LAST split at the first '-' that leaves an id on each side; it
// returns the positions of its first and last sentence, or why it names
// none.
func resolveItem(g *benchie.Gold, item string) (first, last int, why string) {
	if i, ok := g.SentenceIndex(item); ok {
		return i, i, ""
	}
	backwards := ""
	for k := 0; k < len(item); k++ {
		if item[k] != '-' {
			continue
		}
		a, b := strings.TrimSpace(item[:k]), strings.TrimSpace(item[k+1:])
		ia, okA := g.SentenceIndex(a)
		ib, okB := g.SentenceIndex(b)
		switch {
		case okA && okB && ib >= ia:
			return ia, ib, ""
		case okA && okB && backwards == "":
			backwards = fmt.Sprintf("range %s goes backwards: sentence %q comes after %q in the gold; expected FIRST-LAST in the gold's order", item, a, b)
		}
	}
	if backwards != "" {
		return 0, 0, backwards
	}
	k := strings.IndexByte(item, '-')
	if k < 0 {
		return 0, 0, fmt.Sprintf("sentence %q is not in the gold %s (%s)", item, g.Path, idRange(g))
	}
	a, b := strings.TrimSpace(item[:k]), strings.TrimSpace(item[k+1:])
	missing := a
	if _, ok := g.SentenceIndex(a); ok || a == "" {
		missing = b
	}
	return 0, 0, fmt.Sprintf("range %s: sentence %q is not in the gold %s (%s)", item, missing, g.Path, idRange(g))
}

// idRange describes a gold's ids for a message: "its ids run from 1 to 300".
func idRange(g *benchie.Gold) string {
	first, last := g.Sentences[0].ID, g.Sentences[len(g.Sentences)-1].ID
	if len(g.Sentences) == 1 {
		return fmt.Sprintf("its one sentence is %q", first)
	}
	return fmt.Sprintf("its %d sentences run from %q to %q", len(g.Sentences), first, last)
}

// CompactIDs writes the sentences at the given positions (sorted) of a gold
// as a list that ParseSentences reads back to the same sentences: runs of
// consecutive sentences as FIRST-LAST, in the gold's order.
func CompactIDs(g *benchie.Gold, positions []int) string {
	var b strings.Builder
	for i := 0; i < len(positions); {
		j := i
		for j+1 < len(positions) && positions[j+1] == positions[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		first, last := g.Sentences[positions[i]].ID, g.Sentences[positions[j]].ID
		run := first + "-" + last
		if a, z, why := resolveItem(g, run); j == i || why != "" || a != positions[i] || z != positions[j] {
			// one sentence, or ids whose dashes would read as another range
			for k := i; k <= j; k++ {
				if k > i {
					b.WriteByte(',')
				}
				b.WriteString(g.Sentences[positions[k]].ID)
			}
		} else {
			b.WriteString(run)
		}
		i = j + 1
	}
	return b.String()
}

// maxSignatureIDs bounds the list of ids written into a signature; a longer
// list is named by its checksum there (the report's subset has it whole).
const maxSignatureIDs = 120

// subsetReport describes a subset for the report.
func subsetReport(spec SentenceSpec, whole *benchie.Gold, positions []int) *report.Subset {
	ids := CompactIDs(whole, positions)
	kind := "list"
	if spec.Covered {
		kind = Covered
	}
	s := &report.Subset{Spec: spec.Spec, Kind: kind, Sentences: len(positions), Of: len(whole.Sentences), IDs: ids}
	if len(ids) > maxSignatureIDs {
		sum := digest.Sum256([]byte(ids))
		s.IDsSHA256 = hex.EncodeToString(sum[:])
	}
	return s
}

// restrictCaRB returns the CaRB gold restricted to the sentences of the
// (subset) BenchIE gold, found by their text.
func restrictCaRB(cg *CaRBGold, g *benchie.Gold) *CaRBGold {
	if cg == nil || !g.IsSubset() {
		return cg
	}
	cp := *cg
	cp.Gold = RestrictCaRBGold(cg.Gold, carbKeep(cg.Gold, g))
	return &cp
}

// carbKeep lists, by index, the CaRB gold's sentences that a subset BenchIE
// gold holds; nil when g is not a subset (all are kept).
func carbKeep(cg *carb.Gold, g *benchie.Gold) []int {
	if !g.IsSubset() {
		return nil
	}
	_, shared := commonSentences(g, cg)
	if shared == nil {
		shared = []int{}
	}
	return shared
}

// RestrictCaRBGold is cg with only its sentences at the indices keep
// (CaRBWork.Keep), or cg itself when keep is nil.
func RestrictCaRBGold(cg *carb.Gold, keep []int) *carb.Gold {
	if keep == nil {
		return cg
	}
	sub := carbSubGold(cg, keep)
	sub.Warnings = cg.Warnings
	return sub
}

// ChooseSentences restricts a gold to the sentences spec chooses (see
// Options.Sentences), and names them: what Evaluate scores, and the error a
// front end shows before scoring. systems are the files to score (for
// "covered"). An empty spec returns the gold itself and no subset.
func ChooseSentences(spec string, gold *Gold, systems []*System) (*Gold, *report.Subset, error) {
	sp, err := ParseSentences(spec)
	if err != nil || sp.IsAll() {
		return gold, nil, err
	}
	picks, err := sp.Select(gold.Gold, systems)
	if err != nil {
		return gold, nil, err
	}
	sub, err := gold.Subset(picks)
	if err != nil {
		return gold, nil, err
	}
	return &Gold{Gold: sub, SHA256: gold.SHA256}, subsetReport(sp, gold.Gold, picks), nil
}

// chooseSentences restricts the golds to the chosen sentences and records
// the subset; a subset that cannot be chosen leaves them whole, with a note.
func (ev *Evaluation) chooseSentences(spec string, coveredBy []string, gold, eGold *Gold, cg *CaRBGold) (*Gold, *Gold, *CaRBGold) {
	sub, named, err := ChooseSentences(spec, gold, ev.systemsNamed(coveredBy))
	if err != nil {
		ev.SentencesErr = err
		ev.notes = append(ev.notes, err.Error()+"; every sentence is scored")
		return gold, eGold, cg
	}
	if named == nil {
		return gold, eGold, cg
	}
	ev.Subset = named
	if coveredBy != nil && named.Kind == Covered {
		named.CoveredBy = coveredBy
	}
	if eGold != nil {
		var ePicks []int
		for _, s := range sub.Sentences {
			if i, ok := eGold.SentenceIndex(s.ID); ok {
				ePicks = append(ePicks, i)
			}
		}
		eSub, _ := eGold.Subset(ePicks) // positions of eGold: never out of range
		eGold = &Gold{Gold: eSub, SHA256: eGold.SHA256}
	}
	if ev.FLGold != nil {
		ev.notes = append(ev.notes, "BenchIE^FL is not scored on a subset of sentences: its reference reading finds sentences by position")
		ev.FLGold, ev.FLOnly = nil, false
	}
	return sub, eGold, restrictCaRB(cg, sub.Gold)
}

// CoveredSentences counts the gold sentences that the systems have at least
// one extraction on (all systems together: what "covered" chooses), and the
// gold's sentences. A front end proposes "covered" when few are.
func (ev *Evaluation) CoveredSentences(names []string) (covered, of int) {
	return ev.CoveredSentencesPaced(names, nil)
}

// CoveredSentencesPaced is CoveredSentences, calling pause (when set)
// every oie.PauseEvery extractions: the page counts it ahead of the table
// that shows it (at 100× BenchIE English, 1.35 million extractions).
func (ev *Evaluation) CoveredSentencesPaced(names []string, pause func()) (covered, of int) {
	seen := make([]bool, len(ev.Gold.Sentences))
	for _, s := range ev.systemsNamed(names) {
		covered += markCovered(ev.Gold.Gold, s, seen, pause)
	}
	return covered, len(ev.Gold.Sentences)
}

// systemsNamed returns the systems with these names (nil: every system).
func (ev *Evaluation) systemsNamed(names []string) []*System {
	if names == nil {
		return ev.Systems
	}
	var out []*System
	for _, s := range ev.Systems {
		if slices.Contains(names, s.Name) {
			out = append(out, s)
		}
	}
	return out
}

// markCovered marks the sentences s has extractions on and returns how many
// were not marked yet; pause, when set, is called every oie.PauseEvery
// extractions (a class's submission may have 200,000).
func markCovered(g *benchie.Gold, s *System, seen []bool, pause func()) int {
	n := 0
	last := ""
	for k := range s.Extractions.Len() {
		e := s.Extractions.At(k)
		if pause != nil && k > 0 && k%oie.PauseEvery == 0 {
			pause()
		}
		if k > 0 && e.SentID == last {
			continue // extractions come sentence by sentence: looked up once
		}
		last = e.SentID
		if i, ok := g.SentenceIndex(e.SentID); ok && !seen[i] {
			seen[i] = true
			n++
		}
	}
	return n
}

// FewCovered tells when a system covers so few sentences (under half of the
// gold's) that its recall, counted over every synset of the gold, says more
// about the sentences it was not run on than about the system.
func FewCovered(covered, of int) bool { return covered > 0 && 2*covered < of }

// coverageNote is the warning for a system that covers few sentences when
// every sentence is scored; pause as markCovered's.
func coverageNote(g *benchie.Gold, s *System, pause func()) string {
	n := markCovered(g, s, make([]bool, len(g.Sentences)), pause)
	if !FewCovered(n, len(g.Sentences)) {
		return ""
	}
	return fmt.Sprintf("its extractions are on %d of the gold's %d sentences, and recall counts the synsets of all %d: to score only the sentences the files cover, choose the sentences \"covered\" (--sentences covered)",
		n, len(g.Sentences), len(g.Sentences))
}
