package benchie

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// refTriple is a triple as the reference reading finds it.
type refTriple struct {
	line int
	tr   oie.Triple
}

// readReference reads a gold's triples the plain way: every line split
// at " --> ", the slots copied out. It keeps, by sentence, each synset's
// first line (0 for one opened by a triple before any header) and triples.
func readReference(data string) (lines [][]int, triples [][][]refTriple) {
	for strings.HasPrefix(data, "\ufeff") {
		data = data[len("\ufeff"):]
	}
	var b strings.Builder
	for i := 0; i < len(data); i++ {
		if data[i] == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			b.WriteByte('\n')
		} else {
			b.WriteByte(data[i])
		}
	}
	all := strings.Split(b.String(), "\n")
	if strings.HasSuffix(b.String(), "\n") {
		all = all[:len(all)-1]
	}
	sent, syn := -1, -1
	for i, raw := range all {
		text := oie.TrimSpace(strings.TrimSuffix(raw, "\r"))
		parts := strings.Split(text, SlotSeparator)
		switch {
		case text == "":
		case strings.HasPrefix(text, SentencePrefix):
			lines, triples = append(lines, nil), append(triples, nil)
			sent, syn = len(lines)-1, -1
		case sent < 0:
		case len(parts) == 3:
			if syn < 0 {
				lines[sent], triples[sent] = append(lines[sent], 0), append(triples[sent], nil)
				syn = len(lines[sent]) - 1
			}
			tr := oie.Triple{Subject: strings.Clone(parts[0]), Relation: strings.Clone(parts[1]), Object: strings.Clone(parts[2])}
			triples[sent][syn] = append(triples[sent][syn], refTriple{i + 1, tr})
		case strings.Contains(text, "Cluster"):
			lines[sent], triples[sent] = append(lines[sent], i+1), append(triples[sent], nil)
			syn = len(lines[sent]) - 1
		}
	}
	return lines, triples
}

// compareWithReference reports the first triple of g whose line or slots
// differ from the reference reading of data.
func compareWithReference(g *Gold, lines [][]int, want [][][]refTriple) error {
	if len(g.Sentences) != len(want) {
		return fmt.Errorf("%d sentences, want %d", len(g.Sentences), len(want))
	}
	for si, s := range g.Sentences {
		if len(s.Synsets) != len(want[si]) {
			return fmt.Errorf("sentence %d: %d synsets, want %d", si, len(s.Synsets), len(want[si]))
		}
		for ki, syn := range s.Synsets {
			if line := lines[si][ki]; line != 0 && syn.Line != line || line == 0 && !syn.Implicit {
				return fmt.Errorf("sentence %d synset %d: line %d (implicit %v), want %d", si, ki, syn.Line, syn.Implicit, line)
			}
			if len(syn.Triples) != len(want[si][ki]) {
				return fmt.Errorf("sentence %d synset %d: %d triples, want %d", si, ki, len(syn.Triples), len(want[si][ki]))
			}
			for ti := range syn.Triples {
				t, w := &syn.Triples[ti], want[si][ki][ti]
				got := syn.Triple(ti)
				if t.Line != w.line || got != w.tr {
					return fmt.Errorf("sentence %d synset %d triple %d: line %d %q, want line %d %q", si, ki, ti, t.Line, got, w.line, w.tr)
				}
			}
		}
	}
	return nil
}

// slotWords are the words the generated golds are made of: English,
// Chinese and German ones, spaces that Python's strip trims (a tab, a
// no-break space) and brackets, alone and unbalanced.
var slotWords = []string{
	"He", "served", "as", "the", "first", "Minister", "of", "Australia",
	"他", "曾任", "澳大利亚", "第一任", "总理", "Er", "diente", "als", "erster", "Ministerpräsident", "Größe",
	"[the]", "[of Australia]", "[erster]", "[第一任]", "[", "]", "[a [b] c]", "(x)", "\t", "\u00a0", "",
}

func randomSlotText(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(5) {
		if b.Len() > 0 {
			b.WriteString([]string{" ", " ", "  ", ""}[r.IntN(4)])
		}
		b.WriteString(slotWords[r.IntN(len(slotWords))])
	}
	return b.String()
}

