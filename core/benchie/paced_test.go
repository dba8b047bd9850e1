package benchie

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// Reading, compiling, scoring and counting with pauses (the page's way) and
// with the text shared give exactly what the plain calls give, and pause.
func TestPausedAndShared(t *testing.T) {
	data, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	pause := func() { pauses++ }
	plain, err := ReadGold("en", data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	shared := append([]byte(nil), data...)
	paced, err := ReadGold("en", shared, GoldOptions{Pause: pause, Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	if pauses < 5 {
		t.Errorf("%d pauses reading 10,000 lines", pauses)
	}
	for si, s := range plain.Sentences {
		p := paced.Sentences[si]
		if s.Sentence != p.Sentence || len(s.Synsets) != len(p.Synsets) {
			t.Fatalf("sentence %d: %v, paced %v", si, s.Sentence, p.Sentence)
		}
		for ki, syn := range s.Synsets {
			for ti, tr := range syn.Triples {
				pt := p.Synsets[ki].Triples[ti]
				for k := range 3 {
					if !reflect.DeepEqual(plain.units.of(tr.unitsOf(k)), paced.units.of(pt.unitsOf(k))) {
						t.Fatalf("sentence %d synset %d triple %d slot %d differs", si, ki, ti, k)
					}
				}
				if syn.Triple(ti) != p.Synsets[ki].Triple(ti) || tr.units.opens != pt.units.opens || !plain.readHere(&tr) || !paced.readHere(&pt) {
					t.Fatalf("sentence %d synset %d triple %d differs", si, ki, ti)
				}
			}
		}
	}
	var systems []*oie.System
	for _, name := range []string{"clausie", "minie", "stanford", "openie6", "roi_t", "roi_n", "naive_oie", "m2oie_en", "graphene"} {
		b, err := dataset.ReadFile("systems/" + name + "_explicit.txt")
		if err != nil {
			t.Fatal(err)
		}
		s, err := oie.ReadSystem(name, b, oie.SystemOptions{Format: oie.FormatTSV})
		if err != nil {
			t.Fatal(err)
		}
		ps, err := oie.ReadSystem(name, append([]byte(nil), b...), oie.SystemOptions{Format: oie.FormatTSV, Pause: pause, Shared: true})
		if err != nil || !reflect.DeepEqual(s, ps) {
			t.Fatalf("%s read with pauses and shared differs (%v)", name, err)
		}
		systems = append(systems, s)
	}
	pauses = 0
	for _, f := range Facets {
		c, pc := Compile(plain, f), CompileWith(paced, f, pause)
		for _, s := range systems {
			r, pr := c.Score(s, Options{}), pc.Score(s, Options{Pause: pause})
			if r.Counts != pr.Counts || !reflect.DeepEqual(r.Judgements, pr.Judgements) || !reflect.DeepEqual(r.Coverage(), pr.Coverage()) {
				t.Errorf("%s %s: paced scoring differs", f, s.Path)
			}
		}
	}
	if pauses == 0 {
		t.Error("compiling and scoring never paused")
	}
	// Scoring pauses every scorePauseEvery extractions.
	pauses = 0
	pc := CompileWith(paced, Regular, nil)
	pc.Score(systems[0], Options{Pause: pause})
	if want := systems[0].Extractions.Len() / scorePauseEvery; pauses != want || want < 4 {
		t.Errorf("scoring %d extractions paused %d times, want %d", systems[0].Extractions.Len(), pauses, want)
	}
	// Compiling alone pauses every compilePauseEvery sentences (37 times
	// here; 4 at every 64, when the page's tasks compiling this gold took
	// 70-105 ms).
	fresh, err := ReadGold("en", data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pauses = 0
	CompileWith(fresh, Regular, pause)
	if want := len(fresh.Sentences) / compilePauseEvery; pauses != want || want < 30 {
		t.Errorf("compiling %d sentences paused %d times, want %d", len(fresh.Sentences), pauses, want)
	}
	pauses = 0
	if st, pst := plain.Stats(), paced.CountStats(pause); !reflect.DeepEqual(st, pst) || pauses == 0 || !paced.StatsCounted() {
		t.Errorf("CountStats %+v (%d pauses), Stats %+v", pst, pauses, st)
	}
	// The page counts in its own thread: a pause at least once per sentence
	// on average (561 here; 3 with a pause every 16,384 forms, when the
	// page's tasks counting this gold took 88-319 ms).
	if pauses < len(paced.Sentences) {
		t.Errorf("counting the statistics paused %d times for %d sentences", pauses, len(paced.Sentences))
	}
	// shared: the gold's strings are the data's own memory
	objectOf := func(g *Gold) string {
		last := g.Sentences[len(g.Sentences)-1]
		syn := last.Synsets[len(last.Synsets)-1]
		return syn.Triple(len(syn.Triples) - 1).Object
	}
	before := strings.Clone(objectOf(paced))
	i := strings.LastIndex(string(shared), before)
	shared[i] = '#'
	if after := objectOf(paced); after != "#"+before[1:] || objectOf(plain) != before {
		t.Errorf("a shared gold's last object %q (was %q) does not show the change of its data", after, before)
	}
}

// TestFirstMatchIndexRead is TestFirstMatchIndex on golds read from text:
// the triples carry the reader's units and bracket marks.
func TestFirstMatchIndexRead(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for round := 0; round < 300; round++ {
		var text strings.Builder
		text.WriteString("sent_id:1\tS\n")
		var gold []oie.Triple
		for k := 0; k < 1+r.IntN(4); k++ {
			text.WriteString("1--> Cluster 1:\n")
			for n := 0; n < 1+r.IntN(3); n++ {
				tr := oie.Triple{Subject: "x" + randomSlot(r), Relation: randomSlot(r), Object: randomSlot(r) + "y"}
				text.WriteString(tr.Subject + SlotSeparator + tr.Relation + SlotSeparator + tr.Object + "\n")
				gold = append(gold, tr)
			}
		}
		g, err := ReadGold("g", []byte(text.String()), GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var pool []oie.Triple
		for i := 0; i < 60; i++ {
			tr := gold[r.IntN(len(gold))]
			pick := func(slot string) string {
				cs := candidates(r, bruteForms(slot))
				return cs[r.IntN(len(cs))]
			}
			pool = append(pool, oie.Triple{Subject: pick(tr.Subject), Relation: pick(tr.Relation), Object: pick(tr.Object)})
		}
		checkFirstMatch(t, g, pool)
	}
}

// BenchIE-M's slot of a clean slot, made from its units, is minimalSlot's.
func TestMinimalOfCleanSlots(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	clean := 0
	for i := 0; i < 20000; i++ {
		slot := randomSlot(r)
		switch r.IntN(10) {
		case 0:
			slot += " (x)"
		case 1:
			slot = "\u00a0" + slot + " \u2003"
		case 2:
			slot = strings.Replace(slot, " ", "  ", 1)
		}
		slot = oie.TrimSpace(slot)
		units, _, ok := appendUnits(nil, slot)
		if !ok || !strings.Contains(slot, "[") {
			continue
		}
		clean++
		if got, want := minimalOf(units), minimalSlot(slot); got != want {
			t.Fatalf("slot %q: minimalOf %q, minimalSlot %q", slot, got, want)
		}
	}
	if clean < 1000 {
		t.Errorf("only %d clean slots with brackets", clean)
	}
}

// TestCompiledInHalves: natively, a gold of many sentences is compiled in
// two halves on two cores; a gold of triples made in memory (whose slots
// are parsed into the compilation's own units, the second half's moved
// after the first's) scores exactly as compiled in one go (the paced way).
func TestCompiledInHalves(t *testing.T) {
	data, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadGold("en", data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Sentences) < parallelCompile {
		t.Fatalf("%d sentences: not compiled in halves", len(read.Sentences))
	}
	inMemory := func() *Gold { // the same triples, without the reader's units
		g := &Gold{index: read.index}
		for _, s := range read.Sentences {
			c := &Sentence{Sentence: s.Sentence, Line: s.Line}
			for _, syn := range s.Synsets {
				cs := &Synset{Label: syn.Label, Line: syn.Line, Junk: syn.Junk}
				for i, tr := range syn.Triples {
					cs.Add(syn.Triple(i), tr.Line)
				}
				c.Synsets = append(c.Synsets, cs)
			}
			g.Sentences = append(g.Sentences, c)
		}
		return g
	}
	halves, whole := inMemory(), inMemory()
	sys := triplesAndCuts(read)
	for _, f := range Facets {
		h, w := CompileWith(halves, f, nil), CompileWith(whole, f, func() {})
		a, b := h.Score(sys, Options{}), w.Score(sys, Options{})
		if !sameResult(a, b) || a.TP == 0 {
			t.Fatalf("%s: compiled in halves %+v, in one go %+v", f, a.Counts, b.Counts)
		}
		for k := range h.set.sents {
			for i := range h.set.triplesOf(k) {
				a, b := h.triple(k, i), w.triple(k, i)
				for j := range 3 {
					if a, b := a.slots[j], b.slots[j]; !reflect.DeepEqual(a, b) {
						t.Fatalf("%s sentence %d triple %d slot %d: %+v, in one go %+v", f, k, i, j, a, b)
					}
				}
			}
		}
	}
}

// sameResult reports whether two results agree in everything but the
// compiled gold each was scored on, Coverage included.
func sameResult(a, b *Result) bool {
	if !reflect.DeepEqual(a.Coverage(), b.Coverage()) {
		return false
	}
	ca, cb := a.compiled, b.compiled
	a.compiled, b.compiled = nil, nil
	defer func() { a.compiled, b.compiled = ca, cb }()
	return reflect.DeepEqual(a, b)
}
