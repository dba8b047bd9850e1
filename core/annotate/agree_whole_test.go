package annotate

// The agreement as it was computed before it went sentence by sentence:
// whole golds read back and scored at once. It is kept here, unchanged but
// for its names, as the reference the sentence-by-sentence agreement is
// checked against (TestAgreeMatchesWhole).

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

func wholeAgree(a, b *Document, opt AgreementOptions) (*Agreement, error) {
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultAgreementBudget
	}
	ga, err := a.Gold("A")
	if err != nil {
		return nil, fmt.Errorf("gold A: %w", err)
	}
	gb, err := b.Gold("B")
	if err != nil {
		return nil, fmt.Errorf("gold B: %w", err)
	}
	for _, p := range []struct {
		name string
		d    *Document
		g    *benchie.Gold
	}{{"A", a, ga}, {"B", b, gb}} {
		if err := wholeSameShape(p.d, p.g); err != nil {
			return nil, fmt.Errorf("gold %s: %w", p.name, err)
		}
	}
	facet := opt.Facet
	if facet == "" {
		facet = benchie.Regular
	}
	if _, err := benchie.ParseFacet(string(facet)); err != nil {
		return nil, err
	}
	// slot automata by facet and slot text, shared by both golds
	memo := &slotMemo{m: map[slotKey]*nfa{}}
	dir := func(x, y *Document, gy *benchie.Gold) direction {
		if facet == benchie.Concat {
			return wholeListed(x, y, gy, budget, facet)
		}
		return wholeDirect(x, y, gy, budget, facet, memo)
	}
	ab := dir(a, b, gb)
	ba := dir(b, a, ga)
	res := &Agreement{AB: ab.total, BA: ba.total, Exact: ab.total.Undecided == 0 && ba.total.Undecided == 0}
	res.IAA = (res.AB.Recall + res.BA.Recall) / 2
	res.IAAMax = (res.AB.RecallMax + res.BA.RecallMax) / 2
	inA, inB := wholeIndex(a), wholeIndex(b)
	for bi, s := range b.Sentences {
		ai, ok := inA[s.ID]
		if !ok {
			ai = -1
		}
		sa := SentenceAgreement{ID: s.ID, A: ai, B: bi, AB: ab.per[bi]}
		if ai >= 0 {
			sa.BA = ba.per[ai]
		}
		res.Sentences = append(res.Sentences, sa.finish())
	}
	for ai, s := range a.Sentences {
		if _, ok := inB[s.ID]; !ok {
			res.Sentences = append(res.Sentences, SentenceAgreement{ID: s.ID, A: ai, B: -1, BA: ba.per[ai]}.finish())
		}
	}
	res.OnlyA, res.OnlyB = ba.unmatched, ab.unmatched
	return res, nil
}

func wholeDirect(x, y *Document, gy *benchie.Gold, budget int, facet benchie.Facet, memo *slotMemo) direction {
	dir := direction{per: make([]Direction, len(y.Sentences))}
	sys := &oie.System{Path: "agreement"}
	inX := wholeIndex(x)
	certain := make([][]bool, len(y.Sentences))
	undecided := make([][]bool, len(y.Sentences))
	var ix intersector
	pool := wholePoolOf(x, budget)
	start := pool
	defer func() { poolUsed(start - pool) }()
	for yi, sy := range y.Sentences {
		certain[yi] = make([]bool, len(sy.Synsets))
		undecided[yi] = make([]bool, len(sy.Synsets))
		matched := make([]bool, len(sy.Synsets))
		if xi, ok := inX[sy.ID]; ok {
			sc := newSentenceAgreement(&ix, budget, &pool)
			xs := systemSide(x.Sentences[xi], budget, &pool, memo)
			ys := goldSide(sy, facet, memo)
		pairs:
			for _, tx := range xs {
				for j, ty := range ys {
					k := ty.synset
					// Each pair is work from the pool too: a sentence of
					// many triples is a square of pairs.
					if *sc.pool--; *sc.pool < 0 {
						for k := range matched {
							matched[k] = true
							undecided[yi][k] = !certain[yi][k]
						}
						break pairs
					}
					shared, decided := sc.sharesAll(tx.side.slots, ty.side.slots)
					if decided && !shared {
						continue
					}
					matched[k] = true
					if certain[yi][k] {
						continue
					}
					if !decided || tx.side.odd {
						undecided[yi][k] = true
						continue
					}
					blocked := false
					*sc.pool -= j
					for _, earlier := range ys[:j] {
						if earlier.synset < k && sc.sharesAll3(tx.side.slots, ty.side.slots, earlier.side.slots) {
							blocked = true
							break
						}
					}
					if !blocked {
						certain[yi][k] = true
						continue
					}
					if !sc.list(tx.side.slots, ty.side.slots, func(t oie.Triple) {
						sys.Extractions.Append(oie.Extraction{SentID: sy.ID, Triple: t})
					}) {
						undecided[yi][k] = true
					}
				}
			}
		}
		for k, m := range matched {
			if !m {
				dir.unmatched = append(dir.unmatched, SynsetRef{SentenceID: sy.ID, Sentence: yi, Synset: k})
			}
		}
	}
	var coverage [][][]int
	if sys.Extractions.Len() > 0 {
		coverage = benchie.Compile(gy, facet).Score(sys, benchie.Options{}).Coverage()
	}
	dir.wholeCount(y, certain, undecided, coverage)
	return dir
}

