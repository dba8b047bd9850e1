package annotate

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// AgreementOptions tune Agree.
type AgreementOptions struct {
	// Budget bounds the surface triples scored per sentence and direction;
	// 0 means DefaultAgreementBudget. Every direction also has a pool of
	// twice the budget plus 4 forms per byte of its gold's slots, from
	// which all its sentences draw, so that the work follows the input.
	// Beyond either the agreement is given as a range (Agreement.Exact is
	// false); the bundled golds stay far below.
	Budget int
	// Facet is the facet B's synsets are read under ("" means regular).
	// Regular and minimal are found on slot automata as described at
	// Agree; concat joins the slots, so A's forms are listed (under the
	// same budget and pool) and scored.
	Facet benchie.Facet
}

// DefaultAgreementBudget is the default AgreementOptions.Budget.
const DefaultAgreementBudget = 1 << 16

// Direction is one gold's surface triples, used as a system, scored against
// the other gold's synsets (paper rule, on AgreementOptions.Facet).
type Direction struct {
	Synsets int `json:"synsets"` // of the gold scored against
	Covered int `json:"covered"` // of those, synsets credited
	// Undecided counts synsets the budget left undecided: the true count of
	// credited synsets lies between Covered and Covered+Undecided.
	Undecided int     `json:"undecided"`
	Recall    float64 `json:"recall"`     // Covered / Synsets
	RecallMax float64 `json:"recall_max"` // (Covered + Undecided) / Synsets
}

func (d *Direction) finish() {
	if d.Synsets > 0 {
		d.Recall = float64(d.Covered) / float64(d.Synsets)
		d.RecallMax = float64(d.Covered+d.Undecided) / float64(d.Synsets)
	}
}

// SynsetRef names a synset of one of the two golds.
type SynsetRef struct {
	SentenceID string `json:"sentence_id"`
	Sentence   int    `json:"sentence"` // position in its document
	Synset     int    `json:"synset"`   // position in its sentence
}

// SentenceAgreement is the agreement on one sentence.
type SentenceAgreement struct {
	ID string    `json:"id"`
	A  int       `json:"a"` // position in A; -1 when A lacks the sentence
	B  int       `json:"b"` // position in B; -1 when B lacks it
	AB Direction `json:"ab"`
	BA Direction `json:"ba"`
	// Agreement is the mean of the recalls that are defined (a gold without
	// synsets for the sentence has none); 1 when neither has synsets.
	Agreement float64 `json:"agreement"`
}

// Agreement is the fact-level inter-annotator agreement of two golds: the
// BenchIE paper's IAA, the mean of each gold's recall when its surface
// triples are scored as a system against the other's synsets.
type Agreement struct {
	AB        Direction           `json:"ab"` // A's triples against B's synsets
	BA        Direction           `json:"ba"`
	IAA       float64             `json:"iaa"`
	IAAMax    float64             `json:"iaa_max"` // equal to IAA when Exact
	Exact     bool                `json:"exact"`
	Sentences []SentenceAgreement `json:"sentences"` // B's order, then sentences only A has
	// OnlyA lists A's synsets that share no surface triple with any synset
	// of B (and OnlyB the converse): the facts one annotator alone found.
	OnlyA []SynsetRef `json:"only_a"`
	OnlyB []SynsetRef `json:"only_b"`
}

// Agree computes the agreement of two golds, matching sentences by id. A
// sentence only one gold has counts with all its synsets missed.
//
// Scoring every surface triple of A would mean listing 2^k forms for a slot
// with k optional units. Only the forms of A that equal a form of some triple
// of B can be credited, so for each pair of triples the forms they share are
// found on the product of their slot automata (forms.go), without listing
// either side, and only those are scored, with benchie's scorer (which
// decides, as for any system, which synset each one credits).
//
// The agreement goes a group of sentences at a time (a few hundred KB of
// text): what it builds for a group (automata, listed forms, the sentences
// read back as the scorer's gold) is released before the next, so that its
// memory beyond the two golds is that of one group (AgreeGolds holds not
// even the golds' models).
func Agree(a, b *Document, opt AgreementOptions) (*Agreement, error) {
	return agree(documentSide{a}, documentSide{b}, opt)
}

// AgreeGolds is Agree on two golds as the scorer reads them: each group of
// sentences is made the studio's model (a BenchIE file of the group, read
// by ReadBenchIE) while the agreement needs it and released after, so that
// two large golds are never held as models (about 6 times their bytes),
// with the same numbers as Agree on the golds' models.
func AgreeGolds(a, b *benchie.Gold, opt AgreementOptions) (*Agreement, error) {
	return agree(compactSide{a}, compactSide{b}, opt)
}

