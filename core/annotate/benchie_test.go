package annotate

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// TestBundledRoundTrip: the published golds are canonical, so they come back
// byte for byte, directly, through AnnIE JSON and through a snapshot.
func TestBundledRoundTrip(t *testing.T) {
	for _, b := range loadBundled(t) {
		data := readData(t, b.Gold)
		d, _, err := ReadBenchIE(b.Gold, data, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if out := WriteBenchIE(d); !bytes.Equal(out, data) {
			t.Errorf("%s: BenchIE round trip differs at byte %d", b.Lang, firstDiff(out, data))
		}
		aj, err := WriteAnnIE(d)
		if err != nil {
			t.Fatal(err)
		}
		d2, warnings, err := ReadAnnIE("annie.json", aj, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) > 0 {
			t.Errorf("%s: AnnIE round trip warns: %v", b.Lang, warnings[0])
		}
		if !reflect.DeepEqual(d2.Sentences, d.Sentences) {
			t.Errorf("%s: AnnIE round trip changes the model", b.Lang)
		}
		if out := WriteBenchIE(d2); !bytes.Equal(out, data) {
			t.Errorf("%s: BenchIE -> AnnIE -> BenchIE differs at byte %d", b.Lang, firstDiff(out, data))
		}
		if aj2, _ := WriteAnnIE(d2); !bytes.Equal(aj2, aj) {
			t.Errorf("%s: AnnIE -> AnnIE differs at byte %d", b.Lang, firstDiff(aj2, aj))
		}
		snap, err := SaveSnapshot(NewEditor(d), SnapshotOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, _, err := LoadSnapshot("snap.json", snap)
		if err != nil {
			t.Fatal(err)
		}
		if out := WriteBenchIE(e.Doc); !bytes.Equal(out, data) {
			t.Errorf("%s: snapshot round trip differs at byte %d", b.Lang, firstDiff(out, data))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestBundledScoresIdentically scores every bundled system, on every facet,
// against the published gold and against the gold the model exports: after
// a round trip through AnnIE JSON, and with every slot and header rendered
// from the model (nothing kept as read). The rendered gold scores the same
// too: the words hold the slots' meaning. (The minimal facet deletes
// bracketed text by a textual rule, so "[eine]Petition" and its rendering
// "[einePetition]" could differ there; on the bundled systems they do not.
// Slot text as read is kept so that they never can.)
func TestBundledScoresIdentically(t *testing.T) {
	for _, b := range loadBundled(t) {
		data := readData(t, b.Gold)
		orig, err := benchie.ReadGold(b.Gold, data, benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		d := readGoldDoc(t, b.Gold)
		aj, _ := WriteAnnIE(d)
		viaAnnIE, _, err := ReadAnnIE("annie.json", aj, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		exported, err := viaAnnIE.Gold("exported")
		if err != nil {
			t.Fatal(err)
		}
		rendered, err := renderedDoc(d).Gold("rendered")
		if err != nil {
			t.Fatal(err)
		}
		for name, file := range b.Systems {
			sys := readSys(t, file)
			for _, f := range benchie.Facets {
				want := benchie.Compile(orig, f).Score(sys, benchie.Options{})
				got := benchie.Compile(exported, f).Score(sys, benchie.Options{})
				if got.Counts != want.Counts || !reflect.DeepEqual(got.Judgements, want.Judgements) {
					t.Errorf("%s %s %s: exported gold scores %+v, published %+v", b.Lang, name, f, got.Counts, want.Counts)
				}
				got = benchie.Compile(rendered, f).Score(sys, benchie.Options{})
				if got.Counts != want.Counts || !reflect.DeepEqual(got.Judgements, want.Judgements) {
					t.Errorf("%s %s %s: gold rendered from the model scores %+v, published %+v", b.Lang, name, f, got.Counts, want.Counts)
				}
			}
		}
	}
}

// renderedDoc forgets everything kept as read.
func renderedDoc(d *Document) *Document {
	out := *d
	out.Junk = nil
	out.Sentences = make([]*Sentence, len(d.Sentences))
	for i, s := range d.Sentences {
		c := s.clone()
		c.Line, c.Junk = "", nil
		for k := range c.Synsets {
			syn := &c.Synsets[k]
			syn.Header, syn.NoHeader, syn.Junk = "", false, nil
			for j := range syn.Triples {
				for sl := range syn.Triples[j].Slots {
					syn.Triples[j].Slots[sl].Raw = ""
				}
			}
		}
		out.Sentences[i] = c
	}
	return &out
}

// TestNormalise: a file that is not canonical (BOM, CRLF, blank lines,
// surrounding white space) reads as the canonical one and is written
// canonical.
func TestNormalise(t *testing.T) {
	data := readData(t, "benchie_gold_annotations_en.txt")
	var b bytes.Buffer
	b.WriteString("\ufeff\n\n")
	for i, l := range strings.Split(string(data), "\n") {
		if i%7 == 0 {
			l = "  " + l + " \t"
		}
		b.WriteString(l + "\r\n")
		if l == "" {
			b.WriteString("\r\n")
		}
	}
	d, _, err := ReadBenchIE("messy.txt", b.Bytes(), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d.NoFinalNewline = true
	if out := WriteBenchIE(d); !bytes.Equal(out, data) {
		t.Errorf("normalised file differs from the canonical one at byte %d", firstDiff(out, data))
	}
}

// TestOdditiesRoundTrip: every oddity the lenient reader accepts is kept in
// place; strict reading rejects the file.
func TestOdditiesRoundTrip(t *testing.T) {
	const odd = "a junk line before any sentence\n" +
		"sent_id:1\tBerlin is the German capital .\n" +
		"junk after the sentence line\n" +
		"Berlin --> is --> [the] German capital\n" + // a triple before any header
		"1-->Cluster 7:\n" + // irregular header
		"Berlin --> is -->  [the]  capital\n" + // double spaces
		"2 0 6 :\n" + // junk inside a synset
		"Berlin --> is --> [the]German capital\n" + // bracket inside a word
		"1--> Cluster 3:\n" + // an empty synset
		"1--> Cluster 4:\n" +
		"Berlin --> is --> [the capital\n" + // unclosed bracket
		"\n" +
		"sent_id: 2\tno synsets here\n" + // a space after the prefix
		"\n" +
		"sent_id:3\n" + // no tab, no text
		"3--> Cluster 1:\n" +
		"it --> is --> empty]"
	d, warnings, err := ReadBenchIE("odd.txt", []byte(odd), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if out := WriteBenchIE(d); string(out) != odd {
		t.Errorf("odd file does not round-trip:\n%s\nwant\n%s", out, odd)
	}
	if len(warnings) < 8 {
		t.Errorf("expected a warning per oddity, got %d", len(warnings))
	}
	s := d.Sentences[0]
	if len(s.Synsets) != 4 || !s.Synsets[0].NoHeader || s.Synsets[1].Header != "1-->Cluster 7:" || len(s.Synsets[1].Junk) != 1 || s.Synsets[1].Junk[0].After != 1 {
		t.Errorf("odd sentence read as %+v", s.Synsets)
	}
	if d.Sentences[1].ID != "2" || d.Sentences[1].Line != "sent_id: 2\tno synsets here" || d.Sentences[2].Text != "" {
		t.Errorf("sentence lines read as %+v, %+v", d.Sentences[1], d.Sentences[2])
	}
	// A snapshot and AnnIE JSON keep the oddities too.
	aj, _ := WriteAnnIE(d)
	d2, _, err := ReadAnnIE("odd.json", aj, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if out := WriteBenchIE(d2); string(out) != odd {
		t.Errorf("odd file through AnnIE JSON:\n%s", out)
	}
	_, _, err = ReadBenchIE("odd.txt", []byte(odd), ReadOptions{Strict: true})
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 1 {
		t.Errorf("strict reading: %v, want an error on line 1", err)
	}
}

// TestReadBenchIEErrors: errors come from benchie's reader, positioned.
func TestReadBenchIEErrors(t *testing.T) {
	cases := []struct {
		data      string
		line, col int
		kind      error
	}{
		{"", 1, 0, oie.ErrNoContent},
		{"sent_id:1\ta\n\nsent_id:1\tb\n", 3, 9, oie.ErrDuplicateID},
		{"sent_id:1\ta\n\xff\n", 2, 1, oie.ErrEncoding},
	}
	for _, c := range cases {
		_, _, err := ReadBenchIE("g.txt", []byte(c.data), ReadOptions{})
		var pe *oie.ParseError
		if !errors.As(err, &pe) || pe.Line != c.line || pe.Column != c.col || !errors.Is(err, c.kind) {
			t.Errorf("%q: %v, want %d:%d %v", c.data, err, c.line, c.col, c.kind)
		}
	}
}

func TestReadSentences(t *testing.T) {
	d, err := ReadSentences("s.txt", []byte("\ufeffHe served as the first Prime Minister .\r\n\r\n  Graner handcuffed him .  \nDer U.S.-Senator  sprach\n"))
	if err != nil {
		t.Fatal(err)
	}
	// Ids are line numbers, the blank line counted: what every reader of
	// a sentence list gives (oie.ReadSentenceList).
	if len(d.Sentences) != 3 || d.Sentences[1].ID != "3" || d.Sentences[1].Text != "Graner handcuffed him ." {
		t.Fatalf("sentences: %+v", d.Sentences)
	}
	list, _ := oie.ReadSentenceList("s.txt", []byte("\ufeffHe served as the first Prime Minister .\r\n\r\n  Graner handcuffed him .  \nDer U.S.-Senator  sprach\n"))
	for i, s := range list {
		if d.Sentences[i].ID != s.ID || d.Sentences[i].Text != s.Text {
			t.Errorf("sentence %d: the studio reads %s %q, the sentence list %s %q", i, d.Sentences[i].ID, d.Sentences[i].Text, s.ID, s.Text)
		}
	}
	if got := d.Sentences[2].Tokens; !reflect.DeepEqual(got, []string{"Der", "U.S.-Senator", "sprach"}) {
		t.Errorf("tokens %q", got)
	}
	want := "sent_id:1\tHe served as the first Prime Minister .\n\nsent_id:3\tGraner handcuffed him .\n\nsent_id:4\tDer U.S.-Senator  sprach\n"
	if got := string(WriteBenchIE(d)); got != want {
		t.Errorf("BenchIE of new sentences:\n%q\nwant\n%q", got, want)
	}
	if _, err := ReadSentences("e.txt", []byte("\n \n")); !errors.Is(err, oie.ErrNoContent) {
		t.Errorf("blank file: %v", err)
	}
	// The bundled sentence files give the gold's sentences and ids.
	for _, l := range []string{"en", "de", "zh"} {
		s, err := ReadSentences("sample", readData(t, "sample300_"+l+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		g := readGoldDoc(t, "benchie_gold_annotations_"+l+".txt")
		for i := range g.Sentences {
			if s.Sentences[i].ID != g.Sentences[i].ID || s.Sentences[i].Text != g.Sentences[i].Text {
				t.Fatalf("%s: sentence %d differs from the gold's", l, i)
			}
		}
	}
}

func TestWriteText(t *testing.T) {
	d := small(t)
	e := NewEditor(d)
	mustApply(t, e, AddSynset{Sentence: 1}, DuplicateTriple{Sentence: 1, Synset: 0, Index: 0})
	want := `[1] He served as the first Prime Minister of Australia .
  synset 1 (2 triples)
    (He; served as; [the] [first] Prime Minister [of Australia])
    (He; served; as [the] [first] Prime Minister [of Australia])
  synset 2 (1 triple)
    (He; served as [the] [first] Prime Minister of; Australia)

[2] Graner handcuffed him .
  synset 1 (2 triples)
    (Graner; handcuffed; him)
    (Graner; handcuffed; him)
      ! warning: sentence 2, synset 1, triple 2: same triple as triple 1 of synset 1
  synset 2 (0 triples)
    ! error: sentence 2, synset 2: synset has no triples: it counts in the recall denominator but can never be matched
`
	if got := string(WriteText(e.Doc)); got != want {
		t.Errorf("WriteText:\n%s\nwant\n%s", got, want)
	}
}

func TestSniff(t *testing.T) {
	for data, want := range map[string]Format{
		"\ufeff\n sent_id:1\tx": FormatBenchIE,
		"  {\"name\": 1}":       FormatAnnIE,
		"He served .":           FormatSentences,
		"":                      FormatSentences,
	} {
		if got := Sniff([]byte(data)); got != want {
			t.Errorf("Sniff(%q) = %s, want %s", data, got, want)
		}
	}
	if _, _, err := Read("carb", "x", nil, ReadOptions{}); err == nil {
		t.Error("Read of an unknown format succeeded")
	}
	if _, err := Write("sentences", &Document{}); err == nil {
		t.Error("Write of a read-only format succeeded")
	}
}