func (dir *direction) wholeCount(y *Document, certain, undecided [][]bool, coverage [][][]int) {
	for yi, sy := range y.Sentences {
		d := &dir.per[yi]
		d.Synsets = len(sy.Synsets)
		for k := range sy.Synsets {
			switch {
			case certain[yi][k] || (coverage != nil && len(coverage[yi][k]) > 0):
				d.Covered++
			case undecided[yi][k]:
				d.Undecided++
			}
		}
		dir.total.Synsets += d.Synsets
		dir.total.Covered += d.Covered
		dir.total.Undecided += d.Undecided
		d.finish()
	}
	dir.total.finish()
}

func wholePoolOf(x *Document, budget int) int {
	pool := poolBudgets * budget
	for _, s := range x.Sentences {
		for _, syn := range s.Synsets {
			for _, t := range syn.Triples {
				for _, slot := range t.Slots {
					pool += poolPerByte * (len(s.SlotText(slot)) + 1)
				}
			}
		}
	}
	return pool
}

func wholeListed(x, y *Document, gy *benchie.Gold, budget int, facet benchie.Facet) direction {
	dir := direction{per: make([]Direction, len(y.Sentences))}
	sys := &oie.System{Path: "agreement"}
	inX := wholeIndex(x)
	pool := wholePoolOf(x, budget)
	start := pool
	defer func() { poolUsed(start - pool) }()
	certain := make([][]bool, len(y.Sentences))
	undecided := make([][]bool, len(y.Sentences))
	for yi, sy := range y.Sentences {
		certain[yi] = make([]bool, len(sy.Synsets))
		undecided[yi] = make([]bool, len(sy.Synsets))
		xi, ok := inX[sy.ID]
		if !ok {
			continue
		}
		sx := x.Sentences[xi]
		seen := map[oie.Triple]bool{}
		cut := false
	list:
		for _, syn := range sx.Synsets {
			for _, t := range syn.Triples {
				forms, ok := benchie.SurfaceForms(sx.TripleText(t), benchie.Regular, max(0, min(budget-len(seen), pool)))
				if !ok {
					cut = true
					break list
				}
				for _, f := range forms {
					if !seen[f] {
						seen[f] = true
						pool--
						sys.Extractions.Append(oie.Extraction{SentID: sy.ID, Triple: f})
					}
				}
			}
		}
		if cut {
			for k := range undecided[yi] {
				undecided[yi][k] = true
			}
		}
	}
	var coverage [][][]int
	if sys.Extractions.Len() > 0 {
		coverage = benchie.Compile(gy, facet).Score(sys, benchie.Options{}).Coverage()
	}
	dir.wholeCount(y, certain, undecided, coverage)
	for yi, d := range dir.per {
		for k := range d.Synsets {
			if !undecided[yi][k] && (coverage == nil || len(coverage[yi][k]) == 0) {
				dir.unmatched = append(dir.unmatched, SynsetRef{SentenceID: y.Sentences[yi].ID, Sentence: yi, Synset: k})
			}
		}
	}
	return dir
}

func wholeSameShape(d *Document, g *benchie.Gold) error {
	if len(g.Sentences) != len(d.Sentences) {
		return fmt.Errorf("%d sentences read back from %d", len(g.Sentences), len(d.Sentences))
	}
	for i, s := range d.Sentences {
		if n := len(g.Sentences[i].Synsets); n != len(s.Synsets) {
			return fmt.Errorf("sentence %s: %d synsets read back from %d (see Validate)", s.ID, n, len(s.Synsets))
		}
	}
	return nil
}

func wholeIndex(d *Document) map[string]int {
	idx := make(map[string]int, len(d.Sentences))
	for i, s := range d.Sentences {
		idx[s.ID] = i
	}
	return idx
}