// agreeSide is one gold of the agreement, which reads it a group of
// sentences at a time.
type agreeSide interface {
	sentences() int
	id(i int) string
	// models returns the sentences at the positions asked for, in that
	// order, as the studio's model.
	models(positions []int) ([]*Sentence, error)
	// size returns the length of the text of sentence i's slots, plus one
	// a slot (what a direction's pool grows by, see poolOf), and of its
	// text.
	size(i int) (slots, text int)
}

// documentSide is a gold held as the studio's model (the page's).
type documentSide struct{ d *Document }

func (s documentSide) sentences() int  { return len(s.d.Sentences) }
func (s documentSide) id(i int) string { return s.d.Sentences[i].ID }

func (s documentSide) models(positions []int) ([]*Sentence, error) {
	out := make([]*Sentence, len(positions))
	for k, i := range positions {
		out[k] = s.d.Sentences[i]
	}
	return out, nil
}

func (s documentSide) size(i int) (slots, text int) {
	sen := s.d.Sentences[i]
	for _, syn := range sen.Synsets {
		for _, t := range syn.Triples {
			for _, slot := range t.Slots {
				slots += len(sen.SlotText(slot)) + 1
			}
		}
	}
	return slots, len(sen.Text)
}

// compactSide is a gold as the scorer reads it (the command line's), made
// the studio's model a group of sentences at a time.
type compactSide struct{ g *benchie.Gold }

func (s compactSide) sentences() int  { return len(s.g.Sentences) }
func (s compactSide) id(i int) string { return s.g.Sentences[i].ID }

// models writes the sentences as a BenchIE file and reads it back, as the
// studio's model of the whole gold is read from the gold written whole:
// the reader reads a sentence from its own lines only.
func (s compactSide) models(positions []int) ([]*Sentence, error) {
	if len(positions) == 0 {
		return nil, nil // an empty file is not a gold
	}
	var buf bytes.Buffer
	w := benchie.NewGoldWriter(&buf)
	for _, i := range positions {
		w.Write(s.g.Sentences[i])
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	d, _, err := ReadBenchIE(s.g.Path, buf.Bytes(), ReadOptions{})
	if err != nil {
		return nil, err
	}
	if len(d.Sentences) != len(positions) {
		return nil, fmt.Errorf("%d sentences read back from %d", len(d.Sentences), len(positions))
	}
	return d.Sentences, nil
}

// size counts the slots as the gold holds them: the model keeps a slot's
// text as read (Slot.Raw when its words render otherwise).
func (s compactSide) size(i int) (slots, text int) {
	sen := s.g.Sentences[i]
	for _, syn := range sen.Synsets {
		for i := range syn.Triples {
			tr := syn.Triple(i)
			slots += len(tr.Subject) + len(tr.Relation) + len(tr.Object) + 3
		}
	}
	return slots, len(sen.Text)
}

// groupBytes bounds the text of a group of sentences the agreement reads
// at once (a sentence larger than it is a group alone): reading a file has
// a fixed cost of some hundred KB, too much to pay a sentence, and a
// group's models cost some 20 times its text. A variable for tests.
var groupBytes = 256 << 10

func agree(a, b agreeSide, opt AgreementOptions) (*Agreement, error) {
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultAgreementBudget
	}
	facet := opt.Facet
	if facet == "" {
		facet = benchie.Regular
	}
	if _, err := benchie.ParseFacet(string(facet)); err != nil {
		return nil, err
	}
	inA, err := sentenceIndex("A", a)
	if err != nil {
		return nil, err
	}
	inB, err := sentenceIndex("B", b)
	if err != nil {
		return nil, err
	}
	// slot automata by facet and slot text, shared by both golds
	memo := &slotMemo{m: map[slotKey]*nfa{}}
	dir := func(x agreeSide, inX map[string]int, y agreeSide, yName string) (direction, error) {
		r := directionRun{x: x, inX: inX, budget: budget, facet: facet, memo: memo}
		return r.run(y, yName)
	}
	ab, err := dir(a, inA, b, "B")
	if err != nil {
		return nil, err
	}
	ba, err := dir(b, inB, a, "A")
	if err != nil {
		return nil, err
	}
	res := &Agreement{AB: ab.total, BA: ba.total, Exact: ab.total.Undecided == 0 && ba.total.Undecided == 0}
	res.IAA = (res.AB.Recall + res.BA.Recall) / 2
	res.IAAMax = (res.AB.RecallMax + res.BA.RecallMax) / 2
	for bi := range b.sentences() {
		id := b.id(bi)
		ai, ok := inA[id]
		if !ok {
			ai = -1
		}
		sa := SentenceAgreement{ID: id, A: ai, B: bi, AB: ab.per[bi]}
		if ai >= 0 {
			sa.BA = ba.per[ai]
		}
		res.Sentences = append(res.Sentences, sa.finish())
	}
	for ai := range a.sentences() {
		if id := a.id(ai); !has(inB, id) {
			res.Sentences = append(res.Sentences, SentenceAgreement{ID: id, A: ai, B: -1, BA: ba.per[ai]}.finish())
		}
	}
	res.OnlyA, res.OnlyB = ba.unmatched, ab.unmatched
	return res, nil
}

