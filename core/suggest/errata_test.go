package suggest

import (
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

func readGold(t *testing.T, text string) *evaluate.Gold {
	t.Helper()
	g, err := evaluate.ReadGold(evaluate.Input{Path: "gold.txt", Data: []byte(text)}, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func errataJSON(sha, entries string) string {
	return `{"version": 1, "gold": "gold.txt", "gold_sha256": "` + sha + `", "entries": [` + entries + `]}`
}

// TestErrataRoundTrip applies errata, re-scores, and undoes them by
// removing the entries: the system's numbers move and come back.
func TestErrataRoundTrip(t *testing.T) {
	g := readGold(t, smallGold)
	sys := "1\tAlice\tmet Bob in\t2001\n1\tAlice\tmet Bob\tParis\n"
	score := func(g *evaluate.Gold) benchie.Counts {
		s, err := evaluate.ReadSystem(evaluate.Input{Name: "A", Path: "a.tsv", Data: []byte(sys)}, oie.FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		return evaluate.Evaluate(g, nil, []*evaluate.System{s}, evaluate.Options{Facets: []benchie.Facet{benchie.Regular}}).Results[0]["regular"].Counts
	}
	before := score(g)
	e, err := ParseErrata("e.json", []byte(errataJSON(g.SHA256,
		`{"sentence": "1", "synset": 0, "triples": [["Alice", "met Bob in", "2001"]], "who": "ann", "when": "2026-11-26T10:00:00Z"},
		 {"sentence": "1", "synset": 2, "triples": [["Alice", "met Bob", "[in] Paris"]], "who": "bob", "when": "2026-11-26T10:01:00Z", "note": "relation without the preposition"}`)))
	if err != nil {
		t.Fatal(err)
	}
	out, err := e.Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	// The new gold is written into a buffer of its size: grown, it kept up
	// to its size again unused (200 MB for a 100 MB gold).
	if cap(out) != len(out) {
		t.Errorf("the new gold's %d bytes are held in %d", len(out), cap(out))
	}
	ng := readGold(t, string(out))
	if ng.SynsetCount() != 3 || len(ng.Sentences[0].Synsets[1].Triples) != 2 {
		t.Fatalf("new gold:\n%s", out)
	}
	after := score(ng)
	if before.TP != 0 || after.TP != 2 || after.FN != 1 {
		t.Errorf("before %+v, after %+v: want 0 then 2 true positives of 3 synsets", before, after)
	}
	// Undo: without entries the gold scores as before.
	e.Entries = nil
	data, err := e.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if e, err = ParseErrata("e.json", data); err != nil {
		t.Fatal(err)
	}
	out, err = e.Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	if again := score(readGold(t, string(out))); again != before {
		t.Errorf("after undo %+v, want %+v", again, before)
	}
}

func TestErrataRefusesOtherGold(t *testing.T) {
	g := readGold(t, smallGold)
	other := strings.Repeat("0", 64)
	e, err := ParseErrata("e.json", []byte(errataJSON(other, "")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Apply(g); err == nil || !strings.Contains(err.Error(), other) {
		t.Errorf("applied to another gold: %v", err)
	}
}

func TestErrataErrors(t *testing.T) {
	g := readGold(t, smallGold)
	entry := func(s string) string { return errataJSON(g.SHA256, s) }
	ok := `"who": "a", "when": "2026-11-26T10:00:00Z"`
	for _, c := range []struct{ text, want string }{
		{`[]`, "e.json:1:1: expected an errata object"},
		{`{"version": 2}`, "e.json:1:13: expected errata version 1"},
		{errataJSON("abc", ""), "expected \"gold_sha256\""},
		{entry(`{"sentence": "1", "synset": 0, "triples": [["a", "b"]], ` + ok + `}`), "expected a triple [subject, relation, object]"},
		{entry(`{"sentence": "1", "synset": 0, "triples": [["a", " ", "c"]], ` + ok + `}`), "expected a non-empty string slot"},
		{entry(`{"sentence": "1", "synset": 0, "triples": [["a", "b --> c", "d"]], ` + ok + `}`), `without line breaks, tabs or "-->"`},
		{entry(`{"sentence": "1", "synset": -1, "triples": [["a", "b", "c"]], ` + ok + `}`), `expected "synset"`},
		{entry(`{"sentence": "1", "synset": 0, "triples": [["a", "b", "c"]], "who": "a", "when": "yesterday"}`), "RFC 3339"},
	} {
		_, err := ParseErrata("e.json", []byte(c.text))
		var pe *oie.ParseError
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a ParseError containing %q", c.text, err, c.want)
		}
	}
	for _, c := range []struct{ entry, want string }{
		{`{"sentence": "9", "synset": 0, "triples": [["a", "b", "c"]], ` + ok + `}`, `e.json:1:`},
		{`{"sentence": "1", "synset": 3, "triples": [["a", "b", "c"]], ` + ok + `}`, "expected a synset of sentence 1 (1 to 2)"},
	} {
		e, err := ParseErrata("e.json", []byte(entry(c.entry)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Apply(g); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.entry, err, c.want)
		}
	}
}

func TestRankChanges(t *testing.T) {
	got := RankChanges([]string{"a", "b", "c"},
		[]benchie.Counts{{F1: .5}, {F1: .4}, {F1: .4}},
		[]benchie.Counts{{F1: .3}, {F1: .4}, {F1: .5}})
	want := []struct {
		name         string
		before, then int
	}{{"c", 2, 1}, {"b", 2, 2}, {"a", 1, 3}}
	for i, w := range want {
		if got[i].System != w.name || got[i].RankBefore != w.before || got[i].RankAfter != w.then {
			t.Errorf("row %d: %+v, want %+v", i, got[i], w)
		}
	}
}