// randomGold writes a gold of every edge class the reader meets: byte
// order marks, CRLF and lone CR line ends, lines before the first
// sentence, irregular and missing headers, empty synsets, empty slots,
// stray separators, junk lines and spaces at the edges of lines.
func randomGold(r *rand.Rand) string {
	var b strings.Builder
	end := func() { b.WriteString([]string{"\n", "\n", "\r\n", "\r"}[r.IntN(4)]) }
	for range r.IntN(3) {
		b.WriteString("\ufeff")
	}
	if r.IntN(4) == 0 {
		b.WriteString("a stray line")
		end()
	}
	for si := range 1 + r.IntN(6) {
		id := fmt.Sprint(si + 1)
		b.WriteString(SentencePrefix + id + "\t" + randomSlotText(r))
		end()
		if r.IntN(3) == 0 { // triples before any header
			b.WriteString(randomSlotText(r) + SlotSeparator + randomSlotText(r) + SlotSeparator + randomSlotText(r))
			end()
		}
		for k := range r.IntN(4) {
			switch r.IntN(5) {
			case 0:
				b.WriteString("Cluster " + id)
			default:
				b.WriteString(SynsetHeader(id, k))
			}
			end()
			for range r.IntN(4) { // none: an empty synset
				edge := []string{"", " ", "\t", "\u00a0"}[r.IntN(4)]
				switch r.IntN(8) {
				case 0:
					b.WriteString("not a triple at all")
				case 1:
					b.WriteString("a --> b --> c --> d")
				case 2:
					b.WriteString(edge + randomSlotText(r) + " -->  --> " + randomSlotText(r) + edge)
				case 3:
					b.WriteString("")
				default:
					b.WriteString(edge + randomSlotText(r) + SlotSeparator + randomSlotText(r) + SlotSeparator + randomSlotText(r) + edge)
				}
				end()
			}
		}
	}
	return b.String()
}

// TestTriplesMatchReference reads generated golds of every edge class,
// whole, in parts and shared, and checks every triple's slots and line
// against a plain reading; then copies of the triples made in memory in
// another gold, which stay after the gold read is gone, and triples added
// to a synset read (whose triples read stay where they are, their units
// kept, in the text the synset then owns).
func TestTriplesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 30))
	shipped := map[string]string{}
	for _, name := range []string{"benchie_gold_annotations_en.txt", "benchie_gold_annotations_zh.txt", "benchie_gold_annotations_de.txt"} {
		data, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		shipped[name] = string(data)
	}
	for round := range 400 {
		name := fmt.Sprintf("round %d", round)
		data := randomGold(r)
		if round < len(shipped) {
			name = []string{"benchie_gold_annotations_en.txt", "benchie_gold_annotations_zh.txt", "benchie_gold_annotations_de.txt"}[round]
			data = shipped[name]
		}
		lines, want := readReference(data)
		if len(want) == 0 {
			continue
		}
		shared := []byte(data)
		for _, read := range []struct {
			how  string
			gold func() (*Gold, error)
		}{
			{"whole", func() (*Gold, error) { return readGold(name, []byte(data), GoldOptions{}, 1, minPart) }},
			{"in parts", func() (*Gold, error) { return readGold(name, []byte(data), GoldOptions{}, 3, 1) }},
			{"shared", func() (*Gold, error) { return ReadGold(name, shared, GoldOptions{Shared: true}) }},
		} {
			g, err := read.gold()
			if err != nil {
				t.Fatalf("%s %s: %v\n%q", name, read.how, err, data)
			}
			if err := compareWithReference(g, lines, want); err != nil {
				t.Fatalf("%s %s: %v\n%q", name, read.how, err, data)
			}
			if read.how == "shared" && !strings.Contains(data, "\r") {
				checkInData(t, g, shared)
			}
		}

		g, err := ReadGold(name, []byte(data), GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		copied := copyInMemory(g)
		g = nil
		runtime.GC()
		if err := compareWithReference(copied, lines, want); err != nil {
			t.Fatalf("%s copied in memory: %v", name, err)
		}

		// Added twice to each synset, read shared or not: the triples read
		// stay the same strings of the text read, with their units.
		g, err = ReadGold(name, []byte(data), GoldOptions{Shared: round%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		added := [2]oie.Triple{
			{Subject: randomSlotText(r), Relation: randomSlotText(r), Object: randomSlotText(r)},
			{Subject: randomSlotText(r), Relation: randomSlotText(r), Object: randomSlotText(r)},
		}
		for si, s := range g.Sentences {
			for ki, syn := range s.Synsets {
				units := make([]tripleUnits, len(syn.Triples))
				read := make([]oie.Triple, len(syn.Triples))
				for ti := range syn.Triples {
					units[ti], read[ti] = syn.Triples[ti].units, syn.Triple(ti)
				}
				for k, tr := range added {
					syn.Add(tr, 7+k)
					want[si][ki] = append(want[si][ki], refTriple{7 + k, tr})
				}
				for ti, u := range units {
					if syn.Triples[ti].units != u || !g.readHere(&syn.Triples[ti]) {
						t.Fatalf("%s sentence %d synset %d triple %d: its units are lost when the synset owns its text", name, si, ki, ti)
					}
					for k, slot := range syn.Triple(ti).Slots() {
						if unsafe.StringData(slot) != unsafe.StringData(read[ti].Slots()[k]) {
							t.Fatalf("%s sentence %d synset %d triple %d: slot %d moved when the synset came to own its text", name, si, ki, ti, k)
						}
					}
				}
			}
		}
		if err := compareWithReference(g, lines, want); err != nil {
			t.Fatalf("%s with triples added to each synset: %v", name, err)
		}
	}
}

// copyInMemory returns a gold made in memory of g's sentences, each
// synset's triples added one by one (as synthetic and the errata do).
func copyInMemory(g *Gold) *Gold {
	var sents []*Sentence
	for _, s := range g.Sentences {
		c := &Sentence{Sentence: oie.Sentence{ID: strings.Clone(s.ID), Text: strings.Clone(s.Text)}, Line: s.Line}
		for _, syn := range s.Synsets {
			cs := &Synset{Label: strings.Clone(syn.Label), Line: syn.Line, Implicit: syn.Implicit}
			for ti := range syn.Triples {
				cs.Add(syn.Triple(ti), syn.Triples[ti].Line)
			}
			c.Synsets = append(c.Synsets, cs)
		}
		sents = append(sents, c)
	}
	made, err := NewGold(g.Path, sents)
	if err != nil {
		panic(err)
	}
	return made
}

// checkInData checks that a gold read shared keeps its slots in data.
func checkInData(t *testing.T, g *Gold, data []byte) {
	t.Helper()
	from := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	for _, s := range g.Sentences {
		for _, syn := range s.Synsets {
			for ti := range syn.Triples {
				for k, slot := range syn.Triple(ti).Slots() {
					at := uintptr(unsafe.Pointer(unsafe.StringData(slot)))
					if slot != "" && (at < from || at+uintptr(len(slot)) > from+uintptr(len(data))) {
						t.Fatalf("line %d slot %d %q is not in the data read", syn.Triples[ti].Line, k, slot)
					}
				}
			}
		}
	}
}

// TestGoldTripleHoldsNoPointer keeps the collector out of a gold's
// triples: none of their fields is or holds a pointer, so a block of them
// is never read when the heap is marked.
func TestGoldTripleHoldsNoPointer(t *testing.T) {
	var pointers func(reflect.Type) bool
	pointers = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Array:
			return ty.Len() > 0 && pointers(ty.Elem())
		case reflect.Struct:
			for i := range ty.NumField() {
				if pointers(ty.Field(i).Type) {
					return true
				}
			}
			return false
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			return false
		}
		return true
	}
	if ty := reflect.TypeFor[GoldTriple](); pointers(ty) {
		t.Errorf("%v holds a pointer", ty)
	}
	if !pointers(reflect.TypeFor[oie.Triple]()) {
		t.Error("the check finds no pointer in a triple of strings")
	}
}