func has(m map[string]int, id string) bool {
	_, ok := m[id]
	return ok
}

func (sa SentenceAgreement) finish() SentenceAgreement {
	sum, n := 0.0, 0
	for _, d := range []Direction{sa.AB, sa.BA} {
		if d.Synsets > 0 {
			sum += d.Recall
			n++
		}
	}
	sa.Agreement = 1
	if n > 0 {
		sa.Agreement = sum / float64(n)
	}
	return sa
}

// direction is one direction of Agree: x's forms against y's synsets.
type direction struct {
	total     Direction
	per       []Direction // per sentence of y
	unmatched []SynsetRef // y's synsets sharing no form with x
}

// sideSlots are the automata of one triple's slots. A slot of the system
// side whose forms are not all trimmed (an empty word, a word with spaces
// at its ends) is listed and trimmed, since the scorer trims system slots:
// it has one automaton per form. odd marks such a slot whose forms are too
// many to list; its untrimmed automaton stands in, and its credit stays
// undecided.
type sideSlots struct {
	slots [3][]*nfa
	odd   bool
}

// directionRun computes one direction, x's surface triples against y's
// synsets, a sentence of y at a time.
type directionRun struct {
	x      agreeSide
	inX    map[string]int
	budget int
	facet  benchie.Facet
	memo   *slotMemo
	pool   int // what the direction has left (see AgreementOptions.Budget)
	ix     intersector
}

// run scores every sentence of y, in order, a group at a time; yName
// names y in errors.
func (r *directionRun) run(y agreeSide, yName string) (direction, error) {
	dir := direction{per: make([]Direction, y.sentences())}
	r.pool = poolOf(r.x, r.budget)
	start := r.pool
	defer func() { poolUsed(start - r.pool) }()
	for first := 0; first < len(dir.per); {
		var group, inX []int // positions in y, and of the same ids in x
		for n := 0; first+len(group) < len(dir.per) && (len(group) == 0 || n < groupBytes); {
			yi := first + len(group)
			slots, text := y.size(yi)
			n += slots + text
			group = append(group, yi)
			if xi, ok := r.inX[y.id(yi)]; ok {
				inX = append(inX, xi)
			}
		}
		if err := r.group(&dir, y, yName, group, inX); err != nil {
			return dir, err
		}
		first += len(group)
	}
	dir.total.finish()
	return dir, nil
}

