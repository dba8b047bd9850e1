package benchie

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"
	"weak"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// TestPackedUnitsEdges: a gold's units are kept as places in its text
// (unitArena, tripleUnits); a unit whose text is not in it (inner brackets
// deleted) is kept beside its block, and a triple with a slot of more units
// than a tripleUnits locates is read as one made in memory. Each matches,
// on every facet, as the units it was read as.
func TestPackedUnitsEdges(t *testing.T) {
	wide := strings.Repeat("[w] ", maxSlotUnits+1) + "end"
	gold := "sent_id:1\ts r w end x y\n1--> Cluster 1:\n" +
		"s --> r --> " + wide + "\n" +
		"1--> Cluster 2:\n" +
		"x --> [a]b] c --> y [d e]\n"
	g, err := ReadGold("g.txt", []byte(gold), GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	syns := g.Sentences[0].Synsets
	if tr := syns[0].Triples[0]; tr.units.opens&unitsKept != 0 {
		t.Errorf("a slot of %d units: units kept, want the triple read as made in memory", maxSlotUnits+2)
	}
	tr := syns[1].Triples[0]
	if !g.readHere(&tr) {
		t.Fatal("a narrow triple keeps no units in the gold's arena")
	}
	if got := g.units.of(tr.unitsOf(1)); len(got) != 2 || got[0] != (Unit{"ab", true}) || got[1] != (Unit{"c", false}) {
		t.Errorf("relation units %v, want [{ab true} {c false}]", got)
	}
	if got := g.units.of(tr.unitsOf(2)); len(got) != 2 || got[1] != (Unit{"d e", true}) {
		t.Errorf("object units %v, want [{y false} {d e true}]", got)
	}
	for _, c := range []struct {
		f     Facet
		tr    oie.Triple
		match int
	}{
		{Regular, oie.Triple{Subject: "s", Relation: "r", Object: "w w end"}, 0},
		{Regular, oie.Triple{Subject: "s", Relation: "r", Object: "end"}, 0},
		{Regular, oie.Triple{Subject: "x", Relation: "ab c", Object: "y d e"}, 1},
		{Regular, oie.Triple{Subject: "x", Relation: "c", Object: "y"}, 1},
		{Regular, oie.Triple{Subject: "x", Relation: "a c", Object: "y"}, -1},
		{Concat, oie.Triple{Subject: "x ab", Relation: "c y", Object: "d e"}, 1},
		{Minimal, oie.Triple{Subject: "x", Relation: "c", Object: "y"}, 1},
		{Minimal, oie.Triple{Subject: "x", Relation: "ab c", Object: "y"}, -1},
		{Minimal, oie.Triple{Subject: "s", Relation: "r", Object: "end"}, 0},
	} {
		if got := Compile(g, c.f).firstMatch(0, c.tr); got != c.match {
			t.Errorf("%s %v: triple %d, want %d", c.f, c.tr, got, c.match)
		}
	}
}

// TestCompiledTripleSize holds the kept compiled triple at 20 bytes: it is
// kept twice for every gold triple (the regular and BenchIE-M
// compilations), and its slots are found through the gold triple, not
// copied (docs/reliability.md, "Memory"); a gold triple at 48 (its text
// is its synset's: one id names its text and its arena); a compiled
// sentence at 64.
func TestCompiledTripleSize(t *testing.T) {
	if n := unsafe.Sizeof(storedTriple{}); n != 20 {
		t.Fatalf("a compiled triple is kept in %d bytes, want 20", n)
	}
	if n := unsafe.Sizeof(GoldTriple{}); n != 48 {
		t.Fatalf("a gold triple is kept in %d bytes, want 48", n)
	}
	// A sentence is kept in each compilation: its triples and index
	// entries are offsets into blocks the compilation shares.
	if n := unsafe.Sizeof(compiledSentence{}); n != 64 {
		t.Fatalf("a compiled sentence is kept in %d bytes, want 64", n)
	}
}

// TestCompilationsShareGoldSlots checks that the slots the reader parsed
// are not kept again: the regular compilation of the shipped-like gold
// keeps no slot of its own, BenchIE-M only the slots that hold a '['.
func TestCompilationsShareGoldSlots(t *testing.T) {
	g, err := ReadGold("g", []byte("sent_id:1\tHe sees the dog .\n1--> Cluster 1:\nHe --> sees --> [the] dog\nHe --> sees --> dog\n"), GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(Compile(g, Regular).set.slots); n != 0 {
		t.Errorf("the regular compilation keeps %d slots of its own, want 0", n)
	}
	if n := len(Compile(g, Minimal).set.slots); n != 1 {
		t.Errorf("BenchIE-M keeps %d slots of its own, want 1 (the object with '[')", n)
	}
}

// TestMinimalKeepsNoCopies checks that BenchIE-M keeps nothing in its own
// arena for the usual slots with '[': one unit in the gold's text is kept
// in its ref, the required units of a clean slot are found through the
// gold triple; that they match as before; and that a sentence's index is
// the regular compilation's when that covers it.
func TestMinimalKeepsNoCopies(t *testing.T) {
	g, err := ReadGold("g", []byte("sent_id:1\tHe served as the first Prime Minister of Australia .\n1--> Cluster 1:\n"+
		"He --> served as --> [the] [first] Prime Minister [of Australia]\n"+
		"He --> served as [the] [first] Prime Minister of --> Australia\n"), GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := Compile(g, Minimal)
	units := 0
	for _, b := range m.set.own.blocks {
		units += len(b.units)
	}
	if units != 0 || len(m.set.slots) != 1 || m.set.slots[0].block != inlineUnit {
		t.Errorf("BenchIE-M keeps %d units in its arena and the slots %v, want none and one inline (the first object)", units, m.set.slots)
	}
	if st := m.set.triplesOf(0)[1]; st.gold>>3 != 1<<1 {
		t.Errorf("the slots found through the second triple's required units are %03b, want the relation's (010)", st.gold>>3)
	}
	if got := m.triple(0, 1).slots[1].units; len(got) != 2 || got[0] != (Unit{"served as", false}) || got[1] != (Unit{"Prime Minister of", false}) {
		t.Errorf("the second triple's BenchIE-M relation is %v, want the required units served as, Prime Minister of", got)
	}
	for _, c := range []struct {
		t    oie.Triple
		want int
	}{
		{oie.Triple{Subject: "He", Relation: "served as", Object: "Prime Minister"}, 0},
		{oie.Triple{Subject: "He", Relation: "served as Prime Minister of", Object: "Australia"}, 1},
		{oie.Triple{Subject: "He", Relation: "served as", Object: "the first Prime Minister"}, -1},
		{oie.Triple{Subject: "He", Relation: "served as the Prime Minister of", Object: "Australia"}, -1},
	} {
		if got := m.firstMatch(0, c.t); got != c.want {
			t.Errorf("BenchIE-M matches %v with triple %d, want %d", c.t, got, c.want)
		}
	}
	r := Compile(g, Regular).set
	if &m.set.sents[0].entries[0] != &r.sents[0].entries[0] {
		t.Error("BenchIE-M keeps an index of its own for a sentence the regular index covers")
	}
}

// A triple kept after its gold is gone does not keep the gold (its units,
// its sentences, its text) alive: it is a place in its synset's text and
// names its arena by an id, not a pointer. Nothing else holds the text
// either: it goes with the gold's last synset.
func TestTripleOutlivesItsGold(t *testing.T) {
	g, err := ReadGold("g.txt", []byte("sent_id:1\tShe left early .\n1--> Cluster 1:\nShe --> left --> [early]\n"), GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kept := g.Sentences[0].Synsets[0].Triples[0]
	if !g.readHere(&kept) {
		t.Fatal("the triple keeps no units in its gold's arena")
	}
	gone, text := weak.Make(g), weak.Make(g.Sentences[0].Synsets[0].text)
	g = nil
	runtime.GC()
	if gone.Value() != nil {
		t.Error("the gold is kept alive by one of its triples")
	}
	if text.Value() != nil {
		t.Error("the text of a gold no longer reachable is kept")
	}
	runtime.KeepAlive(kept)
}

// A synset kept after its gold is gone keeps its text: its triples read
// as they were, read shared or not, and after a triple is added.
func TestSynsetKeepsItsText(t *testing.T) {
	const gold = "sent_id:1\tShe left early .\n1--> Cluster 1:\nShe --> left --> [early]\n"
	for _, shared := range []bool{false, true} {
		for _, add := range []bool{false, true} {
			g, err := ReadGold("g.txt", []byte(gold), GoldOptions{Shared: shared})
			if err != nil {
				t.Fatal(err)
			}
			syn, gone := g.Sentences[0].Synsets[0], weak.Make(g)
			if add {
				syn.Add(oie.Triple{Subject: "She", Relation: "left", Object: "then"}, 4)
			}
			g = nil
			runtime.GC()
			if gone.Value() != nil {
				t.Fatal("the gold is kept alive by its synset")
			}
			if got := syn.Triple(0); got != (oie.Triple{Subject: "She", Relation: "left", Object: "[early]"}) {
				t.Errorf("shared %v, added %v: %q after the gold is gone", shared, add, got)
			}
			if add && syn.Triple(1) != (oie.Triple{Subject: "She", Relation: "left", Object: "then"}) {
				t.Errorf("shared %v: the triple added reads %q", shared, syn.Triple(1))
			}
		}
	}
}

// A GoldTriple appended to a synset whose text it is no place in (of
// another gold, or made in memory) panics when read, rather than read
// another text's bytes: triples are copied with Add.
func TestTripleInAnotherText(t *testing.T) {
	read := func() *Synset {
		g, err := ReadGold("g.txt", []byte("sent_id:1\tShe left early .\n1--> Cluster 1:\nShe --> left --> [early]\n"), GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return g.Sentences[0].Synsets[0]
	}
	made := &Synset{}
	made.Add(oie.Triple{Subject: "a", Relation: "b", Object: "c"}, 1)
	for name, into := range map[string]*Synset{"another gold's synset": read(), "a synset made in memory": made, "an empty synset": {}} {
		from := read()
		into.Triples = append(into.Triples, from.Triples[0])
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("a triple appended to %s read without a panic", name)
				}
			}()
			into.Triple(len(into.Triples) - 1)
		}()
	}
}

// The English gold's sentences in a gold made in memory (NewGold), so
// with triples read into another gold's arena, and a subset of it, count
// and score as the gold read: their slots are parsed again, to the same
// units.
func TestTriplesOfAnotherGold(t *testing.T) {
	data, err := dataset.ReadFile("benchie_gold_annotations_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadGold("en.txt", data, GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	made, err := NewGold("made.txt", read.Sentences)
	if err != nil {
		t.Fatal(err)
	}
	picks := make([]int, len(read.Sentences))
	for i := range picks {
		picks[i] = i
	}
	sub, err := read.Subset(picks)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.ReadFile("systems/minie_explicit.txt")
	if err != nil {
		t.Fatal(err)
	}
	sys, err := oie.ReadSystem("minie", b, oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	wantStats := read.Stats()
	for name, g := range map[string]*Gold{"made in memory": made, "subset": sub} {
		if got := g.Stats(); !reflect.DeepEqual(got, wantStats) {
			t.Errorf("%s: statistics %+v, want %+v", name, got, wantStats)
		}
		for _, f := range Facets {
			want := Compile(read, f).Score(sys, Options{})
			got := Compile(g, f).Score(sys, Options{})
			if got.Counts != want.Counts || !reflect.DeepEqual(got.Judgements, want.Judgements) {
				t.Errorf("%s, %v: %+v, want %+v", name, f, got.Counts, want.Counts)
			}
		}
	}
}