// TestPlaceRead: the reader's slots are placed where they lie in the text,
// one separator apart; slots of other memory, or not so apart, are not.
func TestPlaceRead(t *testing.T) {
	text := "sent_id:1\tx\na --> b c --> d\n -->  --> \nq --> r --> s"
	h := &goldText{Text: oie.KeepText(text), id: 9}
	line := text[strings.Index(text, "a -->") : strings.Index(text, "d\n")+1]
	l, _ := splitTriple(line)
	if tr, ok := h.placeRead(l.parts, 2); !ok || tr.off != int64(strings.Index(text, "a -->")) || tr.n != [3]uint32{1, 3, 1} || tr.text != 9 || tr.Line != 2 {
		t.Errorf("a line of the text: %+v, %v", tr, ok)
	}
	empty, _ := splitTriple(text[strings.Index(text, " -->  --> "):][:len(" -->  --> ")])
	if tr, ok := h.placeRead(empty.parts, 3); !ok || tr.off != 0 || tr.n != [3]uint32{} {
		t.Errorf("empty slots: %+v, %v", tr, ok)
	}
	a, b := text[strings.Index(text, "a -->"):][:1], text[strings.Index(text, "b c"):][:3]
	q := text[strings.LastIndex(text, "q"):][:1]
	for name, parts := range map[string][3]string{
		"a copy":                       {strings.Clone(a), b, "d"},
		"a slot of another line":       {a, b, q},
		"slots not a separator apart":  {a, b[2:], ""},
		"a slot before the first slot": {"", b, a},
	} {
		if tr, ok := h.placeRead(parts, 1); ok {
			t.Errorf("%s: placed at %d", name, tr.off)
		}
	}
}