// group scores the sentences of y at positions group against those of x
// at positions inX (the ones x has of the same ids, in y's order).
func (r *directionRun) group(dir *direction, y agreeSide, yName string, group, inX []int) error {
	ys, err := y.models(group)
	if err != nil {
		return fmt.Errorf("gold %s: %w", yName, err)
	}
	xs, err := r.x.models(inX)
	if err != nil {
		return err
	}
	// the sentences as the scorer reads them, checked as Agree checks
	// every sentence of both golds
	gy, err := (&Document{Sentences: ys}).Gold(yName)
	if err == nil {
		err = sameShape(ys, gy)
	}
	if err != nil {
		return fmt.Errorf("gold %s: %w", yName, err)
	}
	credits := make([]sentenceCredit, len(ys))
	sys := &oie.System{Path: "agreement"}
	for gi, sy := range ys {
		var sx *Sentence
		if len(xs) > 0 && xs[0].ID == sy.ID {
			sx, xs = xs[0], xs[1:]
		}
		if r.facet == benchie.Concat {
			credits[gi] = r.listed(sx, sy, sys)
		} else {
			credits[gi] = r.direct(sx, sy, sys)
		}
	}
	var coverage [][][]int
	if sys.Extractions.Len() > 0 {
		coverage = benchie.Compile(gy, r.facet).Score(sys, benchie.Options{}).Coverage()
	}
	for gi, sy := range ys {
		yi, c := group[gi], credits[gi]
		d := &dir.per[yi]
		d.Synsets = len(sy.Synsets)
		for k := range sy.Synsets {
			credited := c.certain[k] || (coverage != nil && len(coverage[gi][k]) > 0)
			switch {
			case credited:
				d.Covered++
			case c.undecided[k]:
				d.Undecided++
			}
			// concat knows which synsets share a form only by scoring
			if (r.facet == benchie.Concat && !credited && !c.undecided[k]) || (r.facet != benchie.Concat && !c.matched[k]) {
				dir.unmatched = append(dir.unmatched, SynsetRef{SentenceID: sy.ID, Sentence: yi, Synset: k})
			}
		}
		dir.total.Synsets += d.Synsets
		dir.total.Covered += d.Covered
		dir.total.Undecided += d.Undecided
		d.finish()
	}
	return nil
}

// sentenceCredit is what a direction found on one sentence of y, per
// synset, before the forms it listed are scored.
type sentenceCredit struct {
	certain, undecided, matched []bool
}

func newSentenceCredit(sy *Sentence) sentenceCredit {
	n := len(sy.Synsets)
	return sentenceCredit{certain: make([]bool, n), undecided: make([]bool, n), matched: make([]bool, n)}
}

// direct scores the surface triples of sx (nil when x lacks the sentence)
// against the synsets of sy, adding the forms to score to sys. For each pair of a triple tx of x and a
// triple ty of y (synset k), in y's order:
//   - if they share no form, nothing follows from the pair;
//   - if no triple of a synset before k shares a form with both, every
//     shared form credits k (a form credits the first synset that has it),
//     and k is credited without listing any form;
//   - otherwise the shared forms are listed (up to the budget) and scored
//     with benchie's scorer, which credits each the first synset it matches.
func (r *directionRun) direct(sx, sy *Sentence, sys *oie.System) sentenceCredit {
	c := newSentenceCredit(sy)
	if sx == nil {
		return c
	}
	certain, undecided, matched := c.certain, c.undecided, c.matched
	sc := newSentenceAgreement(&r.ix, r.budget, &r.pool)
	xs := systemSide(sx, r.budget, &r.pool, r.memo)
	ys := goldSide(sy, r.facet, r.memo)
pairs:
	for _, tx := range xs {
		for j, ty := range ys {
			k := ty.synset
			// Each pair is work from the pool too: a sentence of
			// many triples is a square of pairs.
			if *sc.pool--; *sc.pool < 0 {
				for k := range matched {
					matched[k] = true
					undecided[k] = !certain[k]
				}
				break pairs
			}
			shared, decided := sc.sharesAll(tx.side.slots, ty.side.slots)
			if decided && !shared {
				continue
			}
			matched[k] = true
			if certain[k] {
				continue
			}
			if !decided || tx.side.odd {
				undecided[k] = true
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
				certain[k] = true
				continue
			}
			if !sc.list(tx.side.slots, ty.side.slots, func(t oie.Triple) {
				sys.Extractions.Append(oie.Extraction{SentID: sy.ID, Triple: t})
			}) {
				undecided[k] = true
			}
		}
	}
	return c
}

// poolOf is the pool of a direction whose forms come from x (see
// AgreementOptions.Budget).
func poolOf(x agreeSide, budget int) int {
	pool := poolBudgets * budget
	for i := range x.sentences() {
		slots, _ := x.size(i)
		pool += poolPerByte * slots
	}
	return pool
}

// listed scores the surface triples of sx against the synsets of sy by
// listing them, for a facet whose matching spans the slots (concat): a
// sentence lists at most budget forms, all sentences from the direction's
// pool. A sentence whose forms are cut leaves its uncredited synsets
// undecided.
func (r *directionRun) listed(sx, sy *Sentence, sys *oie.System) sentenceCredit {
	c := newSentenceCredit(sy)
	if sx == nil {
		return c
	}
	seen := map[oie.Triple]bool{}
list:
	for _, syn := range sx.Synsets {
		for _, t := range syn.Triples {
			forms, ok := benchie.SurfaceForms(sx.TripleText(t), benchie.Regular, max(0, min(r.budget-len(seen), r.pool)))
			if !ok {
				for k := range c.undecided {
					c.undecided[k] = true
				}
				break list
			}
			for _, f := range forms {
				if !seen[f] {
					seen[f] = true
					r.pool--
					sys.Extractions.Append(oie.Extraction{SentID: sy.ID, Triple: f})
				}
			}
		}
	}
	return c
}

// A direction's pool (see AgreementOptions.Budget): poolBudgets times the
// budget, plus poolPerByte per byte of slot text.
const (
	poolBudgets = 2
	poolPerByte = 4
)

// poolUsed is told how much of its pool a direction drew (tests).
var poolUsed = func(int) {}

// sentenceAgreement caches, for one sentence pair, what pairs and triples
// of slot automata share: triples of a sentence share most of their slots.
type sentenceAgreement struct {
	ix      *intersector
	budget  int
	pool    *int // what the direction has left
	listed  int  // surface triples listed so far
	pairs   map[[2]*nfa]bool
	triples map[[3]*nfa]bool
	forms   map[[2]*nfa]*sharedForms
	seen    map[oie.Triple]bool
	done    map[[3]*sharedForms]bool
}

type sharedForms struct {
	forms []string
	ok    bool
}

func newSentenceAgreement(ix *intersector, budget int, pool *int) *sentenceAgreement {
	return &sentenceAgreement{ix: ix, budget: budget, pool: pool, pairs: map[[2]*nfa]bool{}, triples: map[[3]*nfa]bool{},
		forms: map[[2]*nfa]*sharedForms{}, seen: map[oie.Triple]bool{}, done: map[[3]*sharedForms]bool{}}
}

// sharesAll reports whether the two triples share a form, slot by slot;
// decided is false when slots too large to tell leave it open (see nfa).
func (sc *sentenceAgreement) sharesAll(x, y [3][]*nfa) (shared, decided bool) {
	decided = true
	for k := range 3 {
		v, d := sc.shares(x[k], y[k][0])
		if d && !v {
			return false, true
		}
		decided = decided && d
	}
	return decided, decided
}

func (sc *sentenceAgreement) shares(px []*nfa, q *nfa) (shared, decided bool) {
	decided = true
	for _, p := range px {
		v, ok := sc.pairs[[2]*nfa{p, q}]
		if !ok {
			var d bool
			v, d = sc.ix.shares(p, q)
			if !d {
				decided = false
				continue
			}
			sc.pairs[[2]*nfa{p, q}] = v
		}
		if v {
			return true, true
		}
	}
	return false, decided
}

// sharesAll3 reports whether the three triples share a form.
func (sc *sentenceAgreement) sharesAll3(x, y, z [3][]*nfa) bool {
	for k := range 3 {
		found := false
		for _, p := range x[k] {
			key := [3]*nfa{p, y[k][0], z[k][0]}
			v, ok := sc.triples[key]
			if !ok {
				v = sc.ix.shares3(key[0], key[1], key[2])
				sc.triples[key] = v
			}
			if v {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// list hands every surface triple the two triples share to emit, once per
// sentence; it reports false if the budget cut the listing.
func (sc *sentenceAgreement) list(x, y [3][]*nfa, emit func(oie.Triple)) bool {
	var slots [3]*sharedForms
	for k := range 3 {
		all := &sharedForms{ok: true}
		for _, p := range x[k] {
			key := [2]*nfa{p, y[k][0]}
			c := sc.forms[key]
			if c == nil {
				c = &sharedForms{}
				c.forms, c.ok = sc.ix.intersect(p, y[k][0], max(0, min(sc.budget, *sc.pool)))
				*sc.pool -= len(c.forms)
				sc.forms[key] = c
			}
			if len(x[k]) == 1 {
				all = c
				break
			}
			all.forms = append(all.forms, c.forms...)
			all.ok = all.ok && c.ok
		}
		if !all.ok {
			return false
		}
		slots[k] = all
	}
	if sc.done[slots] {
		return true
	}
	n := len(slots[0].forms) * len(slots[1].forms) * len(slots[2].forms)
	if sc.listed+n > sc.budget || n > *sc.pool {
		return false
	}
	*sc.pool -= n
	sc.done[slots] = true
	for _, s := range slots[0].forms {
		for _, r := range slots[1].forms {
			for _, o := range slots[2].forms {
				t := oie.Triple{Subject: s, Relation: r, Object: o}
				if !sc.seen[t] {
					sc.seen[t] = true
					sc.listed++
					emit(t)
				}
			}
		}
	}
	return true
}

// triple automata, with the synset they belong to.
type sideTriple struct {
	synset int
	side   sideSlots
	raw    [3]*nfa // untrimmed, for odd slots
}

// goldSide compiles the gold side's slots as the scorer reads them.
func goldSide(s *Sentence, facet benchie.Facet, memo *slotMemo) []sideTriple {
	var out []sideTriple
	for k, syn := range s.Synsets {
		for _, t := range syn.Triples {
			st := sideTriple{synset: k}
			for sl, slot := range t.Slots {
				st.side.slots[sl] = []*nfa{memo.compile(s.SlotText(slot), facet)}
			}
			out = append(out, st)
		}
	}
	return out
}

// systemSide compiles the system side's slots: its forms, trimmed.
func systemSide(s *Sentence, budget int, pool *int, memo *slotMemo) []sideTriple {
	var out []sideTriple
	lits := map[string]*nfa{}
	for k, syn := range s.Synsets {
		for _, t := range syn.Triples {
			st := sideTriple{synset: k}
			for sl, slot := range t.Slots {
				text := s.SlotText(slot)
				units := slotUnits(text)
				st.raw[sl] = memo.compile(text, benchie.Regular)
				if trimmedForms(units) {
					st.side.slots[sl] = []*nfa{st.raw[sl]}
					continue
				}
				forms := benchie.ExpandUnits(units, max(0, min(budget, *pool))) // a negative limit would be none
				*pool -= len(forms)
				ok := forms != nil
				if !ok {
					st.side.odd = true
					st.side.slots[sl] = []*nfa{st.raw[sl]}
					continue
				}
				for _, f := range forms {
					f = oie.TrimSpace(f)
					if lits[f] == nil {
						lits[f] = literalNFA(f)
					}
					if !slices.Contains(st.side.slots[sl], lits[f]) {
						st.side.slots[sl] = append(st.side.slots[sl], lits[f])
					}
				}
			}
			out = append(out, st)
		}
	}
	return out
}

// slotKey names a slot's automaton: its text read under a facet.
type slotKey struct {
	text  string
	facet benchie.Facet
}

// slotMemo keeps the automata of the slots compiled, for the other triples
// and the other direction to reuse. It is a cache, emptied once the slot
// texts it holds pass slotMemoBytes: kept whole it grew with the golds,
// 86 MB for two 9.3 MB golds, more than the golds and their models.
type slotMemo struct {
	m     map[slotKey]*nfa
	bytes int // of the slot texts of m
}

// slotMemoBytes bounds the slot texts a slotMemo holds.
const slotMemoBytes = 256 << 10

// compile is the automaton of a slot's forms under a facet (the system
// side reads its slots as regular gold slots: their forms are the triples
// a gold stands for).
func (memo *slotMemo) compile(text string, facet benchie.Facet) *nfa {
	key := slotKey{text, facet}
	if m, ok := memo.m[key]; ok {
		return m
	}
	if memo.bytes+len(text) > slotMemoBytes {
		clear(memo.m)
		memo.bytes = 0
	}
	m := newNFA(benchie.SlotUnits(text, facet))
	memo.m[key] = m
	memo.bytes += len(text)
	return m
}

// sameShape checks that sentences read back as the scorer's gold have
// their synsets, which a document that passed Validate always does.
func sameShape(ss []*Sentence, g *benchie.Gold) error {
	if len(g.Sentences) != len(ss) {
		return fmt.Errorf("%d sentences read back from %d", len(g.Sentences), len(ss))
	}
	for i, s := range ss {
		if n := len(g.Sentences[i].Synsets); n != len(s.Synsets) {
			return fmt.Errorf("sentence %s: %d synsets read back from %d (see Validate)", s.ID, n, len(s.Synsets))
		}
	}
	return nil
}

// sentenceIndex maps a gold's sentence ids to their positions; a repeated
// id is an error, as when the gold is read by the scorer.
func sentenceIndex(name string, g agreeSide) (map[string]int, error) {
	idx := make(map[string]int, g.sentences())
	for i := range g.sentences() {
		id := g.id(i)
		if prev, dup := idx[id]; dup {
			return nil, fmt.Errorf("gold %s: sentence id %q is repeated (sentences %d and %d): expected unique ids", name, id, prev+1, i+1)
		}
		idx[id] = i
	}
	return idx, nil
}
